// Proxy mode (decisions 220-222): a proxy-mode BFF in front of a normal one, both real servers
// over HTTP on their own databases. Only the two upstreams that misbehave on purpose (one that
// streams slowly, one that never answers) are local fakes.
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, describe, expect, test } from 'vitest';
import { VERIFY_PAGE } from '#shared/api/verification';
import { SESSION_COOKIE } from '#shared/api/auth';
import { serverForFile, type Reply, type TestServer } from '../../test/harness.ts';
import {
  expectCurrentError,
  expectLegacyError,
  newProject,
  P,
  vmPath,
} from '../../test/fixtures.ts';
import { sealer } from '../seal.ts';

const upstream = await serverForFile();
const proxy = await serverForFile({ UPSTREAM_API_URL: `${upstream.base}/api` });

/** Every answer the proxy gave in this file, to look for upstream tokens in them at the end. */
const answers: Reply[] = [];
async function viaProxy(
  method: string,
  path: string,
  opts: Parameters<TestServer['request']>[2] = {},
): Promise<Reply> {
  const res = await proxy.request(method, path, opts);
  answers.push(res);
  return res;
}

/** A signed-in console of the proxy: its cookie and CSRF token, as the browser holds them. */
interface Console {
  cookie: string;
  csrf: string;
  account: { id: string; email: string };
  send(
    method: string,
    path: string,
    body?: unknown,
    headers?: Record<string, string>,
  ): Promise<Reply>;
}

function cookieOf(res: Reply): string {
  const m = res.headers.get('set-cookie')?.match(new RegExp(`${SESSION_COOKIE}=([^;]+)`));
  if (!m) throw new Error(`no session cookie: ${res.status} ${res.text}`);
  return m[1]!;
}

async function consoleOf(cookie: string): Promise<Console> {
  const session = await viaProxy('GET', '/auth/session', {
    headers: { cookie: `${SESSION_COOKIE}=${cookie}` },
  });
  expect(session.status, session.text).toBe(200);
  const csrf = session.body.csrf_token as string;
  return {
    cookie,
    csrf,
    account: session.body.account,
    send: (method, path, body, headers = {}) =>
      viaProxy(method, path, {
        body,
        headers: {
          cookie: `${SESSION_COOKIE}=${cookie}`,
          origin: proxy.base,
          'x-csrf-token': csrf,
          ...headers,
        },
      }),
  };
}

async function signIn(email: string, password: string): Promise<Console> {
  const res = await viaProxy('POST', '/auth/login', {
    body: { email, password },
    headers: { origin: proxy.base },
  });
  expect(res.status, res.text).toBe(200);
  expect(res.body.account.email).toBe(email);
  return consoleOf(cookieOf(res));
}

/** The upstream tokens the proxy holds, unsealed from its own database. */
async function heldTokens(): Promise<
  Map<string, { account: string; token: string; revoked: boolean }>
> {
  const box = sealer('proxy_seal_key');
  const rows = await proxy.ctx.db.selectFrom('proxy_session').selectAll().execute();
  const held = new Map<string, { account: string; token: string; revoked: boolean }>();
  for (const row of rows) {
    held.set(row.id, {
      account: row.account_id,
      token: row.token_sealed ? await box.unseal(proxy.ctx.db, row.id, row.token_sealed) : '',
      revoked: row.revoked_at !== null,
    });
  }
  return held;
}

const sidOf = (cookie: string) =>
  JSON.parse(Buffer.from(cookie.split('.')[1]!, 'base64url').toString()).sid as string;

const alice = await upstream.newAccount();
const bob = await upstream.newAccount();

