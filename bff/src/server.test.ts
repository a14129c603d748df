// The real server process: start-up banner, configuration errors, graceful shutdown.
import http from 'node:http';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { engine, testDatabaseEnv } from '../test/harness.ts';
import { runServer as run } from '../test/process.ts';

// A hang guard, not a speed check: each test starts server processes, seconds each on a busy machine.
vi.setConfig({ testTimeout: 120_000 });

describe('server process', () => {
  let db: Awaited<ReturnType<typeof testDatabaseEnv>>;
  beforeAll(async () => {
    db = await testDatabaseEnv();
  });
  afterAll(async () => db.cleanup());

  it('stops on a bad setting with one line naming the variable', async () => {
    const p = run({ ...db.env, PORT: 'abc' });
    expect(await p.exited).toBe(2);
    expect(p.errors().trim()).toMatch(/^Invalid PORT: [^\n]+$/);
  });

  it('names the SMTP server mail goes through, without its credentials', async () => {
    const p = run({ ...db.env, SMTP_URL: 'smtp://mailer:s3cret-pass@127.0.0.1:2525' });
    await p.listening;
    await p.waitFor(/Mail: sent through SMTP at smtp:\/\/127\.0\.0\.1:2525\n/);
    expect(p.output()).not.toContain('s3cret-pass');
    p.kill('SIGTERM');
    expect(await p.exited).toBe(0);
  });

  it('prints the URL and how to sign in, finishes in-flight requests on SIGTERM, and keeps the data', async () => {
    const env = {
      ...db.env,
      LOG_LEVEL: 'info',
      ADMIN_EMAIL: 'admin@example.com',
      ADMIN_PASSWORD: 'admin-password',
    };
    const first = run(env);
    const base = await first.listening;
    expect(first.output()).toContain(`listening on ${base}`);
    expect(first.output()).toContain('sign in as admin@example.com');
    // Where mail goes: with no SMTP server, the console's outbox page.
    await first.waitFor(new RegExp(`Mail: kept in the development outbox at ${base}/dev/outbox`));

    const login = await fetch(`${base}/api/login`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ login: 'admin@example.com', password: 'admin-password' }),
    });
    const token = login.headers.get('authorization')!;

    // A request whose body is only half sent when SIGTERM arrives.
    const body = JSON.stringify({ name: 'survives-shutdown' });
    const req = http.request(`${base}/api/project`, {
      method: 'POST',
      headers: {
        authorization: `Bearer ${token}`,
        'content-type': 'application/json',
        'content-length': Buffer.byteLength(body),
      },
    });
    const response = new Promise<{ status: number; text: string }>((resolve, reject) => {
      req.on('response', (res) => {
        let text = '';
        res.on('data', (d) => (text += d));
        res.on('end', () => resolve({ status: res.statusCode!, text }));
      });
      req.on('error', reject);
    });
    req.write(body.slice(0, 10));
    // Once another request has been answered, the server has read the first one's headers.
    expect((await fetch(`${base}/healthz`)).status).toBe(200);

    first.kill('SIGTERM');
    await first.waitFor(/shutting down/);
    await expect(fetch(`${base}/healthz`)).rejects.toThrow();
    req.end(body.slice(10));
    const answered = await response;
    expect(answered.status).toBe(200);
    expect(JSON.parse(answered.text).name).toBe('survives-shutdown');
    expect(await first.exited).toBe(0);

    const second = run(env);
    const base2 = await second.listening;
    // The embedded database belongs to one process: a second server on it is refused.
    if (engine === 'sqlite') {
      const third = run(env);
      expect(await third.exited).toBe(1);
      expect(third.errors()).toMatch(/DATA_DIR .* is in use by process \d+/);
    }
    const token2 = (
      await fetch(`${base2}/api/login?login=admin@example.com&password=admin-password`, {
        method: 'POST',
      })
    ).headers.get('authorization')!;
    const list = await (
      await fetch(`${base2}/api/project`, { headers: { authorization: token2 } })
    ).json();
    expect(list.items.map((p: { name: string }) => p.name)).toEqual(['survives-shutdown']);
    second.kill('SIGTERM');
    expect(await second.exited).toBe(0);
  });
});
