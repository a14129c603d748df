// PostgreSQL databases: create → running, get by name and ID, lists, rename, PATCH, actions,
// delete (with its server VMs), the CA certificate, and every refusal.
import { X509Certificate } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { postgresDetailSchema, postgresListItemSchema, postgresSchema } from '#shared/api/postgres';
import { newId } from '#shared/ids';
import { expectSchema, kindServers, serverForFile } from '../../../test/harness.ts';
import {
  countIn,
  expectCurrentError,
  expectInvalid,
  expectOneWinner,
  LOC,
  newOwner,
  OTHER_LOC,
  P,
  pollUntil,
  stranger,
  waitForGone,
} from '../../../test/fixtures.ts';
import { checkKindPagination, listBasics, renameRefusals } from '../../../test/suites.ts';
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
/** Small limits: 2 databases, 1 VM per project. */
const small = await serverForFile({ POSTGRES_QUOTA: '2', VM_QUOTA: '1' });

describe('create a database', () => {
  it('answers it creating with credentials, hostname and connection string, then it runs', async () => {
    const a = await newOwner(t);
    const res = await t.call('createPostgresDatabase', {
      token: a.token,
      params: pgAt(a.project, 'main'),
      body: { size: 'standard-2' },
    });
    expect(res.status, res.text).toBe(200);
    const pg = expectSchema(postgresDetailSchema, res.body);
    expect(pg).toMatchObject({
      name: 'main',
      location: LOC,
      state: 'creating',
      flavor: 'standard',
      ha_type: 'none',
      version: '18',
      target_version: '18',
      vm_size: 'standard-2',
      target_vm_size: 'standard-2',
      storage_size_gib: 64,
      target_storage_size_gib: 64,
      // The origin's required fields (audit row 8).
      target_server_count: 1,
      fallback_active: false,
      created_at: expect.any(String),
      maintenance_window_days: [],
      metric_destinations: [],
      log_destinations: [],
      read_replicas: [],
      maintenance_window_start_at: null,
      read_replica: false,
      primary: true,
      tags: [],
      parent: null,
      username: 'postgres',
      earliest_restore_time: null,
    });
    expect(pg.id).toMatch(/^pg[0-9a-hjkmnp-tv-z]{24}$/);
    expect(pg.hostname).toBe(`main.${pg.id}.postgres.${t.config.serviceDomain}`);
    expect(pg.password).toMatch(/^[A-Za-z0-9]{32}$/);
    expect(pg.connection_string).toBe(
      `postgres://postgres:${encodeURIComponent(pg.password!)}@${pg.hostname}:5432/postgres?sslmode=require`,
    );
    // Open to everyone by default, on PostgreSQL's and PgBouncer's ports.
    expect(pg.firewall_rules.map((r) => [r.cidr, r.port])).toEqual([
      ['0.0.0.0/0', 5432],
      ['0.0.0.0/0', 6432],
      ['::/0', 5432],
      ['::/0', 6432],
    ]);
    expect(new X509Certificate(pg.ca_certificates!).ca).toBe(true);

    const running = await waitForPgState(t, a.token, a.project, 'main', 'running');
    expect(running).toMatchObject({
      ...pg,
      state: 'running',
      earliest_restore_time: expect.any(String),
      latest_restore_time: expect.any(String),
    });
    // Running means its first backup was taken: the restore window opens.
    expect(Date.parse(running.earliest_restore_time!)).toBeLessThanOrEqual(
      Date.parse(running.latest_restore_time),
    );
  });

  it('takes every body field', async () => {
    const a = await newOwner(t);
    const pg = await createPg(t, a.token, a.project, 'full', {
      size: 'standard-4',
      storage_size: 512,
      ha_type: 'sync',
      version: '16',
      flavor: 'lantern',
      tags: [{ key: 'env', value: 'prod' }],
      restrict_by_default: true,
      pg_config: { max_connections: 300, work_mem: '16MB' },
      pgbouncer_config: { pool_mode: 'session' },
    });
    expect(pg).toMatchObject({
      vm_size: 'standard-4',
      storage_size_gib: 512,
      ha_type: 'sync',
      version: '16',
      flavor: 'lantern',
      tags: [{ key: 'env', value: 'prod' }],
      firewall_rules: [],
      target_server_count: 3,
    });
    const config = await t.call('getPostgresConfig', {
      token: a.token,
      params: pgAt(a.project, 'full'),
    });
    expect(config.body).toMatchObject({
      pg_config: { max_connections: '300', work_mem: '16MB' },
      pgbouncer_config: { pool_mode: 'session' },
    });
    // Sync HA: a primary and two standbys.
    const servers = (
      await t.call('listPostgresServers', { token: a.token, params: pgAt(a.project, 'full') })
    ).body;
    expect(servers.items.map((s) => s.role)).toEqual(['primary', 'standby', 'standby']);
    for (const s of servers.items)
      expect(s).toMatchObject({ vm_size: 'standard-4', storage_size_gib: 512 });
    expect((await waitForPgState(t, a.token, a.project, 'full', 'running')).state).toBe('running');
  });

  it('defaults storage to the smallest choice of the size; hobby sizes have their own', async () => {
    const a = await newOwner(t);
    expect(
      (await createPg(t, a.token, a.project, 'tiny', { size: 'hobby-1' })).storage_size_gib,
    ).toBe(16);
    expect(
      (await createPg(t, a.token, a.project, 'big', { size: 'standard-16' })).storage_size_gib,
    ).toBe(512);
  });

  it('takes the origin’s value sets: storage 32 GiB per vCPU, standard-30/60, burstable-N as hobby-N, version 18 by default; no paradedb (audit row 6)', async () => {
    const a = await newOwner(t);
    // The SDK's create of a standard-2 with storage_size 64 (refused before).
    expect(
      await createPg(t, a.token, a.project, 'sdk64', { size: 'standard-2', storage_size: 64 }),
    ).toMatchObject({ storage_size_gib: 64, version: '18' });
    expect(await createPg(t, a.token, a.project, 'burst', { size: 'burstable-1' })).toMatchObject({
      vm_size: 'hobby-1',
      storage_size_gib: 16,
    });
    expect(
      await createPg(t, a.token, a.project, 'thirty', { size: 'standard-30', storage_size: 2048 }),
    ).toMatchObject({ vm_size: 'standard-30', storage_size_gib: 2048 });
    expectInvalid(
      'current',
      await t.call('createPostgresDatabase', {
        token: a.token,
        params: pgAt(a.project, 'para'),
        invalidBody: { size: 'standard-2', flavor: 'paradedb' },
      }),
      'flavor',
    );
    expectInvalid(
      'current',
      await t.call('createPostgresDatabase', {
        token: a.token,
        params: pgAt(a.project, 'lant'),
        invalidBody: { size: 'standard-2', flavor: 'lantern', version: '18' },
      }),
      'version',
    );
  });

  it('reads digit strings for integers and "true"/"1"/"false"/"0" for booleans, as the origin does (audit row 21)', async () => {
    const a = await newOwner(t);
    const res = await t.call('createPostgresDatabase', {
      token: a.token,
      params: pgAt(a.project, 'text'),
      invalidBody: { size: 'standard-2', storage_size: '128', restrict_by_default: '1' },
    });
    expect(res.status, res.text).toBe(200);
    expect(res.body).toMatchObject({ storage_size_gib: 128, firewall_rules: [] });
    const open = await t.call('createPostgresDatabase', {
      token: a.token,
      params: pgAt(a.project, 'open'),
      invalidBody: { size: 'hobby-1', restrict_by_default: 'false' },
    });
    expect(open.body.firewall_rules.length).toBeGreaterThan(0);
    const patched = await t.call('patchPostgresDatabase', {
      token: a.token,
      params: pgAt(a.project, 'text'),
      invalidBody: { storage_size: '256' },
    });
    expect(patched.status, patched.text).toBe(200);
    expect(patched.body.target_storage_size_gib).toBe(256);
  });

  const refused: [string, Record<string, unknown>, string][] = [
    ['no size', {}, 'size'],
    ['an unknown size', { size: 'standard-3' }, 'size'],
    ['a VM-only size name', { size: 'standard-32' }, 'size'],
    ['a numeric size', { size: 2 }, 'size'],
    [
      'storage not among the size’s choices',
      { size: 'standard-2', storage_size: 100 },
      'storage_size',
    ],
    ['storage of another size', { size: 'hobby-1', storage_size: 128 }, 'storage_size'],
    ['storage as words', { size: 'standard-2', storage_size: 'big' }, 'storage_size'],
    ['fractional storage', { size: 'standard-2', storage_size: 128.5 }, 'storage_size'],
    ['negative storage', { size: 'standard-2', storage_size: -128 }, 'storage_size'],
    ['an unknown HA type', { size: 'standard-2', ha_type: 'multi' }, 'ha_type'],
    ['an unknown version', { size: 'standard-2', version: '15' }, 'version'],
    ['a numeric version', { size: 'standard-2', version: 17 }, 'version'],
    [
      'a version the flavor lacks',
      { size: 'standard-2', flavor: 'lantern', version: '18' },
      'version',
    ],
    ['an unknown flavor', { size: 'standard-2', flavor: 'mysql' }, 'flavor'],
    ['tags not an array', { size: 'standard-2', tags: { env: 'prod' } }, 'tags'],
    ['a tag without a key', { size: 'standard-2', tags: [{ value: 'x' }] }, 'tags.0.key'],
    ['an empty tag key', { size: 'standard-2', tags: [{ key: '', value: 'x' }] }, 'tags.0.key'],
    [
      'a tag with an extra field',
      { size: 'standard-2', tags: [{ key: 'a', value: 'x', color: 'red' }] },
      'tags.0.color',
    ],
    [
      'duplicate tag keys',
      {
        size: 'standard-2',
        tags: [
          { key: 'a', value: '1' },
          { key: 'a', value: '2' },
        ],
      },
      'tags',
    ],
    [
      'restrict_by_default as a string',
      { size: 'standard-2', restrict_by_default: 'yes' },
      'restrict_by_default',
    ],
    [
      'an unknown PostgreSQL parameter',
      { size: 'standard-2', pg_config: { max_conections: 100 } },
      'pg_config.max_conections',
    ],
    [
      'a parameter out of range',
      { size: 'standard-2', pg_config: { max_connections: 0 } },
      'pg_config.max_connections',
    ],
    [
      'a malformed memory size',
      { size: 'standard-2', pg_config: { shared_buffers: 'lots' } },
      'pg_config.shared_buffers',
    ],
    [
      'a bad enum value',
      { size: 'standard-2', pgbouncer_config: { pool_mode: 'always' } },
      'pgbouncer_config.pool_mode',
    ],
    [
      'a PostgreSQL parameter given to PgBouncer',
      { size: 'standard-2', pgbouncer_config: { work_mem: '4MB' } },
      'pgbouncer_config.work_mem',
    ],
    [
      'pg_config not an object',
      { size: 'standard-2', pg_config: ['max_connections'] },
      'pg_config',
    ],
    ['an unknown field', { size: 'standard-2', replicas: 2 }, 'replicas'],
  ];
  it.each(refused)(
    'refuses %s with a 400 naming the field, creating nothing',
    async (_what, body, field) => {
      const a = await newOwner(t);
      const res = await t.call('createPostgresDatabase', {
        token: a.token,
        params: pgAt(a.project, 'bad'),
        invalidBody: body,
      });
      expectInvalid('current', res, field);
      expect(await pgSnapshot(t, a.project)).toEqual({
        pgs: [],
        rules: [],
        metrics: [],
        logs: [],
        servers: [],
        vms: [],
      });
    },
  );

  it('refuses a bad name, a taken name (one of two racing creates wins) and an unknown location', async () => {
    const a = await newOwner(t);
    expectInvalid(
      'current',
      await t.call('createPostgresDatabase', {
        token: a.token,
        params: pgAt(a.project, 'Bad_Name'),
        body: { size: 'standard-2' },
      }),
      'postgres_database_reference',
    );
    expectInvalid(
      'current',
      await t.call('createPostgresDatabase', {
        token: a.token,
        params: pgAt(a.project, newId('postgres')),
        body: { size: 'standard-2' },
      }),
      'name',
    );
    const race = await Promise.all(
      [0, 1, 2].map(() =>
        t.call('createPostgresDatabase', {
          token: a.token,
          params: pgAt(a.project, 'dup'),
          body: { size: 'hobby-1' },
        }),
      ),
    );
    expectOneWinner(race, 'current');
    expect((await pgSnapshot(t, a.project)).pgs).toHaveLength(1);
    expectCurrentError(
      await t.call('createPostgresDatabase', {
        token: a.token,
        params: pgAt(a.project, 'x', 'mars-1'),
        body: { size: 'hobby-1' },
      }),
      404,
      'ResourceNotFound',
    );
  });

  it('answers a repeated create with the same Idempotency-Key with the first answer, making one database', async () => {
    const a = await newOwner(t);
    const send = () =>
      t.call('createPostgresDatabase', {
        token: a.token,
        params: pgAt(a.project, 'once'),
        body: { size: 'hobby-1' },
        headers: { 'Idempotency-Key': 'pg-once-1' },
      });
    const first = await send();
    const again = await send();
    expect(again.status).toBe(200);
    expect(again.headers.get('idempotent-replayed')).toBe('true');
    expect(again.body).toEqual(first.body);
    expect((await pgSnapshot(t, a.project)).pgs).toHaveLength(1);
  });

  it('enforces the project quota of databases (POSTGRES_QUOTA) with a 400 naming it', async () => {
    const a = await newOwner(small);
    await createPg(small, a.token, a.project, 'one', { size: 'hobby-1' });
    await createPg(small, a.token, a.project, 'two', { size: 'hobby-1' }, OTHER_LOC);
    const over = await small.call('createPostgresDatabase', {
      token: a.token,
      params: pgAt(a.project, 'three'),
      body: { size: 'hobby-1' },
    });
    const e = expectInvalid('current', over, 'postgresql_databases');
    expect(e.message).toBe(
      'This project already has 2 PostgreSQL databases, the most it may hold.',
    );
  });
});

