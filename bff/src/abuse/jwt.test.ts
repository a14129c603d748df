// Tokens an attacker can make (issue 7): other algorithms (none, HS384/HS512, RS256 and ES256,
// RS256 with an HMAC signature: key confusion, a key in the header), a wrong key, tampered
// payloads and signatures, expired or not yet valid, missing claims and claims of the wrong
// type, a revoked session, another account's session, 10 kB tokens, garbage, JSON that is not
// a claims object, and the `Bearer: ` form. Each answers 401 InvalidToken (NotAuthenticated
// when no credentials are sent at all), never 500, on a legacy and a current route and as the
// console's session cookie. Tokens are signed with jose and with the server's JWT_SECRET, and
// a token this suite signs for a live session is accepted (so a refusal is for the reason named).
import { createHmac } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  decodeJwt,
  exportJWK,
  generateKeyPair,
  SignJWT,
  UnsecuredJWT,
  type JWTPayload,
} from 'jose';
import { SESSION_COOKIE } from '#shared/api/auth';
import { expectError, newProject } from '../../test/fixtures.ts';
import { startServer, type Reply, type TestServer } from '../../test/harness.ts';

const SECRET = 'abuse-suite-secret-0123456789-abcdefghijklmnop';
const key = new TextEncoder().encode(SECRET);
const now = () => Math.floor(Date.now() / 1000);
const b64 = (s: string | Buffer) => Buffer.from(s).toString('base64url');

/** A token signed with HMAC over any header and payload text (what jose would refuse to make). */
function hmacToken(
  header: object | string,
  payload: object | string,
  secret: string | Uint8Array = key,
  hash = 'sha256',
): string {
  const text = (v: object | string) => (typeof v === 'string' ? v : JSON.stringify(v));
  const input = `${b64(text(header))}.${b64(text(payload))}`;
  return `${input}.${createHmac(hash, secret).update(input).digest('base64url')}`;
}

const hs256 = (claims: JWTPayload, secret: Uint8Array = key, alg = 'HS256') =>
  new SignJWT(claims).setProtectedHeader({ alg, typ: 'JWT' }).sign(secret);

let t: TestServer;
let account: Awaited<ReturnType<TestServer['newAccount']>>;
let project: string;
/** The claims of a live session's token: sub, sid, iat, exp. */
let claims: { sub: string; sid: string; iat: number; exp: number };
let otherAccount: string;
const cases: [string, () => Promise<string> | string][] = [];
let tokens: [string, string][];
const stats = { requests: 0, serverErrors: 0 };

beforeAll(async () => {
  t = await startServer({ JWT_SECRET: SECRET });
  account = await t.newAccount();
  project = await newProject(t, account.token);
  claims = decodeJwt(account.token) as typeof claims;
  otherAccount = (await t.newAccount()).id;
  tokens = await Promise.all(
    cases.map(async ([name, make]) => [name, await make()] as [string, string]),
  );
});
afterAll(async () => {
  console.log(
    `abuse JWT: ${tokens.length} tokens, ${stats.requests} requests, ${stats.serverErrors} answers 5xx`,
  );
  await t.close();
});

const bad = (name: string, make: () => Promise<string> | string) => cases.push([name, make]);
const live = () => ({ ...claims });
const part = (i: number) => account.token.split('.')[i]!;
const header = () => part(0);
const payload = () => part(1);
const signature = () => part(2);

