import { createSecretKey } from 'node:crypto';
import { decodeJwt, SignJWT } from 'jose';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  accountSchema,
  consoleSessionSchema,
  loginSuccessSchema,
  logoutSuccessSchema,
} from '#shared/api/auth';
import { VERIFY_PAGE } from '#shared/api/verification';
import { expectCurrentError } from '../../../test/fixtures.ts';
import { expectSchema, startServer, type TestServer } from '../../../test/harness.ts';

let t: TestServer;
beforeAll(async () => {
  t = await startServer();
});
afterAll(async () => t.close());

const b64 = (o: object) => Buffer.from(JSON.stringify(o)).toString('base64url');

describe('POST /api/login', () => {
  it('logs in with a JSON body: success message and the JWT in the authorization header', async () => {
    const a = await t.newAccount();
    const res = await t.request('POST', '/api/login', {
      body: { login: a.email, password: a.password },
    });
    expect(res.status).toBe(200);
    expectSchema(loginSuccessSchema, res.body);
    const token = res.headers.get('authorization')!;
    expect(token.split('.')).toHaveLength(3);
    const claims = decodeJwt(token);
    expect(claims.sub).toBe(a.id);
    expect(claims.sid).toMatch(/^se/);
    expect(claims.exp! - claims.iat!).toBe(30 * 24 * 3600);
    expect((await t.request('GET', '/api/project', { token })).status).toBe(200);
  });

  it('logs in with query parameters', async () => {
    const a = await t.newAccount();
    const res = await t.request(
      'POST',
      `/api/login?login=${encodeURIComponent(a.email)}&password=${encodeURIComponent(a.password)}`,
    );
    expect(res.status).toBe(200);
    expectSchema(loginSuccessSchema, res.body);
    expect(res.headers.get('authorization')).toBeTruthy();
  });

  it('matches the login case-insensitively', async () => {
    const a = await t.newAccount();
    const res = await t.request('POST', '/api/login', {
      body: { login: a.email.toUpperCase(), password: a.password },
    });
    expect(res.status).toBe(200);
  });

  it('answers a wrong password and an unknown user identically', async () => {
    const a = await t.newAccount();
    const wrong = await t.request('POST', '/api/login', {
      body: { login: a.email, password: 'not the password' },
    });
    const unknown = await t.request('POST', '/api/login', {
      body: { login: 'nobody@example.com', password: 'not the password' },
    });
    expectCurrentError(wrong, 401, 'InvalidCredentials');
    expect(unknown.status).toBe(401);
    expect(unknown.text).toBe(wrong.text);
    expect(wrong.headers.get('authorization')).toBeNull();
  });

  it('says a value of the wrong type is wrong, not missing', async () => {
    const e = expectCurrentError(
      await t.request('POST', '/api/login', { body: { login: 42, password: 'x' } }),
      400,
      'InvalidRequest',
    );
    expect(e.details!.login).not.toMatch(/required/);
  });

  it('ignores unknown query parameters', async () => {
    const a = await t.newAccount();
    expect(
      (
        await t.request('POST', '/api/login?_=123', {
          body: { login: a.email, password: a.password },
        })
      ).status,
    ).toBe(200);
  });

  it('rejects missing fields and unknown fields with details', async () => {
    const missing = expectCurrentError(
      await t.request('POST', '/api/login', { body: { login: 'a@b.co' } }),
      400,
      'InvalidRequest',
    );
    expect(missing.details).toHaveProperty('password');
    const extra = expectCurrentError(
      await t.request('POST', '/api/login', {
        body: { login: 'a@b.co', password: 'x', admin: true },
      }),
      400,
      'InvalidRequest',
    );
    expect(extra.details).toEqual({ admin: 'Unknown field.' });
  });

  it('throttles an account after 5 failures with 429 and Retry-After, even for the right password', async () => {
    const a = await t.newAccount();
    for (let i = 0; i < 5; i++) {
      expectCurrentError(
        await t.request('POST', '/api/login', { body: { login: a.email, password: `wrong-${i}` } }),
        401,
        'InvalidCredentials',
      );
    }
    const blocked = await t.request('POST', '/api/login', {
      body: { login: a.email, password: a.password },
    });
    expectCurrentError(blocked, 429, 'TooManyRequests');
    const retry = Number(blocked.headers.get('retry-after'));
    expect(retry).toBeGreaterThan(0);
    expect(retry).toBeLessThanOrEqual(15 * 60);
    // Another account from the same address is not blocked by that.
    const c = await t.newAccount();
    // Of parallel guesses only 5 get an answer that tells anything; the rest are refused.
    const guesses = await Promise.all(
      Array.from({ length: 20 }, (_, i) =>
        t.request('POST', '/api/login', { body: { login: c.email, password: `parallel-${i}` } }),
      ),
    );
    const checked = guesses.filter((g) => g.status === 401).length;
    expect(checked).toBeLessThanOrEqual(5);
    expect(guesses.filter((g) => g.status === 429)).toHaveLength(20 - checked);
    const b = await t.newAccount();
    expect(
      (await t.request('POST', '/api/login', { body: { login: b.email, password: b.password } }))
        .status,
    ).toBe(200);
  });
});

