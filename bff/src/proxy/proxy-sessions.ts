// The proxy's console sessions (decision 220): a row per sign-in holding the upstream token,
// sealed; the browser's cookie is a JWT of this BFF naming the row (as in normal mode), so
// CSRF and cookie handling are the normal mode's own.
import type { Request, Response } from 'express';
import { isId, newId } from '#shared/ids';
import type { AppContext } from '../context.ts';
import { ApiError } from '../errors.ts';
import { signToken, verifyHs256 } from '../auth/auth.ts';
import {
  clearSessionCookie,
  readCookie,
  sessionCookieName,
  setSessionCookie,
} from '../auth/cookies.ts';
import { SESSION_IDLE_MS, SESSION_MAX_MS } from '../auth/sessions.ts';
import { sealer } from '../seal.ts';
import type { ProxySessionTable } from './proxy.tables.ts';

const box = sealer('proxy_seal_key');
/** last_seen_at is written at most this often, so reads stay reads. */
const TOUCH_EVERY_MS = 60_000;

export interface UpstreamAccount {
  id: string;
  email: string;
}

/** A live proxy session with its upstream token unsealed (kept in memory for this request only). */
export interface ProxySession {
  id: string;
  account: UpstreamAccount;
  source: ProxySessionTable['source'];
  upstreamToken: string;
}

/** Opens a session for the upstream `account` holding `token`, and sets the browser's cookie. */
export async function openProxySession(
  ctx: AppContext,
  res: Response,
  account: UpstreamAccount,
  token: string,
  source: ProxySessionTable['source'],
) {
  const now = new Date();
  const id = newId('session');
  const expires_at = new Date(now.getTime() + SESSION_MAX_MS).toISOString();
  await ctx.db
    .insertInto('proxy_session')
    .values({
      id,
      account_id: account.id,
      email: account.email,
      token_sealed: await box.seal(ctx.db, id, token),
      source,
      created_at: now.toISOString(),
      last_seen_at: now.toISOString(),
      expires_at,
      revoked_at: null,
    })
    .execute();
  // `sub` is the upstream's account: the JWT names the row, the row holds what matters.
  setSessionCookie(ctx.config, res, await signToken(ctx, account.id, id, expires_at));
  return id;
}

// The same answer as normal mode's for a session that ended.
const invalidSession = () =>
  new ApiError('InvalidToken', 'The access token is invalid, expired or revoked.');

/**
 * The live session of the request's cookie; undefined without a cookie; 401 InvalidToken for
 * a cookie that names no live session (a forged, expired, idle or signed-out one).
 */
export async function proxySessionOf(
  ctx: AppContext,
  req: Request,
  now = new Date(),
): Promise<ProxySession | undefined> {
  const cookie = readCookie(req, sessionCookieName(ctx.config, req));
  if (!cookie) return undefined;
  const claims = verifyHs256(ctx.jwtKey, cookie);
  const sid = claims?.sid;
  if (typeof sid !== 'string' || !isId('session', sid)) throw invalidSession();
  const row = await ctx.db
    .selectFrom('proxy_session')
    .selectAll()
    .where('id', '=', sid)
    .executeTakeFirst();
  if (!row || row.revoked_at || row.account_id !== claims!.sub) throw invalidSession();
  const lastSeen = Date.parse(row.last_seen_at);
  if (Date.parse(row.expires_at) <= now.getTime() || lastSeen + SESSION_IDLE_MS <= now.getTime())
    throw invalidSession();
  if (now.getTime() - lastSeen > TOUCH_EVERY_MS) {
    await ctx.db
      .updateTable('proxy_session')
      .set({ last_seen_at: now.toISOString() })
      .where('id', '=', sid)
      .execute();
  }
  return {
    id: row.id,
    account: { id: row.account_id, email: row.email },
    source: row.source,
    upstreamToken: await box.unseal(ctx.db, row.id, row.token_sealed),
  };
}

/** Ends the session here; its row is kept, revoked, without the token. */
export async function revokeProxySession(
  ctx: AppContext,
  id: string,
  res?: Response,
): Promise<void> {
  await ctx.db
    .updateTable('proxy_session')
    .set({ revoked_at: new Date().toISOString(), token_sealed: '' })
    .where('id', '=', id)
    .where('revoked_at', 'is', null)
    .execute();
  if (res) clearSessionCookie(ctx.config, res);
}
