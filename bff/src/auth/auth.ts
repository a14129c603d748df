// Authentication: `Authorization: Bearer <jwt>` (or the raw token), else the console's
// HttpOnly cookie. Either way the JWT must verify (HS256 only) and its session row be live.
// On the API, the header may instead hold a personal access token (`cct_…`, decision 180).
import { createHmac, timingSafeEqual, type KeyObject } from 'node:crypto';
import type { Request } from 'express';
import { CSRF_HEADER } from '#shared/api/auth';
import { isId } from '#shared/ids';
import type { Role } from '#shared/roles';
import type { AppContext } from '../context.ts';
import { isTokenSecret, liveAccessToken } from './access-tokens.ts';
import { liveSession } from './sessions.ts';
import { readCookie, sessionCookieName } from './cookies.ts';
import { ApiError } from '../errors.ts';

/** A personal access token's scope: it acts in one project only, with at most this role. */
export interface TokenScope {
  id: string;
  projectId: string;
  role: Role;
}

/** Who calls: a signed-in session (JWT or cookie), or a personal access token, which has no session. */
export type AuthInfo = { accountId: string; email: string } & (
  | { sessionId: string; viaCookie: boolean; token?: undefined }
  | { token: TokenScope; sessionId?: undefined; viaCookie: false }
);

declare module 'express-serve-static-core' {
  interface Request {
    auth?: AuthInfo;
  }
}

export async function signToken(
  ctx: AppContext,
  accountId: string,
  sessionId: string,
  expiresAt: string,
) {
  // jose is loaded with the first sign-in, not at start (decision 239).
  const { SignJWT } = await import('jose');
  return new SignJWT({ sid: sessionId })
    .setProtectedHeader({ alg: 'HS256', typ: 'JWT' })
    .setSubject(accountId)
    .setIssuedAt()
    .setExpirationTime(Math.floor(Date.parse(expiresAt) / 1000))
    .sign(ctx.jwtKey);
}

const BASE64URL = /^[\w-]+$/;
/** Longer than any token this server signs by far; longer ones are not even decoded. */
const MAX_TOKEN_LENGTH = 2048;

function jsonObject(part: string): Record<string, unknown> | undefined {
  try {
    const value: unknown = JSON.parse(Buffer.from(part, 'base64url').toString('utf8'));
    return value !== null && typeof value === 'object' && !Array.isArray(value)
      ? (value as Record<string, unknown>)
      : undefined;
  } catch {
    return undefined;
  }
}

/**
 * The claims of a compact JWS signed HS256 with `key`, checked synchronously with node:crypto
 * (decision 112): exactly the header `alg` HS256 with no critical extensions, the canonical
 * signature, and `sub`, `sid`, numeric `iat` and `exp` present, `exp` in the future and `nbf`,
 * when present, not. Undefined for anything else. A token that passed is remembered with its
 * claims (below), so its signature is checked once; its times are checked on every use.
 */
export function verifyHs256(
  key: KeyObject,
  token: string,
): Readonly<Record<string, unknown>> | undefined {
  let known = verified.get(key);
  if (!known) verified.set(key, (known = new Map()));
  const remembered = known.get(token);
  if (remembered) {
    if (inTime(remembered)) return remembered;
    known.delete(token);
    return undefined;
  }
  const claims = checkHs256(key, token);
  if (claims) {
    if (known.size >= VERIFIED_MAX) known.delete(known.keys().next().value!);
    known.set(token, Object.freeze(claims));
  }
  return claims;
}

/**
 * Per key, the tokens that verified and their claims, at most VERIFIED_MAX (the oldest go
 * first): an HMAC and two JSON parses saved on each request after a token's first (decision
 * 243). Only tokens this key signed get in: a bad token is checked in full every time.
 */
const verified = new WeakMap<KeyObject, Map<string, Readonly<Record<string, unknown>>>>();
const VERIFIED_MAX = 10_000;

/** `exp` still ahead and `nbf`, when present, reached. */
function inTime({ exp, nbf }: Readonly<Record<string, unknown>>): boolean {
  const now = Math.floor(Date.now() / 1000);
  return (
    typeof exp === 'number' &&
    exp > now &&
    (nbf === undefined || (typeof nbf === 'number' && nbf <= now))
  );
}

