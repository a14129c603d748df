// A database's firewall rules, configuration, maintenance window, superuser password and the
// capabilities tree.
import { describe, expect, it } from 'vitest';
import { capabilitiesSchema, postgresFirewallRuleSchema } from '#shared/api/postgres';
import { PG_PARAMS, PGBOUNCER_PARAMS } from '#shared/api/postgres-config';
import { LOCATION_NAMES, POSTGRES_SIZES } from '#shared/catalog';
import { newId } from '#shared/ids';
import { expectSchema, kindServers } from '../../../test/harness.ts';
import {
  expectCurrentError,
  expectInvalid,
  LOC,
  newOwner,
  stranger,
} from '../../../test/fixtures.ts';
import { createPg, getPg, pgAt, pgPath, pgSnapshot, runningPg } from './postgres.fixtures.ts';

const { t, slow } = await kindServers();

describe('firewall rules', () => {
  it('lists, creates, updates and deletes rules; the get shows each on ports 5432 and 6432', async () => {
    const a = await newOwner(t);
    await createPg(t, a.token, a.project, 'fw', { size: 'hobby-1', restrict_by_default: true });
    const at = pgAt(a.project, 'fw');
    expect(
      (await t.call('listPostgresFirewallRules', { token: a.token, params: at })).body,
    ).toEqual({ count: 0, items: [] });
    const created = await t.call('createPostgresFirewallRule', {
      token: a.token,
      params: at,
      body: { cidr: '203.0.113.7', description: '  office  ' },
    });
    expect(created.status, created.text).toBe(200);
    const rule = expectSchema(postgresFirewallRuleSchema, created.body);
    expect(rule).toMatchObject({ cidr: '203.0.113.7/32', description: 'office' });
    expect(rule.id).toMatch(/^fr/);
    const v6 = (
      await t.call('createPostgresFirewallRule', {
        token: a.token,
        params: at,
        body: { cidr: '2001:db8::/48' },
      })
    ).body;
    expect(v6.description).toBe('');
    const got = (await getPg(t, a.token, a.project, 'fw')).body;
    expect(got.firewall_rules).toEqual([
      { ...rule, port: 5432 },
      { ...rule, port: 6432 },
      { ...v6, port: 5432 },
      { ...v6, port: 6432 },
    ]);

    const ruleAt = { ...at, postgres_firewall_rule_id: rule.id };
    const updated = await t.call('updatePostgresFirewallRule', {
      token: a.token,
      params: ruleAt,
      body: { cidr: '10.1.2.0/23' },
    });
    expect(updated.body).toEqual({ id: rule.id, cidr: '10.1.2.0/23', description: 'office' });
    const described = await t.call('updatePostgresFirewallRule', {
      token: a.token,
      params: ruleAt,
      body: { cidr: '10.1.2.0/24', description: 'vpn' },
    });
    expect(described.body).toEqual({ id: rule.id, cidr: '10.1.2.0/24', description: 'vpn' });
    expect(
      (await t.call('listPostgresFirewallRules', { token: a.token, params: at })).body.items,
    ).toEqual([described.body, v6]);

    expect(
      (await t.call('deletePostgresFirewallRule', { token: a.token, params: ruleAt })).status,
    ).toBe(204);
    expect(
      (await t.call('deletePostgresFirewallRule', { token: a.token, params: ruleAt })).status,
    ).toBe(204);
    expectCurrentError(
      await t.call('updatePostgresFirewallRule', {
        token: a.token,
        params: ruleAt,
        body: { cidr: '10.0.0.0/8' },
      }),
      404,
      'ResourceNotFound',
    );
    expect(
      (await t.call('listPostgresFirewallRules', { token: a.token, params: at })).body.items,
    ).toEqual([v6]);
  });

  it('keeps rules to their database: another database’s rule ID is a 404', async () => {
    const a = await newOwner(t);
    await createPg(t, a.token, a.project, 'one', { size: 'hobby-1' });
    await createPg(t, a.token, a.project, 'two', { size: 'hobby-1' });
    const rule = (
      await t.call('createPostgresFirewallRule', {
        token: a.token,
        params: pgAt(a.project, 'one'),
        body: { cidr: '10.0.0.0/8' },
      })
    ).body;
    const other = { ...pgAt(a.project, 'two'), postgres_firewall_rule_id: rule.id };
    expectCurrentError(
      await t.call('updatePostgresFirewallRule', {
        token: a.token,
        params: other,
        body: { cidr: '10.0.0.0/16' },
      }),
      404,
      'ResourceNotFound',
    );
    expect(
      (await t.call('deletePostgresFirewallRule', { token: a.token, params: other })).status,
    ).toBe(204);
    expect(
      (
        await t.call('listPostgresFirewallRules', {
          token: a.token,
          params: pgAt(a.project, 'one'),
        })
      ).body.count,
    ).toBe(3);
  });

  const bad: [string, Record<string, unknown>, string][] = [
    ['a malformed cidr', { cidr: '10.0.0.0/33' }, 'cidr'],
    ['a host name', { cidr: 'example.com' }, 'cidr'],
    ['a numeric cidr', { cidr: 10 }, 'cidr'],
    ['a long description', { cidr: '10.0.0.0/8', description: 'x'.repeat(1001) }, 'description'],
    ['a port (rules open both ports)', { cidr: '10.0.0.0/8', port: 5432 }, 'port'],
  ];
  it('refuses a create without cidr (a PATCH without it keeps the rule’s, as the origin’s)', async () => {
    const a = await newOwner(t);
    await createPg(t, a.token, a.project, 'fw', { size: 'hobby-1' });
    expectInvalid(
      'current',
      await t.call('createPostgresFirewallRule', {
        token: a.token,
        params: pgAt(a.project, 'fw'),
        invalidBody: {},
      }),
      'cidr',
    );
  });

  it('takes the origin SDK’s nulls: no description on create, no cidr on PATCH (audit rows 3, 4, 22)', async () => {
    const a = await newOwner(t);
    await createPg(t, a.token, a.project, 'fw', { size: 'hobby-1' });
    const at = pgAt(a.project, 'fw');
    const made = await t.call('createPostgresFirewallRule', {
      token: a.token,
      params: at,
      body: { cidr: '10.1.0.0/16', description: null },
    });
    expect(made.status, made.text).toBe(200);
    expect(made.body).toMatchObject({ cidr: '10.1.0.0/16', description: '' });
    const ruleAt = { ...at, postgres_firewall_rule_id: made.body.id };
    const described = await t.call('updatePostgresFirewallRule', {
      token: a.token,
      params: ruleAt,
      body: { cidr: null, description: 'office' },
    });
    expect(described.status, described.text).toBe(200);
    expect(described.body).toEqual({
      id: made.body.id,
      cidr: '10.1.0.0/16',
      description: 'office',
    });
    const moved = await t.call('updatePostgresFirewallRule', {
      token: a.token,
      params: ruleAt,
      body: { cidr: '10.2.0.0/16', description: null },
    });
    expect(moved.body).toEqual({ id: made.body.id, cidr: '10.2.0.0/16', description: 'office' });
  });

  it.each(bad)(
    'refuses %s on create and update with a 400 naming the field, changing nothing',
    async (_what, body, field) => {
      const a = await newOwner(slow);
      await createPg(slow, a.token, a.project, 'fw', { size: 'hobby-1' });
      const at = pgAt(a.project, 'fw');
      const rule = (await slow.call('listPostgresFirewallRules', { token: a.token, params: at }))
        .body.items[0]!;
      const before = await pgSnapshot(slow, a.project);
      expectInvalid(
        'current',
        await slow.call('createPostgresFirewallRule', {
          token: a.token,
          params: at,
          invalidBody: body,
        }),
        field,
      );
      expectInvalid(
        'current',
        await slow.call('updatePostgresFirewallRule', {
          token: a.token,
          params: { ...at, postgres_firewall_rule_id: rule.id },
          invalidBody: body,
        }),
        field,
      );
      expect((await pgSnapshot(slow, a.project)).rules).toEqual(before.rules);
    },
  );
});

