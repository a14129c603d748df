// A subnet's list item carries its NICs with their VMs' names, aggregated from their rows by the
// list's statement (decision 262). What the list and the subnet's page show is checked against
// the rows themselves after each change: a VM made, renamed and deleted.
import { sql } from 'kysely';
import { describe, expect, it } from 'vitest';
import { privateSubnetSchema } from '#shared/api/private-subnet';
import {
  createSubnet,
  createVm,
  LOC,
  newOwner,
  subnetPath,
  vmPath,
  waitForGone,
  waitForVmState,
} from '../../../test/fixtures.ts';
import { engine, expectSchema, serverForFile } from '../../../test/harness.ts';

const t = await serverForFile();

/** The subnet's NICs as its rows say, in ID order. */
async function nicsInRows(subnetId: string) {
  const rows = await t.ctx.db
    .selectFrom('nic')
    .leftJoin('vm', 'vm.id', 'nic.vm_id')
    .select(['nic.id', 'nic.name', 'nic.private_ipv4', 'nic.private_ipv6', 'vm.name as vm_name'])
    .where('nic.subnet_id', '=', subnetId)
    .orderBy('nic.id')
    .execute();
  return rows.map((r) => ({ ...r }));
}

/** The subnet's NICs as its page and the project's list show them; both must agree. */
async function nicsShown(token: string, project: string, name: string) {
  const page = expectSchema(
    privateSubnetSchema,
    (await t.request('GET', subnetPath(project, name), { token })).body,
  );
  const list = await t.call('listPrivateSubnets', { token, params: { project_id: project } });
  const item = list.body.items.find((s) => s.name === name)!;
  expect(item.nics).toEqual(page.nics);
  return page.nics;
}

describe('a subnet’s NICs in its list item', () => {
  it('follow VMs made, renamed and deleted', async () => {
    const { token, project } = await newOwner(t);
    const subnet = await createSubnet(t, token, project, 'net');
    expect(await nicsShown(token, project, 'net')).toEqual([]);

    for (const name of ['web', 'db', 'cache'])
      await createVm(t, token, project, name, { private_subnet_id: subnet.id });
    const made = await nicsInRows(subnet.id);
    expect(made.map((n) => n.vm_name).sort()).toEqual(['cache', 'db', 'web']);
    expect(await nicsShown(token, project, 'net')).toEqual(made);

    await waitForVmState(t, token, project, 'db', 'running');
    const renamed = await t.call('renameVm', {
      token,
      params: { project_id: project, location: LOC, vm_reference: 'db' },
      body: { name: 'primary' },
    });
    expect(renamed.status, renamed.text).toBe(200);
    const afterRename = await nicsShown(token, project, 'net');
    expect(afterRename).toEqual(await nicsInRows(subnet.id));
    expect(afterRename.find((n) => n.vm_name === 'primary')?.name).toBe('primary-nic');

    await waitForVmState(t, token, project, 'web', 'running');
    expect((await t.request('DELETE', vmPath(project, 'web'), { token })).status).toBe(204);
    await waitForGone(t, token, vmPath(project, 'web'));
    const afterDelete = await nicsShown(token, project, 'net');
    expect(afterDelete.map((n) => n.vm_name).sort()).toEqual(['cache', 'primary']);
    expect(afterDelete).toEqual(await nicsInRows(subnet.id));
  });

  it('are no longer kept in tables of their own, nor by triggers (migration 0074)', async () => {
    const { db } = t.ctx;
    const tables =
      engine === 'postgres'
        ? await sql<{
            name: string;
          }>`select tablename as name from pg_tables where tablename in ('subnet_nics', 'firewall_rules_json')`.execute(
            db,
          )
        : await sql<{
            name: string;
          }>`select name from sqlite_master where type = 'table' and name in ('subnet_nics', 'firewall_rules_json')`.execute(
            db,
          );
    expect(tables.rows).toEqual([]);
    const triggers =
      engine === 'postgres'
        ? await sql<{
            name: string;
          }>`select tgname as name from pg_trigger where tgname like 'subnet\_nics%' or tgname like 'firewall\_rules\_json%'`.execute(
            db,
          )
        : await sql<{
            name: string;
          }>`select name from sqlite_master where type = 'trigger' and (name like 'subnet_nics%' or name like 'firewall_rules_json%')`.execute(
            db,
          );
    expect(triggers.rows).toEqual([]);
  });
});