describe('console sessions against the upstream', () => {
  test("sign-in uses the upstream's credentials; the session shows the upstream account and this BFF's CSRF token", async () => {
    const a = await signIn(alice.email, alice.password);
    expect(a.account).toEqual({ id: alice.id, email: alice.email });
    const held = (await heldTokens()).get(sidOf(a.cookie))!;
    // The cookie is this BFF's own session, not the upstream's token; the token is sealed at rest.
    expect(held.account).toBe(alice.id);
    expect(a.cookie).not.toBe(held.token);
    const row = await proxy.ctx.db
      .selectFrom('proxy_session')
      .select('token_sealed')
      .where('id', '=', sidOf(a.cookie))
      .executeTakeFirstOrThrow();
    expect(row.token_sealed).not.toContain(held.token.split('.')[1]);
  });

  test('a wrong password answers the upstream 401 body; a bad form the field errors of the console', async () => {
    const wrong = await viaProxy('POST', '/auth/login', {
      body: { email: alice.email, password: 'not it at all' },
      headers: { origin: proxy.base },
    });
    expectCurrentError(wrong, 401, 'InvalidCredentials');
    expect(wrong.headers.get('set-cookie')).toBeNull();
    const blank = await viaProxy('POST', '/auth/login', {
      body: { email: '', password: '' },
      headers: { origin: proxy.base },
    });
    expect(expectCurrentError(blank, 400, 'InvalidRequest').details).toMatchObject({
      email: 'Enter your e-mail address.',
    });
    const foreign = await viaProxy('POST', '/auth/login', {
      body: { email: alice.email, password: alice.password },
      headers: { origin: 'https://evil.example' },
    });
    expectCurrentError(foreign, 403, 'Unauthorized');
  });

  test('two users of one proxy: each session carries its own upstream token, and neither sees the other’s project (404)', async () => {
    const a = await signIn(alice.email, alice.password);
    const b = await signIn(bob.email, bob.password);
    const created = await a.send('POST', '/api/project', { name: 'alice-only' });
    expect(created.status, created.text).toBe(200);
    const id = created.body.id as string;

    const held = await heldTokens();
    const ta = held.get(sidOf(a.cookie))!;
    const tb = held.get(sidOf(b.cookie))!;
    expect([ta.account, tb.account]).toEqual([alice.id, bob.id]);
    expect(ta.token).not.toBe(tb.token);

    // Interleaved, at once: every answer is its own user's.
    const rounds = await Promise.all(
      Array.from({ length: 10 }, (_, i) => (i % 2 ? b : a).send('GET', `${P(id)}`)),
    );
    rounds.forEach((r, i) => expect(r.status, r.text).toBe(i % 2 ? 404 : 200));
    const notFound = await b.send('GET', P(id));
    const never = await b.send('GET', P('pj000000000000000000000000'));
    expect(notFound.text).toBe(never.text);
    const list = await b.send('GET', '/api/project');
    expect(list.body.items.map((p: { id: string }) => p.id)).not.toContain(id);
    // A member change upstream is seen at once through the proxy.
    expect((await a.send('DELETE', P(id))).status).toBe(204);
    expect((await a.send('GET', P(id))).status).toBe(404);
  });

  test('unsafe requests need the CSRF token and the same origin, as in normal mode', async () => {
    const a = await signIn(alice.email, alice.password);
    const noCsrf = await viaProxy('POST', '/api/project', {
      body: { name: 'x' },
      headers: { cookie: `${SESSION_COOKIE}=${a.cookie}`, origin: proxy.base },
    });
    expectCurrentError(noCsrf, 403, 'Unauthorized');
    const crossSite = await a.send(
      'POST',
      '/api/project',
      { name: 'x' },
      { origin: 'https://evil.example' },
    );
    expectCurrentError(crossSite, 403, 'Unauthorized');
    const forged = await viaProxy('GET', '/api/project', {
      headers: { cookie: `${SESSION_COOKIE}=${a.cookie.slice(0, -2)}xx` },
    });
    expectCurrentError(forged, 401, 'InvalidToken');
  });

  test('sign-out ends the session here and logs its token out upstream', async () => {
    const a = await signIn(alice.email, alice.password);
    const { token } = (await heldTokens()).get(sidOf(a.cookie))!;
    expect((await upstream.request('GET', '/api/project', { token })).status).toBe(200);
    const out = await a.send('POST', '/auth/logout');
    expect(out.status).toBe(204);
    expect(out.headers.get('set-cookie')).toMatch(new RegExp(`^${SESSION_COOKIE}=;`));
    expectCurrentError(await a.send('GET', '/api/project'), 401, 'InvalidToken');
    expectCurrentError(
      await viaProxy('GET', '/auth/session', {
        headers: { cookie: `${SESSION_COOKIE}=${a.cookie}` },
      }),
      401,
      'InvalidToken',
    );
    expectCurrentError(
      await upstream.request('GET', '/api/project', { token }),
      401,
      'InvalidToken',
    );
    // Nothing of the token stays behind.
    expect((await heldTokens()).get(sidOf(a.cookie))).toMatchObject({ token: '', revoked: true });
  });

  test('a session whose upstream session was revoked upstream is ended here at its next check', async () => {
    const a = await signIn(alice.email, alice.password);
    const { token } = (await heldTokens()).get(sidOf(a.cookie))!;
    expect((await upstream.request('POST', '/api/logout', { token })).status).toBe(200);
    const session = await viaProxy('GET', '/auth/session', {
      headers: { cookie: `${SESSION_COOKIE}=${a.cookie}` },
    });
    expectCurrentError(session, 401, 'InvalidToken');
    expect((await heldTokens()).get(sidOf(a.cookie))!.revoked).toBe(true);
  });

  test("sign-up and the mailed verification link go to the upstream; the link's sign-in opens a session here", async () => {
    const email = `new-${Math.random().toString(36).slice(2, 8)}@example.com`;
    const signup = await viaProxy('POST', '/auth/signup', {
      body: { email, password: 'correct horse battery' },
      headers: { origin: proxy.base },
    });
    expect(signup.status, signup.text).toBe(204);
    const outbox = await viaProxy('GET', `/auth/dev/outbox?to=${encodeURIComponent(email)}`);
    expect(outbox.status, outbox.text).toBe(200);
    const token = await upstream.mailedToken(email, VERIFY_PAGE);
    const verified = await viaProxy('POST', '/auth/verify-email', {
      body: { token },
      headers: { origin: proxy.base },
    });
    expect(verified.status, verified.text).toBe(200);
    const c = await consoleOf(cookieOf(verified));
    expect(c.account.email).toBe(email);
    expect((await c.send('POST', '/api/project', { name: 'fresh' })).status).toBe(200);
  });

  test('the account pages are the upstream account’s: its sessions, marked current; a wrong current password keeps the session', async () => {
    const a = await signIn(alice.email, alice.password);
    const account = await a.send('GET', '/auth/account');
    expect(account.status, account.text).toBe(200);
    expect(account.body.email).toBe(alice.email);
    const sessions = await a.send('GET', '/auth/account/sessions');
    expect(sessions.status, sessions.text).toBe(200);
    expect(sessions.body.items.filter((s: { current: boolean }) => s.current)).toHaveLength(1);
    const refused = await a.send('POST', '/auth/account/password', {
      current_password: 'wrong wrong wrong',
      new_password: 'another long password',
    });
    expect(expectCurrentError(refused, 400, 'InvalidRequest').details).toEqual({
      current_password: 'That password is not right.',
    });
    expect((await a.send('GET', '/api/project')).status).toBe(200);
  });

  test('a personal access token of the upstream signs in as its creator; sign-out leaves the token alone', async () => {
    const project = await newProject(upstream, alice.token, 'token-home');
    const issued = await upstream.request('POST', `${P(project)}/token`, {
      token: alice.token,
      body: { name: 'console', role: 'member' },
    });
    expect(issued.status, issued.text).toBe(200);
    const pat = issued.body.token as string;
    // The sign-in page learns that it may offer the token form here.
    expect((await viaProxy('GET', '/auth/methods')).body).toEqual({ password: true, token: true });
    const res = await viaProxy('POST', '/auth/token-login', {
      body: { token: ` ${pat}\n` },
      headers: { origin: proxy.base },
    });
    expect(res.status, res.text).toBe(200);
    expect(res.body.account).toEqual({ id: alice.id, email: alice.email });
    const c = await consoleOf(cookieOf(res));
    expect((await c.send('GET', P(project))).status).toBe(200);
    expect((await c.send('POST', '/auth/logout')).status).toBe(204);
    expect((await upstream.request('GET', P(project), { token: pat })).status).toBe(200);
    const bad = await viaProxy('POST', '/auth/token-login', {
      body: { token: 'cct_not-a-real-one' },
      headers: { origin: proxy.base },
    });
    expectCurrentError(bad, 401, 'InvalidToken');
    // Bad input: the field says what is wrong, the password route takes no token, and no session is opened.
    const sessions = (await heldTokens()).size;
    const typo = expectCurrentError(
      await viaProxy('POST', '/auth/token-login', {
        body: { token: pat.slice(4) },
        headers: { origin: proxy.base },
      }),
      400,
      'InvalidRequest',
    );
    expect(typo.details).toEqual({ token: 'A personal access token starts with cct_.' });
    expectCurrentError(
      await viaProxy('POST', '/auth/token-login', {
        body: { token: pat, email: alice.email },
        headers: { origin: proxy.base },
      }),
      400,
      'InvalidRequest',
    );
    expectCurrentError(
      await viaProxy('POST', '/auth/login', {
        body: { token: pat },
        headers: { origin: proxy.base },
      }),
      400,
      'InvalidRequest',
    );
    expectCurrentError(
      await viaProxy('POST', '/auth/token-login', { body: { token: pat } }),
      403,
      'Unauthorized',
    );
    expect((await heldTokens()).size).toBe(sessions);
  });
});