describe('server VMs', () => {
  it('are VM rows hidden from the VM routes and not counted by the VM quota', async () => {
    const few = small;
    const a = await newOwner(few);
    const pg = await createPg(few, a.token, a.project, 'db', {
      size: 'standard-2',
      ha_type: 'async',
    });
    const rows = await few.ctx.db
      .selectFrom('vm')
      .select(['id', 'name', 'size', 'storage_size_gib', 'service_of'])
      .where('project_id', '=', a.project)
      .execute();
    expect(rows).toHaveLength(2);
    for (const r of rows)
      expect(r).toMatchObject({ size: 'standard-2', storage_size_gib: 64, service_of: pg.id });
    expect(await countIn(few, a.token, 'listVms', a.project)).toBe(0);
    const byName = await few.call('getVm', {
      token: a.token,
      params: { project_id: a.project, location_name: LOC, vm_name: rows[0]!.name },
    });
    expect(byName.status).toBe(404);
    const byId = await few.call('getVmById', {
      token: a.token,
      params: { project_id: a.project, location_name: LOC, vm_id: rows[0]!.id },
    });
    expect(byId.status).toBe(404);
    expect(
      (
        await few.call('deleteVm', {
          token: a.token,
          params: { project_id: a.project, location_name: LOC, vm_name: rows[0]!.name },
        })
      ).status,
    ).toBe(204);
    expect(
      (
        await few.ctx.db
          .selectFrom('vm')
          .select('state')
          .where('id', '=', rows[0]!.id)
          .executeTakeFirstOrThrow()
      ).state,
    ).not.toBe('deleting');
    // The one VM the quota allows can still be made.
    const vm = await few.call('createVm', {
      token: a.token,
      params: { project_id: a.project, location_name: LOC, vm_name: 'mine' },
      body: {
        public_key:
          'ssh-ed25519 AAAAC3NzaC1lZDI1NTE5AAAAIOMqqnkVzrm0SdG6UOoqKLsabgH5C9okWi0dh2l9GKJl a@b',
      },
    });
    expect(vm.status, vm.text).toBe(200);
    // The servers run through the VM jobs, then the database runs.
    const running = await waitForPgState(few, a.token, a.project, 'db', 'running');
    expect(running.state).toBe('running');
    const states = await few.ctx.db
      .selectFrom('vm')
      .select('state')
      .where('service_of', '=', pg.id)
      .execute();
    expect(states.map((s) => s.state)).toEqual(['running', 'running']);
  });
});

