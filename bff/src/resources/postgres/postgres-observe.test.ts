// What can be seen of a running database: its servers, logs and metrics; where it sends them
// (metric and log destinations); and client certificates signed by its CA.
import { X509Certificate, createPrivateKey, createPublicKey } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { logsSchema, metricsSchema, postgresServerListSchema } from '#shared/api/postgres';
import { expectSchema, kindServers } from '../../../test/harness.ts';
import { expectCurrentError, expectInvalid, newOwner, stranger } from '../../../test/fixtures.ts';
import { createPg, getPg, pgAt, pgSnapshot, runningPg } from './postgres.fixtures.ts';

const { t, slow } = await kindServers();
const HOUR = 3600_000;

/** Moves the database's first run back in time, so it has history to show. */
async function ranSince(id: string, msAgo: number) {
  await t.ctx.db
    .updateTable('postgres')
    .set({ running_since: new Date(Date.now() - msAgo).toISOString() })
    .where('id', '=', id)
    .execute();
}

describe('servers', () => {
  it('lists the primary and, with HA, the standbys with their role, state, size and addresses', async () => {
    const a = await newOwner(t);
    await createPg(t, a.token, a.project, 'ha', { size: 'standard-2', ha_type: 'sync' });
    const res = await t.call('listPostgresServers', { token: a.token, params: pgAt(a.project, 'ha') });
    const list = expectSchema(postgresServerListSchema, res.body);
    expect(list.count).toBe(3);
    expect(list.items.map((s) => s.role)).toEqual(['primary', 'standby', 'standby']);
    for (const s of list.items) {
      expect(s.id).toMatch(/^vm/);
      expect(s).toMatchObject({ vm_size: 'standard-2', storage_size_gib: 128 });
      expect(['creating', 'running']).toContain(s.state);
      expect(s.private_ipv4).toMatch(/^10\./);
    }
    await runningPg(t, a.token, a.project, 'single', { size: 'hobby-1' });
    const single = (await t.call('listPostgresServers', { token: a.token, params: pgAt(a.project, 'single') })).body;
    expect(single.items.map((s) => [s.role, s.state])).toEqual([['primary', 'running']]);
  });
});

