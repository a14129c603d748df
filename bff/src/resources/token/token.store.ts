// Personal access tokens: issue, list, look up and revoke (decision 180). The secret is made
// and hashed in auth/access-tokens.ts; only its hash and hint are stored.
import type { AccessToken, IssueTokenBody } from '#shared/api/token';
import { TOKEN_LIMIT } from '#shared/api/token';
import { newId } from '#shared/ids';
import type { Page } from '#shared/pagination';
import { lowerRole, type Role } from '#shared/roles';
import type { Db, Queryable } from '../../db/database.ts';
import { isUniqueViolation } from '../../db/errors.ts';
import { forUpdate } from '../../db/locks.ts';
import { pageOfQuery } from '../../db/paging.ts';
import { invalidRequest, nameTaken, notFound } from '../../errors.ts';
import { newSecret } from '../../auth/access-tokens.ts';

/** Whose tokens a caller sees: an admin every token of the project, anyone else their own. */
export interface TokenViewer {
  projectId: string;
  accountId: string;
  admin: boolean;
}

function visible(db: Queryable, viewer: TokenViewer) {
  let q = db
    .selectFrom('access_token')
    .innerJoin('account', 'account.id', 'access_token.account_id')
    .where('access_token.project_id', '=', viewer.projectId);
  if (!viewer.admin) q = q.where('access_token.account_id', '=', viewer.accountId);
  return q;
}

const columns = [
  'access_token.id',
  'access_token.name',
  'access_token.role',
  'access_token.hint',
  'access_token.created_at',
  'access_token.expires_at',
  'access_token.last_used_at',
  'account.id as account_id',
  'account.email',
] as const;

function view({
  account_id,
  email,
  ...row
}: {
  id: string;
  name: string;
  role: Role;
  hint: string;
  created_at: string;
  expires_at: string | null;
  last_used_at: string | null;
  account_id: string;
  email: string;
}): AccessToken {
  return { ...row, created_by: { id: account_id, email } };
}

export async function listTokens(db: Db, viewer: TokenViewer, page: Page) {
  // An admin's list and anyone else's are two shapes: the admin's has no account filter.
  const values = viewer.admin ? [viewer.projectId] : [viewer.projectId, viewer.accountId];
  const { rows, count } = await pageOfQuery(
    db,
    `tokens ${viewer.admin ? 'admin' : 'own'}`,
    values,
    page,
    { id: 'access_token.id', name: 'access_token.name' },
    (v) => {
      const scope = { projectId: v(0), accountId: viewer.admin ? '' : v(1), admin: viewer.admin };
      return {
        rows: visible(db, scope).select(columns),
        count: visible(db, scope).select((eb) => eb.fn.countAll<number>().as('n')),
      };
    },
  );
  return { count, items: rows.map(view) };
}

/** The token when the viewer may see it; otherwise the 404 of a token that does not exist. */
export async function getToken(db: Db, viewer: TokenViewer, tokenId: string): Promise<AccessToken> {
  const row = await visible(db, viewer)
    .select(columns)
    .where('access_token.id', '=', tokenId)
    .executeTakeFirst();
  if (!row) throw notFound();
  return view(row);
}

/**
 * A new token of the member `accountId` in the project, with at most their `role` (400 naming
 * `role` otherwise). Their membership row is locked while their tokens are counted.
 */
export async function issueToken(
  db: Db,
  member: { projectId: string; accountId: string; role: Role },
  body: IssueTokenBody,
  now = new Date(),
) {
  if (lowerRole(body.role, member.role) !== body.role) {
    throw invalidRequest({
      role: `role may be no higher than your own role in this project (${member.role}).`,
    });
  }
  if (body.expires_at && Date.parse(body.expires_at) <= now.getTime()) {
    throw invalidRequest({ expires_at: 'expires_at must be in the future.' });
  }
  const { secret, hash, hint } = newSecret();
  const row = {
    id: newId('accessToken'),
    project_id: member.projectId,
    account_id: member.accountId,
    name: body.name,
    role: body.role,
    secret_hash: hash,
    hint,
    created_at: now.toISOString(),
    expires_at: body.expires_at ? new Date(body.expires_at).toISOString() : null,
    last_used_at: null,
  };
  await db
    .transaction()
    .execute(async (tx) => {
      const membership = tx
        .selectFrom('project_member')
        .select('role')
        .where('project_id', '=', member.projectId)
        .where('account_id', '=', member.accountId);
      if (!(await forUpdate(tx, membership).executeTakeFirst())) throw notFound();
      const held = await tx
        .selectFrom('access_token')
        .select((eb) => eb.fn.countAll<number>().as('n'))
        .where('project_id', '=', member.projectId)
        .where('account_id', '=', member.accountId)
        .executeTakeFirstOrThrow();
      if (Number(held.n) >= TOKEN_LIMIT) {
        const message = `You have reached the limit of ${TOKEN_LIMIT} tokens in this project. Revoke a token first.`;
        throw invalidRequest({ tokens: message }, message);
      }
      if (
        await tx
          .selectFrom('access_token')
          .select('id')
          .where('project_id', '=', member.projectId)
          .where('name', '=', body.name)
          .executeTakeFirst()
      )
        throw nameTaken();
      await tx.insertInto('access_token').values(row).execute();
    })
    .catch((err: unknown) => {
      // Two issues with one name at once: the second one loses here.
      if (isUniqueViolation(err)) throw nameTaken();
      throw err;
    });
  return {
    ...(await getToken(
      db,
      { projectId: member.projectId, accountId: member.accountId, admin: false },
      row.id,
    )),
    token: secret,
  };
}

/** Revokes the token when the viewer may see it (idempotent: nothing to revoke is no error). */
export async function revokeToken(db: Db, viewer: TokenViewer, tokenId: string): Promise<void> {
  let q = db
    .deleteFrom('access_token')
    .where('id', '=', tokenId)
    .where('project_id', '=', viewer.projectId);
  if (!viewer.admin) q = q.where('account_id', '=', viewer.accountId);
  await q.execute();
}
