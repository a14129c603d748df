// Backups and the restore window, restore, read replicas and their promotion, major version
// upgrades, backup credentials.
import { describe, expect, it } from 'vitest';
import { backupListSchema, postgresDetailSchema } from '#shared/api/postgres';
import { expectSchema, kindServers } from '../../../test/harness.ts';
import {
  expectCurrentError,
  expectInvalid,
  LOC,
  newOwner,
  waitForGone,
} from '../../../test/fixtures.ts';
import {
  createPg,
  getPg,
  pgAt,
  pgPath,
  pgSnapshot,
  ranSince,
  runningPg,
  waitForPgState,
} from './postgres.fixtures.ts';

const { t, slow } = await kindServers();
const DAY = 24 * 3600 * 1000;

describe('backups and the restore window', () => {
  it('has no backup while creating; the first when it runs; then one a day, kept for a week, newest first', async () => {
    const a = await newOwner(slow);
    await createPg(slow, a.token, a.project, 'new', { size: 'hobby-1' });
    expect(
      (await slow.call('listPostgresBackups', { token: a.token, params: pgAt(a.project, 'new') }))
        .body,
    ).toEqual({ count: 0, items: [] });
    expect((await getPg(slow, a.token, a.project, 'new')).body.earliest_restore_time).toBeNull();

    const b = await newOwner(t);
    const pg = await runningPg(t, b.token, b.project, 'old', { size: 'hobby-1' });
    const first = expectSchema(
      backupListSchema,
      (await t.call('listPostgresBackups', { token: b.token, params: pgAt(b.project, 'old') }))
        .body,
    );
    expect(first.count).toBe(1);
    expect(first.items[0]!.last_modified).toBe(pg.earliest_restore_time);

    await ranSince(t, pg.id, 10 * DAY + 3600_000);
    const list = expectSchema(
      backupListSchema,
      (await t.call('listPostgresBackups', { token: b.token, params: pgAt(b.project, 'old') }))
        .body,
    );
    // Ten days and an hour ago, then daily: those of the last seven days remain.
    expect(list.count).toBe(7);
    const times = list.items.map((i) => Date.parse(i.last_modified));
    expect(times).toEqual([...times].sort((x, y) => y - x));
    for (let i = 1; i < times.length; i++) expect(times[i - 1]! - times[i]!).toBe(DAY);
    expect(Date.now() - times[0]!).toBeLessThan(DAY);
    expect(Date.now() - times.at(-1)!).toBeLessThanOrEqual(7 * DAY);
    for (const item of list.items) {
      expect(item.size).toBeGreaterThan(10 * 1024 * 1024);
      expect(item.key).toMatch(/^base_[0-9A-F]{24}$/);
    }
    // The window follows the backups: from the oldest kept one to now.
    const got = (await getPg(t, b.token, b.project, 'old')).body;
    expect(got.earliest_restore_time).toBe(list.items.at(-1)!.last_modified);
    expect(Math.abs(Date.parse(got.latest_restore_time) - Date.now())).toBeLessThan(60_000);
    // The same list every time (the simulation is deterministic).
    expect(
      (await t.call('listPostgresBackups', { token: b.token, params: pgAt(b.project, 'old') }))
        .body,
    ).toEqual(list);
  });
});