describe('logs', () => {
  it('pages realistic lines newest first, filtered by stream, role, severity and text', async () => {
    const a = await newOwner(t);
    const pg = await runningPg(t, a.token, a.project, 'logs', { size: 'hobby-1', ha_type: 'async' });
    await ranSince(pg.id, 2 * HOUR);
    const at = pgAt(a.project, 'logs');
    const first = await t.call('getPostgresLogs', { token: a.token, params: at });
    expect(first.status, first.text).toBe(200);
    const page = expectSchema(logsSchema, first.body);
    // Half an hour by default: a PostgreSQL line every 15 s and a PgBouncer line a minute per server.
    expect(page.count).toBeGreaterThanOrEqual(2 * (120 + 30) - 4);
    expect(page.items).toHaveLength(10);
    const stamps = page.items.map((l) => Date.parse(l.timestamp));
    expect(stamps).toEqual([...stamps].sort((x, y) => y - x));
    expect(Date.now() - stamps[0]!).toBeLessThan(60_000);
    expect(page.next_start_after).toBe(page.items.at(-1)!.cursor);

    // The next page continues where the first stopped, without overlap.
    const next = (await t.call('getPostgresLogs', { token: a.token, params: at, query: { start_after: page.next_start_after!, page_size: 5 } })).body;
    expect(next.count).toBe(page.count);
    expect(next.items).toHaveLength(5);
    expect(Number(next.items[0]!.cursor)).toBeLessThan(Number(page.items.at(-1)!.cursor));

    const all = (await t.call('getPostgresLogs', { token: a.token, params: at, query: { page_size: 1000 } })).body;
    expect(all.items.map((l) => l.cursor)).toEqual([...new Set(all.items.map((l) => l.cursor))]);
    expect(new Set(all.items.map((l) => l.stream))).toEqual(new Set(['postgres', 'pgbouncer']));
    expect(new Set(all.items.map((l) => l.role))).toEqual(new Set(['primary', 'standby']));
    expect(all.items.some((l) => /^checkpoint (starting|complete)/.test(l.message) || /^connection (received|authorized)/.test(l.message))).toBe(true);

    const bouncer = (await t.call('getPostgresLogs', { token: a.token, params: at, query: { stream: 'pgbouncer', role: 'primary', page_size: 1000 } })).body;
    expect(bouncer.count).toBeGreaterThan(0);
    for (const l of bouncer.items) expect([l.stream, l.role]).toEqual(['pgbouncer', 'primary']);
    const standby = (await t.call('getPostgresLogs', { token: a.token, params: at, query: { stream: 'postgres', role: 'standby', page_size: 1000 } })).body;
    for (const l of standby.items) expect(l.message).toMatch(/restart ?point|recovery/);
    const checkpoints = (await t.call('getPostgresLogs', { token: a.token, params: at, query: { search: 'CHECKPOINT', page_size: 1000 } })).body;
    for (const l of checkpoints.items) expect(l.message.toLowerCase()).toContain('checkpoint');
    const logOnly = (await t.call('getPostgresLogs', { token: a.token, params: at, query: { severity: 'LOG', page_size: 1000 } })).body;
    expect(logOnly.count).toBeLessThanOrEqual(all.count);
    for (const l of logOnly.items) expect(l.severity).toBe('LOG');

    // An earlier hour of the two it ran; nothing before it ran.
    const hourAgo = (
      await t.call('getPostgresLogs', {
        token: a.token,
        params: at,
        query: { start: new Date(Date.now() - 90 * 60_000).toISOString(), end: new Date(Date.now() - 30 * 60_000).toISOString() },
      })
    ).body;
    expect(hourAgo.count).toBeGreaterThan(page.count);
    const before = (
      await t.call('getPostgresLogs', {
        token: a.token,
        params: at,
        query: { start: new Date(Date.now() - 5 * HOUR).toISOString(), end: new Date(Date.now() - 3 * HOUR).toISOString() },
      })
    ).body;
    expect(before).toEqual({ count: 0, items: [], next_start_after: null });
  });

  it.each([
    ['a malformed start', { start: 'now' }, 'start'],
    ['an end before the start', { start: '2026-11-23T10:00:00Z', end: '2026-11-23T09:00:00Z' }, 'end'],
    ['a range over a day', { start: new Date(Date.now() - 30 * HOUR).toISOString(), end: new Date(Date.now() - 1 * HOUR).toISOString() }, 'end'],
    ['a start over a week ago', { start: new Date(Date.now() - 8 * 24 * HOUR).toISOString(), end: new Date(Date.now() - 8 * 24 * HOUR + HOUR).toISOString() }, 'start'],
    ['an unknown stream', { stream: 'kernel' }, 'stream'],
    ['an unknown role', { role: 'leader' }, 'role'],
    ['an unknown severity', { severity: 'log' }, 'severity'],
    ['a malformed cursor', { start_after: 'abc' }, 'start_after'],
    ['a bad page size', { page_size: '0' }, 'page_size'],
  ])('refuses %s with a 400 naming it', async (_what, query, field) => {
    const a = await newOwner(slow);
    await createPg(slow, a.token, a.project, 'logs', { size: 'hobby-1' });
    expectInvalid('current', await slow.call('getPostgresLogs', { token: a.token, params: pgAt(a.project, 'logs'), query: query as Record<string, string> }), field);
  });
});