describe('get and list', () => {
  it('gets a database by name and by ID, 404 for an unknown one and for a stranger', async () => {
    const a = await newOwner(t);
    const pg = await createPg(t, a.token, a.project, 'getme', { size: 'hobby-1' });
    const byName = await getPg(t, a.token, a.project, 'getme');
    const byId = await getPg(t, a.token, a.project, pg.id);
    expect(byName.body.id).toBe(pg.id);
    expect(byId.body.name).toBe('getme');
    expect(byName.headers.get('cache-control')).toBe('no-store');
    expectCurrentError(await getPg(t, a.token, a.project, 'absent'), 404, 'ResourceNotFound');
    expectCurrentError(
      await getPg(t, a.token, a.project, newId('postgres')),
      404,
      'ResourceNotFound',
    );
    expectCurrentError(
      await getPg(t, a.token, a.project, 'getme', OTHER_LOC),
      404,
      'ResourceNotFound',
    );
    const s = await stranger(t);
    const foreign = await getPg(t, s.token, a.project, 'getme');
    const missing = await getPg(t, s.token, newId('project'), 'getme');
    expectCurrentError(foreign, 404, 'ResourceNotFound');
    expect(foreign.text).toBe(missing.text);
    // A stranger cannot act on it either.
    expectCurrentError(
      await t.call('restartPostgresDatabase', { token: s.token, params: pgAt(a.project, 'getme') }),
      404,
      'ResourceNotFound',
    );
    expectCurrentError(
      await t.call('getPostgresCACertificates', {
        token: s.token,
        params: pgAt(a.project, 'getme'),
      }),
      404,
      'ResourceNotFound',
    );
  });

  it('lists items without credentials, restore times, rules or primary, with created_at; pages both lists', async () => {
    const a = await newOwner(slow);
    const here: { id: string; name: string }[] = [];
    const there: { id: string; name: string }[] = [];
    for (const name of ['delta', 'alpha', 'echo', 'charlie', 'bravo'])
      here.push(await createPg(slow, a.token, a.project, name, { size: 'hobby-1' }));
    for (const name of ['zulu', 'alpha', 'yankee', 'xray'])
      there.push(await createPg(slow, a.token, a.project, name, { size: 'hobby-1' }, OTHER_LOC));
    const valid = (item: unknown) => {
      const i = expectSchema(postgresListItemSchema, item);
      for (const k of [
        'connection_string',
        'username',
        'password',
        'hostname',
        'earliest_restore_time',
        'latest_restore_time',
        'firewall_rules',
        'primary',
      ])
        expect(i).not.toHaveProperty(k);
      expect(Date.parse(i.created_at)).not.toBeNaN();
    };
    await checkKindPagination(slow, a.token, a.project, 'postgres', 'current', here, there, valid);
    // A list reads only its items' columns (decision 240): each item says what the record says.
    const items = (
      await slow.call('listPostgresDatabases', {
        token: a.token,
        params: { project_id: a.project },
        query: { page_size: 100 },
      })
    ).body.items;
    expect(items).toHaveLength(9);
    for (const { created_at: _, ...item } of items) {
      expect((await getPg(slow, a.token, a.project, item.id, item.location)).body).toMatchObject(
        item,
      );
    }
  });

  listBasics(t, {
    whats: 'databases',
    segment: 'postgres',
    create: (s, token, project, name) => createPg(s, token, project, name, { size: 'hobby-1' }),
  });
});