describe('API clients with their own upstream token', () => {
  test('a bearer token is passed through untouched, and wins over a cookie', async () => {
    const project = await newProject(upstream, alice.token, 'bearer');
    const direct = await upstream.request('GET', P(project), { token: alice.token });
    const through = await viaProxy('GET', P(project), { token: alice.token });
    expect(through.status).toBe(200);
    expect(through.text).toBe(direct.text);
    const b = await signIn(bob.email, bob.password);
    const mixed = await viaProxy('GET', P(project), {
      token: alice.token,
      headers: { cookie: `${SESSION_COOKIE}=${b.cookie}` },
    });
    expect(mixed.status).toBe(200);
  });

  test('without credentials, the upstream answers (401); with a bad token, its 401 body', async () => {
    const none = await viaProxy('GET', '/api/project');
    expect(none.text).toBe((await upstream.request('GET', '/api/project')).text);
    expectCurrentError(none, 401, 'NotAuthenticated');
    const bad = await viaProxy('GET', vmPath('pj000000000000000000000000', 'x'), { token: 'junk' });
    expectLegacyError(bad, 401, 'InvalidToken');
  });

  test("the upstream's error bodies and statuses are kept, in both generations", async () => {
    const project = await newProject(upstream, alice.token, 'errors');
    for (const [method, path, body] of [
      ['GET', vmPath(project, 'nope')],
      ['POST', `${P(project)}/location/mars/firewall/fw1`, { description: '' }],
      ['POST', '/api/project', { name: 'x', extra: 1 }],
      ['GET', '/api/no-such-route'],
    ] as const) {
      const direct = await upstream.request(method, path, { token: alice.token, body });
      const through = await viaProxy(method, path, { token: alice.token, body });
      expect([through.status, through.text]).toEqual([direct.status, direct.text]);
    }
  });

  test("the OpenAPI document and the reference page are the upstream's", async () => {
    const doc = await viaProxy('GET', '/api/openapi.json');
    expect(doc.status).toBe(200);
    expect(doc.text).toBe((await upstream.request('GET', '/api/openapi.json')).text);
    expect((await viaProxy('GET', '/api/docs/')).status).toBe(200);
  });

  test('the request id is the same in both servers’ logs', async () => {
    const res = await viaProxy('GET', '/api/project', {
      token: alice.token,
      headers: { 'x-request-id': 'trace-proxy-1' },
    });
    expect(res.headers.get('x-request-id')).toBe('trace-proxy-1');
    expect(upstream.logLines.some((l) => l.includes('"id":"trace-proxy-1"'))).toBe(true);
    expect(proxy.logLines.some((l) => l.includes('"id":"trace-proxy-1"'))).toBe(true);
  });
});