describe('metrics', () => {
  it('answers series of CPU, memory, storage and connections per server over the range', async () => {
    const a = await newOwner(t);
    const pg = await runningPg(t, a.token, a.project, 'm', { size: 'hobby-2', ha_type: 'async' });
    await ranSince(pg.id, 3 * 24 * HOUR);
    const at = pgAt(a.project, 'm');
    const res = await t.call('getPostgresMetrics', { token: a.token, params: at });
    expect(res.status, res.text).toBe(200);
    const { metrics } = expectSchema(metricsSchema, res.body);
    expect(metrics.map((m) => [m.key, m.unit])).toEqual([
      ['cpu_usage', '%'],
      ['memory_usage', '%'],
      ['disk_usage', 'GiB'],
      ['connections', 'connections'],
    ]);
    for (const m of metrics) {
      expect(m.series.map((s) => s.labels.role)).toEqual(['primary', 'standby']);
      // The last half hour, a point a minute.
      for (const s of m.series) {
        expect(s.values.length).toBeGreaterThanOrEqual(29);
        expect(s.values.length).toBeLessThanOrEqual(31);
        const ts = s.values.map((v) => v[0]);
        for (let i = 1; i < ts.length; i++) expect(ts[i]! - ts[i - 1]!).toBe(60);
      }
    }
    for (const [, v] of metrics[0]!.series[0]!.values) expect(Number(v)).toBeGreaterThanOrEqual(0);
    for (const [, v] of metrics[2]!.series[0]!.values) expect(Number(v)).toBeLessThanOrEqual(64);

    // A week in at most about 240 points, one metric by key.
    const week = (await t.call('getPostgresMetrics', { token: a.token, params: at, query: { key: 'connections', start: new Date(Date.now() - 7 * 24 * HOUR).toISOString() } })).body
      .metrics;
    expect(week.map((m) => m.key)).toEqual(['connections']);
    const points = week[0]!.series[0]!.values;
    expect(points.length).toBeLessThanOrEqual(241);
    // Nothing before it first ran (three days ago).
    expect(points[0]![0] * 1000).toBeGreaterThanOrEqual(Date.now() - 3 * 24 * HOUR - 60 * 60_000);
    // The same answer for the same range.
    const range = { start: new Date(Date.now() - 2 * HOUR).toISOString(), end: new Date(Date.now() - HOUR).toISOString() };
    const once = (await t.call('getPostgresMetrics', { token: a.token, params: at, query: range })).body;
    expect((await t.call('getPostgresMetrics', { token: a.token, params: at, query: range })).body).toEqual(once);
  });

  it.each([
    ['an unknown key', { key: 'iops' }, 'key'],
    ['a malformed end', { end: '23/11/2026' }, 'end'],
    ['an end before the start', { start: new Date(Date.now() - HOUR).toISOString(), end: new Date(Date.now() - 2 * HOUR).toISOString() }, 'end'],
    ['a start over 31 days ago', { start: new Date(Date.now() - 32 * 24 * HOUR).toISOString(), end: new Date(Date.now() - 31 * 24 * HOUR).toISOString() }, 'start'],
  ])('refuses %s with a 400 naming it', async (_what, query, field) => {
    const a = await newOwner(slow);
    await createPg(slow, a.token, a.project, 'm', { size: 'hobby-1' });
    expectInvalid('current', await slow.call('getPostgresMetrics', { token: a.token, params: pgAt(a.project, 'm'), query: query as Record<string, string> }), field);
  });
});