bad('alg none, unsigned', () => new UnsecuredJWT(live()).encode());
bad(
  'alg none with the HS256 signature kept',
  () => `${b64(JSON.stringify({ alg: 'none', typ: 'JWT' }))}.${payload()}.${signature()}`,
);
bad('alg "None"', () => hmacToken({ alg: 'None' }, live()));
bad('no alg', () => hmacToken({ typ: 'JWT' }, live()));
bad('HS384 with the server key', () => hs256(live(), key, 'HS384'));
bad('HS512 with the server key', () => hs256(live(), key, 'HS512'));
bad('RS256 with an RSA key', async () =>
  new SignJWT(live())
    .setProtectedHeader({ alg: 'RS256' })
    .sign((await generateKeyPair('RS256')).privateKey),
);
bad('ES256 with an EC key', async () =>
  new SignJWT(live())
    .setProtectedHeader({ alg: 'ES256' })
    .sign((await generateKeyPair('ES256')).privateKey),
);
bad('RS256 header, HMAC-SHA256 signature with the server key (key confusion)', () =>
  hmacToken({ alg: 'RS256', typ: 'JWT' }, live()),
);
bad('RS256 with its public key in the header (jwk)', async () => {
  const { privateKey, publicKey } = await generateKeyPair('RS256', { extractable: true });
  return new SignJWT(live())
    .setProtectedHeader({ alg: 'RS256', jwk: await exportJWK(publicKey) })
    .sign(privateKey);
});
bad('HS256 with a wrong key', () => hs256(live(), new TextEncoder().encode('x'.repeat(48))));
bad('HS256 with an empty key', () => hmacToken({ alg: 'HS256' }, live(), ''));
bad('HS256 keyed with the secret as base64', () =>
  hmacToken({ alg: 'HS256' }, live(), Buffer.from(SECRET).toString('base64')),
);
bad(
  'payload tampered: another account',
  () => `${header()}.${b64(JSON.stringify({ ...live(), sub: otherAccount }))}.${signature()}`,
);
bad(
  'payload tampered: a later expiry',
  () => `${header()}.${b64(JSON.stringify({ ...live(), exp: claims.exp + 3600 }))}.${signature()}`,
);
bad(
  'signature tampered',
  () =>
    `${header()}.${payload()}.${signature().slice(0, -2)}${signature().endsWith('AA') ? 'BB' : 'AA'}`,
);
bad('signature removed', () => `${header()}.${payload()}.`);
bad('two parts only', () => `${header()}.${payload()}`);
bad('expired', () => hs256({ ...live(), iat: now() - 7200, exp: now() - 3600 }));
bad('nbf in the future', () => hs256({ ...live(), nbf: now() + 3600 }));
bad('no sub', () => hs256({ ...live(), sub: undefined }));
bad('no sid', () => hs256({ ...live(), sid: undefined }));
bad('no exp', () => hs256({ ...live(), exp: undefined }));
bad('no iat', () => hs256({ ...live(), iat: undefined }));
bad('sub a number', () => hmacToken({ alg: 'HS256' }, { ...live(), sub: 12345 }));
bad('sub an array', () => hmacToken({ alg: 'HS256' }, { ...live(), sub: [claims.sub] }));
bad('sub an object', () => hmacToken({ alg: 'HS256' }, { ...live(), sub: { id: claims.sub } }));
bad('sid a number', () => hmacToken({ alg: 'HS256' }, { ...live(), sid: 1 }));
bad('sid an array', () => hmacToken({ alg: 'HS256' }, { ...live(), sid: [claims.sid] }));
bad('exp a string', () => hmacToken({ alg: 'HS256' }, { ...live(), exp: String(claims.exp) }));
bad('sub of another account with this session', () => hs256({ ...live(), sub: otherAccount }));
bad('a session that does not exist', () => hs256({ ...live(), sid: 'se000000000000000000000000' }));
bad('sub and sid not IDs', () => hs256({ ...live(), sub: "' OR 1=1 --", sid: '../../etc/passwd' }));
bad('a revoked session', async () => {
  const token = await t.login(account.email, account.password);
  expect((await t.call('logout', { token })).status).toBe(200);
  return token;
});
bad('payload JSON null', () => hmacToken({ alg: 'HS256' }, 'null'));
bad('payload a JSON array', () => hmacToken({ alg: 'HS256' }, '[]'));
bad('payload not JSON', () => hmacToken({ alg: 'HS256' }, '{"sub":'));
bad('payload with __proto__', () =>
  hmacToken(
    { alg: 'HS256' },
    `{"__proto__":{"sub":"${claims.sub}","sid":"${claims.sid}"},"iat":${claims.iat},"exp":${claims.exp}}`,
  ),
);
bad('header not JSON', () => hmacToken('{"alg":', live()));
bad('header with an unknown critical parameter', () =>
  hmacToken({ alg: 'HS256', crit: ['x-unknown'], 'x-unknown': 1 }, live()),
);
bad('header with b64 false', () => hmacToken({ alg: 'HS256', crit: ['b64'], b64: false }, live()));
bad('a 10 kB signature', () => `${header()}.${payload()}.${'A'.repeat(10_240)}`);
bad('a 10 kB payload with a wrong key', () =>
  hs256({ ...live(), pad: 'x'.repeat(10_240) }, new TextEncoder().encode('y'.repeat(48))),
);
bad('10 kB of garbage', () => 'g'.repeat(10_240));
bad('garbage', () => 'garbage');
bad('three empty parts', () => '..');
bad('empty JSON objects', () => 'e30.e30.');
bad('not base64url', () => '!!!.@@@.###');
bad('a token with spaces inside', () => `${header()} .${payload()}.${signature()}`);
bad('the token twice', () => `${account.token}${account.token}`);

