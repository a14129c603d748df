// What can be seen of a running database: its servers, logs and metrics; where it sends them
// (metric and log destinations); and client certificates signed by its CA.
import { X509Certificate, createPrivateKey, createPublicKey } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { logsSchema, metricsSchema, postgresServerListSchema } from '#shared/api/postgres';
import {
  expectSchema,
  kindServers,
  serverForFile,
  type TestServer,
} from '../../../test/harness.ts';
import { expectCurrentError, expectInvalid, newOwner, stranger } from '../../../test/fixtures.ts';
import { createPg, getPg, pgAt, pgSnapshot, ranSince, runningPg } from './postgres.fixtures.ts';

const { t, slow } = await kindServers();
const HOUR = 3600_000;

/** The answer to a URL the server would call that is not public: the webhook's, word for word (decision 216). */
const privateTarget = (what: string) => ({
  error: {
    code: 400,
    type: 'InvalidRequest',
    message: 'Validation failed for following fields: url',
    details: { url: `The URL points to ${what}: the server sends to public addresses only.` },
  },
});

/** What registering a webhook to the same host answers (an https:// URL on the host and port of `url`). */
async function webhookAnswer(s: TestServer, token: string, project: string, url: string) {
  const res = await s.call('registerWebhook', {
    token,
    params: { project_id: project },
    body: { name: 'same', url: `https://${new URL(url).host}/`, event_types: ['*'] },
  });
  return [res.status, res.body];
}

describe('servers', () => {
  it('lists the primary and, with HA, the standbys with their role, state, size and addresses', async () => {
    const a = await newOwner(t);
    await createPg(t, a.token, a.project, 'ha', { size: 'standard-2', ha_type: 'sync' });
    const res = await t.call('listPostgresServers', {
      token: a.token,
      params: pgAt(a.project, 'ha'),
    });
    const list = expectSchema(postgresServerListSchema, res.body);
    expect(list.count).toBe(3);
    expect(list.items.map((s) => s.role)).toEqual(['primary', 'standby', 'standby']);
    for (const s of list.items) {
      // The origin's server ID: `pv` and its VM's ID's body (audit row 9).
      expect(s.id).toMatch(/^pv/);
      expect(s).toMatchObject({
        vm: `vm${s.id.slice(2)}`,
        vm_size: 'standard-2',
        target_vm_size: 'standard-2',
        storage_size_gib: 64,
        fallback_active: false,
      });
      // The origin's: the primary is `ready`, never null (audit row 26).
      expect(s.synchronization_status).toBe(
        s.role === 'primary' || s.state === 'running' ? 'ready' : 'catching_up',
      );
      expect(['creating', 'running']).toContain(s.state);
      expect(s.private_ipv4).toMatch(/^10\./);
    }
    await runningPg(t, a.token, a.project, 'single', { size: 'hobby-1' });
    const single = (
      await t.call('listPostgresServers', { token: a.token, params: pgAt(a.project, 'single') })
    ).body;
    expect(single.items.map((s) => [s.role, s.state, s.synchronization_status])).toEqual([
      ['primary', 'running', 'ready'],
    ]);
  });
});