describe('metric destinations', () => {
  it('adds basic-auth and bearer-token destinations, lists them without secrets, deletes them', async () => {
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
    await t.call('createPostgresMetricDestination', { token: a.token, params: at, body: { url: 'https://mimir.example.com/push', bearer_token: 'secret-token' } });
    const list = (await t.call('listPostgresMetricDestinations', { token: a.token, params: at })).body;
    expect(list.items.map((d) => [d.url, d.auth_type, d.username])).toEqual([
      ['https://prom.example.com/api/v1/write', 'basic', 'u'],
      ['https://mimir.example.com/push', 'bearer', null],
    ]);
    expect(JSON.stringify(list)).not.toContain('secret-token');
    const id = list.items[0]!.id;
    expect(id).toMatch(/^md/);
    expect((await t.call('deletePostgresMetricDestination', { token: a.token, params: { ...at, metric_destination_id: id } })).status).toBe(204);
    expect((await t.call('deletePostgresMetricDestination', { token: a.token, params: { ...at, metric_destination_id: id } })).status).toBe(204);
    expect((await t.call('listPostgresMetricDestinations', { token: a.token, params: at })).body.count).toBe(1);
  });

  it.each([
    ['no url', { username: 'u', password: 'p' }, 'url'],
    ['a url that is no URL', { url: 'prom', username: 'u', password: 'p' }, 'url'],
    ['a ftp url', { url: 'ftp://prom.example.com', username: 'u', password: 'p' }, 'url'],
    ['a username without password', { url: 'https://p.example.com', username: 'u' }, 'password'],
    ['no credentials at all', { url: 'https://p.example.com' }, 'username', 'password'],
    ['both forms', { url: 'https://p.example.com', username: 'u', password: 'p', bearer_token: 't' }, 'bearer_token'],
    ['an empty token', { url: 'https://p.example.com', bearer_token: '' }, 'bearer_token'],
    ['an unknown field', { url: 'https://p.example.com', bearer_token: 't', headers: {} }, 'headers'],
  ] as [string, Record<string, unknown>, ...string[]][])('refuses %s with a 400 naming the fields, adding nothing', async (_what, body, ...fields) => {
    const a = await newOwner(slow);
    await createPg(slow, a.token, a.project, 'md', { size: 'hobby-1' });
    expectInvalid('current', await slow.call('createPostgresMetricDestination', { token: a.token, params: pgAt(a.project, 'md'), invalidBody: body }), ...fields);
    expect((await pgSnapshot(slow, a.project)).metrics).toEqual([]);
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
      body: { name: 'grafana', type: 'otlp', url: 'https://otlp.example.com/v1/logs', options: { headers: { Authorization: 'Basic eHl6' } } },
    });
    expect(otlp.status, otlp.text).toBe(200);
    await t.call('createPostgresLogDestination', {
      token: a.token,
      params: at,
      body: { name: 'papertrail', type: 'syslog', url: 'tcp://logs.example.com:6514', options: { structured_data: { token: 'abc' } } },
    });
    const list = (await t.call('listPostgresLogDestinations', { token: a.token, params: at })).body;
    expect(list.items.map((d) => [d.name, d.type, d.url])).toEqual([
      ['grafana', 'otlp', 'https://otlp.example.com/v1/logs'],
      ['papertrail', 'syslog', 'tcp://logs.example.com:6514'],
    ]);
    expect(JSON.stringify(list)).not.toContain('eHl6');
    const id = list.items[1]!.id;
    expect(id).toMatch(/^ld/);
    expect((await t.call('deletePostgresLogDestination', { token: a.token, params: { ...at, log_destination_id: id } })).status).toBe(204);
    expect((await t.call('listPostgresLogDestinations', { token: a.token, params: at })).body.items.map((d) => d.name)).toEqual(['grafana']);
  });

  it.each([
    ['no type', { name: 'x', url: 'https://o.example.com' }, 'type'],
    ['an unknown type', { name: 'x', type: 'kafka', url: 'https://o.example.com' }, 'type'],
    ['an http OTLP url', { name: 'x', type: 'otlp', url: 'http://o.example.com' }, 'url'],
    ['a syslog url without a port', { name: 'x', type: 'syslog', url: 'tcp://logs.example.com' }, 'url'],
    ['a syslog url that is https', { name: 'x', type: 'syslog', url: 'https://logs.example.com:6514' }, 'url'],
    ['headers for syslog', { name: 'x', type: 'syslog', url: 'tcp://l.example.com:6514', options: { headers: { a: 'b' } } }, 'options.headers'],
    ['structured data for OTLP', { name: 'x', type: 'otlp', url: 'https://o.example.com', options: { structured_data: { a: 'b' } } }, 'options.structured_data'],
    ['an empty name', { name: '', type: 'otlp', url: 'https://o.example.com' }, 'name'],
    ['an unknown option', { name: 'x', type: 'otlp', url: 'https://o.example.com', options: { gzip: true } }, 'options.gzip'],
  ])('refuses %s with a 400 naming the field, adding nothing', async (_what, body, field) => {
    const a = await newOwner(slow);
    await createPg(slow, a.token, a.project, 'ld', { size: 'hobby-1' });
    expectInvalid('current', await slow.call('createPostgresLogDestination', { token: a.token, params: pgAt(a.project, 'ld'), invalidBody: body }), field);
    expect((await pgSnapshot(slow, a.project)).logs).toEqual([]);
  });
});