/** A local server for the upstreams that misbehave; closed after the file. */
async function fakeUpstream(handler: http.RequestListener): Promise<string> {
  const server = http.createServer(handler);
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  afterAll(async () => {
    server.closeAllConnections();
    await new Promise((resolve) => server.close(resolve));
  });
  return `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
}

describe('an upstream that cannot answer', async () => {
  const closed = http.createServer();
  await new Promise<void>((resolve) => closed.listen(0, '127.0.0.1', resolve));
  const closedPort = (closed.address() as AddressInfo).port;
  await new Promise((resolve) => closed.close(resolve));
  const down = await serverForFile({ UPSTREAM_API_URL: `http://127.0.0.1:${closedPort}/api` });
  const silent = await serverForFile({
    UPSTREAM_API_URL: await fakeUpstream(() => {}),
    UPSTREAM_TIMEOUT_MS: '300',
  });

  test('an unreachable upstream answers 502 with the error body of the route’s generation', async () => {
    const current = await down.request('GET', '/api/project', { token: 'anything' });
    expect(expectCurrentError(current, 502, 'BadGateway').message).toBe(
      'The upstream API is unreachable. Try again in a few seconds.',
    );
    expectLegacyError(
      await down.request('GET', vmPath('pj000000000000000000000000', 'x'), { token: 'anything' }),
      502,
      'BadGateway',
    );
    expectCurrentError(
      await down.request('POST', '/auth/login', {
        body: { email: 'a@example.com', password: 'whatever' },
        headers: { origin: down.base },
      }),
      502,
      'BadGateway',
    );
    // The proxy itself is fine.
    expect((await down.request('GET', '/readyz')).status).toBe(200);
  });

  test('an upstream that does not answer in time: 504', async () => {
    expectCurrentError(
      await silent.request('GET', '/api/project', { token: 'anything' }),
      504,
      'GatewayTimeout',
    );
    expectCurrentError(
      await silent.request('POST', '/auth/login', {
        body: { email: 'a@example.com', password: 'whatever' },
        headers: { origin: silent.base },
      }),
      504,
      'GatewayTimeout',
    );
  });
});