describe('restore', () => {
  it('makes a new database from the backups at a time inside the window, edges included', async () => {
    const a = await newOwner(t);
    const source = await runningPg(t, a.token, a.project, 'src', {
      size: 'standard-2',
      storage_size: 256,
      version: '16',
      flavor: 'lantern',
      pg_config: { work_mem: '32MB' },
      tags: [{ key: 'env', value: 'prod' }],
    });
    await ranSince(t, source.id, 3 * DAY);
    const window = (await getPg(t, a.token, a.project, 'src')).body;
    const earliest = Date.parse(window.earliest_restore_time!);

    const restore = (name: string, restore_target: string) =>
      t.call('restorePostgresDatabase', {
        token: a.token,
        params: pgAt(a.project, 'src'),
        body: { name, restore_target },
      });
    expectInvalid(
      'current',
      await restore('before', new Date(earliest - 1).toISOString()),
      'restore_target',
    );
    expectInvalid(
      'current',
      await restore('future', new Date(Date.now() + 60_000).toISOString()),
      'restore_target',
    );
    expect((await pgSnapshot(t, a.project)).pgs).toHaveLength(1);

    const atEarliest = await restore('at-earliest', window.earliest_restore_time!);
    expect(atEarliest.status, atEarliest.text).toBe(200);
    const restored = expectSchema(postgresDetailSchema, atEarliest.body);
    expect(restored).toMatchObject({
      name: 'at-earliest',
      state: 'creating',
      parent: `/location/${LOC}/postgres/src`,
      read_replica: false,
      primary: true,
      vm_size: 'standard-2',
      storage_size_gib: 256,
      version: '16',
      flavor: 'lantern',
      ha_type: 'none',
      // A restore keeps the source's tags unless given its own (the origin's).
      tags: [{ key: 'env', value: 'prod' }],
    });
    expect(restored.password).not.toBe(source.password);
    expect(
      (
        await t.call('getPostgresConfig', {
          token: a.token,
          params: pgAt(a.project, 'at-earliest'),
        })
      ).body.pg_config,
    ).toEqual({ work_mem: '32MB' });
    // The latest restore time a get showed is inside the window a moment later too, and so is a time in between, with an offset.
    expect((await restore('at-latest', window.latest_restore_time)).status).toBe(200);
    const between = new Date(earliest + DAY).toISOString().replace('Z', '+00:00');
    expect((await restore('between', between)).status).toBe(200);
    expect((await waitForPgState(t, a.token, a.project, 'at-earliest', 'running')).state).toBe(
      'running',
    );
    const row = await t.ctx.db
      .selectFrom('postgres')
      .select('restore_target')
      .where('id', '=', restored.id)
      .executeTakeFirstOrThrow();
    expect(row.restore_target).toBe(window.earliest_restore_time);
  });

  it('refuses a database without a backup yet, a malformed time, a taken or bad name, and a read replica as the source', async () => {
    const a = await newOwner(slow);
    await createPg(slow, a.token, a.project, 'young', { size: 'hobby-1' });
    const now = new Date().toISOString();
    const restore = (body: Record<string, unknown>, ref = 'young') =>
      slow.call('restorePostgresDatabase', {
        token: a.token,
        params: pgAt(a.project, ref),
        invalidBody: body,
      });
    expect(
      expectInvalid(
        'current',
        await restore({ name: 'copy', restore_target: now }),
        'restore_target',
      ).details!.restore_target,
    ).toBe('The database has no backup yet to restore from.');
    expectInvalid(
      'current',
      await restore({ name: 'copy', restore_target: 'yesterday' }),
      'restore_target',
    );
    expectInvalid(
      'current',
      await restore({ name: 'copy', restore_target: 1700000000 }),
      'restore_target',
    );
    expectInvalid('current', await restore({ name: 'copy' }), 'restore_target');
    expectInvalid('current', await restore({ restore_target: now }), 'name');
    expectInvalid('current', await restore({ name: 'Copy!', restore_target: now }), 'name');
    expectInvalid(
      'current',
      await restore({ name: 'copy', restore_target: now, size: 'standard-4' }),
      'size',
    );

    const b = await newOwner(t);
    const source = await runningPg(t, b.token, b.project, 'src', { size: 'hobby-1' });
    const target = source.earliest_restore_time!;
    const taken = await t.call('restorePostgresDatabase', {
      token: b.token,
      params: pgAt(b.project, 'src'),
      body: { name: 'src', restore_target: target },
    });
    expect(expectInvalid('current', taken, 'name').message).toBe('name is already taken');
    await t.call('createPostgresReadReplica', {
      token: b.token,
      params: pgAt(b.project, 'src'),
      body: { name: 'replica' },
    });
    const fromReplica = await t.call('restorePostgresDatabase', {
      token: b.token,
      params: pgAt(b.project, 'replica'),
      body: { name: 'copy', restore_target: target },
    });
    expectInvalid('current', fromReplica, 'restore_target');
    expect((await pgSnapshot(t, b.project)).pgs).toHaveLength(2);
  });
});

