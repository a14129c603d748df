// Authentication: `Authorization: Bearer <jwt>` (or the raw token), else the console's
// HttpOnly cookie. Either way the JWT must verify (HS256 only) and its session row be live.
import { createHmac, timingSafeEqual } from 'node:crypto';
import type { Request } from 'express';
import { errors as joseErrors, jwtVerify, SignJWT } from 'jose';
import { CSRF_HEADER } from '#shared/api/auth';
import { isId } from '#shared/ids';
import type { AppContext } from '../context.ts';
import { liveSession } from './sessions.ts';
import { readCookie, sessionCookieName } from './cookies.ts';
import { ApiError } from '../errors.ts';

export interface AuthInfo {
  accountId: string;
  email: string;
  sessionId: string;
  viaCookie: boolean;
}

declare module 'express-serve-static-core' {
  interface Request {
    auth?: AuthInfo;
  }
}

export async function signToken(ctx: AppContext, accountId: string, sessionId: string, expiresAt: string) {
  return new SignJWT({ sid: sessionId })
    .setProtectedHeader({ alg: 'HS256', typ: 'JWT' })
    .setSubject(accountId)
    .setIssuedAt()
    .setExpirationTime(Math.floor(Date.parse(expiresAt) / 1000))
    .sign(ctx.jwtKey);
}

const invalidToken = () => new ApiError('InvalidToken', 'The access token is invalid, expired or revoked.');

/**
 * Token from the Authorization header (`Bearer <t>`, `Bearer: <t>` as the origin's Ruby SDK
 * sends it, or raw); a header always wins over the cookie.
 */
export function tokenOf(ctx: AppContext, req: Request): { token: string; viaCookie: boolean } | undefined {
  const header = req.headers.authorization;
  if (header !== undefined) {
    const token = header.replace(/^Bearer:?(\s+|$)/i, '').trim();
    return { token, viaCookie: false };
  }
  const cookie = readCookie(req, sessionCookieName(ctx.config));
  return cookie ? { token: cookie, viaCookie: true } : undefined;
}

export async function authenticate(ctx: AppContext, req: Request): Promise<AuthInfo> {
  const found = tokenOf(ctx, req);
  if (!found || !found.token) {
    throw new ApiError('NotAuthenticated', 'You must be logged in: send a token in the Authorization header.');
  }
  let sub: unknown;
  let sid: unknown;
  try {
    const { payload } = await jwtVerify(found.token, ctx.jwtKey, {
      algorithms: ['HS256'],
      requiredClaims: ['sub', 'sid', 'iat', 'exp'],
    });
    sub = payload.sub;
    sid = payload.sid;
  } catch (err) {
    if (err instanceof joseErrors.JOSEError || err instanceof TypeError) throw invalidToken();
    throw err;
  }
  // Claims are the token's JSON: a `sub` that is not a string is a bad token, not a crash.
  if (typeof sub !== 'string' || !isId('account', sub) || typeof sid !== 'string' || !isId('session', sid)) throw invalidToken();
  const session = await liveSession(ctx.db, sid, sub);
  if (!session) throw invalidToken();
  return { accountId: session.account_id, email: session.email, sessionId: sid, viaCookie: found.viaCookie };
}

export function csrfToken(ctx: AppContext, sessionId: string): string {
  return createHmac('sha256', ctx.jwtKey).update(`csrf:${sessionId}`).digest('base64url');
}

const SAFE_METHODS = new Set(['GET', 'HEAD', 'OPTIONS']);

/** True when the request says it comes from this origin (Origin, else Sec-Fetch-Site). */
export function sameOrigin(req: Request): boolean {
  const origin = req.headers.origin;
  if (origin !== undefined) return origin === `${req.protocol}://${req.headers.host}`;
  return req.headers['sec-fetch-site'] === 'same-origin';
}

/** Cookie-authenticated unsafe requests need the CSRF header and a same-origin request. */
export function checkCsrf(ctx: AppContext, req: Request, auth: AuthInfo): void {
  if (!auth.viaCookie || SAFE_METHODS.has(req.method)) return;
  if (!sameOrigin(req)) throw new ApiError('Unauthorized', 'Cross-site request refused.');
  const sent = req.headers[CSRF_HEADER];
  const expected = Buffer.from(csrfToken(ctx, auth.sessionId));
  if (typeof sent !== 'string' || sent.length !== expected.length || !timingSafeEqual(Buffer.from(sent), expected)) {
    throw new ApiError('Unauthorized', 'Missing or invalid CSRF token.');
  }
}
