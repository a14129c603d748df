// Migrations 0005 (decision 071) and 0073 (decision 258) on a database that already holds
// rules: they are kept; rules that came to share an ID under 0005 are told apart by 0073.
import { Migrator } from 'kysely';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { newId } from '#shared/ids';
import { openDatabase, type Db } from '../../db/database.ts';
import { mergeMigrations } from '../../db/migrations.ts';
import { lifecycleMigrations } from '../../lifecycle/lifecycle.tables.ts';
import { authMigrations } from '../auth/auth.tables.ts';
import { privateSubnetMigrations } from '../private-subnet/private-subnet.tables.ts';
import { projectMigrations } from '../project/project.tables.ts';
import { vmMigrations } from '../vm/vm.tables.ts';
import { firewallMigrations } from './firewall.tables.ts';
import { testDatabaseEnv } from '../../../test/harness.ts';

let database: Awaited<ReturnType<typeof testDatabaseEnv>>;
let db: Db;
const migrations = mergeMigrations([
  authMigrations,
  projectMigrations,
  privateSubnetMigrations,
  firewallMigrations,
  vmMigrations,
  lifecycleMigrations,
]);
const migrator = () => new Migrator({ db, provider: { getMigrations: async () => migrations } });

beforeAll(async () => {
  database = await testDatabaseEnv({ empty: true });
  db = openDatabase({
    databaseUrl: database.env.DATABASE_URL,
    dataDir: database.env.DATA_DIR ?? '',
  }).db;
});
afterAll(async () => {
  await db.destroy();
  await database.cleanup();
});

it('keeps the rules, and gives rules that share an ID under 0005 IDs of their own', async () => {
  expect((await migrator().migrateTo('0004_throttle_counters')).error).toBeUndefined();
  const created_at = new Date().toISOString();
  const project = { id: newId('project'), name: 'p', credit: 0, discount: 0, created_at };
  const fw = (name: string) => ({
    id: newId('firewall'),
    project_id: project.id,
    location: 'eu-central-h1',
    name,
    description: '',
    default_for_subnet_id: null,
    created_at,
  });
  const [one, two] = [fw('one'), fw('two')];
  const rule = (firewall_id: string, id: string, cidr: string) => ({
    id,
    firewall_id,
    cidr,
    port_start: 22,
    port_end: 22,
    protocol: 'tcp',
    description: 'ssh',
    created_at,
  });
  const before = [
    rule(one.id, newId('firewallRule'), '10.0.0.0/8'),
    rule(one.id, newId('firewallRule'), '192.0.2.0/24'),
  ];
  await db.insertInto('project').values(project).execute();
  await db.insertInto('firewall').values([one, two]).execute();
  await db.insertInto('firewall_rule').values(before).execute();

  const { error, results } = await migrator().migrateTo('0005_firewall_rule_id_per_firewall');
  expect(error).toBeUndefined();
  expect(results?.map((r) => r.migrationName)).toContain('0005_firewall_rule_id_per_firewall');
  expect(await db.selectFrom('firewall_rule').selectAll().orderBy('cidr').execute()).toEqual(
    before,
  );

  // Under 0005 the same ID could be used in the other firewall, later; twice in one firewall it could not.
  const later = new Date(Date.parse(created_at) + 1000).toISOString();
  const shared = { ...rule(two.id, before[0]!.id, '10.0.0.0/8'), created_at: later };
  await db.insertInto('firewall_rule').values(shared).execute();
  await expect(
    db
      .insertInto('firewall_rule')
      .values(rule(two.id, before[0]!.id, '172.16.0.0/12'))
      .execute(),
  ).rejects.toThrow();

  expect((await migrator().migrateToLatest()).error).toBeUndefined();
  // The older rule keeps its ID; the later one has a new one, and nothing else changed.
  const after = await db
    .selectFrom('firewall_rule')
    .selectAll()
    .orderBy('created_at')
    .orderBy('cidr')
    .execute();
  expect(after.slice(0, 2)).toEqual(before);
  expect(after[2]).toEqual({ ...shared, id: expect.stringMatching(/^fr[0-9a-z]{24}$/) });
  expect(after[2]!.id).not.toBe(before[0]!.id);
  // An ID is now unique across firewalls.
  await expect(
    db
      .insertInto('firewall_rule')
      .values(rule(two.id, before[1]!.id, '172.16.0.0/12'))
      .execute(),
  ).rejects.toThrow();
  // Identical content in one firewall is still refused, and rules still go with their firewall.
  await expect(
    db
      .insertInto('firewall_rule')
      .values(rule(one.id, newId('firewallRule'), '10.0.0.0/8'))
      .execute(),
  ).rejects.toThrow();
  await db.deleteFrom('firewall').where('id', '=', one.id).execute();
  expect(await db.selectFrom('firewall_rule').select(['firewall_id', 'id']).execute()).toEqual([
    { firewall_id: two.id, id: after[2]!.id },
  ]);
});