describe('rename', () => {
  it('renames: the rename answer has the spec’s shape (no credentials, rules without ports), the new name in the hostname', async () => {
    const a = await newOwner(t);
    const pg = await createPg(t, a.token, a.project, 'old', { size: 'hobby-1' });
    const res = await t.call('renamePostgresDatabase', {
      token: a.token,
      params: pgAt(a.project, 'old'),
      body: { name: 'new' },
    });
    expect(res.status, res.text).toBe(200);
    const renamed = expectSchema(postgresSchema, res.body);
    expect(renamed).not.toHaveProperty('password');
    expect(renamed.firewall_rules.map((r) => r.cidr)).toEqual(['0.0.0.0/0', '::/0']);
    expect(renamed.name).toBe('new');
    const got = (await getPg(t, a.token, a.project, pg.id)).body;
    expect(got.hostname).toBe(`new.${pg.id}.postgres.${t.config.serviceDomain}`);
    expect(got.connection_string).toContain(`@new.${pg.id}.`);
    expectCurrentError(await getPg(t, a.token, a.project, 'old'), 404, 'ResourceNotFound');
  });

  it('lets one of two racing renames to the same name win', async () => {
    const a = await newOwner(t);
    await createPg(t, a.token, a.project, 'first', { size: 'hobby-1' });
    await createPg(t, a.token, a.project, 'second', { size: 'hobby-1' });
    const race = await Promise.all(
      ['first', 'second'].map((ref) =>
        t.call('renamePostgresDatabase', {
          token: a.token,
          params: pgAt(a.project, ref),
          body: { name: 'winner' },
        }),
      ),
    );
    expectOneWinner(race, 'current');
    const names = (
      await t.call('listPostgresDatabases', { token: a.token, params: { project_id: a.project } })
    ).body.items
      .map((i) => i.name)
      .sort();
    expect(names.filter((n) => n === 'winner')).toHaveLength(1);
  });

  renameRefusals(t, {
    what: 'database',
    idKind: 'postgres',
    refParam: 'postgres_database_reference',
    list: 'listPostgresDatabases',
    path: (project, ref) => pgPath(project, ref),
    create: (s, token, project, name) => createPg(s, token, project, name, { size: 'hobby-1' }),
  });
});