describe('capabilities', () => {
  it('answers the option tree: flavor → version and location → family → size → storage → HA, with metadata', async () => {
    const a = await newOwner(t);
    const res = await t.call('getPostgresCapabilities', {
      token: a.token,
      params: { project_id: a.project },
    });
    expect(res.status, res.text).toBe(200);
    const caps = expectSchema(capabilitiesSchema, res.body);
    const tree = caps.option_tree as {
      flavor: Record<
        string,
        {
          version: string[];
          location: Record<
            string,
            {
              family: Record<
                string,
                { size: Record<string, { storage_size: Record<string, { ha_type: string[] }> }> }
              >;
            }
          >;
        }
      >;
    };
    // The origin's flavors, sizes and storage (audit rows 6, 33).
    expect(Object.keys(tree.flavor)).toEqual(['standard', 'lantern']);
    expect(tree.flavor.standard!.version).toEqual(['16', '17', '18']);
    expect(tree.flavor.lantern!.version).toEqual(['16', '17']);
    expect(Object.keys(tree.flavor.standard!.location)).toEqual(LOCATION_NAMES);
    const sizes = tree.flavor.standard!.location['eu-central-h1']!.family.standard!.size;
    expect(Object.keys(sizes)).toEqual([
      'standard-2',
      'standard-4',
      'standard-8',
      'standard-16',
      'standard-30',
      'standard-60',
    ]);
    expect(Object.keys(sizes['standard-2']!.storage_size)).toEqual(['64', '128', '256']);
    expect(Object.keys(sizes['standard-60']!.storage_size)).toEqual(['1024', '2048', '4096']);
    expect(caps.metadata.family.hobby).toMatchObject({ category: 'shared' });
    expect(caps.metadata.family.standard).toMatchObject({ category: 'dedicated' });
    expect(sizes['standard-2']!.storage_size['256']!.ha_type).toEqual(['none', 'async', 'sync']);
    expect(caps.metadata.size['hobby-1']).toEqual({
      display_name: 'hobby-1',
      vcpu: 1,
      vcpus: 1,
      memory_gib: 2,
      monthly_usd: POSTGRES_SIZES[0].monthlyUsd,
    });
    expect(caps.metadata.ha_type.sync!.standby_count).toBe(2);
    expect(caps.metadata.location['eu-north-h1']!.ui_name).toBe('Finland');
    // Every combination the tree offers is accepted by create.
    const created = await t.call('createPostgresDatabase', {
      token: a.token,
      params: pgAt(a.project, 'fromtree'),
      body: {
        flavor: 'lantern',
        version: '16',
        size: 'standard-8',
        storage_size: 1024,
        ha_type: 'async',
      },
    });
    expect(created.status, created.text).toBe(200);
  });

  it('is for members only', async () => {
    const a = await newOwner(t);
    const s = await stranger(t);
    expectCurrentError(
      await t.call('getPostgresCapabilities', {
        token: s.token,
        params: { project_id: a.project },
      }),
      404,
      'ResourceNotFound',
    );
  });
});