describe('logs', () => {
  it('answers the newest lines oldest first, with a pagination key for older ones; filters by stream, role, severity and text', async () => {
    const a = await newOwner(t);
    const pg = await runningPg(t, a.token, a.project, 'logs', {
      size: 'hobby-1',
      ha_type: 'async',
    });
    await ranSince(t, pg.id, 2 * HOUR);
    const at = pgAt(a.project, 'logs');
    // Fixed bounds, so pages of one query line up.
    const window = {
      start: new Date(Date.now() - 30 * 60_000).toISOString(),
      end: new Date().toISOString(),
    };
    const first = await t.call('getPostgresLogs', { token: a.token, params: at, query: window });
    expect(first.status, first.text).toBe(200);
    const page = expectSchema(logsSchema, first.body);
    // 50 lines by default, oldest first, ending with the newest of the range.
    expect(page.logs).toHaveLength(50);
    const stamps = page.logs.map((l) => Date.parse(l.timestamp));
    expect(stamps).toEqual([...stamps].sort((x, y) => x - y));
    expect(Date.parse(window.end) - stamps.at(-1)!).toBeLessThan(60_000);
    expect(page.pagination_key).toMatch(/^\d+$/);
    // Each line names its server by ID as the origin does (server_ubid), and by name.
    const servers = (await t.call('listPostgresServers', { token: a.token, params: at })).body
      .items;
    for (const l of page.logs)
      expect(servers.map((s) => [s.id, s.name])).toContainEqual([l.server_ubid, l.server]);

    // The next page holds the lines just before, without overlap.
    const older = (
      await t.call('getPostgresLogs', {
        token: a.token,
        params: at,
        query: { ...window, pagination_key: page.pagination_key!, max_log_lines: 5 },
      })
    ).body;
    expect(older.logs).toHaveLength(5);
    expect(Date.parse(older.logs.at(-1)!.timestamp)).toBeLessThanOrEqual(stamps[0]!);

    // Walking every page of the range yields each line once: a PostgreSQL line every 15 s and a PgBouncer line a minute per server.
    const seen: string[] = [];
    let key: string | undefined;
    do {
      const res: Awaited<ReturnType<typeof getLogs>> = await getLogs({
        ...window,
        max_log_lines: 500,
        ...(key ? { pagination_key: key } : {}),
      });
      seen.unshift(...res.logs.map((l) => `${l.timestamp} ${l.server} ${l.stream_name}`));
      key = res.pagination_key;
    } while (key);
    // The last page has no key at all (the origin leaves it out).
    expect(
      'pagination_key' in (await getLogs({ ...window, max_log_lines: 500, pagination_key: '1' })),
    ).toBe(false);
    expect(new Set(seen).size).toBe(seen.length);
    expect(seen.length).toBeGreaterThanOrEqual(2 * (120 + 30) - 4);
    expect(seen.length).toBeLessThanOrEqual(2 * (121 + 31));

    const all = (await getLogs({ ...window, max_log_lines: 500 })).logs;
    expect(new Set(all.map((l) => l.stream_name))).toEqual(new Set(['postgres', 'pgbouncer']));
    expect(new Set(all.map((l) => l.server_role))).toEqual(new Set(['primary', 'standby']));
    expect(
      all.some(
        (l) =>
          /^checkpoint (starting|complete)/.test(l.message) ||
          /^connection (received|authorized)/.test(l.message),
      ),
    ).toBe(true);

    const bouncer = (
      await getLogs({
        ...window,
        stream_name: 'pgbouncer',
        server_role: 'primary',
        max_log_lines: 500,
      })
    ).logs;
    expect(bouncer.length).toBeGreaterThan(0);
    for (const l of bouncer)
      expect([l.stream_name, l.server_role]).toEqual(['pgbouncer', 'primary']);
    const standby = (
      await getLogs({
        ...window,
        stream_name: 'postgres',
        server_role: 'standby',
        max_log_lines: 500,
      })
    ).logs;
    for (const l of standby) expect(l.message).toMatch(/restart ?point|recovery/);
    const checkpoints = (
      await getLogs({ ...window, query_pattern: 'CHECKPOINT', max_log_lines: 500 })
    ).logs;
    for (const l of checkpoints) expect(l.message.toLowerCase()).toContain('checkpoint');
    // The origin's severities, asked in any case (audit row 24).
    const logOnly = (await getLogs({ ...window, severity_level: 'info', max_log_lines: 500 })).logs;
    for (const l of logOnly) expect(l.severity_level).toBe('INFO');

    // Nothing before it first ran.
    const before = (
      await getLogs({
        start: new Date(Date.now() - 5 * HOUR).toISOString(),
        end: new Date(Date.now() - 3 * HOUR).toISOString(),
      })
    ).logs;
    expect(before).toEqual([]);

    async function getLogs(query: Record<string, string | number>) {
      const res = await t.call('getPostgresLogs', { token: a.token, params: at, query });
      expect(res.status, res.text).toBe(200);
      return res.body;
    }
  });

  it.each([
    ['a malformed start', { start: 'now' }, 'start'],
    ['an unknown stream', { stream_name: 'kernel' }, 'stream_name'],
    ['an unknown role', { server_role: 'leader' }, 'server_role'],
    ['an unknown severity', { severity_level: 'warning' }, 'severity_level'],
    ['a malformed pagination key', { pagination_key: 'abc' }, 'pagination_key'],
    ['no lines asked for', { max_log_lines: '0' }, 'max_log_lines'],
  ])('refuses %s with a 400 naming it', async (_what, query, field) => {
    const a = await newOwner(slow);
    await createPg(slow, a.token, a.project, 'logs', { size: 'hobby-1' });
    expectInvalid(
      'current',
      await slow.call('getPostgresLogs', {
        token: a.token,
        params: pgAt(a.project, 'logs'),
        query: query as Record<string, string>,
      }),
      field,
    );
  });

  // The origin's route checks these itself: a 400 saying why, without details.
  it.each([
    [
      'an end before the start',
      { start: '2026-11-23T10:00:00Z', end: '2026-11-23T09:00:00Z' },
      'End time must be after start time',
    ],
    [
      'an end at the start',
      { start: '2026-11-23T10:00:00Z', end: '2026-11-23T10:00:00Z' },
      'End time must be after start time',
    ],
    [
      'a range over a day',
      {
        start: new Date(Date.now() - 30 * HOUR).toISOString(),
        end: new Date(Date.now() - 1 * HOUR).toISOString(),
      },
      'Maximum time range for log queries is 24 hours',
    ],
    [
      'a start over a week ago',
      {
        start: new Date(Date.now() - 8 * 24 * HOUR).toISOString(),
        end: new Date(Date.now() - 8 * 24 * HOUR + HOUR).toISOString(),
      },
      'Cannot query logs older than 7 days',
    ],
    ['too many lines asked for', { max_log_lines: '501' }, 'Maximum limit is 500'],
    [
      'a long pattern',
      { query_pattern: 'x'.repeat(201) },
      'query_pattern must be less than 200 chars',
    ],
  ])('refuses %s in the origin’s words', async (_what, query, message) => {
    const a = await newOwner(slow);
    await createPg(slow, a.token, a.project, 'logs', { size: 'hobby-1' });
    const res = await slow.call('getPostgresLogs', {
      token: a.token,
      params: pgAt(a.project, 'logs'),
      query: query as Record<string, string>,
    });
    expect(expectCurrentError(res, 400, 'InvalidRequest')).toMatchObject({
      message,
      details: null,
    });
  });
});