describe('read replicas', () => {
  it('refuses a replica while the parent has no backup yet (400, the origin’s message), changing nothing', async () => {
    const a = await newOwner(slow);
    await createPg(slow, a.token, a.project, 'young', { size: 'hobby-1' });
    const res = await slow.call('createPostgresReadReplica', {
      token: a.token,
      params: pgAt(a.project, 'young'),
      body: { name: 'reader' },
    });
    expect(expectCurrentError(res, 400, 'InvalidRequest').message).toBe(
      'Parent server is not ready for read replicas. There are no backups, yet.',
    );
    expect((await pgSnapshot(slow, a.project)).pgs).toHaveLength(1);
  });

  it('creates a replica with parent and read_replica, promotes it to a database of its own', async () => {
    const a = await newOwner(t);
    await runningPg(t, a.token, a.project, 'main', {
      size: 'standard-2',
      storage_size: 256,
      tags: [{ key: 'env', value: 'prod' }],
    });
    const res = await t.call('createPostgresReadReplica', {
      token: a.token,
      params: pgAt(a.project, 'main'),
      body: { name: 'reader' },
    });
    expect(res.status, res.text).toBe(200);
    expect(res.body).toMatchObject({
      name: 'reader',
      parent: `/location/${LOC}/postgres/main`,
      read_replica: true,
      primary: false,
      tags: [],
      vm_size: 'standard-2',
      storage_size_gib: 256,
      ha_type: 'none',
      earliest_restore_time: null,
    });
    const replica = await waitForPgState(t, a.token, a.project, 'reader', 'running');
    expect(replica.read_replica).toBe(true);
    // The parent's record lists it (the origin's `read_replicas`).
    const parent = (await getPg(t, a.token, a.project, 'main')).body;
    expect(parent.read_replicas.map((r) => [r.name, r.parent])).toEqual([
      ['reader', `/location/${LOC}/postgres/main`],
    ]);

    // The replica is not changed directly, has no upgrades of its own or password (400s, the origin's).
    expectCurrentError(
      await t.call('patchPostgresDatabase', {
        token: a.token,
        params: pgAt(a.project, 'reader'),
        body: { ha_type: 'async' },
      }),
      400,
      'InvalidRequest',
    );
    expect(
      expectCurrentError(
        await t.call('upgradePostgresDatabase', {
          token: a.token,
          params: pgAt(a.project, 'reader'),
        }),
        400,
        'InvalidRequest',
      ).details,
    ).toEqual({
      read_replica: 'Read replicas cannot be upgraded',
    });
    expectCurrentError(
      await t.call('resetSuperuserPassword', {
        token: a.token,
        params: pgAt(a.project, 'reader'),
        body: { password: 'An0ther-Str0ng-One' },
      }),
      400,
      'InvalidRequest',
    );
    expectCurrentError(
      await t.call('createPostgresReadReplica', {
        token: a.token,
        params: pgAt(a.project, 'reader'),
        body: { name: 'second' },
      }),
      400,
      'InvalidRequest',
    );
    expect(
      expectCurrentError(
        await t.call('getPostgresUpgrade', { token: a.token, params: pgAt(a.project, 'reader') }),
        400,
        'InvalidRequest',
      ).message,
    ).toBe('Database is not upgrading');

    const promoted = await t.call('promotePostgresReadReplica', {
      token: a.token,
      params: pgAt(a.project, 'reader'),
    });
    expect(promoted.status, promoted.text).toBe(200);
    expect(promoted.body.state).toBe('updating');
    const own = await waitForPgState(t, a.token, a.project, 'reader', 'running');
    expect(own).toMatchObject({ read_replica: false, primary: true, parent: null });
    expect(
      (await t.call('deletePostgresDatabase', { token: a.token, params: pgAt(a.project, 'main') }))
        .status,
    ).toBe(204);
  });

  it('takes the origin’s tags and configuration for a replica and a restore, merged over the source’s (audit row 12)', async () => {
    const a = await newOwner(t);
    const source = await runningPg(t, a.token, a.project, 'main', {
      size: 'hobby-1',
      pg_config: { work_mem: '8MB', jit: 'off' },
      tags: [{ key: 'env', value: 'prod' }],
    });
    const tags = [{ key: 'role', value: 'reader' }];
    const res = await t.call('createPostgresReadReplica', {
      token: a.token,
      params: pgAt(a.project, 'main'),
      body: {
        name: 'reader',
        tags,
        pg_config: { work_mem: '16MB' },
        pgbouncer_config: { pool_mode: 'session' },
      },
    });
    expect(res.status, res.text).toBe(200);
    expect(res.body.tags).toEqual(tags);
    const config = (
      await t.call('getPostgresConfig', { token: a.token, params: pgAt(a.project, 'reader') })
    ).body;
    expect(config).toMatchObject({
      pg_config: { work_mem: '16MB', jit: 'off' },
      pgbouncer_config: { pool_mode: 'session' },
    });
    await ranSince(t, source.id, DAY);
    const window = (await getPg(t, a.token, a.project, 'main')).body;
    const restored = await t.call('restorePostgresDatabase', {
      token: a.token,
      params: pgAt(a.project, 'main'),
      body: {
        name: 'copy',
        restore_target: window.latest_restore_time,
        tags: [],
        pg_config: { jit: 'on' },
      },
    });
    expect(restored.status, restored.text).toBe(200);
    expect(restored.body.tags).toEqual([]);
    expect(
      (await t.call('getPostgresConfig', { token: a.token, params: pgAt(a.project, 'copy') })).body
        .pg_config,
    ).toEqual({ work_mem: '8MB', jit: 'on' });
  });

  it('deletes a parent that has read replicas; they stay, without a parent, and can be promoted (audit row 5)', async () => {
    const a = await newOwner(t);
    await runningPg(t, a.token, a.project, 'main', { size: 'hobby-1' });
    await t.call('createPostgresReadReplica', {
      token: a.token,
      params: pgAt(a.project, 'main'),
      body: { name: 'reader' },
    });
    expect(
      (await t.call('deletePostgresDatabase', { token: a.token, params: pgAt(a.project, 'main') }))
        .status,
    ).toBe(204);
    await waitForGone(t, a.token, pgPath(a.project, 'main'));
    const orphan = await waitForPgState(t, a.token, a.project, 'reader', 'running');
    expect(orphan).toMatchObject({ read_replica: true, parent: null });
    expect(
      (
        await t.call('promotePostgresReadReplica', {
          token: a.token,
          params: pgAt(a.project, 'reader'),
        })
      ).status,
    ).toBe(200);
    expect((await waitForPgState(t, a.token, a.project, 'reader', 'running')).read_replica).toBe(
      false,
    );
  });

  it('promotes through the older path too, and refuses a bad or taken name', async () => {
    const a = await newOwner(t);
    await runningPg(t, a.token, a.project, 'main', { size: 'hobby-1' });
    expectInvalid(
      'current',
      await t.call('createPostgresReadReplica', {
        token: a.token,
        params: pgAt(a.project, 'main'),
        invalidBody: {},
      }),
      'name',
    );
    expectInvalid(
      'current',
      await t.call('createPostgresReadReplica', {
        token: a.token,
        params: pgAt(a.project, 'main'),
        invalidBody: { name: 'UPPER' },
      }),
      'name',
    );
    expectInvalid(
      'current',
      await t.call('createPostgresReadReplica', {
        token: a.token,
        params: pgAt(a.project, 'main'),
        invalidBody: { name: 'r', size: 'hobby-2' },
      }),
      'size',
    );
    expect(
      expectInvalid(
        'current',
        await t.call('createPostgresReadReplica', {
          token: a.token,
          params: pgAt(a.project, 'main'),
          body: { name: 'main' },
        }),
        'name',
      ).message,
    ).toBe('name is already taken');
    expect((await pgSnapshot(t, a.project)).pgs).toHaveLength(1);
    await t.call('createPostgresReadReplica', {
      token: a.token,
      params: pgAt(a.project, 'main'),
      body: { name: 'r1' },
    });
    await waitForPgState(t, a.token, a.project, 'r1', 'running');
    expect(
      (await t.call('promotePostgresDatabase', { token: a.token, params: pgAt(a.project, 'r1') }))
        .status,
    ).toBe(200);
    expect((await waitForPgState(t, a.token, a.project, 'r1', 'running')).read_replica).toBe(false);
  });
});

