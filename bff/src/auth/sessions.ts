// Session rows behind every token and cookie: the authentication mechanism itself, used by
// the auth middleware and by the sign-in routes.
import { newId } from '#shared/ids';
import type { Db } from '../db/database.ts';
import { cachedRead } from '../db/read-cache.ts';

export const SESSION_IDLE_MS = 24 * 3600_000;
export const SESSION_MAX_MS = 30 * 24 * 3600_000;
/** last_seen_at is written at most this often, so reads stay reads. */
const TOUCH_EVERY_MS = 60_000;

/** Who opened a session, as the account page shows it. */
export interface SessionClient {
  userAgent?: string;
  ip?: string;
}

export async function createSession(
  db: Db,
  accountId: string,
  now = new Date(),
  client: SessionClient = {},
) {
  const session = {
    id: newId('session'),
    account_id: accountId,
    created_at: now.toISOString(),
    last_seen_at: now.toISOString(),
    expires_at: new Date(now.getTime() + SESSION_MAX_MS).toISOString(),
    revoked_at: null,
    user_agent: client.userAgent?.slice(0, 512) ?? null,
    ip: client.ip ?? null,
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
      .select([
        'session.id',
        'session.last_seen_at',
        'session.expires_at',
        'session.revoked_at',
        'account.id as account_id',
        'account.email',
      ])
      .where('session.id', '=', sessionId)
      .where('session.account_id', '=', accountId)
      .executeTakeFirst(),
  );
  if (!row || row.revoked_at) return undefined;
  const lastSeen = Date.parse(row.last_seen_at);
  if (Date.parse(row.expires_at) <= now.getTime() || lastSeen + SESSION_IDLE_MS <= now.getTime())
    return undefined;
  if (now.getTime() - lastSeen > TOUCH_EVERY_MS) {
    await db
      .updateTable('session')
      .set({ last_seen_at: now.toISOString() })
      .where('id', '=', sessionId)
      .execute();
  }
  return row;
}

export async function revokeSession(db: Db, sessionId: string, now = new Date()) {
  await db
    .updateTable('session')
    .set({ revoked_at: now.toISOString() })
    .where('id', '=', sessionId)
    .where('revoked_at', 'is', null)
    .execute();
}

/** The account's sessions that still work (not revoked, expired or idle too long), newest first. */
export async function liveSessionsOf(db: Db, accountId: string, now = new Date()) {
  return db
    .selectFrom('session')
    .select(['id', 'created_at', 'last_seen_at', 'expires_at', 'user_agent', 'ip'])
    .where('account_id', '=', accountId)
    .where('revoked_at', 'is', null)
    .where('expires_at', '>', now.toISOString())
    .where('last_seen_at', '>', new Date(now.getTime() - SESSION_IDLE_MS).toISOString())
    .orderBy('created_at', 'desc')
    .orderBy('id', 'desc')
    .execute();
}

/** Revokes one session of the account (nothing when it is another account's or revoked already). */
export async function revokeSessionOf(
  db: Db,
  accountId: string,
  sessionId: string,
  now = new Date(),
): Promise<void> {
  await db
    .updateTable('session')
    .set({ revoked_at: now.toISOString() })
    .where('id', '=', sessionId)
    .where('account_id', '=', accountId)
    .where('revoked_at', 'is', null)
    .execute();
}

/** Revokes every session of the account but `keepId`; answers how many still worked. */
export async function revokeOtherSessions(
  db: Db,
  accountId: string,
  keepId: string,
  now = new Date(),
): Promise<number> {
  const live = await liveSessionsOf(db, accountId, now);
  await db
    .updateTable('session')
    .set({ revoked_at: now.toISOString() })
    .where('account_id', '=', accountId)
    .where('id', '!=', keepId)
    .where('revoked_at', 'is', null)
    .execute();
  return live.filter((s) => s.id !== keepId).length;
}
