// Login and sign-up throttles (decisions 066, 067): only failed logins count, the limits hold
// against parallel requests and across BFF processes on one database, and sign-up refuses
// common passwords.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { currentErrorSchema } from '#shared/errors';
import {
  engine,
  expectSchema,
  startServer,
  type Reply,
  type TestServer,
} from '../../../test/harness.ts';
import { ADMIN, serverProcesses } from '../../../test/process.ts';

let t: TestServer;
beforeAll(async () => {
  t = await startServer();
});
afterAll(async () => t.close());

function expectError(res: Reply, status: number, type: string) {
  expect(res.status, res.text).toBe(status);
  const body = expectSchema(currentErrorSchema, res.body);
  expect(body.error.type).toBe(type);
  return body.error;
}

/** A 429 whose message and Retry-After give the same wait, within `max` seconds. */
function expectThrottled(res: Reply, max: number) {
  const e = expectError(res, 429, 'TooManyRequests');
  const retry = Number(res.headers.get('retry-after'));
  expect(retry).toBeGreaterThan(0);
  expect(retry).toBeLessThanOrEqual(max);
  expect(e.message).toContain(`Try again in ${retry} seconds.`);
  return retry;
}

const login = (s: { request: TestServer['request'] }, login: string, password: string) =>
  s.request('POST', '/api/login', { body: { login, password } });

describe('login throttle', () => {
  it('lets ten parallel logins with the right password all in', async () => {
    const a = await t.newAccount();
    const all = await Promise.all(Array.from({ length: 10 }, () => login(t, a.email, a.password)));
    expect(all.map((r) => r.status)).toEqual(Array(10).fill(200));
  });

  it('answers only 5 of 20 parallel wrong guesses with 401 and refuses the right password after them', async () => {
    const a = await t.newAccount();
    const guesses = await Promise.all(
      Array.from({ length: 20 }, (_, i) => login(t, a.email, `parallel-${i}`)),
    );
    expect(guesses.filter((g) => g.status === 401)).toHaveLength(5);
    for (const g of guesses.filter((g) => g.status !== 401)) expectThrottled(g, 15 * 60);
    expectThrottled(await login(t, a.email, a.password), 15 * 60);
  });

  it('gives the wait that is really left in the window', async () => {
    const a = await t.newAccount();
    for (let i = 0; i < 5; i++)
      expectError(await login(t, a.email, `wrong-${i}`), 401, 'InvalidCredentials');
    // The window began 14 minutes ago: about a minute is left, not 15.
    await t.ctx.db
      .updateTable('throttle')
      .set({ reset_at: new Date(Date.now() + 60_000).toISOString() })
      .where('key', '=', `login-account:${a.email}`)
      .execute();
    expectThrottled(await login(t, a.email, a.password), 60);
  });

  it('starts again once the window has run out, and a right password clears the account', async () => {
    const a = await t.newAccount();
    for (let i = 0; i < 5; i++) await login(t, a.email, `wrong-${i}`);
    await t.ctx.db
      .updateTable('throttle')
      .set({ reset_at: new Date(Date.now() - 1000).toISOString() })
      .where('key', '=', `login-account:${a.email}`)
      .execute();
    expectError(await login(t, a.email, 'wrong-again'), 401, 'InvalidCredentials');
    expect((await login(t, a.email, a.password)).status).toBe(200);
    for (let i = 0; i < 5; i++)
      expectError(await login(t, a.email, `wrong-${i}`), 401, 'InvalidCredentials');
  });
});

describe('login throttle across processes', () => {
  const servers = serverProcesses();

  async function start() {
    const p = servers.start();
    const base = await p.listening;
    const request = async (
      method: string,
      path: string,
      opts: { body?: unknown } = {},
    ): Promise<Reply> => {
      const res = await fetch(base + path, {
        method,
        headers: { 'content-type': 'application/json' },
        body: JSON.stringify(opts.body),
      });
      const text = await res.text();
      return { status: res.status, headers: res.headers, text, body: JSON.parse(text) };
    };
    return { p, request };
  }

  // The embedded database belongs to one process at a time: there the counters outlive a restart.
  it(
    engine === 'postgres'
      ? 'shares the limit between two processes on one PostgreSQL database'
      : 'keeps the counters across a restart on SQLite',
    async () => {
      const a = await start();
      for (let i = 0; i < 3; i++)
        expectError(await login(a, ADMIN.ADMIN_EMAIL, `wrong-${i}`), 401, 'InvalidCredentials');
      if (engine === 'sqlite') {
        a.p.kill('SIGTERM');
        expect(await a.p.exited).toBe(0);
      }
      const b = await start();
      for (let i = 3; i < 5; i++)
        expectError(await login(b, ADMIN.ADMIN_EMAIL, `wrong-${i}`), 401, 'InvalidCredentials');
      expectThrottled(await login(b, ADMIN.ADMIN_EMAIL, ADMIN.ADMIN_PASSWORD), 15 * 60);
      if (engine === 'postgres')
        expectThrottled(await login(a, ADMIN.ADMIN_EMAIL, ADMIN.ADMIN_PASSWORD), 15 * 60);
    },
    60_000,
  );
});