describe('configuration', () => {
  it('reads the owner’s parameters and the size’s defaults; POST replaces, PATCH merges and null removes', async () => {
    const a = await newOwner(t);
    await createPg(t, a.token, a.project, 'cfg', {
      size: 'standard-4',
      pg_config: { work_mem: '8MB' },
    });
    const at = pgAt(a.project, 'cfg');
    const got = (await t.call('getPostgresConfig', { token: a.token, params: at })).body;
    expect(got.pg_config).toEqual({ work_mem: '8MB' });
    expect(got.pgbouncer_config).toEqual({});
    // standard-4 has 16 GiB: a quarter for shared buffers.
    expect(got.default_pg_config).toMatchObject({
      shared_buffers: '4096MB',
      effective_cache_size: '12288MB',
    });
    expect(got).not.toHaveProperty('message');

    const patched = (
      await t.call('updatePostgresConfig', {
        token: a.token,
        params: at,
        body: {
          pg_config: { max_connections: 500, log_statement: 'ddl' },
          pgbouncer_config: { pool_mode: 'session' },
        },
      })
    ).body;
    // Values come back as text, as the origin answers them (audit row 29).
    expect(patched.pg_config).toEqual({
      work_mem: '8MB',
      max_connections: '500',
      log_statement: 'ddl',
    });
    expect(patched.pgbouncer_config).toEqual({ pool_mode: 'session' });
    expect(patched.message).toBe(
      'Changes to max_connections take effect after the database restarts.',
    );

    const removed = (
      await t.call('updatePostgresConfig', {
        token: a.token,
        params: at,
        body: { pg_config: { work_mem: null } },
      })
    ).body;
    expect(removed.pg_config).toEqual({ max_connections: '500', log_statement: 'ddl' });
    expect(removed.pgbouncer_config).toEqual({ pool_mode: 'session' });

    // POST replaces both, and needs both (the origin's).
    expectInvalid(
      'current',
      await t.call('replacePostgresConfig', {
        token: a.token,
        params: at,
        invalidBody: { pg_config: { jit: 'off' } },
      }),
      'pgbouncer_config',
    );
    const replaced = (
      await t.call('replacePostgresConfig', {
        token: a.token,
        params: at,
        body: { pg_config: { jit: 'off', shared_buffers: '2GB' }, pgbouncer_config: {} },
      })
    ).body;
    expect(replaced.pg_config).toEqual({ jit: 'off', shared_buffers: '2GB' });
    expect(replaced.pgbouncer_config).toEqual({});
    expect(replaced.message).toBe(
      'Changes to max_connections, shared_buffers take effect after the database restarts.',
    );
    expect(
      (await t.call('getPostgresConfig', { token: a.token, params: at })).body.pg_config,
    ).toEqual({ jit: 'off', shared_buffers: '2GB' });
  });

  it('keeps every one of concurrent PATCHes of different parameters', async () => {
    const a = await newOwner(t);
    await createPg(t, a.token, a.project, 'cfg', { size: 'hobby-1' });
    const at = pgAt(a.project, 'cfg');
    const changes: Record<string, string | number>[] = [
      { work_mem: '8MB' },
      { max_connections: 200 },
      { jit: 'off' },
      { log_statement: 'all' },
      { timezone: 'Europe/Berlin' },
    ];
    const replies = await Promise.all(
      changes.map((pg_config) =>
        t.call('updatePostgresConfig', { token: a.token, params: at, body: { pg_config } }),
      ),
    );
    for (const r of replies) expect(r.status, r.text).toBe(200);
    const text = Object.fromEntries(
      changes.flatMap((c) => Object.entries(c)).map(([k, v]) => [k, String(v)]),
    );
    expect(
      (await t.call('getPostgresConfig', { token: a.token, params: at })).body.pg_config,
    ).toEqual(text);
  });

  it('checks parameters against the database’s own version, as the origin’s, changing nothing when one is not its', async () => {
    const a = await newOwner(t);
    // autovacuum_vacuum_max_threshold is new in 18; db_user_namespace left in 17.
    const only18 = { autovacuum_vacuum_max_threshold: '1000' };
    const gone = 'Unknown configuration parameter';
    const refused = expectInvalid(
      'current',
      await t.call('createPostgresDatabase', {
        token: a.token,
        params: pgAt(a.project, 'v16'),
        body: { size: 'hobby-1', version: '16', pg_config: only18 },
      }),
      'pg_config.autovacuum_vacuum_max_threshold',
    );
    expect(refused.details).toEqual({ 'pg_config.autovacuum_vacuum_max_threshold': gone });
    expect((await pgSnapshot(t, a.project)).pgs).toEqual([]);

    await createPg(t, a.token, a.project, 'v16', {
      size: 'hobby-1',
      version: '16',
      pg_config: { db_user_namespace: 'on' },
    });
    const v16 = pgAt(a.project, 'v16');
    for (const call of ['updatePostgresConfig', 'replacePostgresConfig'] as const) {
      const res = await t.call(call, {
        token: a.token,
        params: v16,
        body: { pg_config: only18, pgbouncer_config: {} },
      });
      expect(
        expectInvalid('current', res, 'pg_config.autovacuum_vacuum_max_threshold').details,
      ).toEqual({ 'pg_config.autovacuum_vacuum_max_threshold': gone });
    }
    expect(
      (await t.call('getPostgresConfig', { token: a.token, params: v16 })).body.pg_config,
    ).toEqual({ db_user_namespace: 'on' });
    // autovacuum_max_workers waits for a restart on 16, not on 18.
    expect(
      (
        await t.call('updatePostgresConfig', {
          token: a.token,
          params: v16,
          body: { pg_config: { autovacuum_max_workers: 5 } },
        })
      ).body.message,
    ).toBe('Changes to autovacuum_max_workers take effect after the database restarts.');

    await createPg(t, a.token, a.project, 'v18', { size: 'hobby-1', version: '18' });
    const v18 = pgAt(a.project, 'v18');
    expectInvalid(
      'current',
      await t.call('updatePostgresConfig', {
        token: a.token,
        params: v18,
        body: { pg_config: { db_user_namespace: 'on' } },
      }),
      'pg_config.db_user_namespace',
    );
    const fits = await t.call('updatePostgresConfig', {
      token: a.token,
      params: v18,
      body: { pg_config: { ...only18, autovacuum_max_workers: 5 } },
    });
    expect(fits.status, fits.text).toBe(200);
    expect(fits.body.pg_config).toEqual({ ...only18, autovacuum_max_workers: '5' });
    expect(fits.body).not.toHaveProperty('message');
  });

  it('validates every parameter of the table against its type and range', async () => {
    const a = await newOwner(t);
    await createPg(t, a.token, a.project, 'cfg', { size: 'hobby-1' });
    const at = pgAt(a.project, 'cfg');
    const good: Record<string, string | number> = {};
    for (const p of [...PG_PARAMS]) good[p.name] = p.default || 'x';
    const ok = await t.call('replacePostgresConfig', {
      token: a.token,
      params: at,
      body: { pg_config: good, pgbouncer_config: {} },
    });
    expect(ok.status, ok.text).toBe(200);
    const bouncer: Record<string, string> = {};
    // An empty value is refused (the origin's "Value cannot be empty"): those keep their default.
    for (const p of PGBOUNCER_PARAMS) if (p.default !== '') bouncer[p.name] = p.default;
    expect(
      (
        await t.call('replacePostgresConfig', {
          token: a.token,
          params: at,
          body: { pg_config: {}, pgbouncer_config: bouncer },
        })
      ).status,
    ).toBe(200);
  });

  const bad: [string, Record<string, unknown>, string][] = [
    ['an unknown parameter', { pg_config: { shared_bufers: '1GB' } }, 'pg_config.shared_bufers'],
    [
      'an integer over its range',
      { pg_config: { max_connections: 262144 } },
      'pg_config.max_connections',
    ],
    [
      'an integer as a fraction',
      { pg_config: { max_connections: 10.5 } },
      'pg_config.max_connections',
    ],
    [
      'an integer as words',
      { pg_config: { statement_timeout: 'forever' } },
      'pg_config.statement_timeout',
    ],
    [
      'a real out of range',
      { pg_config: { checkpoint_completion_target: 1.5 } },
      'pg_config.checkpoint_completion_target',
    ],
    [
      'a memory size under its minimum',
      { pg_config: { shared_buffers: '64kB' } },
      'pg_config.shared_buffers',
    ],
    [
      'a memory size with an unknown unit',
      { pg_config: { work_mem: '4 MiB' } },
      'pg_config.work_mem',
    ],
    ['a bool that is no bool', { pg_config: { jit: 'maybe' } }, 'pg_config.jit'],
    [
      'an enum value not offered',
      { pg_config: { synchronous_commit: 'always' } },
      'pg_config.synchronous_commit',
    ],
    [
      'a value that is an object',
      { pg_config: { timezone: { zone: 'UTC' } } },
      'pg_config.timezone',
    ],
    [
      'a PgBouncer value out of range',
      { pgbouncer_config: { default_pool_size: 0 } },
      'pgbouncer_config.default_pool_size',
    ],
    [
      'an empty value',
      { pgbouncer_config: { ignore_startup_parameters: '' } },
      'pgbouncer_config.ignore_startup_parameters',
    ],
    ['a config that is a string', { pgbouncer_config: 'pool_mode=session' }, 'pgbouncer_config'],
    ['an unknown field', { postgresql_conf: {} }, 'postgresql_conf'],
  ];
  it.each(bad)('refuses %s with a 400 naming it, changing nothing', async (_what, body, field) => {
    const a = await newOwner(slow);
    await createPg(slow, a.token, a.project, 'cfg', {
      size: 'hobby-1',
      pg_config: { work_mem: '8MB' },
    });
    const at = pgAt(a.project, 'cfg');
    const before = await pgSnapshot(slow, a.project);
    expectInvalid(
      'current',
      await slow.call('replacePostgresConfig', {
        token: a.token,
        params: at,
        invalidBody: { pg_config: {}, pgbouncer_config: {}, ...body },
      }),
      field,
    );
    expectInvalid(
      'current',
      await slow.call('updatePostgresConfig', { token: a.token, params: at, invalidBody: body }),
      field,
    );
    expect((await pgSnapshot(slow, a.project)).pgs).toEqual(before.pgs);
  });
});

