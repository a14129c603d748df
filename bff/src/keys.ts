// The JWT signing key: JWT_SECRET when set, else a random secret made once and kept in the
// database, so every process on the same database signs and verifies alike.
import { createSecretKey, randomBytes, type KeyObject } from 'node:crypto';
import type { Db } from './db/database.ts';

export async function loadJwtKey(db: Db, configured?: string): Promise<KeyObject> {
  if (configured) return createSecretKey(Buffer.from(configured, 'utf8'));
  await db
    .insertInto('setting')
    .values({ key: 'jwt_secret', value: randomBytes(32).toString('base64url') })
    .onConflict((oc) => oc.column('key').doNothing())
    .execute();
  const row = await db.selectFrom('setting').select('value').where('key', '=', 'jwt_secret').executeTakeFirstOrThrow();
  return createSecretKey(Buffer.from(row.value, 'base64url'));
}
