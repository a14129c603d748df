import { hash, verify } from '@node-rs/argon2';
import { newId } from '#shared/ids';
import type { Db } from '../../db/database.ts';
import { isUniqueViolation } from '../../db/errors.ts';

// OWASP's argon2id settings: m = 19 MiB, t = 2, p = 1 (algorithm 2 = argon2id).
const ARGON2 = { algorithm: 2, memoryCost: 19456, timeCost: 2, parallelism: 1 } as const;
let dummyHash: Promise<string> | undefined;

export const hashPassword = (password: string) => hash(password, ARGON2);

/**
 * A new account. Unverified unless `verified` (the ADMIN_EMAIL account): it signs in, and its
 * pending invitations apply, once its owner follows the mailed link (verification.store.ts).
 */
export async function createAccount(
  db: Db,
  email: string,
  password: string,
  { verified = false } = {},
) {
  const now = new Date().toISOString();
  const account = {
    id: newId('account'),
    email,
    password_hash: await hashPassword(password),
    created_at: now,
    email_verified_at: verified ? now : null,
  };
  await db.insertInto('account').values(account).execute();
  return { id: account.id, email };
}

export async function findAccountByEmail(db: Db, email: string) {
  return db
    .selectFrom('account')
    .selectAll()
    .where('email', '=', email.toLowerCase())
    .executeTakeFirst();
}

/**
 * The account when the password is right, else undefined. An unknown login costs the same
 * hash verification as a wrong password, so timing does not tell them apart.
 */
export async function checkCredentials(db: Db, email: string, password: string) {
  const account = await findAccountByEmail(db, email);
  if (!account) {
    dummyHash ??= hashPassword('not-a-real-password');
    await verify(await dummyHash, password).catch(() => false);
    return undefined;
  }
  const ok = await verify(account.password_hash, password).catch(() => false);
  return ok ? { id: account.id, email: account.email } : undefined;
}

/** Creates the ADMIN_EMAIL account, verified, at start when it does not exist (another process may race). */
export async function ensureAdmin(db: Db, email: string, password: string): Promise<boolean> {
  const existing = await findAccountByEmail(db, email);
  if (existing) {
    if (!existing.email_verified_at)
      await db
        .updateTable('account')
        .set({ email_verified_at: new Date().toISOString() })
        .where('id', '=', existing.id)
        .execute();
    return false;
  }
  return createAccount(db, email, password, { verified: true }).then(
    () => true,
    (err: unknown) => {
      if (isUniqueViolation(err)) return false;
      throw err;
    },
  );
}