describe('metrics', () => {
  it('answers the origin’s twelve metrics, its series of each per server, over the range (audit row 25)', async () => {
    const a = await newOwner(t);
    const pg = await runningPg(t, a.token, a.project, 'm', { size: 'hobby-2', ha_type: 'async' });
    await ranSince(t, pg.id, 3 * 24 * HOUR);
    const at = pgAt(a.project, 'm');
    const res = await t.call('getPostgresMetrics', { token: a.token, params: at });
    expect(res.status, res.text).toBe(200);
    const { metrics } = expectSchema(metricsSchema, res.body);
    expect(metrics.map((m) => [m.key, m.name, m.unit])).toEqual([
      ['cpu_usage', 'CPU Usage', '%'],
      ['load_average', 'Load Average', ''],
      ['memory_usage', 'Memory Usage', '%'],
      ['disk_usage', 'Disk Usage', '%'],
      ['disk_io', 'Disk I/O', 'IOPS'],
      ['network_traffic', 'Network Traffic', 'bytes/s'],
      ['connection_count', 'Connection Count', 'count'],
      ['cache_hit_ratio', 'Cache Hit Ratio', '%'],
      ['operation_throughput', 'Operation Throughput', 'ops/s'],
      ['deadlocks', 'Deadlocks', 'deadlocks/s'],
      ['database_size', 'Database Size', 'bytes'],
      ['transactions', 'Transactions', 'count/s'],
    ]);
    // The origin's series labels: `name` (Active/Total), `mode` for CPU, `datname` for sizes.
    const byKey = Object.fromEntries(metrics.map((m) => [m.key, m]));
    expect(byKey.connection_count!.series.map((s) => [s.labels.role, s.labels.name])).toEqual([
      ['primary', 'Active'],
      ['primary', 'Total'],
      ['standby', 'Active'],
      ['standby', 'Total'],
    ]);
    expect(
      byKey.cpu_usage!.series.filter((s) => s.labels.role === 'primary').map((s) => s.labels.mode),
    ).toEqual(['iowait', 'user', 'system', 'steal', 'softirq']);
    expect(byKey.database_size!.series[0]!.labels.datname).toBe('postgres');
    for (const m of metrics) {
      expect([...new Set(m.series.map((s) => s.labels.role))]).toEqual(['primary', 'standby']);
      // The last half hour, a point a minute.
      for (const s of m.series) {
        expect(s.values.length).toBeGreaterThanOrEqual(29);
        expect(s.values.length).toBeLessThanOrEqual(31);
        const ts = s.values.map((v) => v[0]);
        for (let i = 1; i < ts.length; i++) expect(ts[i]! - ts[i - 1]!).toBe(60);
      }
    }
    for (const [, v] of metrics[0]!.series[0]!.values) expect(Number(v)).toBeGreaterThanOrEqual(0);
    for (const [, v] of byKey.disk_usage!.series[0]!.values)
      expect(Number(v)).toBeLessThanOrEqual(100);

    // A week in at most about 240 points, one metric by key.
    const week = (
      await t.call('getPostgresMetrics', {
        token: a.token,
        params: at,
        query: {
          key: 'connection_count',
          start: new Date(Date.now() - 7 * 24 * HOUR).toISOString(),
        },
      })
    ).body.metrics;
    expect(week.map((m) => m.key)).toEqual(['connection_count']);
    const points = week[0]!.series[0]!.values;
    expect(points.length).toBeLessThanOrEqual(241);
    // Nothing before it first ran (three days ago).
    expect(points[0]![0] * 1000).toBeGreaterThanOrEqual(Date.now() - 3 * 24 * HOUR - 60 * 60_000);
    // The same answer for the same range.
    const range = {
      start: new Date(Date.now() - 2 * HOUR).toISOString(),
      end: new Date(Date.now() - HOUR).toISOString(),
    };
    const once = (await t.call('getPostgresMetrics', { token: a.token, params: at, query: range }))
      .body;
    expect(
      (await t.call('getPostgresMetrics', { token: a.token, params: at, query: range })).body,
    ).toEqual(once);
  });

  it.each([
    ['an unknown key', { key: 'iops' }, 'key'],
    ['our former key', { key: 'connections' }, 'key'],
    ['a malformed end', { end: '23/11/2026' }, 'end'],
    [
      'an end before the start',
      {
        start: new Date(Date.now() - HOUR).toISOString(),
        end: new Date(Date.now() - 2 * HOUR).toISOString(),
      },
      'end',
    ],
    [
      'a start over 31 days ago',
      {
        start: new Date(Date.now() - 32 * 24 * HOUR).toISOString(),
        end: new Date(Date.now() - 31 * 24 * HOUR).toISOString(),
      },
      'start',
    ],
  ])('refuses %s with a 400 naming it', async (_what, query, field) => {
    const a = await newOwner(slow);
    await createPg(slow, a.token, a.project, 'm', { size: 'hobby-1' });
    expectInvalid(
      'current',
      await slow.call('getPostgresMetrics', {
        token: a.token,
        params: pgAt(a.project, 'm'),
        query: query as Record<string, string>,
      }),
      field,
    );
  });
});

