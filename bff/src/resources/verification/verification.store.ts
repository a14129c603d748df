// The single-use links of e-mail verification and password reset (decision 166): a random
// token goes into the mail, only its SHA-256 is stored, and using it is one conditional update,
// so two requests with one link cannot both succeed.
import { createHash, randomBytes } from 'node:crypto';
import type { Db } from '../../db/database.ts';
import type { Tx } from '../../db/transaction.ts';
import { applyPendingInvitations } from '../project/invitations.ts';
import type { AccountTokenTable } from './verification.tables.ts';

export type LinkPurpose = AccountTokenTable['purpose'];

/** How long a mailed link works. */
export const LINK_LIFETIME_MS: Record<LinkPurpose, number> = {
  verify: 24 * 3600_000,
  reset: 3600_000,
};

const hashToken = (token: string) => createHash('sha256').update(token).digest('hex');

/** A new link's token for the account; it replaces the account's unused links of that purpose. */
export async function issueLink(
  db: Db,
  accountId: string,
  purpose: LinkPurpose,
  now = new Date(),
): Promise<string> {
  const token = randomBytes(32).toString('base64url');
  await db.transaction().execute(async (tx) => {
    await tx
      .deleteFrom('account_token')
      .where('account_id', '=', accountId)
      .where('purpose', '=', purpose)
      .where('used_at', 'is', null)
      .execute();
    await tx
      .insertInto('account_token')
      .values({
        token_hash: hashToken(token),
        account_id: accountId,
        purpose,
        created_at: now.toISOString(),
        expires_at: new Date(now.getTime() + LINK_LIFETIME_MS[purpose]).toISOString(),
        used_at: null,
      })
      .execute();
  });
  return token;
}

/** The account of a live (unused, unexpired) link, without using it up. */
export async function accountOfLink(db: Db, token: string, purpose: LinkPurpose, now = new Date()) {
  return db
    .selectFrom('account_token')
    .innerJoin('account', 'account.id', 'account_token.account_id')
    .select(['account.id', 'account.email'])
    .where('account_token.token_hash', '=', hashToken(token))
    .where('account_token.purpose', '=', purpose)
    .where('account_token.used_at', 'is', null)
    .where('account_token.expires_at', '>', now.toISOString())
    .executeTakeFirst();
}

/** Uses up a live link: its account's id, or undefined when the link is unknown, used or expired. */
async function useLink(
  tx: Tx,
  token: string,
  purpose: LinkPurpose,
  now: Date,
): Promise<string | undefined> {
  const row = await tx
    .updateTable('account_token')
    .set({ used_at: now.toISOString() })
    .where('token_hash', '=', hashToken(token))
    .where('purpose', '=', purpose)
    .where('used_at', 'is', null)
    .where('expires_at', '>', now.toISOString())
    .returning('account_id')
    .executeTakeFirst();
  return row?.account_id;
}

/** Marks the address verified; the first time, its pending invitations apply. */
async function markVerified(tx: Tx, accountId: string, now: Date): Promise<void> {
  const verified = await tx
    .updateTable('account')
    .set({ email_verified_at: now.toISOString() })
    .where('id', '=', accountId)
    .where('email_verified_at', 'is', null)
    .returning('email')
    .executeTakeFirst();
  if (verified) await applyPendingInvitations(tx, accountId, verified.email, now);
}

const accountById = (tx: Tx, id: string) =>
  tx.selectFrom('account').select(['id', 'email']).where('id', '=', id).executeTakeFirstOrThrow();

/** Follows a verification link: the verified account, or undefined for a dead link. */
export async function verifyWithLink(db: Db, token: string, now = new Date()) {
  return db.transaction().execute(async (tx) => {
    const accountId = await useLink(tx, token, 'verify', now);
    if (!accountId) return undefined;
    await markVerified(tx, accountId, now);
    return accountById(tx, accountId);
  });
}

/**
 * Follows a reset link: sets the password hash and revokes every session of the account. The
 * mail reached its owner, so the address counts as verified too. Undefined for a dead link.
 */
export async function resetWithLink(db: Db, token: string, passwordHash: string, now = new Date()) {
  return db.transaction().execute(async (tx) => {
    const accountId = await useLink(tx, token, 'reset', now);
    if (!accountId) return undefined;
    await tx
      .updateTable('account')
      .set({ password_hash: passwordHash })
      .where('id', '=', accountId)
      .execute();
    await markVerified(tx, accountId, now);
    await tx
      .updateTable('session')
      .set({ revoked_at: now.toISOString() })
      .where('account_id', '=', accountId)
      .where('revoked_at', 'is', null)
      .execute();
    return accountById(tx, accountId);
  });
}

export async function isVerified(db: Db, accountId: string): Promise<boolean> {
  const row = await db
    .selectFrom('account')
    .select('email_verified_at')
    .where('id', '=', accountId)
    .executeTakeFirst();
  return !!row?.email_verified_at;
}