describe('tokens', () => {
  let token: string;
  let claims: { sub: string; sid: string };
  beforeAll(async () => {
    const a = await t.newAccount();
    token = a.token;
    claims = decodeJwt(token) as typeof claims;
  });

  it('accepts the Bearer form and the raw form', async () => {
    expect(
      (await t.request('GET', '/api/project', { headers: { authorization: `Bearer ${token}` } }))
        .status,
    ).toBe(200);
    expect(
      (await t.request('GET', '/api/project', { headers: { authorization: token } })).status,
    ).toBe(200);
  });

  it('answers NotAuthenticated without credentials', async () => {
    const e = expectCurrentError(await t.request('GET', '/api/project'), 401, 'NotAuthenticated');
    expect(e.details).toBeNull();
    expectCurrentError(
      await t.request('GET', '/api/project', { headers: { authorization: 'Bearer ' } }),
      401,
      'NotAuthenticated',
    );
  });

  it('rejects alg none', async () => {
    const none = `${b64({ alg: 'none', typ: 'JWT' })}.${b64({ ...claims, iat: 1, exp: 4e9 })}.`;
    expectCurrentError(
      await t.request('GET', '/api/project', { token: none }),
      401,
      'InvalidToken',
    );
  });

  it('rejects another algorithm signed with the right key', async () => {
    for (const alg of ['HS512', 'HS384']) {
      const other = await new SignJWT({ sid: claims.sid })
        .setProtectedHeader({ alg })
        .setSubject(claims.sub)
        .setIssuedAt()
        .setExpirationTime('1h')
        .sign(t.ctx.jwtKey);
      expectCurrentError(
        await t.request('GET', '/api/project', { token: other }),
        401,
        'InvalidToken',
      );
    }
  });

  it('rejects a token signed with a wrong key', async () => {
    const key = createSecretKey(Buffer.from('x'.repeat(32)));
    const forged = await new SignJWT({ sid: claims.sid })
      .setProtectedHeader({ alg: 'HS256' })
      .setSubject(claims.sub)
      .setIssuedAt()
      .setExpirationTime('1h')
      .sign(key);
    expectCurrentError(
      await t.request('GET', '/api/project', { token: forged }),
      401,
      'InvalidToken',
    );
  });

  it('rejects a bad signature and a malformed token', async () => {
    const [h, p, s] = token.split('.');
    const flipped = `${h}.${p}.${s!.slice(0, -2)}${s!.endsWith('AA') ? 'BB' : 'AA'}`;
    expectCurrentError(
      await t.request('GET', '/api/project', { token: flipped }),
      401,
      'InvalidToken',
    );
    const tampered = `${h}.${b64({ ...decodeJwt(token), sub: 'ac' + '0'.repeat(24) })}.${s}`;
    expectCurrentError(
      await t.request('GET', '/api/project', { token: tampered }),
      401,
      'InvalidToken',
    );
    expectCurrentError(
      await t.request('GET', '/api/project', { token: 'not-a-jwt' }),
      401,
      'InvalidToken',
    );
  });

  it('rejects a token whose sub is not a string, with 401 rather than a crash', async () => {
    for (const sub of [[claims.sub], 42, { id: claims.sub }, null]) {
      const odd = await new SignJWT({ sid: claims.sid, sub } as Record<string, unknown>)
        .setProtectedHeader({ alg: 'HS256' })
        .setIssuedAt()
        .setExpirationTime('1h')
        .sign(t.ctx.jwtKey);
      expectCurrentError(
        await t.request('GET', '/api/project', { token: odd }),
        401,
        'InvalidToken',
      );
    }
  });

  it('rejects an expired token', async () => {
    const now = Math.floor(Date.now() / 1000);
    const expired = await new SignJWT({ sid: claims.sid })
      .setProtectedHeader({ alg: 'HS256' })
      .setSubject(claims.sub)
      .setIssuedAt(now - 7200)
      .setExpirationTime(now - 3600)
      .sign(t.ctx.jwtKey);
    expectCurrentError(
      await t.request('GET', '/api/project', { token: expired }),
      401,
      'InvalidToken',
    );
  });

  it('rejects a token whose session is idle for more than 24 hours', async () => {
    const a = await t.newAccount();
    const { sid } = decodeJwt(a.token) as { sid: string };
    await t.ctx.db
      .updateTable('session')
      .set({ last_seen_at: new Date(Date.now() - 25 * 3600_000).toISOString() })
      .where('id', '=', sid)
      .execute();
    expectCurrentError(
      await t.request('GET', '/api/project', { token: a.token }),
      401,
      'InvalidToken',
    );
  });

  it('POST /api/logout revokes the token, and only that session', async () => {
    const a = await t.newAccount();
    const second = await t.login(a.email, a.password);
    const res = await t.request('POST', '/api/logout', { token: a.token });
    expect(res.status).toBe(200);
    expectSchema(logoutSuccessSchema, res.body);
    expectCurrentError(
      await t.request('GET', '/api/project', { token: a.token }),
      401,
      'InvalidToken',
    );
    expectCurrentError(
      await t.request('POST', '/api/logout', { token: a.token }),
      401,
      'InvalidToken',
    );
    expect((await t.request('GET', '/api/project', { token: second })).status).toBe(200);
  });
});

