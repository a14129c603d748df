// Pending invitations: an address with no account yet is invited; the invitation applies when
// that address is verified as an account's (behaviour.md §11).
import type { Tx } from '../../db/transaction.ts';

/** Makes the account a member of every project whose live invitation names its address; the invitations are used up. */
export async function applyPendingInvitations(
  tx: Tx,
  accountId: string,
  email: string,
  now = new Date(),
): Promise<string[]> {
  const pending = await tx
    .selectFrom('project_invitation')
    .select(['id', 'project_id', 'role'])
    .where('email', '=', email)
    .where('expires_at', '>', now.toISOString())
    .execute();
  for (const inv of pending) {
    await tx
      .insertInto('project_member')
      .values({
        project_id: inv.project_id,
        account_id: accountId,
        role: inv.role,
        created_at: now.toISOString(),
      })
      .onConflict((oc) => oc.columns(['account_id', 'project_id']).doNothing())
      .execute();
  }
  await tx.deleteFrom('project_invitation').where('email', '=', email).execute();
  return pending.map((p) => p.project_id);
}
