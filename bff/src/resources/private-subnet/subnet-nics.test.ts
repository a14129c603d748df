// A subnet's NICs are kept as its list item writes them, by triggers on `nic` and `vm`
// (decision 252). What the list and the subnet's page show is checked against the rows
// themselves after each change: a VM made, renamed and deleted, and triggers made again.
import { describe, expect, it } from 'vitest';
import { privateSubnetSchema } from '#shared/api/private-subnet';
import { asBeforeKeptTriggers, createSubnet, createVm, LOC, newOwner, subnetPath, vmPath, waitForGone, waitForVmState } from '../../../test/fixtures.ts';
import { expectSchema, serverForFile } from '../../../test/harness.ts';
import { ensureTriggers } from '../../db/migrations.ts';

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
  const page = expectSchema(privateSubnetSchema, (await t.request('GET', subnetPath(project, name), { token })).body);
  const list = await t.call('listPrivateSubnets', { token, params: { project_id: project } });
  const item = list.body.items.find((s) => s.name === name)!;
  expect(item.nics).toEqual(page.nics);
  return page.nics;
}

describe('a subnet’s kept NICs', () => {
  it('follow VMs made, renamed and deleted', async () => {
    const { token, project } = await newOwner(t);
    const subnet = await createSubnet(t, token, project, 'net');
    expect(await nicsShown(token, project, 'net')).toEqual([]);

    for (const name of ['web', 'db', 'cache']) await createVm(t, token, project, name, { private_subnet_id: subnet.id });
    const made = await nicsInRows(subnet.id);
    expect(made.map((n) => n.vm_name).sort()).toEqual(['cache', 'db', 'web']);
    expect(await nicsShown(token, project, 'net')).toEqual(made);

    await waitForVmState(t, token, project, 'db', 'running');
    const renamed = await t.call('renameVm', { token, params: { project_id: project, location: LOC, vm_reference: 'db' }, body: { name: 'primary' } });
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

  it('are made from the rows when the triggers are new, replacing older ones', async () => {
    const { token, project } = await newOwner(t);
    const subnet = await createSubnet(t, token, project, 'old');
    await createVm(t, token, project, 'a', { private_subnet_id: subnet.id });
    await createVm(t, token, project, 'b', { private_subnet_id: subnet.id });
    await asBeforeKeptTriggers(t, 'subnet_nics', 'nic', { postgres: 2, sqlite: 4 });
    expect(await nicsShown(token, project, 'old')).toEqual([]);

    expect(await ensureTriggers(t.ctx.db)).toBe(1);
    expect(await nicsShown(token, project, 'old')).toEqual(await nicsInRows(subnet.id));
    await createVm(t, token, project, 'c', { private_subnet_id: subnet.id });
    const now = await nicsShown(token, project, 'old');
    expect(now.map((n) => n.vm_name).sort()).toEqual(['a', 'b', 'c']);
    expect(now).toEqual(await nicsInRows(subnet.id));
  });
});