describe('metric destinations', () => {
  it('adds the origin’s basic-auth, authorization and header destinations, lists them without secrets, deletes them (audit row 2)', async () => {
    const a = await newOwner(t);
    await createPg(t, a.token, a.project, 'md', { size: 'hobby-1' });
    const at = pgAt(a.project, 'md');
    const basic = await t.call('createPostgresMetricDestination', {
      token: a.token,
      params: at,
      body: { url: 'https://prom.example.com/api/v1/write', username: 'u', password: 'p' },
    });
    expect(basic.status, basic.text).toBe(200);
    expect(basic.body.name).toBe('md');
    // The SDK's add_bearer_metric_destination: nulls for username and password, options with a bearer token and headers.
    const bearer = await t.call('createPostgresMetricDestination', {
      token: a.token,
      params: at,
      body: {
        url: 'https://mimir.example.com/push',
        username: null,
        password: null,
        options: {
          authorization: { type: 'Bearer', credentials: 'secret-token' },
          headers: { 'X-Scope-OrgID': 'team' },
        },
      },
    });
    expect(bearer.status, bearer.text).toBe(200);
    expect(bearer.body.metric_destinations.map((d) => [d.url, d.auth_methods])).toEqual([
      ['https://prom.example.com/api/v1/write', ['basic_auth']],
      ['https://mimir.example.com/push', ['authorization', 'headers']],
    ]);
    const headersOnly = await t.call('createPostgresMetricDestination', {
      token: a.token,
      params: at,
      body: { url: 'https://h.example.com/push', options: { headers: { 'X-Key': 'k' } } },
    });
    expect(headersOnly.status, headersOnly.text).toBe(200);
    const list = (await t.call('listPostgresMetricDestinations', { token: a.token, params: at }))
      .body;
    expect(list.items.map((d) => [d.url, d.auth_methods, d.username])).toEqual([
      ['https://prom.example.com/api/v1/write', ['basic_auth'], 'u'],
      ['https://mimir.example.com/push', ['authorization', 'headers'], null],
      ['https://h.example.com/push', ['headers'], null],
    ]);
    expect(JSON.stringify(list)).not.toContain('secret-token');
    expect(JSON.stringify((await getPg(t, a.token, a.project, 'md')).body)).not.toContain(
      'secret-token',
    );
    const id = list.items[0]!.id;
    expect(id).toMatch(/^md/);
    expect(
      (
        await t.call('deletePostgresMetricDestination', {
          token: a.token,
          params: { ...at, metric_destination_id: id },
        })
      ).status,
    ).toBe(204);
    expect(
      (
        await t.call('deletePostgresMetricDestination', {
          token: a.token,
          params: { ...at, metric_destination_id: id },
        })
      ).status,
    ).toBe(204);
    expect(
      (await t.call('listPostgresMetricDestinations', { token: a.token, params: at })).body.count,
    ).toBe(2);
  });

  it.each([
    ['no url', { username: 'u', password: 'p' }, 'url'],
    ['a url that is no URL', { url: 'prom', username: 'u', password: 'p' }, 'url'],
    ['a ftp url', { url: 'ftp://prom.example.com', username: 'u', password: 'p' }, 'url'],
    ['an http url', { url: 'http://prom.example.com', username: 'u', password: 'p' }, 'url'],
    [
      'a username without password',
      { url: 'https://p.example.com', username: 'u', password: null },
      'username',
    ],
    [
      'no credentials at all',
      { url: 'https://p.example.com', username: null, password: null, options: null },
      'options',
    ],
    ['empty headers only', { url: 'https://p.example.com', options: { headers: {} } }, 'options'],
    [
      'authorization with username and password',
      {
        url: 'https://p.example.com',
        username: 'u',
        password: 'p',
        options: { authorization: { credentials: 't' } },
      },
      'options',
    ],
    [
      'a basic authorization type',
      {
        url: 'https://p.example.com',
        options: { authorization: { type: 'Basic', credentials: 't' } },
      },
      'options',
    ],
    [
      'an empty credential',
      { url: 'https://p.example.com', options: { authorization: { credentials: '' } } },
      'options',
    ],
    [
      'a reserved header',
      { url: 'https://p.example.com', options: { headers: { Authorization: 'x' } } },
      'options',
    ],
    ['an unknown option', { url: 'https://p.example.com', options: { tls: {} } }, 'options'],
    [
      'the old bearer_token',
      { url: 'https://p.example.com', username: 'u', password: 'p', bearer_token: 't' },
      'bearer_token',
    ],
  ] as [string, Record<string, unknown>, ...string[]][])(
    'refuses %s with a 400 naming the fields, adding nothing',
    async (_what, body, ...fields) => {
      const a = await newOwner(slow);
      await createPg(slow, a.token, a.project, 'md', { size: 'hobby-1' });
      expectInvalid(
        'current',
        await slow.call('createPostgresMetricDestination', {
          token: a.token,
          params: pgAt(a.project, 'md'),
          invalidBody: body,
        }),
        ...fields,
      );
      expect((await pgSnapshot(slow, a.project)).metrics).toEqual([]);
    },
  );

  it.each([
    ['https://127.0.0.1/api/v1/write', 'a loopback address'],
    ['https://localhost:9090/api/v1/write', 'a loopback address'],
    ['https://10.0.0.5/api/v1/write', 'a private address'],
    ['https://169.254.169.254/latest/meta-data', 'a link-local address'],
    ['https://[::ffff:192.168.1.1]/write', 'a private address'],
    ['https://[fe80::1]/write', 'a link-local address'],
  ])('refuses url %s (%s) with the webhook’s 400, adding nothing', async (url, what) => {
    const a = await newOwner(slow);
    await createPg(slow, a.token, a.project, 'md', { size: 'hobby-1' });
    const before = await pgSnapshot(slow, a.project);
    const res = await slow.call('createPostgresMetricDestination', {
      token: a.token,
      params: pgAt(a.project, 'md'),
      body: { url, username: 'u', password: 'p' },
    });
    expect([res.status, res.body]).toEqual([400, privateTarget(what)]);
    expect([res.status, res.body]).toEqual(await webhookAnswer(slow, a.token, a.project, url));
    expect(await pgSnapshot(slow, a.project)).toEqual(before);
    expect(before.metrics).toEqual([]);
  });
});