describe('upgrade', () => {
  it('moves to the next major version through upgrading; 400 while busy and at the newest; its status only while upgrading (audit rows 5, 27)', async () => {
    const a = await newOwner(t);
    await runningPg(t, a.token, a.project, 'up', { size: 'hobby-1', version: '17' });
    const at = pgAt(a.project, 'up');
    expect(
      expectCurrentError(
        await t.call('getPostgresUpgrade', { token: a.token, params: at }),
        400,
        'InvalidRequest',
      ).message,
    ).toBe('Database is not upgrading');
    // The worker holds still while the upgrade is checked in flight: it cannot finish first.
    await t.worker.stop();
    try {
      const started = await t.call('upgradePostgresDatabase', { token: a.token, params: at });
      expect(started.status, started.text).toBe(200);
      expect(started.body).toEqual({
        current_version: '17',
        target_version: '18',
        upgrade_status: 'running',
        upgrade_stage: 'provisioning',
      });
      const busy = expectCurrentError(
        await t.call('upgradePostgresDatabase', { token: a.token, params: at }),
        400,
        'InvalidRequest',
      );
      expect(busy.details).toEqual({
        needs_convergence:
          'Database cluster is waiting for convergence, please wait for it to complete',
      });
      expect((await t.call('getPostgresUpgrade', { token: a.token, params: at })).body).toEqual(
        started.body,
      );
      const during = (await getPg(t, a.token, a.project, 'up')).body;
      expect(during).toMatchObject({ state: 'upgrading', version: '17', target_version: '18' });
    } finally {
      await t.worker.start();
    }
    const done = await waitForPgState(t, a.token, a.project, 'up', 'running');
    expect(done).toMatchObject({ version: '18', target_version: '18' });
    expectCurrentError(
      await t.call('getPostgresUpgrade', { token: a.token, params: at }),
      400,
      'InvalidRequest',
    );
    const newest = expectCurrentError(
      await t.call('upgradePostgresDatabase', { token: a.token, params: at }),
      400,
      'InvalidRequest',
    );
    expect(newest.details).toEqual({ version: 'Database is already at the latest version' });
    const ops = await t.ctx.db
      .selectFrom('sim_call')
      .select('operation')
      .where('resource_id', '=', done.id)
      .execute();
    expect(ops.map((o) => o.operation)).toContain('upgradePostgres');
  });

  it('refuses to upgrade a Lantern database, as the origin does', async () => {
    const a = await newOwner(t);
    await runningPg(t, a.token, a.project, 'lan', {
      size: 'hobby-1',
      flavor: 'lantern',
      version: '16',
    });
    const e = expectCurrentError(
      await t.call('upgradePostgresDatabase', { token: a.token, params: pgAt(a.project, 'lan') }),
      400,
      'InvalidRequest',
    );
    expect(e.details).toEqual({ flavor: 'Lantern Postgres instances cannot be upgraded' });
  });
});

