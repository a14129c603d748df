// HTTP hygiene: query values never logged, API answers never cached, slow clients cut off,
// source maps not published, the CSP's base-uri.
import fs from 'node:fs';
import net from 'node:net';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createApp } from '../app.ts';
import { startServer, type TestServer } from '../../test/harness.ts';
import { listen } from './listen.ts';
import { eventually } from '../../test/process.ts';

let t: TestServer;
beforeAll(async () => {
  t = await startServer({ HEADERS_TIMEOUT_MS: '300' });
});
afterAll(async () => t.close());

describe('logs', () => {
  it('write request paths with every query value redacted, whatever its name', async () => {
    const secrets = [
      'jwt-value-1',
      'authz-value-2',
      'session-value-3',
      'other-value-4',
      'bare-value-5',
    ];
    const query = `jwt=${secrets[0]}&authorization=${secrets[1]}&session=${secrets[2]}&x=${secrets[3]}&${secrets[4]}`;
    await t.request('GET', `/api/project?${query}`);
    await t.request('GET', `/healthz?${query}`);
    const lines = t.logLines.filter((l) => l.includes('request completed'));
    const urls = lines.map((l) => JSON.parse(l).req.url as string);
    expect(urls).toContain(
      '/api/project?jwt=[redacted]&authorization=[redacted]&session=[redacted]&x=[redacted]&[redacted]',
    );
    expect(urls).toContain(
      '/healthz?jwt=[redacted]&authorization=[redacted]&session=[redacted]&x=[redacted]&[redacted]',
    );
    const log = t.logLines.join('');
    for (const secret of secrets) expect(log).not.toContain(secret);
  });

  it('write one line per request: completed once answered, aborted when the client left first', async () => {
    const a = await t.newAccount();
    const project = (await t.call('createProject', { token: a.token, body: { name: 'logged' } }))
      .body.id;
    const marker = `x-marker-${Date.now()}`;
    await t.request('GET', `/api/project/${project}?${marker}=1`, { token: a.token });
    // The project's event stream never ends by itself: the client leaves it.
    const left = new AbortController();
    const stream = await fetch(`${t.base}/api/project/${project}/events?${marker}=2`, {
      headers: { authorization: `Bearer ${a.token}` },
      signal: left.signal,
    });
    expect(stream.status).toBe(200);
    left.abort();
    await eventually(async () =>
      t.logLines.some((l) => l.includes(`${marker}=[redacted]`) && l.includes('/events'))
        ? true
        : undefined,
    );
    const lines = t.logLines
      .filter((l) => l.includes(marker))
      .map(
        (l) => JSON.parse(l) as { msg: string; req: { url: string }; res: { statusCode: number } },
      );
    expect(lines.map((l) => [l.req.url.split('?')[0], l.msg])).toEqual([
      [`/api/project/${project}`, 'request completed'],
      [`/api/project/${project}/events`, 'request aborted'],
    ]);
  });
});

describe('caching', () => {
  it('marks every /api and /auth answer no-store, errors included', async () => {
    const a = await t.newAccount();
    const answers = [
      await t.request('GET', '/api/project', { token: a.token }),
      await t.request('GET', '/api/project'),
      await t.request('POST', '/api/project', { token: a.token, body: {} }),
      await t.request('GET', '/api/nothing-here'),
      await t.request('POST', '/api/login', { body: { login: a.email, password: a.password } }),
      await t.request('GET', '/auth/session', { headers: { cookie: `session=${a.cookie}` } }),
      await t.request('GET', '/auth/session'),
      await t.request('GET', '/api/openapi.json'),
    ];
    expect(answers.map((r) => r.status)).toEqual([200, 401, 400, 404, 200, 200, 401, 200]);
    for (const r of answers) expect(r.headers.get('cache-control')).toBe('no-store');
  });
});

describe('security headers', () => {
  it("forbids <base> with base-uri 'none'", async () => {
    const csp = (await t.request('GET', '/healthz')).headers.get('content-security-policy')!;
    expect(csp.split(';').map((d) => d.trim())).toContain("base-uri 'none'");
  });
});

describe('slow clients', () => {
  it('answers 408 and closes the connection of a client that never finishes its headers', async () => {
    const socket = net.connect(Number(new URL(t.base).port), '127.0.0.1');
    let received = '';
    socket.on('data', (d) => (received += d));
    const closed = new Promise<void>((resolve) => socket.on('close', () => resolve()));
    socket.write('GET /healthz HTTP/1.1\r\nHost: 127.0.0.1\r\nX-Slow: ');
    // HEADERS_TIMEOUT_MS=300 for this server; Node's default would keep it for a minute.
    await closed;
    expect(received).toMatch(/^HTTP\/1\.1 408 /);
  });
});

describe('source maps', () => {
  let dir: string;
  let server: Awaited<ReturnType<typeof listen>>;
  let base: string;
  beforeAll(async () => {
    dir = fs.mkdtempSync(path.join(os.tmpdir(), 'console-web-'));
    fs.mkdirSync(path.join(dir, 'assets'));
    fs.writeFileSync(path.join(dir, 'index.html'), '<!doctype html><title>console</title>');
    fs.writeFileSync(
      path.join(dir, 'assets/app.js'),
      'console.log(1);\n//# sourceMappingURL=app.js.map',
    );
    fs.writeFileSync(
      path.join(dir, 'assets/app.js.map'),
      '{"version":3,"sources":["secret-source.tsx"]}',
    );
    server = await listen(createApp(t.ctx, { webDir: dir }), t.config, 0, '127.0.0.1');
    base = `http://127.0.0.1:${(server.address() as net.AddressInfo).port}`;
  });
  afterAll(async () => {
    await new Promise((resolve) => server.close(resolve));
    fs.rmSync(dir, { recursive: true, force: true });
  });

  it('serves the built console but not its source maps', async () => {
    expect((await fetch(`${base}/assets/app.js`)).status).toBe(200);
    expect((await fetch(`${base}/projects`)).status).toBe(200);
    const map = await fetch(`${base}/assets/app.js.map`);
    expect(map.status).toBe(404);
    expect(await map.text()).not.toContain('secret-source');
  });
});