describe('list by tags', () => {
  it('keeps the databases that have every tag of ?tags=key:value,… (the origin’s filter), paged; 400 for a pair without a colon (audit row 28)', async () => {
    const a = await newOwner(t);
    const tag = (key: string, value: string) => ({ key, value });
    await createPg(t, a.token, a.project, 'prod-a', {
      size: 'hobby-1',
      tags: [tag('env', 'prod'), tag('team', 'core')],
    });
    await createPg(
      t,
      a.token,
      a.project,
      'prod-b',
      { size: 'hobby-1', tags: [tag('env', 'prod')] },
      OTHER_LOC,
    );
    await createPg(t, a.token, a.project, 'test-a', {
      size: 'hobby-1',
      tags: [tag('env', 'test')],
    });
    const list = (tags: string, extra = '') =>
      t.request('GET', `${P(a.project)}/postgres?tags=${encodeURIComponent(tags)}${extra}`, {
        token: a.token,
      });
    const prod = await list('env:prod');
    expect(prod.status, prod.text).toBe(200);
    expect(prod.body.count).toBe(2);
    expect(prod.body.items.map((i: { name: string }) => i.name).sort()).toEqual([
      'prod-a',
      'prod-b',
    ]);
    for (const item of prod.body.items) expectSchema(postgresListItemSchema, item);
    expect(
      (await list(' env : prod ,team:core')).body.items.map((i: { name: string }) => i.name),
    ).toEqual(['prod-a']);
    expect((await list('env:none')).body).toEqual({ count: 0, items: [] });
    const paged = await list('env:prod', '&page_size=1&order_column=name');
    expect([paged.body.count, paged.body.items.map((i: { name: string }) => i.name)]).toEqual([
      2,
      ['prod-a'],
    ]);
    const next = await list('env:prod', '&page_size=1&order_column=name&start_after=prod-a');
    expect([next.body.count, next.body.items.map((i: { name: string }) => i.name)]).toEqual([
      2,
      ['prod-b'],
    ]);
    // Tag text is a value, never SQL or JSON syntax.
    await createPg(t, a.token, a.project, 'quoted', {
      size: 'hobby-1',
      tags: [tag(`o'k"`, `%_\\`)],
    });
    expect((await list(`o'k":%_\\`)).body.items.map((i: { name: string }) => i.name)).toEqual([
      'quoted',
    ]);
    expect((await list(`o'k":%`)).body).toEqual({ count: 0, items: [] });
    // The same items as the unfiltered list (the state aside: the worker moves on between the two reads).
    const all = (
      await t.call('listPostgresDatabases', { token: a.token, params: { project_id: a.project } })
    ).body.items;
    const stateless = (items: { id: string; state: string }[]) =>
      items.map((i) => ({ ...i, state: '' })).sort((x, y) => x.id.localeCompare(y.id));
    expect(stateless(prod.body.items)).toEqual(
      stateless(all.filter((i) => i.name.startsWith('prod'))),
    );
    expectInvalid('current', await list('env'), 'tags');
  });
});

