// Migration 0114 (decision 298) on a database holding databases as servers before it left them:
// rules in the database's own table, servers in the project's `default-<location>` subnet, no
// subnet or firewall of their own. After it each database has both, the rules answer by the
// same IDs on both ports, the servers are in its subnet, and its delete takes them away.
import { sql } from 'kysely';
import { expect, it } from 'vitest';
import { isPostgres } from '../../db/locks.ts';
import { allMigrations, migrate } from '../../db/migrations.ts';
import { pickNicIPv4 } from '../../net/allocate.ts';
import { sharedDatabaseForFile } from '../../../test/harness.ts';
import {
  createSubnet,
  inLoc,
  firewallPath,
  inCidr,
  newOwner,
  subnetPath,
  waitForGone,
} from '../../../test/fixtures.ts';
import { createPg, getPg, pgAt, pgPath } from './postgres.fixtures.ts';
import { placeDatabases } from './postgres.tables.ts';

const { boot, stop, open } = await sharedDatabaseForFile();

/**
 * Writes the database as a server before 0114 left it: each rule one row of
 * `postgres_firewall_rule` (its 5432 row's ID), the servers' NICs in `default`, and no subnet
 * or firewall of the database's.
 */
async function toOldPlacement(pgId: string, defaultSubnetId: string) {
  const db = open();
  const fw = `${pgId}-firewall`;
  const { rows } = await sql<{
    id: string;
    cidr: string;
    description: string;
    created_at: string;
  }>`select r.id, r.cidr, r.description, r.created_at from firewall_rule r
    join firewall f on f.id = r.firewall_id where f.name = ${fw} and r.port_start = 5432`.execute(
    db,
  );
  for (const r of rows)
    await sql`insert into postgres_firewall_rule (id, postgres_id, cidr, description, created_at)
      values (${r.id}, ${pgId}, ${r.cidr}, ${r.description}, ${r.created_at})`.execute(db);
  const net4 = (
    await db
      .selectFrom('private_subnet')
      .select('net4')
      .where('id', '=', defaultSubnetId)
      .executeTakeFirstOrThrow()
  ).net4;
  const nics = await db
    .selectFrom('nic')
    .innerJoin('postgres_server', 'postgres_server.vm_id', 'nic.vm_id')
    .select(['nic.id as id', 'nic.vm_id as vm_id'])
    .where('postgres_server.postgres_id', '=', pgId)
    .execute();
  const taken: string[] = [];
  for (const nic of nics) {
    const ip = pickNicIPv4(net4, taken)!;
    taken.push(ip);
    await db
      .updateTable('nic')
      .set({ subnet_id: defaultSubnetId, private_ipv4: ip })
      .where('id', '=', nic.id)
      .execute();
    await db
      .updateTable('vm')
      .set({ subnet_id: defaultSubnetId })
      .where('id', '=', nic.vm_id!)
      .execute();
  }
  await db
    .updateTable('postgres')
    .set({ private_subnet_id: null })
    .where('id', '=', pgId)
    .execute();
  await db.deleteFrom('firewall').where('name', '=', fw).execute();
  await db.deleteFrom('private_subnet').where('name', '=', `${pgId}-subnet`).execute();
  await db.destroy();
}

