// Migration 0085 (the origin's init_script) on a database that already holds VMs: they keep
// every field and have no init script; new ones may store one.
import { Migrator } from 'kysely';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { newId } from '#shared/ids';
import { openDatabase, type Db } from '../../db/database.ts';
import { allMigrations } from '../../db/migrations.ts';
import { testDatabaseEnv } from '../../../test/harness.ts';

let database: Awaited<ReturnType<typeof testDatabaseEnv>>;
let db: Db;
const migrator = () =>
  new Migrator({ db, provider: { getMigrations: async () => allMigrations() } });

const open = () =>
  openDatabase({ databaseUrl: database.env.DATABASE_URL, dataDir: database.env.DATA_DIR ?? '' }).db;

beforeAll(async () => {
  database = await testDatabaseEnv({ empty: true });
  db = open();
});
afterAll(async () => {
  await db.destroy();
  await database.cleanup();
});

it('keeps the VMs made before it, without an init script, and stores one for new VMs', async () => {
  expect((await migrator().migrateTo('0073_firewall_rule_id_unique')).error).toBeUndefined();
  const created_at = new Date().toISOString();
  const project = { id: newId('project'), name: 'p', credit: 0, discount: 0, created_at };
  const subnet = {
    id: newId('privateSubnet'),
    project_id: project.id,
    location: 'eu-central-h1',
    name: 'ps',
    net4: '10.0.0.0/26',
    net6: 'fd00::/64',
    state: 'available',
    created_at,
  };
  const vm = (name: string, ip6: string) => ({
    id: newId('vm'),
    project_id: project.id,
    location: 'eu-central-h1',
    name,
    state: 'running',
    size: 'standard-2',
    unix_user: 'ubi',
    public_key: 'ssh-ed25519 AAAA',
    boot_image: 'ubuntu-jammy',
    storage_size_gib: 40,
    ip4: null,
    ip6,
    subnet_id: subnet.id,
    created_at,
    service_of: null,
  });
  await db.insertInto('project').values(project).execute();
  // eslint-disable-next-line @typescript-eslint/no-explicit-any -- the table as it was before 0085
  await (db as any).insertInto('private_subnet').values(subnet).execute();
  const before = vm('old', '2001:db8::1');
  // eslint-disable-next-line @typescript-eslint/no-explicit-any -- the row as it was before 0085
  await (db as any).insertInto('vm').values(before).execute();

  const { error, results } = await migrator().migrateToLatest();
  expect(error).toBeUndefined();
  expect(results?.map((r) => r.migrationName)).toContain('0085_vm_init_script');
  // As the server does: it opens the database after migrating (statements prepared before hold the old columns).
  await db.destroy();
  db = open();
  expect(
    await db.selectFrom('vm').selectAll().where('id', '=', before.id).executeTakeFirst(),
  ).toEqual({ ...before, state_reason: null, init_script: null });
  const after = { ...vm('new', '2001:db8::2'), init_script: '#!/bin/sh\necho hi' };
  await db.insertInto('vm').values(after).execute();
  expect(
    await db.selectFrom('vm').select('init_script').where('id', '=', after.id).executeTakeFirst(),
  ).toEqual({ init_script: after.init_script });
});
