// Session rows behind every token and cookie: the authentication mechanism itself, used by
// the auth middleware and by the sign-in routes.
import { newId } from '#shared/ids';
import type { Db } from '../db/database.ts';
import { cachedRead } from '../db/read-cache.ts';

export const SESSION_IDLE_MS = 24 * 3600_000;
export const SESSION_MAX_MS = 30 * 24 * 3600_000;
/** last_seen_at is written at most this often, so reads stay reads. */
const TOUCH_EVERY_MS = 60_000;

export async function createSession(db: Db, accountId: string, now = new Date()) {
  const session = {
    id: newId('session'),
    account_id: accountId,
    created_at: now.toISOString(),
    last_seen_at: now.toISOString(),
    expires_at: new Date(now.getTime() + SESSION_MAX_MS).toISOString(),
    revoked_at: null,
  };
  await db.insertInto('session').values(session).execute();
  return session;
}

/** The live session with that id for that account, refreshed; undefined when it is not live. */
export async function liveSession(db: Db, sessionId: string, accountId: string, now = new Date()) {
  // Read from the cache a logout (or any write to the session's or account's row) empties at
  // once on this process (decision 111); its expiry is checked against the clock every time.
  const row = await cachedRead(db, 'session', `${sessionId} ${accountId}`, () =>
    db
      .selectFrom('session')
      .innerJoin('account', 'account.id', 'session.account_id')
      .select(['session.id', 'session.last_seen_at', 'session.expires_at', 'session.revoked_at', 'account.id as account_id', 'account.email'])
      .where('session.id', '=', sessionId)
      .where('session.account_id', '=', accountId)
      .executeTakeFirst(),
  );
  if (!row || row.revoked_at) return undefined;
  const lastSeen = Date.parse(row.last_seen_at);
  if (Date.parse(row.expires_at) <= now.getTime() || lastSeen + SESSION_IDLE_MS <= now.getTime()) return undefined;
  if (now.getTime() - lastSeen > TOUCH_EVERY_MS) {
    await db.updateTable('session').set({ last_seen_at: now.toISOString() }).where('id', '=', sessionId).execute();
  }
  return row;
}

export async function revokeSession(db: Db, sessionId: string, now = new Date()) {
  await db.updateTable('session').set({ revoked_at: now.toISOString() }).where('id', '=', sessionId).where('revoked_at', 'is', null).execute();
}