describe('the events stream', async () => {
  // Writes one event, then the next only once the test has read the first through the proxy.
  let sendSecond!: () => void;
  const second = new Promise<void>((resolve) => (sendSecond = resolve));
  const seen: { authorization?: string; cookie?: string }[] = [];
  const streaming = await serverForFile({
    UPSTREAM_API_URL: await fakeUpstream((req, res) => {
      seen.push({ authorization: req.headers.authorization, cookie: req.headers.cookie });
      res.writeHead(200, { 'content-type': 'text/event-stream', 'cache-control': 'no-store' });
      res.write('id: 1\ndata: {"n":1}\n\n');
      void second.then(() => res.end('id: 2\ndata: {"n":2}\n\n'));
    }),
    UPSTREAM_TIMEOUT_MS: '300',
  });

  test('streams through as the upstream writes it (no buffering), past the timeout', async () => {
    const res = await fetch(`${streaming.base}/api/project/pj000000000000000000000000/events`, {
      headers: { authorization: 'Bearer upstream-token', cookie: 'other=1' },
    });
    expect(res.status).toBe(200);
    expect(res.headers.get('content-type')).toBe('text/event-stream');
    const reader = res.body!.getReader();
    const first = new TextDecoder().decode((await reader.read()).value);
    expect(first).toContain('data: {"n":1}');
    // The timeout (300 ms) does not cut a stream: wait beyond it by a condition the proxy cannot beat.
    await new Promise((resolve) => setTimeout(resolve, 600));
    sendSecond();
    let rest = '';
    for (let chunk = await reader.read(); !chunk.done; chunk = await reader.read())
      rest += new TextDecoder().decode(chunk.value);
    expect(rest).toContain('data: {"n":2}');
    expect(seen[0]).toEqual({ authorization: 'Bearer upstream-token', cookie: undefined });
  });
});

test('no upstream token ever reaches a browser or a log line', async () => {
  const tokens = [...(await heldTokens()).values()].map((h) => h.token).filter(Boolean);
  // Logged-out sessions' tokens are gone from the database; the live ones are enough to look for.
  expect(tokens.length).toBeGreaterThan(3);
  const logs = proxy.logLines.join('\n');
  for (const token of tokens) {
    const signature = token.split('.').pop()!;
    for (const res of answers) {
      expect(res.text).not.toContain(signature);
      expect([...res.headers.values()].join('\n')).not.toContain(signature);
    }
    expect(logs).not.toContain(signature);
  }
});
