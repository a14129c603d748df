// Migration 0115 on a database holding a cluster as made before it: its subnet guarded by the
// default firewall `<id>-subnet-default` the cluster managed, with the four open rules. After it
// that firewall is `<id>-firewall`, the customer's, still guarding the subnet with its rules
// kept, and the cluster's delete takes it away as for a cluster made after.
import { sql } from 'kysely';
import { expect, it } from 'vitest';
import { sharedDatabaseForFile } from '../../../test/harness.ts';
import {
  at,
  firewallPath,
  inLoc,
  newOwner,
  pollUntil,
  subnetPath,
  waitForGone,
} from '../../../test/fixtures.ts';
import { newId } from '#shared/ids';
import { renameClusterFirewalls } from './kubernetes.tables.ts';

const { boot, stop, open } = await sharedDatabaseForFile();

/** Writes the cluster's firewall as before 0115: its subnet's default, managed, open rules. */
async function toOldFirewall(clusterId: string, subnetId: string) {
  const db = open();
  await sql`update firewall set name = ${`${clusterId}-subnet-default`},
    description = 'Default firewall', default_for_subnet_id = ${subnetId},
    owned_by = ${clusterId} where name = ${`${clusterId}-firewall`}`.execute(db);
  const fw = await db
    .selectFrom('firewall')
    .select('id')
    .where('name', '=', `${clusterId}-subnet-default`)
    .executeTakeFirstOrThrow();
  const now = new Date().toISOString();
  for (const cidr of ['0.0.0.0/0', '::/0'])
    for (const protocol of ['tcp', 'udp'])
      await sql`insert into firewall_rule (id, firewall_id, cidr, port_start, port_end, protocol, description, created_at)
        values (${newId('firewallRule')}, ${fw.id}, ${cidr}, 0, 65535, ${protocol}, '', ${now})`.execute(
        db,
      );
  await db.destroy();
}

it("renames an existing cluster's default firewall to `<id>-firewall`, keeping its rules", async () => {
  const before = await boot();
  const a = await newOwner(before);
  const params = { ...at(a.project), kubernetes_cluster_reference: 'old' };
  const made = await before.call('createKubernetesCluster', {
    token: a.token,
    params,
    body: { cp_nodes: 1, worker_nodes: 1 },
  });
  expect(made.status, made.text).toBe(200);
  const id: string = made.body.id;
  const subnetId = (
    await before.call('getPrivateSubnet', {
      token: a.token,
      params: { ...inLoc(a.project), ps_name: `${id}-subnet` },
    })
  ).body.id;
  await stop(before);

  await toOldFirewall(id, subnetId);
  const db = open();
  // Twice: a second run (a retried start) finds it done.
  await renameClusterFirewalls(db as never);
  await renameClusterFirewalls(db as never);
  await db.destroy();

  const after = await boot();
  const token = await after.login(a.email, a.password);
  const fws = (await after.call('listLocationFirewalls', { token, params: at(a.project) })).body
    .items;
  expect(fws.map((f) => [f.name, f.description, f.owned_by, f.firewall_rules.length])).toEqual([
    [`${id}-firewall`, '', null, 4],
  ]);
  const subnet = await after.call('getPrivateSubnet', {
    token,
    params: { ...inLoc(a.project), ps_name: `${id}-subnet` },
  });
  expect(subnet.body.firewalls.map((f) => f.name)).toEqual([`${id}-firewall`]);

  await after.call('deleteKubernetesCluster', { token, params });
  await pollUntil(
    () => after.call('getKubernetesCluster', { token, params }),
    (r) => r.status === 404,
    'the cluster gone',
  );
  await waitForGone(after, token, firewallPath(a.project, `${id}-firewall`));
  await waitForGone(after, token, subnetPath(a.project, `${id}-subnet`));
});