describe('change (PATCH)', () => {
  it('sets targets that the database converges to through the worker: size, storage and HA', async () => {
    const a = await newOwner(t);
    await runningPg(t, a.token, a.project, 'grow', { size: 'standard-2' });
    // The worker holds still until the second change is in: the first cannot finish before it.
    await t.worker.stop();
    try {
      const res = await t.call('patchPostgresDatabase', {
        token: a.token,
        params: pgAt(a.project, 'grow'),
        body: { size: 'standard-4', storage_size: 256, ha_type: 'async' },
      });
      expect(res.status, res.text).toBe(200);
      expect(res.body).toMatchObject({
        state: 'updating',
        vm_size: 'standard-2',
        target_vm_size: 'standard-4',
        storage_size_gib: 64,
        target_storage_size_gib: 256,
        ha_type: 'async',
        target_server_count: 2,
      });
      // While it converges another change is taken too (the origin's), keeping the storage it left out.
      const again = await t.call('patchPostgresDatabase', {
        token: a.token,
        params: pgAt(a.project, 'grow'),
        body: { size: 'standard-8' },
      });
      expect(again.status, again.text).toBe(200);
      expect(again.body).toMatchObject({
        state: 'updating',
        target_vm_size: 'standard-8',
        target_storage_size_gib: 256,
      });
    } finally {
      await t.worker.start();
    }
    const done = await waitForPgState(t, a.token, a.project, 'grow', 'running');
    expect(done).toMatchObject({
      vm_size: 'standard-8',
      target_vm_size: 'standard-8',
      storage_size_gib: 256,
      target_storage_size_gib: 256,
      ha_type: 'async',
    });
    const servers = (
      await t.call('listPostgresServers', { token: a.token, params: pgAt(a.project, 'grow') })
    ).body.items;
    expect(servers.map((s) => [s.role, s.vm_size, s.storage_size_gib, s.state])).toEqual([
      ['primary', 'standard-8', 256, 'running'],
      ['standby', 'standard-8', 256, 'running'],
    ]);
    // Back to no standby: the standby goes.
    await t.call('patchPostgresDatabase', {
      token: a.token,
      params: pgAt(a.project, 'grow'),
      body: { ha_type: 'none' },
    });
    await waitForPgState(t, a.token, a.project, 'grow', 'running');
    const after = (
      await t.call('listPostgresServers', { token: a.token, params: pgAt(a.project, 'grow') })
    ).body.items;
    expect(after.map((s) => s.role)).toEqual(['primary']);
  });

  it('shrinks storage only while the disk usage the metrics show fits in 80 % of the new size; not before it ever ran (audit row 14d)', async () => {
    const a = await newOwner(t);
    const pg = await runningPg(t, a.token, a.project, 'shrink', { storage_size: 256 });
    await ranSince(t, pg.id, 3_600_000);
    const latestUsage = async () => {
      const m = await t.call('getPostgresMetrics', {
        token: a.token,
        params: pgAt(a.project, 'shrink'),
        query: { key: 'disk_usage' },
      });
      const primary = m.body.metrics[0]!.series.find((x) => x.labels.role === 'primary')!;
      return Number(primary.values.at(-1)![1]);
    };
    // The simulated disk is a few percent full: 256 → 64 keeps it under 80 % of 64 GiB.
    const used = ((await latestUsage()) * 256) / 100;
    expect(used).toBeLessThan(64 * 0.8);
    const res = await t.call('patchPostgresDatabase', {
      token: a.token,
      params: pgAt(a.project, 'shrink'),
      body: { storage_size: 64 },
    });
    expect(res.status, res.text).toBe(200);
    expect(res.body.target_storage_size_gib).toBe(64);

    // A database that has not run yet has no usage to check against: the origin's 400.
    const b = await newOwner(slow);
    const young = await createPg(slow, b.token, b.project, 'young', { storage_size: 256 });
    const refused = expectCurrentError(
      await slow.call('patchPostgresDatabase', {
        token: b.token,
        params: pgAt(b.project, 'young'),
        body: { storage_size: 128 },
      }),
      400,
      'InvalidRequest',
    );
    expect(refused.message).toBe('Metrics unavailable right now to verify scale down safety');
    expect((await getPg(slow, b.token, b.project, young.id)).body.target_storage_size_gib).toBe(
      256,
    );
  });

  it('changes tags at once and takes a size change in any state; a new size without storage keeps the storage (audit rows 5, 14a)', async () => {
    const a = await newOwner(slow);
    await createPg(slow, a.token, a.project, 'tagged', { size: 'hobby-1' });
    const res = await slow.call('patchPostgresDatabase', {
      token: a.token,
      params: pgAt(a.project, 'tagged'),
      body: { tags: [{ key: 'team', value: 'data' }] },
    });
    expect(res.status, res.text).toBe(200);
    expect(res.body).toMatchObject({ state: 'creating', tags: [{ key: 'team', value: 'data' }] });
    // While creating, a size change is a target (the origin's; `burstable-2` is its hobby-2).
    const sized = await slow.call('patchPostgresDatabase', {
      token: a.token,
      params: pgAt(a.project, 'tagged'),
      body: { size: 'burstable-2', storage_size: 32 },
    });
    expect(sized.status, sized.text).toBe(200);
    expect(sized.body).toMatchObject({
      state: 'creating',
      target_vm_size: 'hobby-2',
      target_storage_size_gib: 32,
    });
    const b = await newOwner(t);
    await runningPg(t, b.token, b.project, 'resize', { size: 'hobby-2', storage_size: 64 });
    const resized = await t.call('patchPostgresDatabase', {
      token: b.token,
      params: pgAt(b.project, 'resize'),
      body: { size: 'standard-2' },
    });
    expect(resized.body).toMatchObject({
      target_vm_size: 'standard-2',
      target_storage_size_gib: 64,
    });
    // Storage kept that the new size does not offer: 400 naming storage_size.
    expectInvalid(
      'current',
      await t.call('patchPostgresDatabase', {
        token: b.token,
        params: pgAt(b.project, 'resize'),
        body: { size: 'standard-8' },
      }),
      'storage_size',
    );
  });

  it('refuses a change of a read replica: it follows its parent, which passes its new size on (audit row 14b, c)', async () => {
    const a = await newOwner(t);
    await runningPg(t, a.token, a.project, 'parent', { size: 'standard-2' });
    const replica = await t.call('createPostgresReadReplica', {
      token: a.token,
      params: pgAt(a.project, 'parent'),
      body: { name: 'follower' },
    });
    expect(replica.status, replica.text).toBe(200);
    const e = expectCurrentError(
      await t.call('patchPostgresDatabase', {
        token: a.token,
        params: pgAt(a.project, 'follower'),
        body: { size: 'standard-4' },
      }),
      400,
      'InvalidRequest',
    );
    expect(e.message).toBe(
      'Read replicas cannot be modified directly! Please modify the parent database instead.',
    );
    await waitForPgState(t, a.token, a.project, 'follower', 'running');
    expect(
      (
        await t.call('patchPostgresDatabase', {
          token: a.token,
          params: pgAt(a.project, 'parent'),
          body: { size: 'standard-4', storage_size: 128 },
        })
      ).status,
    ).toBe(200);
    expect(await waitForPgState(t, a.token, a.project, 'parent', 'running')).toMatchObject({
      vm_size: 'standard-4',
      storage_size_gib: 128,
    });
    const follower = await pollUntil(
      () => getPg(t, a.token, a.project, 'follower'),
      (r) => r.body.state === 'running' && r.body.vm_size === 'standard-4',
      'the replica to follow its parent’s size',
    );
    expect(follower.body).toMatchObject({
      target_vm_size: 'standard-4',
      storage_size_gib: 128,
      parent: `/location/${LOC}/postgres/parent`,
    });
  });

  const bad: [string, Record<string, unknown>, string][] = [
    ['an unknown size', { size: 'huge' }, 'size'],
    ['storage not among the size’s choices', { storage_size: 100 }, 'storage_size'],
    ['storage as words', { storage_size: 'more' }, 'storage_size'],
    ['an unknown HA type', { ha_type: 'both' }, 'ha_type'],
    ['tags with a bad item', { tags: [{ key: 1, value: 'x' }] }, 'tags.0.key'],
    ['an unknown field', { version: '18' }, 'version'],
  ];
  it.each(bad)(
    'refuses %s with a 400 naming the field, changing nothing',
    async (_what, body, field) => {
      const a = await newOwner(t);
      await runningPg(t, a.token, a.project, 'keep', { size: 'standard-2' });
      const before = await pgSnapshot(t, a.project);
      expectInvalid(
        'current',
        await t.call('patchPostgresDatabase', {
          token: a.token,
          params: pgAt(a.project, 'keep'),
          invalidBody: body,
        }),
        field,
      );
      expect(await pgSnapshot(t, a.project)).toEqual(before);
    },
  );
});

