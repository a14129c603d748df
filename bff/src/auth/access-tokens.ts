// Personal access tokens as credentials (decision 180): the secret's shape and hash, and the
// live token behind a secret, as the auth middleware checks it on every request.
import { createHash, randomBytes } from 'node:crypto';
import { TOKEN_PREFIX } from '#shared/api/token';
import type { Db } from '../db/database.ts';
import { cachedRead } from '../db/read-cache.ts';

/** last_used_at is written at most this often, so reads stay reads (as sessions' last_seen_at). */
const TOUCH_EVERY_MS = 60_000;
/** 32 random bytes in base64url: 43 characters after the prefix. */
const SECRET_PATTERN = new RegExp(`^${TOKEN_PREFIX}[\\w-]{43}$`);

export const isTokenSecret = (value: string) => value.startsWith(TOKEN_PREFIX);

/** SHA-256 in hex: the secret has 256 random bits, so a fast hash is enough (no guessing to slow down). */
export const hashSecret = (secret: string) => createHash('sha256').update(secret).digest('hex');

/** A new secret, its hash and the hint shown in lists. */
export function newSecret() {
  const secret = TOKEN_PREFIX + randomBytes(32).toString('base64url');
  return { secret, hash: hashSecret(secret), hint: `${TOKEN_PREFIX}…${secret.slice(-4)}` };
}

/** The live token with that secret, its last use refreshed; undefined when it is malformed, unknown, expired or revoked. */
export async function liveAccessToken(db: Db, secret: string, now = new Date()) {
  if (!SECRET_PATTERN.test(secret)) return undefined;
  const hash = hashSecret(secret);
  // Read from the cache a revoke (any write to access_token) empties at once on this process
  // (decision 111); the expiry is checked against the clock every time.
  const row = await cachedRead(db, 'access token', hash, () =>
    db
      .selectFrom('access_token')
      .innerJoin('account', 'account.id', 'access_token.account_id')
      .select([
        'access_token.id',
        'access_token.project_id',
        'access_token.role',
        'access_token.expires_at',
        'access_token.last_used_at',
        'account.id as account_id',
        'account.email',
      ])
      .where('access_token.secret_hash', '=', hash)
      .executeTakeFirst(),
  );
  if (!row || (row.expires_at !== null && Date.parse(row.expires_at) <= now.getTime()))
    return undefined;
  if (row.last_used_at === null || now.getTime() - Date.parse(row.last_used_at) > TOUCH_EVERY_MS) {
    await db
      .updateTable('access_token')
      .set({ last_used_at: now.toISOString() })
      .where('id', '=', row.id)
      .execute();
  }
  return row;
}