describe('backup credentials', () => {
  it('reads the backup storage’s credentials; POST makes new ones', async () => {
    const a = await newOwner(t);
    const pg = await createPg(t, a.token, a.project, 'bk', { size: 'hobby-1' });
    const at = pgAt(a.project, 'bk');
    const first = (await t.call('getPostgresBackupCredentials', { token: a.token, params: at }))
      .body;
    expect(first).toMatchObject({
      region: 'eu-central-h1',
      bucket: `${pg.id}-backups`,
      endpoint: `https://backups.eu-central-h1.${t.config.serviceDomain}`,
    });
    expect(first.access_key_id).toMatch(/^AK[A-Z0-9]{18}$/);
    expect(first.session_token).toMatch(/^[A-Za-z0-9]{64}$/);
    expect(Date.parse(first.expiration)).toBeGreaterThan(Date.now());
    expect(
      (await t.call('getPostgresBackupCredentials', { token: a.token, params: at })).body,
    ).toEqual(first);
    const rotated = (
      await t.call('createPostgresBackupCredentials', { token: a.token, params: at })
    ).body;
    expect(rotated.access_key_id).not.toBe(first.access_key_id);
    expect(rotated.secret_access_key).not.toBe(first.secret_access_key);
    expect(rotated.session_token).not.toBe(first.session_token);
    expect(
      (await t.call('getPostgresBackupCredentials', { token: a.token, params: at })).body,
    ).toEqual(rotated);
  });
});