describe('actions', () => {
  it('restarts: restarting → running; a restart asked while restarting runs once more after it (audit row 5)', async () => {
    const a = await newOwner(t);
    await runningPg(t, a.token, a.project, 'rs', { size: 'hobby-1' });
    // The worker holds still until the second restart is in: the first cannot finish before it.
    await t.worker.stop();
    let res;
    try {
      res = await t.call('restartPostgresDatabase', {
        token: a.token,
        params: pgAt(a.project, 'rs'),
      });
      expect(res.status, res.text).toBe(200);
      expect(res.body.state).toBe('restarting');
      const again = await t.call('restartPostgresDatabase', {
        token: a.token,
        params: pgAt(a.project, 'rs'),
      });
      expect(again.status, again.text).toBe(200);
      expect(again.body.state).toBe('restarting');
    } finally {
      await t.worker.start();
    }
    await waitForPgState(t, a.token, a.project, 'rs', 'running');
    const calls = await t.ctx.db
      .selectFrom('sim_call')
      .select('operation')
      .where('resource_id', '=', res.body.id)
      .execute();
    expect(calls.map((c) => c.operation).sort()).toEqual([
      'createPostgres',
      'restartPostgres',
      'restartPostgres',
    ]);
  });

  it('recycles: new servers replace the old ones', async () => {
    const a = await newOwner(t);
    await runningPg(t, a.token, a.project, 'rc', { size: 'hobby-1', ha_type: 'async' });
    const before = (
      await t.call('listPostgresServers', { token: a.token, params: pgAt(a.project, 'rc') })
    ).body.items.map((s) => s.id);
    const res = await t.call('recyclePostgresDatabase', {
      token: a.token,
      params: pgAt(a.project, 'rc'),
    });
    expect(res.body.state).toBe('updating');
    await waitForPgState(t, a.token, a.project, 'rc', 'running');
    const after = (
      await t.call('listPostgresServers', { token: a.token, params: pgAt(a.project, 'rc') })
    ).body.items;
    expect(after.map((s) => s.role)).toEqual(['primary', 'standby']);
    for (const s of after) expect(before).not.toContain(s.id);
  });

  it('takes restart and recycle while creating (they wait), refuses an upgrade (400) and promote of a database that is no read replica (400)', async () => {
    const a = await newOwner(slow);
    await createPg(slow, a.token, a.project, 'busy', { size: 'hobby-1' });
    for (const op of ['restartPostgresDatabase', 'recyclePostgresDatabase'] as const) {
      const res = await slow.call(op, { token: a.token, params: pgAt(a.project, 'busy') });
      expect(res.status, res.text).toBe(200);
      expect(res.body.state).toBe('creating');
    }
    const up = expectCurrentError(
      await slow.call('upgradePostgresDatabase', {
        token: a.token,
        params: pgAt(a.project, 'busy'),
      }),
      400,
      'InvalidRequest',
    );
    expect(up.details).toEqual({
      needs_convergence:
        'Database cluster is waiting for convergence, please wait for it to complete',
    });
    for (const op of ['promotePostgresDatabase', 'promotePostgresReadReplica'] as const) {
      const e = expectCurrentError(
        await slow.call(op, { token: a.token, params: pgAt(a.project, 'busy') }),
        400,
        'InvalidRequest',
      );
      expect(e.message).toBe('Non read replica servers cannot be promoted.');
    }
  });
});

it('takes an upgrade while creating with nothing else asked, as the origin: the target is set, the upgrade waits', async () => {
  const a = await newOwner(slow);
  await createPg(slow, a.token, a.project, 'early', { size: 'hobby-1', version: '16' });
  const at = { params: pgAt(a.project, 'early'), token: a.token };
  const up = await slow.call('upgradePostgresDatabase', at);
  expect(up.status, up.text).toBe(200);
  expect(up.body).toMatchObject({ target_version: '17', upgrade_status: 'running' });
  expect((await slow.call('getPostgresDatabase', at)).body).toMatchObject({
    state: 'creating',
    version: '16',
    target_version: '17',
  });
  // A second one waits for the first, as the origin's convergence does.
  const again = expectCurrentError(
    await slow.call('upgradePostgresDatabase', at),
    400,
    'InvalidRequest',
  );
  expect(again.details).toHaveProperty('needs_convergence');
});