describe('sign-up', () => {
  let limited: TestServer;
  beforeAll(async () => {
    limited = await startServer({ SIGNUP_MAX_PER_IP: '3', SIGNUP_MAX_PER_EMAIL: '2' });
  });
  afterAll(async () => limited.close());

  const signup = (s: TestServer, email: string, password = 'correct horse battery') =>
    s.request('POST', '/auth/signup', { body: { email, password }, headers: { origin: s.base } });
  const count = async (s: TestServer) =>
    (
      await s.ctx.db
        .selectFrom('account')
        .select((eb) => eb.fn.countAll<number>().as('n'))
        .executeTakeFirstOrThrow()
    ).n;

  it('refuses the sign-ups from one address over the limit, also in parallel, with 429 and Retry-After', async () => {
    const all = await Promise.all(
      Array.from({ length: 6 }, (_, i) => signup(limited, `parallel-${i}@example.com`)),
    );
    expect(all.filter((r) => r.status === 204)).toHaveLength(3);
    for (const r of all.filter((r) => r.status !== 204)) expectThrottled(r, 3600);
    expect(Number(await count(limited))).toBe(3);
  });

  it('refuses repeated sign-ups for one e-mail address over its limit (5 an hour)', async () => {
    const email = `again-${Date.now()}@example.com`;
    // A taken address is answered as a new one (decision 166); the limit counts both.
    for (let i = 0; i < 5; i++) expect((await signup(t, email)).status).toBe(204);
    expectThrottled(await signup(t, email.toUpperCase()), 3600);
  });

  it('refuses a common password, the e-mail address and a blank one as password, naming `password`', async () => {
    const before = Number(await count(t));
    for (const [email, password] of [
      ['pw1@example.com', 'password123'],
      ['pw2@example.com', 'Iloveyou1'],
      ['pw3@example.com', 'qwertyuiop'],
    ]) {
      const e = expectError(await signup(t, email!, password), 400, 'InvalidRequest');
      expect(e.details).toEqual({
        password: 'This password is too common: choose one that is harder to guess.',
      });
    }
    for (const password of ['Someone.Long@Example.com', 'someone.long']) {
      const e = expectError(
        await signup(t, 'someone.long@example.com', password),
        400,
        'InvalidRequest',
      );
      expect(e.details).toEqual({ password: 'Password must not be your e-mail address.' });
    }
    // Blank after trimming, or short once trimmed: the length's own error.
    for (const password of [
      ' '.repeat(8),
      ' '.repeat(40),
      '\t \n  \t  ',
      '   abc   ',
      '  ab cd  ',
    ]) {
      const e = expectError(await signup(t, 'spaces@example.com', password), 400, 'InvalidRequest');
      expect(e.details).toEqual({ password: 'Password must be at least 8 characters.' });
    }
    expect(Number(await count(t))).toBe(before);
    expect((await signup(t, 'someone.long@example.com', 'correct horse battery')).status).toBe(204);
    // Spaces inside a long enough password are fine.
    expect((await signup(t, 'spaces@example.com', '  tall trees sway  ')).status).toBe(204);
  });
});

describe('a throttle’s wait', () => {
  it('is never longer than its window, for an attempt counted after a later one opened it', async () => {
    const throttle = t.ctx.throttles.passwordReset; // 5 an hour
    const key = `late-${Date.now()}@example.com`;
    const opened = Date.now();
    for (let i = 0; i < 5; i++) expect(await throttle.hit(key, opened)).toBe(0);
    // Attempts made at once take their time before their writes run: this one's was taken first.
    expect(await throttle.hit(key, opened - 1500)).toBe(3600);
    expect(await throttle.retryAfter(key, opened - 1500)).toBe(3600);
  });
});