describe('maintenance window', () => {
  it('sets the start hour and the days as the origin’s day names; [] and no days mean every day; no hour clears both (audit row 7)', async () => {
    const a = await newOwner(t);
    const pg = await createPg(t, a.token, a.project, 'mw', { size: 'hobby-1' });
    expect(pg.maintenance_window_days).toEqual([]);
    const at = pgAt(a.project, 'mw');
    // Names in any case and order, repeated or not: answered once each, Monday first.
    const set = await t.call('setPostgresMaintenanceWindow', {
      token: a.token,
      params: at,
      body: { maintenance_window_start_at: 3, maintenance_window_days: ['sun', 'Tue', 'sun'] },
    });
    expect(set.status, set.text).toBe(200);
    expect(set.body).toMatchObject({
      maintenance_window_start_at: 3,
      maintenance_window_days: ['tue', 'sun'],
    });
    const got = (await getPg(t, a.token, a.project, 'mw')).body;
    expect(got).toMatchObject({
      maintenance_window_start_at: 3,
      maintenance_window_days: ['tue', 'sun'],
    });
    const listed = (
      await t.call('listLocationPostgresDatabases', {
        token: a.token,
        params: { project_id: a.project, location: LOC },
      })
    ).body.items[0]!;
    expect(listed.maintenance_window_days).toEqual(['tue', 'sun']);
    // The SDK's set_maintenance_window(hour) sends no days: every day again.
    expect(
      (
        await t.call('setPostgresMaintenanceWindow', {
          token: a.token,
          params: at,
          body: { maintenance_window_start_at: 4 },
        })
      ).body,
    ).toMatchObject({
      maintenance_window_start_at: 4,
      maintenance_window_days: [],
    });
    expect(
      (
        await t.call('setPostgresMaintenanceWindow', {
          token: a.token,
          params: at,
          body: {
            maintenance_window_start_at: 4,
            maintenance_window_days: ['mon', 'tue', 'wed', 'thu', 'fri', 'sat', 'sun'],
          },
        })
      ).body.maintenance_window_days,
    ).toEqual([]);
    // No start hour clears the days too.
    await t.call('setPostgresMaintenanceWindow', {
      token: a.token,
      params: at,
      body: { maintenance_window_start_at: 4, maintenance_window_days: ['fri'] },
    });
    expect(
      (
        await t.call('setPostgresMaintenanceWindow', {
          token: a.token,
          params: at,
          body: { maintenance_window_start_at: null, maintenance_window_days: ['fri'] },
        })
      ).body,
    ).toMatchObject({
      maintenance_window_start_at: null,
      maintenance_window_days: [],
    });
    // The hour may come as digits (the origin reads either); no body at all clears it.
    expect(
      (
        await t.call('setPostgresMaintenanceWindow', {
          token: a.token,
          params: at,
          body: { maintenance_window_start_at: '9' },
        })
      ).body.maintenance_window_start_at,
    ).toBe(9);
    expect(
      (await t.call('setPostgresMaintenanceWindow', { token: a.token, params: at, body: {} })).body
        .maintenance_window_start_at,
    ).toBeNull();
    await t.call('setPostgresMaintenanceWindow', {
      token: a.token,
      params: at,
      body: { maintenance_window_start_at: 5 },
    });
    expect(
      (
        await t.request('POST', `${pgPath(a.project, 'mw')}/set-maintenance-window`, {
          token: a.token,
        })
      ).body.maintenance_window_start_at,
    ).toBeNull();
  });

  const bad: [string, Record<string, unknown>, string][] = [
    ['an hour of 24', { maintenance_window_start_at: 24 }, 'maintenance_window_start_at'],
    ['a negative hour', { maintenance_window_start_at: -1 }, 'maintenance_window_start_at'],
    ['a fractional hour', { maintenance_window_start_at: 1.5 }, 'maintenance_window_start_at'],
    ['an hour as words', { maintenance_window_start_at: 'three' }, 'maintenance_window_start_at'],
    [
      'an hour of 24 as digits',
      { maintenance_window_start_at: '24' },
      'maintenance_window_start_at',
    ],
    [
      'a day as a number (the old form)',
      { maintenance_window_start_at: 1, maintenance_window_days: [1] },
      'maintenance_window_days.0',
    ],
    [
      'a day named in full',
      { maintenance_window_start_at: 1, maintenance_window_days: ['monday'] },
      'maintenance_window_days.0',
    ],
    [
      'days that are no list',
      { maintenance_window_start_at: 1, maintenance_window_days: 'mon' },
      'maintenance_window_days',
    ],
    ['an unknown field', { maintenance_window_length: 2 }, 'maintenance_window_length'],
  ];
  it.each(bad)('refuses %s with a 400 naming it, changing nothing', async (_what, body, field) => {
    const a = await newOwner(slow);
    await createPg(slow, a.token, a.project, 'mw', { size: 'hobby-1' });
    const before = await pgSnapshot(slow, a.project);
    expectInvalid(
      'current',
      await slow.call('setPostgresMaintenanceWindow', {
        token: a.token,
        params: pgAt(a.project, 'mw'),
        invalidBody: body,
      }),
      field,
    );
    expect((await pgSnapshot(slow, a.project)).pgs).toEqual(before.pgs);
  });
});