describe('client certificates', () => {
  it('issues a key and a certificate for a user that verify against the CA the database serves', async () => {
    const a = await newOwner(t);
    await createPg(t, a.token, a.project, 'tls', { size: 'hobby-1' });
    const at = pgAt(a.project, 'tls');
    const res = await t.call('createPostgresClientKeypair', { token: a.token, params: at, body: { name: 'app_user' } });
    expect(res.status, res.text).toBe(200);
    const caPem = (await t.call('getPostgresCACertificates', { token: a.token, params: at })).text;
    const ca = new X509Certificate(caPem);
    const cert = new X509Certificate(res.body.cert);
    expect(cert.verify(ca.publicKey)).toBe(true);
    expect(cert.checkIssued(ca)).toBe(true);
    expect(cert.subject).toBe('CN=app_user');
    expect(cert.ca).toBe(false);
    // The key is the certificate's.
    const key = createPrivateKey(res.body.key);
    expect(createPublicKey(key).export({ format: 'pem', type: 'spki' })).toBe(cert.publicKey.export({ format: 'pem', type: 'spki' }));
    // Another database's CA did not sign it.
    const other = await createPg(t, a.token, a.project, 'other', { size: 'hobby-1' });
    expect(cert.verify(new X509Certificate(other.ca_certificates!).publicKey)).toBe(false);
  });

  it('adds and removes the users who sign in with certificates', async () => {
    const a = await newOwner(t);
    await createPg(t, a.token, a.project, 'tls', { size: 'hobby-1' });
    const at = pgAt(a.project, 'tls');
    expect((await t.call('listPostgresCertAuthUsers', { token: a.token, params: at })).body).toEqual({ items: [] });
    expect((await t.call('addPostgresCertAuthUser', { token: a.token, params: at, body: { name: 'reporter' } })).body).toEqual({ items: ['reporter'] });
    expect((await t.call('addPostgresCertAuthUser', { token: a.token, params: at, body: { name: 'app' } })).body).toEqual({ items: ['app', 'reporter'] });
    expect((await t.call('addPostgresCertAuthUser', { token: a.token, params: at, body: { name: 'app' } })).body).toEqual({ items: ['app', 'reporter'] });
    expect((await t.call('removePostgresCertAuthUser', { token: a.token, params: at, body: { name: 'reporter' } })).body).toEqual({ items: ['app'] });
    expect((await t.call('removePostgresCertAuthUser', { token: a.token, params: at, body: { name: 'nobody' } })).body).toEqual({ items: ['app'] });
    expect((await t.call('listPostgresCertAuthUsers', { token: a.token, params: at })).body).toEqual({ items: ['app'] });
  });

  it.each([['Upper'], ['1starts_with_digit'], ['has-hyphen'], ['x'.repeat(64)], [''], [42]])('refuses the user name %j (400 naming name)', async (name) => {
    const a = await newOwner(slow);
    await createPg(slow, a.token, a.project, 'tls', { size: 'hobby-1' });
    const at = pgAt(a.project, 'tls');
    for (const op of ['createPostgresClientKeypair', 'addPostgresCertAuthUser', 'removePostgresCertAuthUser'] as const) {
      expectInvalid('current', await slow.call(op, { token: a.token, params: at, invalidBody: { name } }), 'name');
    }
    expect((await getPg(slow, a.token, a.project, 'tls')).status).toBe(200);
    expect((await slow.call('listPostgresCertAuthUsers', { token: a.token, params: at })).body.items).toEqual([]);
  });

  it('is for members only', async () => {
    const a = await newOwner(t);
    const s = await stranger(t);
    await createPg(t, a.token, a.project, 'tls', { size: 'hobby-1' });
    expectCurrentError(await t.call('createPostgresClientKeypair', { token: s.token, params: pgAt(a.project, 'tls'), body: { name: 'x' } }), 404, 'ResourceNotFound');
    expectCurrentError(await t.call('getPostgresLogs', { token: s.token, params: pgAt(a.project, 'tls') }), 404, 'ResourceNotFound');
    expectCurrentError(await t.call('getPostgresMetrics', { token: s.token, params: pgAt(a.project, 'tls') }), 404, 'ResourceNotFound');
  });
});