describe('console session (cookie)', () => {
  const origin = () => ({ origin: t.base });

  it('signs up without a session; the mailed link and then sign-in set an HttpOnly, SameSite=Strict cookie and no token in the response', async () => {
    const email = `console-${Date.now()}@example.com`;
    const signup = await t.request('POST', '/auth/signup', {
      body: { email, password: 'long enough pw' },
      headers: origin(),
    });
    expect(signup.status).toBe(204);
    expect(signup.headers.get('set-cookie')).toBeNull();
    const verified = await t.request('POST', '/auth/verify-email', {
      body: { token: await t.mailedToken(email, VERIFY_PAGE) },
      headers: origin(),
    });
    expect(verified.status).toBe(200);
    expectSchema(accountSchema, verified.body.account);
    expect(verified.headers.get('set-cookie')).toMatch(/^session=eyJ[^;]+;.*HttpOnly/);
    const login = await t.request('POST', '/auth/login', {
      body: { email, password: 'long enough pw' },
      headers: origin(),
    });
    expect(login.status).toBe(200);
    expect(login.headers.get('authorization')).toBeNull();
    expect(login.text).not.toMatch(/eyJ/);
    const cookie = login.headers.get('set-cookie')!;
    expect(cookie).toMatch(/^session=eyJ[^;]+;/);
    expect(cookie).toMatch(/HttpOnly/);
    expect(cookie).toMatch(/SameSite=Strict/);
    expect(cookie).toMatch(/Path=\//);
    // Plain http on 127.0.0.1: no Secure flag, or the browser would drop the cookie.
    expect(cookie).not.toMatch(/Secure/);
  });

  it('signs in with a password only: the sign-in page is told so, and a personal access token is refused with where to use it', async () => {
    // Outside test mode (in test mode a token signs in: testmode.test.ts).
    const plain = await startServer({ TEST_MODE: '0' });
    const origin = () => ({ origin: plain.base });
    const methods = await plain.request('GET', '/auth/methods');
    expect(methods.status).toBe(200);
    expect(methods.body).toEqual({ password: true, token: false });
    const a = await plain.newAccount();
    const project = await plain.request('POST', '/api/project', {
      token: a.token,
      body: { name: 'token-home' },
    });
    const issued = await plain.request('POST', `/api/project/${project.body.id}/token`, {
      token: a.token,
      body: { name: 'console', role: 'member' },
    });
    expect(issued.status, issued.text).toBe(200);
    const refused = expectCurrentError(
      await plain.request('POST', '/auth/token-login', {
        body: { token: issued.body.token },
        headers: origin(),
      }),
      400,
      'InvalidRequest',
    );
    expect(refused.message).toMatch(/bearer token/);
    const bad = expectCurrentError(
      await plain.request('POST', '/auth/token-login', {
        body: { token: 'abc' },
        headers: origin(),
      }),
      400,
      'InvalidRequest',
    );
    expect(bad.details).toEqual({ token: 'A personal access token starts with cct_.' });
    await plain.close();
  });

  it('rejects a sign-up with a bad e-mail or a short password', async () => {
    const bad = expectCurrentError(
      await t.request('POST', '/auth/signup', {
        body: { email: 'nope', password: 'short' },
        headers: origin(),
      }),
      400,
      'InvalidRequest',
    );
    expect(Object.keys(bad.details!).sort()).toEqual(['email', 'password']);
  });

  it('answers concurrent sign-ups with one address alike, makes one account, never 500', async () => {
    const email = `race-${Date.now()}@example.com`;
    const all = await Promise.all(
      Array.from({ length: 4 }, () =>
        t.request('POST', '/auth/signup', {
          body: { email, password: 'long enough pw' },
          headers: origin(),
        }),
      ),
    );
    expect(all.map((r) => r.status)).toEqual([204, 204, 204, 204]);
    expect(
      await t.ctx.db.selectFrom('account').select('id').where('email', '=', email).execute(),
    ).toHaveLength(1);
  });

  it('gives the console its account and a CSRF token, never the JWT', async () => {
    const a = await t.newAccount();
    const res = await t.request('GET', '/auth/session', {
      headers: { cookie: `session=${a.cookie}` },
    });
    expect(res.status).toBe(200);
    const body = expectSchema(consoleSessionSchema, res.body);
    expect(body.account.email).toBe(a.email);
    expect(res.text).not.toContain(a.cookie);
    expectCurrentError(await t.request('GET', '/auth/session'), 401, 'NotAuthenticated');
  });

  it('needs the CSRF header and a same-origin Origin for unsafe cookie requests', async () => {
    const a = await t.newAccount();
    const cookie = `session=${a.cookie}`;
    const { csrf_token } = (await t.request('GET', '/auth/session', { headers: { cookie } })).body;
    const create = (headers: Record<string, string>) =>
      t.request('POST', '/api/project', {
        body: { name: 'csrf' },
        headers: { cookie, ...headers },
      });

    expectCurrentError(await create({ origin: t.base }), 403, 'Unauthorized');
    expectCurrentError(
      await create({ origin: 'https://evil.example', 'x-csrf-token': csrf_token }),
      403,
      'Unauthorized',
    );
    expectCurrentError(await create({ 'x-csrf-token': csrf_token }), 403, 'Unauthorized');
    expectCurrentError(
      await create({ origin: t.base, 'x-csrf-token': 'wrong' }),
      403,
      'Unauthorized',
    );
    expect((await t.request('GET', '/api/project', { token: a.token })).body.count).toBe(0);

    expect((await create({ origin: t.base, 'x-csrf-token': csrf_token })).status).toBe(200);
    expect(
      (await create({ 'sec-fetch-site': 'same-origin', 'x-csrf-token': csrf_token })).status,
    ).toBe(200);
    // Safe methods need neither.
    expect((await t.request('GET', '/api/project', { headers: { cookie } })).body.count).toBe(2);
  });

  it('ignores the cookie when a Bearer header is sent', async () => {
    const a = await t.newAccount();
    const b = await t.newAccount();
    const res = await t.request('POST', '/api/project', {
      body: { name: 'bearer-wins' },
      headers: { cookie: `session=${a.cookie}`, authorization: `Bearer ${b.token}` },
    });
    expect(res.status).toBe(200);
    expect((await t.request('GET', '/api/project', { token: b.token })).body.count).toBe(1);
    expect((await t.request('GET', '/api/project', { token: a.token })).body.count).toBe(0);
    expectCurrentError(
      await t.request('GET', '/api/project', {
        headers: { cookie: `session=${a.cookie}`, authorization: 'Bearer nonsense' },
      }),
      401,
      'InvalidToken',
    );
  });

  it('signs out: revokes the session and clears the cookie', async () => {
    const a = await t.newAccount();
    const cookie = `session=${a.cookie}`;
    const res = await t.request('POST', '/auth/logout', { headers: { cookie, origin: t.base } });
    expect(res.status).toBe(204);
    expect(res.headers.get('set-cookie')).toMatch(/session=;.*Expires=Thu, 01 Jan 1970/);
    expectCurrentError(
      await t.request('GET', '/auth/session', { headers: { cookie } }),
      401,
      'InvalidToken',
    );
  });
});

describe('console served over HTTPS (PUBLIC_URL)', () => {
  let https: TestServer;
  beforeAll(async () => {
    https = await startServer({ PUBLIC_URL: 'https://console.example.com' });
  });
  afterAll(async () => https.close());

  it('names the cookie __Host-session and marks it Secure, whatever the request looked like', async () => {
    // The request itself is plain http to 127.0.0.1 (a proxy in front terminates TLS).
    const email = `https-${Date.now()}@example.com`;
    const signup = await https.request('POST', '/auth/signup', {
      body: { email, password: 'long enough pw' },
      headers: { origin: https.base },
    });
    expect(signup.status).toBe(204);
    const verified = await https.request('POST', '/auth/verify-email', {
      body: { token: await https.mailedToken(email, VERIFY_PAGE) },
      headers: { origin: https.base },
    });
    const cookie = verified.headers.get('set-cookie')!;
    expect(cookie).toMatch(/^__Host-session=eyJ[^;]+;/);
    expect(cookie).toMatch(/; Secure/);
    expect(cookie).toMatch(/Path=\//);
    expect(cookie).not.toMatch(/Domain=/i);
    const token = cookie.match(/^__Host-session=([^;]+)/)![1]!;
    expect(
      (
        await https.request('GET', '/auth/session', {
          headers: { cookie: `__Host-session=${token}` },
        })
      ).status,
    ).toBe(200);
    // The plain name is not read: it could have been set over http or by a sibling domain.
    expectCurrentError(
      await https.request('GET', '/auth/session', { headers: { cookie: `session=${token}` } }),
      401,
      'NotAuthenticated',
    );
    const out = await https.request('POST', '/auth/logout', {
      headers: { cookie: `__Host-session=${token}`, origin: https.base },
    });
    expect(out.headers.get('set-cookie')).toMatch(/^__Host-session=;.*Secure/);
  });
});

describe('behind a TLS-terminating proxy (TRUST_PROXY)', () => {
  const PROXIED = {
    'x-forwarded-proto': 'https',
    'x-forwarded-host': 'console.example.com',
    origin: 'https://console.example.com',
  };
  let trusting: TestServer;
  let ignoring: TestServer;
  beforeAll(async () => {
    [trusting, ignoring] = await Promise.all([
      startServer({ TRUST_PROXY: 'loopback', LOGIN_MAX_FAILURES_PER_IP: '3' }),
      startServer({ LOGIN_MAX_FAILURES_PER_IP: '3' }),
    ]);
  });
  afterAll(async () => Promise.all([trusting.close(), ignoring.close()]));

  async function signIn(s: TestServer, headers: Record<string, string>) {
    const email = `proxied-${Date.now()}-${Math.random().toString(36).slice(2)}@example.com`;
    expect(
      (
        await s.request('POST', '/auth/signup', {
          body: { email, password: 'long enough pw' },
          headers,
        })
      ).status,
    ).toBe(204);
    return s.request('POST', '/auth/verify-email', {
      body: { token: await s.mailedToken(email, VERIFY_PAGE) },
      headers,
    });
  }

  it('follows the proxy’s X-Forwarded-Proto and -Host: a Secure __Host- cookie, and the browser’s https origin is same-origin', async () => {
    const verified = await signIn(trusting, PROXIED);
    expect(verified.status, verified.text).toBe(200);
    const cookie = verified.headers.get('set-cookie')!;
    expect(cookie).toMatch(/^__Host-session=eyJ[^;]+;.*; Secure/);
    const token = cookie.match(/^__Host-session=([^;]+)/)![1]!;
    expect(
      (
        await trusting.request('GET', '/auth/session', {
          headers: { ...PROXIED, cookie: `__Host-session=${token}` },
        })
      ).status,
    ).toBe(200);
    // A request that reached it over plain http gets the plain cookie.
    const direct = await signIn(trusting, { origin: trusting.base });
    expect(direct.headers.get('set-cookie')).toMatch(/^session=eyJ/);
    expect(direct.headers.get('set-cookie')).not.toMatch(/Secure/);
  });

  it('counts failed logins per forwarded address', async () => {
    const fail = (s: TestServer, ip: string, i: number) =>
      s.request('POST', '/api/login', {
        body: { login: `nobody-${ip}-${i}@example.com`, password: 'wrong password' },
        headers: { 'x-forwarded-for': ip },
      });
    for (let i = 0; i < 3; i++)
      expectCurrentError(await fail(trusting, '203.0.113.1', i), 401, 'InvalidCredentials');
    expectCurrentError(await fail(trusting, '203.0.113.1', 3), 429, 'TooManyRequests');
    // Another client behind the same proxy is not held up.
    expectCurrentError(await fail(trusting, '203.0.113.2', 0), 401, 'InvalidCredentials');
  });

  it('ignores the headers when off (the default): no Secure cookie from a claimed https, one address for all', async () => {
    const verified = await signIn(ignoring, {
      'x-forwarded-proto': 'https',
      origin: ignoring.base,
    });
    expect(verified.status, verified.text).toBe(200);
    expect(verified.headers.get('set-cookie')).toMatch(/^session=eyJ/);
    expect(verified.headers.get('set-cookie')).not.toMatch(/Secure/);
    // The browser's https origin is not this server's, as long as nobody is trusted to say so.
    const crossSite = await ignoring.request('POST', '/auth/signup', {
      body: { email: 'x-site@example.com', password: 'long enough pw' },
      headers: PROXIED,
    });
    expectCurrentError(crossSite, 403, 'Unauthorized');
    const fail = (ip: string, i: number) =>
      ignoring.request('POST', '/api/login', {
        body: { login: `someone-${i}@example.com`, password: 'wrong password' },
        headers: { 'x-forwarded-for': ip },
      });
    for (let i = 0; i < 3; i++)
      expectCurrentError(await fail(`198.51.100.${i}`, i), 401, 'InvalidCredentials');
    expectCurrentError(await fail('198.51.100.9', 9), 429, 'TooManyRequests');
  });
});

describe('sign-up switched off', () => {
  let closed: TestServer;
  beforeAll(async () => {
    closed = await startServer({
      SIGNUP: 'closed',
      ADMIN_EMAIL: 'admin@example.com',
      ADMIN_PASSWORD: 'admin-password',
    });
  });
  afterAll(async () => closed.close());

  it('refuses sign-up with 403 and still lets the admin from ADMIN_EMAIL log in', async () => {
    const res = await closed.request('POST', '/auth/signup', {
      body: { email: 'new@example.com', password: 'long enough pw' },
      headers: { origin: closed.base },
    });
    expectCurrentError(res, 403, 'Unauthorized');
    const login = await closed.request('POST', '/api/login', {
      body: { login: 'admin@example.com', password: 'admin-password' },
    });
    expect(login.status).toBe(200);
  });
});

describe('request hygiene', () => {
  it('answers 413 for a body over 100 kB, 400 for non-JSON and wrong content types', async () => {
    const a = await t.newAccount();
    const big = await t.request('POST', '/api/project', {
      token: a.token,
      rawBody: JSON.stringify({ name: 'x'.repeat(110_000) }),
      headers: { 'content-type': 'application/json' },
    });
    expectCurrentError(big, 413, 'PayloadTooLarge');
    const broken = await t.request('POST', '/api/project', {
      token: a.token,
      rawBody: '{"name":',
      headers: { 'content-type': 'application/json' },
    });
    expectCurrentError(broken, 400, 'InvalidRequest');
    const text = await t.request('POST', '/api/project', {
      token: a.token,
      rawBody: 'name=x',
      headers: { 'content-type': 'text/plain' },
    });
    expectCurrentError(text, 400, 'InvalidRequest');
    const array = await t.request('POST', '/api/project', { token: a.token, body: ['x'] });
    expectCurrentError(array, 400, 'InvalidRequest');
    expect((await t.request('GET', '/api/project', { token: a.token })).body.count).toBe(0);
  });

  it('answers 404 ResourceNotFound for an unknown path or method, in the nested body', async () => {
    expectCurrentError(await t.request('GET', '/api/nothing-here'), 404, 'ResourceNotFound');
    expectCurrentError(await t.request('PUT', '/api/project'), 404, 'ResourceNotFound');
  });

  it('sends security headers and a request id', async () => {
    const res = await t.request('GET', '/healthz', { headers: { 'x-request-id': 'abc-123' } });
    expect(res.headers.get('x-request-id')).toBe('abc-123');
    expect(res.headers.get('content-security-policy')).toContain("script-src 'self'");
    expect(res.headers.get('content-security-policy')).not.toContain('unsafe-inline');
    expect(res.headers.get('x-content-type-options')).toBe('nosniff');
    expect(res.headers.get('x-powered-by')).toBeNull();
    expect((await t.request('GET', '/api/project')).headers.get('x-request-id')).toMatch(
      /^[0-9a-f-]{36}$/,
    );
  });

  it('reports readiness when the database answers', async () => {
    expect((await t.request('GET', '/readyz')).status).toBe(200);
  });

  it('never writes a password, token or cookie to the log', async () => {
    const a = await t.newAccount();
    await t.request(
      'POST',
      `/api/login?login=${encodeURIComponent(a.email)}&password=${encodeURIComponent(a.password)}`,
    );
    await t.request('GET', '/api/project', { token: a.token });
    await t.request('GET', '/auth/session', { headers: { cookie: `session=${a.cookie}` } });
    const log = t.logLines.join('');
    expect(log).toContain('request completed');
    expect(log).not.toContain(a.password);
    expect(log).not.toContain(encodeURIComponent(a.password));
    expect(log).not.toContain(a.token);
    expect(log).not.toContain(a.cookie);
    expect(log).not.toMatch(/eyJhbGci/);
    // Keys are compared as the server decodes them.
    const encoded = await t.request(
      'POST',
      `/api/login?login=${encodeURIComponent(a.email)}&pass%77ord=${encodeURIComponent(a.password)}`,
    );
    expect(encoded.status).toBe(200);
    expect(t.logLines.join('')).not.toContain(encodeURIComponent(a.password));
  });
});