it('gives existing databases their subnet and firewall, moving their rules (IDs kept) and servers', async () => {
  const before = await boot();
  const a = await newOwner(before);
  const pg = await createPg(before, a.token, a.project, 'old', {
    size: 'hobby-1',
    ha_type: 'async',
  });
  const office = await before.call('createPostgresFirewallRule', {
    token: a.token,
    params: pgAt(a.project, 'old'),
    body: { cidr: '198.51.100.0/24', description: 'office' },
  });
  expect(office.status, office.text).toBe(200);
  const def = await createSubnet(before, a.token, a.project, 'default-eu-central-h1');
  const answered = (await getPg(before, a.token, a.project, 'old')).body;
  await stop(before);

  await toOldPlacement(pg.id, def.id);
  const db = open();
  const { rows: kept } = await sql<{
    id: string;
  }>`select id from postgres_firewall_rule order by id`.execute(db);
  expect(kept.map((r) => r.id)).toEqual(
    answered.firewall_rules.filter((r) => r.port === 5432).map((r) => r.id),
  );
  // Twice: a second run (a retried start) finds what the first made.
  await placeDatabases(db as never);
  await placeDatabases(db as never);
  const { rows: left } = await sql`select id from postgres_firewall_rule`.execute(db);
  expect(left).toEqual([]);
  await db.destroy();

  const after = await boot();
  const token = await after.login(a.email, a.password);
  // The same rules, by the same IDs, on both ports.
  expect((await getPg(after, token, a.project, 'old')).body.firewall_rules).toEqual(
    answered.firewall_rules,
  );
  const subnets = (
    await after.call('listPrivateSubnets', { token, params: { project_id: a.project } })
  ).body.items;
  const own = subnets.find((s) => s.name === `${pg.id}-subnet`)!;
  expect(own).toBeDefined();
  expect(own.firewalls.map((f) => [f.name, f.firewall_rules.length])).toEqual([
    [`${pg.id}-firewall`, 6],
  ]);
  // Its two servers moved, with addresses in it; `default` keeps none of them.
  expect(own.nics.map((n) => inCidr(n.private_ipv4, own.net4))).toEqual([true, true]);
  expect(subnets.find((s) => s.id === def.id)!.nics).toEqual([]);
  const patched = await after.call('updatePostgresFirewallRule', {
    token,
    params: { ...pgAt(a.project, 'old'), postgres_firewall_rule_id: office.body.id },
    body: { description: 'vpn' },
  });
  expect(patched.body).toEqual({ ...office.body, description: 'vpn' });

  // Its delete takes them away as for a database made after.
  await after.call('deletePostgresDatabase', { token, params: pgAt(a.project, 'old') });
  await waitForGone(after, token, pgPath(a.project, 'old'));
  await waitForGone(after, token, subnetPath(a.project, `${pg.id}-subnet`));
  await waitForGone(after, token, firewallPath(a.project, `${pg.id}-firewall`));
  expect(
    (
      await after.call('getPrivateSubnet', {
        token,
        params: { ...inLoc(a.project), ps_name: 'default-eu-central-h1' },
      })
    ).status,
  ).toBe(200);
});

it('leaves nothing behind when it fails part way, so the next start runs it again', async () => {
  const before = await boot();
  const a = await newOwner(before);
  const pg = await createPg(before, a.token, a.project, 'retried', { size: 'hobby-1' });
  const def = await createSubnet(before, a.token, a.project, 'default-eu-central-h1');
  await stop(before);
  await toOldPlacement(pg.id, def.id);

  // The schema as before 0114, and a fault in its data step (the firewall's
  // attachment to the new subnet), as a crash or a full disk there would leave it.
  const db = open();
  const postgres = isPostgres(db);
  if (!postgres) {
    // SQLite checks the table's triggers on a drop; migrate() makes them again.
    const { rows } = await sql<{ name: string }>`select name from sqlite_master
      where type = 'trigger' and tbl_name = 'postgres'`.execute(db);
    for (const { name } of rows) await sql`drop trigger ${sql.id(name)}`.execute(db);
  }
  await sql`alter table postgres drop column private_subnet_id`.execute(db);
  if (postgres) {
    await sql`create function fail_0114() returns trigger language plpgsql as
      $$ begin raise exception 'injected'; end $$`.execute(db);
    await sql`create trigger fail_0114 before insert on firewall_subnet
      for each row execute function fail_0114()`.execute(db);
  } else {
    await sql`create trigger fail_0114 before insert on firewall_subnet
      begin select raise(abort, 'injected'); end`.execute(db);
  }
  // As the migrator runs it: in a transaction of its own on PostgreSQL, in none on SQLite.
  const { up } = allMigrations()['0114_postgres_placement']!;
  const run = () => (postgres ? db.transaction().execute((tx) => up(tx)) : up(db));
  await expect(run()).rejects.toThrow(/injected/);
  const columns = async () =>
    (await db.introspection.getTables())
      .find((table) => table.name === 'postgres')!
      .columns.map((c) => c.name);
  expect(await columns()).not.toContain('private_subnet_id');
  expect(
    (await sql`select name from private_subnet where name = ${`${pg.id}-subnet`}`.execute(db)).rows,
  ).toEqual([]);

  await sql`drop trigger fail_0114${postgres ? sql` on firewall_subnet` : sql``}`.execute(db);
  await run();
  expect(await columns()).toContain('private_subnet_id');
  await migrate(db);
  await db.destroy();
  const after = await boot();
  const token = await after.login(a.email, a.password);
  const subnets = (
    await after.call('listPrivateSubnets', { token, params: { project_id: a.project } })
  ).body.items;
  expect(subnets.map((s) => s.name)).toContain(`${pg.id}-subnet`);
});
