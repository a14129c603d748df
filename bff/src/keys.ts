// Server secrets: the JWT signing key (JWT_SECRET when set) and the keys that seal two-factor and webhook
// secrets. A secret not configured is made once at random and kept in the database, so every
// process on the same database uses the same one.
import { createSecretKey, randomBytes, type KeyObject } from 'node:crypto';
import type { Db } from './db/database.ts';

/** The 32 random bytes stored under `key` in the setting table, made by the first process that asks. */
export async function storedSecret(db: Db, key: string): Promise<Buffer> {
  const stored = await db
    .selectFrom('setting')
    .select('value')
    .where('key', '=', key)
    .executeTakeFirst();
  if (stored) return Buffer.from(stored.value, 'base64url');
  await db
    .insertInto('setting')
    .values({ key, value: randomBytes(32).toString('base64url') })
    .onConflict((oc) => oc.column('key').doNothing())
    .execute();
  const row = await db
    .selectFrom('setting')
    .select('value')
    .where('key', '=', key)
    .executeTakeFirstOrThrow();
  return Buffer.from(row.value, 'base64url');
}

export async function loadJwtKey(db: Db, configured?: string): Promise<KeyObject> {
  if (configured) return createSecretKey(Buffer.from(configured, 'utf8'));
  return createSecretKey(await storedSecret(db, 'jwt_secret'));
}