function checkHs256(key: KeyObject, token: string): Record<string, unknown> | undefined {
  if (token.length > MAX_TOKEN_LENGTH) return undefined;
  const parts = token.split('.');
  if (parts.length !== 3 || !parts.every((p) => BASE64URL.test(p))) return undefined;
  const [h, p, signature] = parts as [string, string, string];
  const expected = Buffer.from(createHmac('sha256', key).update(`${h}.${p}`).digest('base64url'));
  const sent = Buffer.from(signature);
  if (sent.length !== expected.length || !timingSafeEqual(sent, expected)) return undefined;
  const header = jsonObject(h);
  if (!header || header.alg !== 'HS256' || 'crit' in header || 'b64' in header) return undefined;
  const claims = jsonObject(p);
  if (!claims) return undefined;
  const { exp, iat } = claims;
  if (
    typeof exp !== 'number' ||
    typeof iat !== 'number' ||
    !Number.isFinite(exp) ||
    !Number.isFinite(iat) ||
    !inTime(claims)
  )
    return undefined;
  if (claims.sub === undefined || claims.sid === undefined) return undefined;
  return claims;
}

const invalidToken = () =>
  new ApiError('InvalidToken', 'The access token is invalid, expired or revoked.');
/** A personal access token where only a signed-in session will do (the console's /auth routes). */
export const tokenRefused = () =>
  new ApiError('InvalidToken', 'A personal access token is not accepted here: sign in instead.');

/**
 * Token from the Authorization header (`Bearer <t>`, `Bearer: <t>` as the origin's Ruby SDK
 * sends it, or raw); a header always wins over the cookie.
 */
export function tokenOf(
  ctx: AppContext,
  req: Request,
): { token: string; viaCookie: boolean } | undefined {
  const header = req.headers.authorization;
  if (header !== undefined) {
    const token = header.replace(/^Bearer:?(\s+|$)/i, '').trim();
    return { token, viaCookie: false };
  }
  const cookie = readCookie(req, sessionCookieName(ctx.config, req));
  return cookie ? { token: cookie, viaCookie: true } : undefined;
}

/**
 * The caller of a request. `tokens`: whether a personal access token is accepted (the API's
 * routes; never the console's /auth routes). A token comes in the Authorization header only.
 */
export async function authenticate(
  ctx: AppContext,
  req: Request,
  { tokens = false }: { tokens?: boolean } = {},
): Promise<AuthInfo> {
  const found = tokenOf(ctx, req);
  if (!found || !found.token) {
    throw new ApiError(
      'NotAuthenticated',
      'You must be logged in: send a token in the Authorization header.',
    );
  }
  if (isTokenSecret(found.token)) {
    if (!tokens || found.viaCookie) throw tokenRefused();
    const token = await liveAccessToken(ctx.db, found.token);
    if (!token) throw invalidToken();
    return {
      accountId: token.account_id,
      email: token.email,
      viaCookie: false,
      token: { id: token.id, projectId: token.project_id, role: token.role },
    };
  }
  const claims = verifyHs256(ctx.jwtKey, found.token);
  if (!claims) throw invalidToken();
  const { sub, sid } = claims;
  // Claims are the token's JSON: a `sub` that is not a string is a bad token, not a crash.
  if (
    typeof sub !== 'string' ||
    !isId('account', sub) ||
    typeof sid !== 'string' ||
    !isId('session', sid)
  )
    throw invalidToken();
  const session = await liveSession(ctx.db, sid, sub);
  if (!session) throw invalidToken();
  return {
    accountId: session.account_id,
    email: session.email,
    sessionId: sid,
    viaCookie: found.viaCookie,
  };
}

/** The session of a signed-in caller; a personal access token has none and is refused with `refusal`. */
export function sessionOf(auth: AuthInfo, refusal: () => ApiError): string {
  if (auth.token) throw refusal();
  return auth.sessionId;
}

export function csrfToken(ctx: AppContext, sessionId: string): string {
  return createHmac('sha256', ctx.jwtKey).update(`csrf:${sessionId}`).digest('base64url');
}

const SAFE_METHODS = new Set(['GET', 'HEAD', 'OPTIONS']);

/** True when the request says it comes from this origin (Origin, else Sec-Fetch-Site). */
export function sameOrigin(req: Request): boolean {
  const origin = req.headers.origin;
  // Behind a trusted proxy (TRUST_PROXY) the protocol and host are the ones the browser used.
  if (origin !== undefined) return origin === `${req.protocol}://${req.host}`;
  return req.headers['sec-fetch-site'] === 'same-origin';
}

/** Cookie-authenticated unsafe requests need the CSRF header and a same-origin request. */
export function checkCsrf(ctx: AppContext, req: Request, auth: AuthInfo): void {
  if (!auth.viaCookie || SAFE_METHODS.has(req.method)) return;
  if (!sameOrigin(req)) throw new ApiError('Unauthorized', 'Cross-site request refused.');
  const sent = req.headers[CSRF_HEADER];
  const expected = Buffer.from(csrfToken(ctx, auth.sessionId));
  if (
    typeof sent !== 'string' ||
    sent.length !== expected.length ||
    !timingSafeEqual(Buffer.from(sent), expected)
  ) {
    throw new ApiError('Unauthorized', 'Missing or invalid CSRF token.');
  }
}
