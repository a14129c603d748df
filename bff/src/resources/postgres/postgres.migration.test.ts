// Migrations 0080 and 0081 (decisions 263, 265) on a database that already holds databases and
// metric destinations: maintenance days stored as numbers (0 = Sunday) become the origin's day
// names, every day becomes [], each database gets no pending action, and a bearer token becomes
// the origin's `options.authorization`.
import { Migrator } from 'kysely';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { newId } from '#shared/ids';
import { openDatabase, type Db } from '../../db/database.ts';
import { mergeMigrations } from '../../db/migrations.ts';
import { lifecycleMigrations } from '../../lifecycle/lifecycle.tables.ts';
import { authMigrations } from '../auth/auth.tables.ts';
import { firewallMigrations } from '../firewall/firewall.tables.ts';
import { privateSubnetMigrations } from '../private-subnet/private-subnet.tables.ts';
import { projectMigrations } from '../project/project.tables.ts';
import { vmMigrations } from '../vm/vm.tables.ts';
import { postgresMigrations } from './postgres.tables.ts';
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
  postgresMigrations,
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

it('turns stored day numbers into day names and bearer tokens into options, keeping everything else', async () => {
  expect((await migrator().migrateTo('0073_firewall_rule_id_unique')).error).toBeUndefined();
  const created_at = new Date().toISOString();
  const project = { id: newId('project'), name: 'p', credit: 0, discount: 0, created_at };
  await db.insertInto('project').values(project).execute();
  const pg = (name: string, days: number[]) => ({
    id: newId('postgres'),
    project_id: project.id,
    location: 'eu-central-h1',
    name,
    state: 'running',
    flavor: 'standard',
    version: '17',
    target_version: '17',
    ha_type: 'none',
    current_ha_type: 'none',
    vm_size: 'standard-2',
    target_vm_size: 'standard-2',
    storage_size_gib: 128,
    target_storage_size_gib: 128,
    maintenance_window_start_at: 3,
    maintenance_window_days: JSON.stringify(days),
    tags: '[]',
    superuser_password: 'x',
    parent_id: null,
    read_replica: 0,
    restore_target: null,
    pg_config: '{}',
    pgbouncer_config: '{}',
    cert_auth_users: '[]',
    ca_certificate: 'c',
    ca_private_key: 'k',
    backup_access_key_id: 'a',
    backup_secret_access_key: 's',
    backup_session_token: 't',
    backup_credentials_expire_at: created_at,
    running_since: created_at,
    upgrade_stage: null,
    created_at,
  });
  const every = pg('every', [0, 1, 2, 3, 4, 5, 6]);
  const some = pg('some', [0, 1, 6]);
  await db
    .insertInto('postgres')
    .values([every, some] as never)
    .execute();
  const md = (id: string, username: string | null, bearer_token: string | null) => ({
    id,
    postgres_id: some.id,
    url: 'https://m.example.com/write',
    username,
    password: username ? 'p' : null,
    bearer_token,
    created_at,
  });
  const basic = md(newId('postgresMetricDestination'), 'u', null);
  const bearer = md(newId('postgresMetricDestination'), null, 'tok');
  await db
    .insertInto('postgres_metric_destination')
    .values([basic, bearer] as never)
    .execute();

  const { error } = await migrator().migrateToLatest();
  expect(error).toBeUndefined();
  // Columns named: whole-row reads use the column list read before the migration.
  const rows = await db
    .selectFrom('postgres')
    .select([
      'name',
      'maintenance_window_days',
      'pending_actions',
      'storage_size_gib',
      'maintenance_window_start_at',
    ])
    .orderBy('name')
    .execute();
  expect(rows.map((r) => [r.name, r.maintenance_window_days, r.pending_actions])).toEqual([
    ['every', '[]', '[]'],
    ['some', JSON.stringify(['mon', 'sat', 'sun']), '[]'],
  ]);
  expect(rows[1]).toMatchObject({ storage_size_gib: 128, maintenance_window_start_at: 3 });
  const dests = await db
    .selectFrom('postgres_metric_destination')
    .select(['id', 'username', 'bearer_token', 'options'])
    .execute();
  expect(dests.find((d) => d.id === basic.id)).toEqual({
    id: basic.id,
    username: 'u',
    bearer_token: null,
    options: null,
  });
  expect(dests.find((d) => d.id === bearer.id)).toEqual({
    id: bearer.id,
    username: null,
    bearer_token: 'tok',
    options: JSON.stringify({ authorization: { type: 'Bearer', credentials: 'tok' } }),
  });
});
