// A project's members and pending invitations (behaviour.md §11, decision 170). Every change
// runs with the project's row locked, so two admins demoting each other at once cannot leave
// the project without one. A role change updates the member's row in place (never a delete
// and an insert): what hangs off it, such as the member's tokens, stays.
import { INVITATION_DAYS, type Invitation, type Member } from '#shared/api/member';
import { newId } from '#shared/ids';
import type { Page } from '#shared/pagination';
import type { Role } from '#shared/roles';
import type { Db, Queryable } from '../../db/database.ts';
import { forUpdate } from '../../db/locks.ts';
import { pageOfQuery } from '../../db/paging.ts';
import type { Tx } from '../../db/transaction.ts';
import { ApiError, notFound } from '../../errors.ts';

const DAY_MS = 86_400_000;

function members(db: Queryable, projectId: string) {
  return db
    .selectFrom('project_member')
    .innerJoin('account', 'account.id', 'project_member.account_id')
    .select([
      'project_member.account_id',
      'account.email',
      'project_member.role',
      'project_member.created_at',
    ])
    .where('project_member.project_id', '=', projectId);
}

type MemberRow = { account_id: string; email: string; role: Role; created_at: string };
const memberView = (row: MemberRow, callerId: string): Member => ({
  id: row.account_id,
  email: row.email,
  role: row.role,
  created_at: row.created_at,
  is_you: row.account_id === callerId,
});

export async function listMembers(db: Db, projectId: string, callerId: string, page: Page) {
  const { rows, count } = await pageOfQuery(
    db,
    'members',
    [projectId],
    page,
    { id: 'project_member.account_id', name: 'account.email' },
    (v) => ({
      rows: members(db, v(0)),
      count: db
        .selectFrom('project_member')
        .select((eb) => eb.fn.countAll<number>().as('n'))
        .where('project_id', '=', v(0)),
    }),
  );
  return { count, items: rows.map((r) => memberView(r, callerId)) };
}

export async function getMember(db: Db, projectId: string, accountId: string): Promise<Member> {
  const row = await members(db, projectId)
    .where('project_member.account_id', '=', accountId)
    .executeTakeFirst();
  if (!row) throw notFound();
  return memberView(row, accountId);
}

function liveInvitations(db: Queryable, projectId: string, now: string) {
  return db
    .selectFrom('project_invitation')
    .leftJoin('account', 'account.id', 'project_invitation.invited_by')
    .where('project_invitation.project_id', '=', projectId)
    .where('project_invitation.expires_at', '>', now);
}

const invitationColumns = [
  'project_invitation.id',
  'project_invitation.email',
  'project_invitation.role',
  'account.email as invited_by',
  'project_invitation.created_at',
  'project_invitation.expires_at',
] as const;

export async function listInvitations(
  db: Db,
  projectId: string,
  page: Page,
): Promise<{ count: number; items: Invitation[] }> {
  const now = new Date().toISOString();
  const { rows, count } = await pageOfQuery(
    db,
    'invitations',
    [projectId, now],
    page,
    { id: 'project_invitation.id', name: 'project_invitation.email' },
    (v) => ({
      rows: liveInvitations(db, v(0), v(1)).select(invitationColumns),
      count: liveInvitations(db, v(0), v(1)).select((eb) => eb.fn.countAll<number>().as('n')),
    }),
  );
  return { count, items: rows };
}

/** Locks the project's row: member changes of one project run one after another. */
async function lockProject(tx: Tx, projectId: string): Promise<void> {
  await forUpdate(tx, tx.selectFrom('project').select('id').where('id', '=', projectId)).execute();
}

async function adminCount(tx: Tx, projectId: string): Promise<number> {
  const row = await tx
    .selectFrom('project_member')
    .select((eb) => eb.fn.countAll<number>().as('n'))
    .where('project_id', '=', projectId)
    .where('role', '=', 'admin')
    .executeTakeFirstOrThrow();
  return Number(row.n);
}

/** 409: the project would be left without an admin. */
const lastAdmin = (you: boolean, action: string) =>
  new ApiError(
    'Conflict',
    `${you ? 'You are' : 'This member is'} the last admin of this project and cannot ${action}. A project needs at least one admin: make another member an admin first.`,
  );