describe('superuser password', () => {
  it('sets a strong password: the next get and connection string carry it', async () => {
    const a = await newOwner(t);
    await runningPg(t, a.token, a.project, 'pw', { size: 'hobby-1' });
    const password = 'N3w-Secret/Passw0rd?';
    const res = await t.call('resetSuperuserPassword', {
      token: a.token,
      params: pgAt(a.project, 'pw'),
      body: { password },
    });
    expect(res.status, res.text).toBe(200);
    const got = (await getPg(t, a.token, a.project, 'pw')).body;
    expect(got.password).toBe(password);
    expect(got.connection_string).toBe(
      `postgres://postgres:${encodeURIComponent(password)}@${got.hostname}:5432/postgres?sslmode=require`,
    );
  });

  it.each([
    ['too short', 'Sh0rtPass'],
    ['no uppercase letter', 'lowercase-only-123'],
    ['no lowercase letter', 'UPPERCASE-ONLY-123'],
    ['no digit', 'No-Digits-In-Here'],
    ['a space', 'With Space 12345Ab'],
    ['too long', `Aa1${'x'.repeat(130)}`],
    ['a number', 123456789012],
  ])(
    'refuses a password with %s (400 naming password), keeping the old one',
    async (_what, password) => {
      const a = await newOwner(slow);
      const pg = await createPg(slow, a.token, a.project, 'pw', { size: 'hobby-1' });
      expectInvalid(
        'current',
        await slow.call('resetSuperuserPassword', {
          token: a.token,
          params: pgAt(a.project, 'pw'),
          invalidBody: { password },
        }),
        'password',
      );
      expect((await getPg(slow, a.token, a.project, 'pw')).body.password).toBe(pg.password);
    },
  );

  it('404 for an unknown database and a stranger', async () => {
    const a = await newOwner(t);
    const s = await stranger(t);
    await createPg(t, a.token, a.project, 'pw', { size: 'hobby-1' });
    const body = { password: 'Str0ng-Enough-Pass' };
    expectCurrentError(
      await t.call('resetSuperuserPassword', {
        token: a.token,
        params: pgAt(a.project, newId('postgres')),
        body,
      }),
      404,
      'ResourceNotFound',
    );
    expectCurrentError(
      await t.call('resetSuperuserPassword', {
        token: s.token,
        params: pgAt(a.project, 'pw'),
        body,
      }),
      404,
      'ResourceNotFound',
    );
  });
});