describe('log destinations', () => {
  it('adds OTLP and syslog destinations, lists and deletes them', async () => {
    const a = await newOwner(t);
    await createPg(t, a.token, a.project, 'ld', { size: 'hobby-1' });
    const at = pgAt(a.project, 'ld');
    const otlp = await t.call('createPostgresLogDestination', {
      token: a.token,
      params: at,
      body: {
        name: 'grafana',
        type: 'otlp',
        url: 'https://otlp.example.com/v1/logs',
        options: { headers: { Authorization: 'Basic eHl6' } },
      },
    });
    expect(otlp.status, otlp.text).toBe(200);
    expect(otlp.body).toEqual({
      id: expect.stringMatching(/^1d/),
      name: 'grafana',
      type: 'otlp',
      url: 'https://otlp.example.com/v1/logs',
    });
    await t.call('createPostgresLogDestination', {
      token: a.token,
      params: at,
      // Structured data nested by SD-ID, as the origin's SDK sends it (audit row 13).
      body: {
        name: 'papertrail',
        type: 'syslog',
        url: 'tcp://logs.example.com:6514',
        options: { structured_data: { 'tokenSD@41058': { token: 'abc' } } },
      },
    });
    const list = (await t.call('listPostgresLogDestinations', { token: a.token, params: at })).body;
    expect(list.items.map((d) => [d.name, d.type, d.url])).toEqual([
      ['grafana', 'otlp', 'https://otlp.example.com/v1/logs'],
      ['papertrail', 'syslog', 'tcp://logs.example.com:6514'],
    ]);
    expect(JSON.stringify(list)).not.toContain('eHl6');
    const id = list.items[1]!.id;
    expect(id).toMatch(/^1d/);
    expect(
      (
        await t.call('deletePostgresLogDestination', {
          token: a.token,
          params: { ...at, log_destination_id: id },
        })
      ).status,
    ).toBe(204);
    expect(
      (await t.call('listPostgresLogDestinations', { token: a.token, params: at })).body.items.map(
        (d) => d.name,
      ),
    ).toEqual(['grafana']);
  });

  it.each([
    ['no type', { name: 'x', url: 'https://o.example.com' }, 'type'],
    ['an unknown type', { name: 'x', type: 'kafka', url: 'https://o.example.com' }, 'type'],
    ['an http OTLP url', { name: 'x', type: 'otlp', url: 'http://o.example.com' }, 'url'],
    [
      'a syslog url without a port',
      { name: 'x', type: 'syslog', url: 'tcp://logs.example.com' },
      'url',
    ],
    [
      'a syslog url that is https',
      { name: 'x', type: 'syslog', url: 'https://logs.example.com:6514' },
      'url',
    ],
    [
      'headers for syslog',
      {
        name: 'x',
        type: 'syslog',
        url: 'tcp://l.example.com:6514',
        options: { headers: { a: 'b' } },
      },
      'options.headers',
    ],
    [
      'structured data for OTLP',
      {
        name: 'x',
        type: 'otlp',
        url: 'https://o.example.com',
        options: { structured_data: { a: { b: 'c' } } },
      },
      'options.structured_data',
    ],
    [
      'flat structured data',
      {
        name: 'x',
        type: 'syslog',
        url: 'tcp://l.example.com:6514',
        options: { structured_data: { a: 'b' } },
      },
      'options.structured_data.a',
    ],
    ['an empty name', { name: '', type: 'otlp', url: 'https://o.example.com' }, 'name'],
    [
      'an unknown option',
      { name: 'x', type: 'otlp', url: 'https://o.example.com', options: { gzip: true } },
      'options.gzip',
    ],
  ])('refuses %s with a 400 naming the field, adding nothing', async (_what, body, field) => {
    const a = await newOwner(slow);
    await createPg(slow, a.token, a.project, 'ld', { size: 'hobby-1' });
    expectInvalid(
      'current',
      await slow.call('createPostgresLogDestination', {
        token: a.token,
        params: pgAt(a.project, 'ld'),
        invalidBody: body,
      }),
      field,
    );
    expect((await pgSnapshot(slow, a.project)).logs).toEqual([]);
  });

  it.each([
    ['otlp', 'https://127.0.0.1:4318/v1/logs', 'a loopback address'],
    ['otlp', 'https://192.168.1.10/v1/logs', 'a private address'],
    ['otlp', 'https://api.localhost/v1/logs', 'a loopback address'],
    // tcp:// is not a scheme the URL parser normalizes: the host is read as a resolver would.
    ['syslog', 'tcp://127.1:514', 'a loopback address'],
    ['syslog', 'tcp://0x7f000001:6514', 'a loopback address'],
    ['syslog', 'tcp://127%2E0%2E0%2E1:6514', 'a loopback address'],
    ['syslog', 'tcp://LOCALHOST.:6514', 'a loopback address'],
    ['syslog', 'tcp://172.20.0.1:6514', 'a private address'],
    ['syslog', 'tcp://100.64.0.1:6514', 'a shared (carrier-grade NAT) address'],
    ['syslog', 'tcp://[::1]:6514', 'a loopback address'],
    ['syslog', 'tcp://[fd00::1]:6514', 'a private (unique local) address'],
  ] as const)(
    'refuses a %s url %s (%s) with the webhook’s 400, adding nothing',
    async (type, url, what) => {
      const a = await newOwner(slow);
      await createPg(slow, a.token, a.project, 'ld', { size: 'hobby-1' });
      const before = await pgSnapshot(slow, a.project);
      const res = await slow.call('createPostgresLogDestination', {
        token: a.token,
        params: pgAt(a.project, 'ld'),
        body: { name: 'x', type, url },
      });
      expect([res.status, res.body]).toEqual([400, privateTarget(what)]);
      expect([res.status, res.body]).toEqual(await webhookAnswer(slow, a.token, a.project, url));
      expect(await pgSnapshot(slow, a.project)).toEqual(before);
      expect(before.logs).toEqual([]);
    },
  );
});