export type InviteOutcome =
  { member: Member; invitation: null } | { member: null; invitation: Invitation };

/**
 * An existing account joins at once; an unknown address gets a pending invitation, renewed
 * (role, inviter, expiry) when it is invited again. 409 when the account is a member already.
 */
export async function invite(
  db: Db,
  projectId: string,
  inviter: { accountId: string; email: string },
  email: string,
  role: Role,
  now = new Date(),
): Promise<InviteOutcome> {
  const at = now.toISOString();
  return db.transaction().execute(async (tx) => {
    await lockProject(tx, projectId);
    const account = await tx
      .selectFrom('account')
      .select('id')
      .where('email', '=', email)
      .executeTakeFirst();
    if (account) {
      const existing = await members(tx, projectId)
        .where('project_member.account_id', '=', account.id)
        .executeTakeFirst();
      if (existing)
        throw new ApiError(
          'Conflict',
          `${email} is already a member of this project (${existing.role}). Change their role instead.`,
          {
            email: 'Already a member of this project.',
          },
        );
      await tx
        .insertInto('project_member')
        .values({ project_id: projectId, account_id: account.id, role, created_at: at })
        .execute();
      return {
        member: memberView(
          { account_id: account.id, email, role, created_at: at },
          inviter.accountId,
        ),
        invitation: null,
      };
    }
    const expires = new Date(now.getTime() + INVITATION_DAYS * DAY_MS).toISOString();
    await tx
      .insertInto('project_invitation')
      .values({
        id: newId('invitation'),
        project_id: projectId,
        email,
        role,
        invited_by: inviter.accountId,
        created_at: at,
        expires_at: expires,
      })
      .onConflict((oc) =>
        oc.columns(['project_id', 'email']).doUpdateSet({
          role,
          invited_by: inviter.accountId,
          created_at: at,
          expires_at: expires,
        }),
      )
      .execute();
    const invitation = await liveInvitations(tx, projectId, at)
      .select(invitationColumns)
      .where('project_invitation.email', '=', email)
      .executeTakeFirstOrThrow();
    return { member: null, invitation };
  });
}

/** Changes a member's role in place; 404 when the account is not a member, 409 when it would leave no admin. */
export async function changeRole(
  db: Db,
  projectId: string,
  callerId: string,
  accountId: string,
  role: Role,
): Promise<Member> {
  return db.transaction().execute(async (tx) => {
    await lockProject(tx, projectId);
    const member = await members(tx, projectId)
      .where('project_member.account_id', '=', accountId)
      .executeTakeFirst();
    if (!member) throw notFound('This account is not a member of the project.');
    if (member.role === role) return memberView(member, callerId);
    if (member.role === 'admin' && (await adminCount(tx, projectId)) <= 1) {
      throw lastAdmin(accountId === callerId, 'be demoted');
    }
    await tx
      .updateTable('project_member')
      .set({ role })
      .where('project_id', '=', projectId)
      .where('account_id', '=', accountId)
      .execute();
    return memberView({ ...member, role }, callerId);
  });
}

/**
 * Removes a member (their tokens for the project go with the row); `you` when it is the
 * caller. Nothing to do when the account is not a member; 409 when it is the last admin.
 */
export async function removeMember(
  db: Db,
  projectId: string,
  accountId: string,
  you: boolean,
): Promise<void> {
  await db.transaction().execute(async (tx) => {
    await lockProject(tx, projectId);
    const member = await tx
      .selectFrom('project_member')
      .select('role')
      .where('project_id', '=', projectId)
      .where('account_id', '=', accountId)
      .executeTakeFirst();
    if (!member) return;
    if (member.role === 'admin' && (await adminCount(tx, projectId)) <= 1) {
      throw lastAdmin(you, you ? 'leave' : 'be removed');
    }
    await tx
      .deleteFrom('project_member')
      .where('project_id', '=', projectId)
      .where('account_id', '=', accountId)
      .execute();
  });
}

export async function revokeInvitation(
  db: Db,
  projectId: string,
  invitationId: string,
): Promise<void> {
  await db.transaction().execute(async (tx) => {
    await tx
      .deleteFrom('project_invitation')
      .where('project_id', '=', projectId)
      .where('id', '=', invitationId)
      .execute();
  });
}