describe('CA certificate', () => {
  it('downloads a real root CA as <name>.pem, the one the get shows, different per database', async () => {
    const a = await newOwner(t);
    const pg = await createPg(t, a.token, a.project, 'certs', { size: 'hobby-1' });
    const res = await t.call('getPostgresCACertificates', {
      token: a.token,
      params: pgAt(a.project, 'certs'),
    });
    expect(res.status).toBe(200);
    expect(res.headers.get('content-type')).toMatch(/^application\/x-pem-file/);
    expect(res.headers.get('content-disposition')).toBe('attachment; filename="certs.pem"');
    expect(res.text).toBe(pg.ca_certificates);
    const ca = new X509Certificate(res.text);
    expect(ca.ca).toBe(true);
    expect(ca.verify(ca.publicKey)).toBe(true);
    expect(ca.subject).toContain('certs');
    expect(Date.parse(ca.validTo) - Date.now()).toBeGreaterThan(5 * 365 * 24 * 3600 * 1000);
    const other = await createPg(t, a.token, a.project, 'other', { size: 'hobby-1' });
    expect(other.ca_certificates).not.toBe(pg.ca_certificates);
  });
});

describe('delete', () => {
  it('marks it deleting at once; a deleting database takes actions and does nothing with them; a repeated delete is a success', async () => {
    const a = await newOwner(slow);
    await createPg(slow, a.token, a.project, 'bye', { size: 'hobby-1' });
    expect(
      (
        await slow.call('deletePostgresDatabase', {
          token: a.token,
          params: pgAt(a.project, 'bye'),
        })
      ).status,
    ).toBe(204);
    expect((await getPg(slow, a.token, a.project, 'bye')).body.state).toBe('deleting');
    const vms = await slow.ctx.db
      .selectFrom('vm')
      .select('state')
      .where('project_id', '=', a.project)
      .execute();
    expect(vms.map((v) => v.state)).toEqual(['deleting']);
    for (const op of ['restartPostgresDatabase', 'recyclePostgresDatabase'] as const) {
      const res = await slow.call(op, { token: a.token, params: pgAt(a.project, 'bye') });
      expect(res.status, res.text).toBe(200);
      expect(res.body.state).toBe('deleting');
    }
    expect(
      (
        await slow.call('patchPostgresDatabase', {
          token: a.token,
          params: pgAt(a.project, 'bye'),
          body: { tags: [] },
        })
      ).body.state,
    ).toBe('deleting');
    expectCurrentError(
      await slow.call('createPostgresFirewallRule', {
        token: a.token,
        params: pgAt(a.project, 'bye'),
        body: { cidr: '10.0.0.0/8' },
      }),
      409,
      'Conflict',
    );
    expect(
      (
        await slow.call('deletePostgresDatabase', {
          token: a.token,
          params: pgAt(a.project, 'bye'),
        })
      ).status,
    ).toBe(204);
    const jobs = await slow.ctx.db
      .selectFrom('job')
      .select('kind')
      .where('kind', '=', 'postgres.destroy')
      .execute();
    expect(jobs).toHaveLength(1);
  });

  it('deletes: deleting → gone, with its server VMs, rules and destinations; then 204 for the missing one', async () => {
    const a = await newOwner(t);
    const pg = await runningPg(t, a.token, a.project, 'bye', { size: 'hobby-1', ha_type: 'async' });
    await t.call('createPostgresMetricDestination', {
      token: a.token,
      params: pgAt(a.project, 'bye'),
      body: {
        url: 'https://metrics.example.com/api/v1/write',
        options: { authorization: { credentials: 'tok' } },
      },
    });
    await t.call('createPostgresLogDestination', {
      token: a.token,
      params: pgAt(a.project, 'bye'),
      body: { name: 'otel', type: 'otlp', url: 'https://otel.example.com/v1/logs' },
    });
    expect((await pgSnapshot(t, a.project)).vms).toHaveLength(2);
    expect(
      (await t.call('deletePostgresDatabase', { token: a.token, params: pgAt(a.project, 'bye') }))
        .status,
    ).toBe(204);
    await waitForGone(t, a.token, pgPath(a.project, 'bye'));
    expect(await pgSnapshot(t, a.project)).toEqual({
      pgs: [],
      rules: [],
      metrics: [],
      logs: [],
      servers: [],
      vms: [],
    });
    expect(
      (await t.call('deletePostgresDatabase', { token: a.token, params: pgAt(a.project, pg.id) }))
        .status,
    ).toBe(204);
  });

  it('deletes a database that is still creating', async () => {
    const a = await newOwner(t);
    await createPg(t, a.token, a.project, 'early', { size: 'hobby-1' });
    expect(
      (await t.call('deletePostgresDatabase', { token: a.token, params: pgAt(a.project, 'early') }))
        .status,
    ).toBe(204);
    await waitForGone(t, a.token, pgPath(a.project, 'early'));
    expect((await pgSnapshot(t, a.project)).vms).toEqual([]);
  });

  it('a project holding a database cannot be deleted (409), and can once the database and its subnet are gone', async () => {
    const a = await newOwner(t);
    await createPg(t, a.token, a.project, 'holds', { size: 'hobby-1' });
    const refused = expectCurrentError(
      await t.call('deleteProject', { token: a.token, params: { project_id: a.project } }),
      409,
      'Conflict',
    );
    expect(refused.message).toContain('1 PostgreSQL database');
    await t.call('deletePostgresDatabase', { token: a.token, params: pgAt(a.project, 'holds') });
    await waitForGone(t, a.token, pgPath(a.project, 'holds'));
    // Its subnet and firewall (decision 298) go with it: then nothing holds the project.
    await pollUntil(
      () => t.call('deleteProject', { token: a.token, params: { project_id: a.project } }),
      (r) => r.status === 204,
      'the project to be deletable',
    );
  });
});