describe('destinations with WEBHOOK_ALLOW_PRIVATE=1', () => {
  it('takes private and loopback URLs (development, and the tests’ local receivers), as webhooks do', async () => {
    const dev = await serverForFile({ WEBHOOK_ALLOW_PRIVATE: '1', PROVISION_DELAY_MS: '600000' });
    const a = await newOwner(dev);
    await createPg(dev, a.token, a.project, 'dev', { size: 'hobby-1' });
    const at = pgAt(a.project, 'dev');
    const metric = await dev.call('createPostgresMetricDestination', {
      token: a.token,
      params: at,
      body: {
        url: 'https://127.0.0.1:9090/api/v1/write',
        options: { authorization: { credentials: 't' } },
      },
    });
    expect(metric.status, metric.text).toBe(200);
    const log = await dev.call('createPostgresLogDestination', {
      token: a.token,
      params: at,
      body: { name: 'local', type: 'syslog', url: 'tcp://10.0.0.5:514' },
    });
    expect(log.status, log.text).toBe(200);
    const snap = await pgSnapshot(dev, a.project);
    expect([snap.metrics.map((m) => m.url), snap.logs.map((l) => l.url)]).toEqual([
      ['https://127.0.0.1:9090/api/v1/write'],
      ['tcp://10.0.0.5:514'],
    ]);
  });
});