/** Authorization header forms of a token: the three the API accepts (behaviour.md §3). */
const forms: [string, (token: string) => string][] = [
  ['Bearer', (token) => `Bearer ${token}`],
  ['raw', (token) => token],
  ['Bearer: (colon)', (token) => `Bearer: ${token}`],
];

/** A legacy and a current route, as the owner of a project would call them. */
const targets = [
  ['listVms (legacy)', 'legacy', () => `/api/project/${project}/vm`],
  ['getProject (current)', 'current', () => `/api/project/${project}`],
] as const;

async function get(path: string, headers: Record<string, string>): Promise<Reply> {
  const res = await t.request('GET', path, { headers });
  stats.requests++;
  if (res.status >= 500) stats.serverErrors++;
  return res;
}

describe.each(targets)('%s', (_label, generation, path) => {
  it.each(forms)(
    'accepts a live token, and one this suite signs for the live session, in the %s form',
    async (_form, authorization) => {
      expect((await get(path(), { authorization: authorization(account.token) })).status).toBe(200);
      expect(
        (await get(path(), { authorization: authorization(await hs256(live())) })).status,
      ).toBe(200);
    },
  );

  it.each(forms)(
    'answers every bad token in the %s form with 401 InvalidToken',
    async (_form, authorization) => {
      for (const [name, token] of tokens) {
        const res = await get(path(), { authorization: authorization(token) });
        expect(res.status, `${name}: ${res.text}`).toBe(401);
        expect(expectError(generation, res, 401, 'InvalidToken').message, name).toBe(
          'The access token is invalid, expired or revoked.',
        );
      }
    },
  );

  it('answers other schemes and a doubled Bearer with 401 InvalidToken', async () => {
    for (const authorization of [
      'Basic dXNlcjpwYXNzd29yZA==',
      `Token ${account.token}`,
      `Bearer Bearer ${account.token}`,
      `Bearer:: ${account.token}`,
    ]) {
      expectError(generation, await get(path(), { authorization }), 401, 'InvalidToken');
    }
  });

  it.each([[''], ['Bearer'], ['Bearer '], ['bearer'], ['Bearer:'], ['Bearer: ']])(
    'answers %j, no credentials at all, with 401 NotAuthenticated',
    async (authorization) => {
      expectError(generation, await get(path(), { authorization }), 401, 'NotAuthenticated');
    },
  );

  it('answers no Authorization header and no cookie with 401 NotAuthenticated', async () => {
    expectError(generation, await get(path(), {}), 401, 'NotAuthenticated');
  });
});

describe('the console session cookie', () => {
  it('answers every bad token as the cookie with 401 InvalidToken, and a live one with 200', async () => {
    const session = (cookie: string) =>
      get('/auth/session', { cookie: `${SESSION_COOKIE}=${cookie}` });
    expect((await session(account.token)).status).toBe(200);
    for (const [name, token] of tokens) {
      const res = await session(token);
      expect(res.status, `${name}: ${res.text}`).toBe(401);
      expectError('current', res, 401, 'InvalidToken');
    }
  });
});