describe('client certificates', () => {
  it('issues a key and a certificate for a user that verify against the CA the database serves', async () => {
    const a = await newOwner(t);
    await createPg(t, a.token, a.project, 'tls', { size: 'hobby-1' });
    const at = pgAt(a.project, 'tls');
    const res = await t.call('createPostgresClientKeypair', {
      token: a.token,
      params: at,
      body: { common_name: 'App-User', duration: 7 * 24 * 3600 },
    });
    expect(res.status, res.text).toBe(200);
    // PEM text as the origin answers it: the certificate, then the key (audit row 11).
    expect(res.headers.get('content-type')).toMatch(/^application\/x-pem-file/);
    expect(res.headers.get('content-disposition')).toBe('attachment; filename="App-User.pem"');
    const [certPem, keyPem] = res.text.split(/(?=-----BEGIN [A-Z ]*PRIVATE KEY-----)/);
    const caPem = (await t.call('getPostgresCACertificates', { token: a.token, params: at })).text;
    const ca = new X509Certificate(caPem);
    const cert = new X509Certificate(certPem!);
    expect(cert.verify(ca.publicKey)).toBe(true);
    expect(cert.checkIssued(ca)).toBe(true);
    expect(cert.subject).toBe('C=US\nO=None\nCN=App-User');
    expect(cert.ca).toBe(false);
    // Valid for the duration asked for (a week); digits as a string are read too (the origin's coercion).
    expect(Math.abs(Date.parse(cert.validTo) - Date.now() - 7 * 24 * HOUR)).toBeLessThan(60_000);
    const yearly = await t.call('createPostgresClientKeypair', {
      token: a.token,
      params: at,
      invalidBody: { common_name: 'other_user', duration: String(366 * 24 * 3600) },
    });
    expect(yearly.status, yearly.text).toBe(200);
    // The key is the certificate's.
    const key = createPrivateKey(keyPem!);
    expect(createPublicKey(key).export({ format: 'pem', type: 'spki' })).toBe(
      cert.publicKey.export({ format: 'pem', type: 'spki' }),
    );
    // Another database's CA did not sign it.
    const other = await createPg(t, a.token, a.project, 'other', { size: 'hobby-1' });
    expect(cert.verify(new X509Certificate(other.ca_certificates!).publicKey)).toBe(false);
  });

  it('adds and removes the users who sign in with certificates', async () => {
    const a = await newOwner(t);
    await createPg(t, a.token, a.project, 'tls', { size: 'hobby-1' });
    const at = pgAt(a.project, 'tls');
    expect(
      (await t.call('listPostgresCertAuthUsers', { token: a.token, params: at })).body,
    ).toEqual({ items: [] });
    expect(
      (
        await t.call('addPostgresCertAuthUser', {
          token: a.token,
          params: at,
          body: { name: 'reporter' },
        })
      ).body,
    ).toEqual({ items: ['reporter'] });
    expect(
      (
        await t.call('addPostgresCertAuthUser', {
          token: a.token,
          params: at,
          body: { name: 'app' },
        })
      ).body,
    ).toEqual({ items: ['app', 'reporter'] });
    expect(
      (
        await t.call('addPostgresCertAuthUser', {
          token: a.token,
          params: at,
          body: { name: 'app' },
        })
      ).body,
    ).toEqual({ items: ['app', 'reporter'] });
    expect(
      (
        await t.call('removePostgresCertAuthUser', {
          token: a.token,
          params: at,
          body: { name: 'reporter' },
        })
      ).body,
    ).toEqual({ items: ['app'] });
    expect(
      (
        await t.call('removePostgresCertAuthUser', {
          token: a.token,
          params: at,
          body: { name: 'nobody' },
        })
      ).body,
    ).toEqual({ items: ['app'] });
    expect(
      (await t.call('listPostgresCertAuthUsers', { token: a.token, params: at })).body,
    ).toEqual({ items: ['app'] });
  });

  it.each([['Upper'], ['1starts_with_digit'], ['has-hyphen'], ['x'.repeat(64)], [''], [42]])(
    'refuses the cert auth user name %j (400 naming the field)',
    async (name) => {
      const a = await newOwner(slow);
      await createPg(slow, a.token, a.project, 'tls', { size: 'hobby-1' });
      const at = pgAt(a.project, 'tls');
      for (const op of ['addPostgresCertAuthUser', 'removePostgresCertAuthUser'] as const) {
        expectInvalid(
          'current',
          await slow.call(op, { token: a.token, params: at, invalidBody: { name } }),
          'name',
        );
      }
      expect((await getPg(slow, a.token, a.project, 'tls')).status).toBe(200);
      expect(
        (await slow.call('listPostgresCertAuthUsers', { token: a.token, params: at })).body.items,
      ).toEqual([]);
    },
  );

  it.each([['x'.repeat(65)], ['has space'], ['postgres'], ['ubi_replication'], [''], [42]])(
    'refuses the common name %j as the origin does (400 naming it)',
    async (common_name) => {
      const a = await newOwner(slow);
      await createPg(slow, a.token, a.project, 'tls', { size: 'hobby-1' });
      expectInvalid(
        'current',
        await slow.call('createPostgresClientKeypair', {
          token: a.token,
          params: pgAt(a.project, 'tls'),
          invalidBody: { common_name, duration: 3600 },
        }),
        'common_name',
      );
    },
  );

  it.each([[0], [366 * 24 * 3600 + 1], [3600.5], ['an hour'], [null]])(
    'refuses a duration of %j seconds (400 naming duration)',
    async (duration) => {
      const a = await newOwner(slow);
      await createPg(slow, a.token, a.project, 'tls', { size: 'hobby-1' });
      expectInvalid(
        'current',
        await slow.call('createPostgresClientKeypair', {
          token: a.token,
          params: pgAt(a.project, 'tls'),
          invalidBody: { common_name: 'app', duration },
        }),
        'duration',
      );
    },
  );

  it('is for members only', async () => {
    const a = await newOwner(t);
    const s = await stranger(t);
    await createPg(t, a.token, a.project, 'tls', { size: 'hobby-1' });
    expectCurrentError(
      await t.call('createPostgresClientKeypair', {
        token: s.token,
        params: pgAt(a.project, 'tls'),
        body: { common_name: 'x', duration: 60 },
      }),
      404,
      'ResourceNotFound',
    );
    expectCurrentError(
      await t.call('getPostgresLogs', { token: s.token, params: pgAt(a.project, 'tls') }),
      404,
      'ResourceNotFound',
    );
    expectCurrentError(
      await t.call('getPostgresMetrics', { token: s.token, params: pgAt(a.project, 'tls') }),
      404,
      'ResourceNotFound',
    );
  });
});
