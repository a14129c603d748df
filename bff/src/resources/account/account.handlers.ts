// The account page's routes: password, sessions and two-factor sign-in (decisions 187–190).
// Each one acts on the signed-in account only, and never through a personal access token.
import type { AppContext } from '../../context.ts';
import { normalizeCidr } from '#shared/net';
import { ApiError, invalidRequest } from '../../errors.ts';
import type { AuthInfo } from '../../auth/auth.ts';
import type { Handlers } from '../../http/handlers.ts';
import { liveSessionsOf, revokeOtherSessions, revokeSessionOf } from '../../auth/sessions.ts';
import { checkCredentials, hashPassword } from '../auth/account.store.ts';
import { tooMany } from '../../auth/throttle.ts';
import { passwordProblem } from '../auth/password-policy.ts';
import { apiModule } from '../kind.ts';
import {
  beginEnrolment,
  confirmEnrolment,
  disableTwoFactor,
  regenerateRecoveryCodes,
  requireEnabled,
  twoFactorStatus,
  useCode,
} from './two-factor.ts';

type Ops =
  | 'getClientAddress'
  | 'getAccount'
  | 'changePassword'
  | 'listAccountSessions'
  | 'revokeAccountSession'
  | 'revokeOtherAccountSessions'
  | 'beginTwoFactor'
  | 'confirmTwoFactor'
  | 'disableTwoFactor'
  | 'regenerateRecoveryCodes';

export const account = apiModule({ handlers: accountHandlers });

/** The account itself is managed from a signed-in session only: a project's token cannot touch it. */
function signedIn(auth: AuthInfo): AuthInfo & { sessionId: string } {
  if (auth.token)
    throw new ApiError(
      'Unauthorized',
      'A personal access token cannot manage the account: sign in to the console instead.',
    );
  return auth;
}

/**
 * A refused password or code when changing the account: counted with the failed logins of the
 * account (decision 066), so a stolen session cannot guess the password or codes any faster.
 */
async function refused(
  ctx: AppContext,
  email: string,
  field: string,
  message: string,
): Promise<never> {
  const wait = await ctx.throttles.loginAccount.hit(email);
  if (wait > 0) throw tooMany('failed logins', wait);
  throw invalidRequest({ [field]: message });
}

async function confirmPassword(
  ctx: AppContext,
  auth: AuthInfo,
  password: string,
  field: string,
): Promise<void> {
  const wait = await ctx.throttles.loginAccount.retryAfter(auth.email);
  if (wait > 0) throw tooMany('failed logins', wait);
  if (!(await checkCredentials(ctx.db, auth.email, password)))
    await refused(ctx, auth.email, field, 'That password is not right.');
}

/** The password, then a code (or a recovery code), of an account with two-factor sign-in on. */
async function confirmPasswordAndCode(
  ctx: AppContext,
  auth: AuthInfo,
  body: { password: string; code: string },
): Promise<void> {
  await requireEnabled(ctx.db, auth.accountId);
  await confirmPassword(ctx, auth, body.password, 'password');
  if (!(await useCode(ctx.db, auth.accountId, body.code)))
    await refused(ctx, auth.email, 'code', 'That code is not right, or was used already.');
}

function accountHandlers(ctx: AppContext): Handlers<Ops> {
  return {
    async getClientAddress({ req }) {
      // An IPv4 client on a dual-stack socket is seen as ::ffff:a.b.c.d.
      const ip = (req.ip ?? req.socket.remoteAddress ?? '').replace(/^::ffff:(?=\d+\.)/, '');
      const cidr = normalizeCidr(ip);
      if (!cidr) throw new ApiError('ResourceNotFound', 'The address of this request is unknown.');
      const family = ip.includes(':') ? 'ipv6' : 'ipv4';
      return { address: ip, cidr, family };
    },
    async getAccount({ auth }) {
      const { accountId } = signedIn(auth);
      const row = await ctx.db
        .selectFrom('account')
        .select(['id', 'email', 'created_at'])
        .where('id', '=', accountId)
        .executeTakeFirstOrThrow();
      return { ...row, two_factor: await twoFactorStatus(ctx.db, accountId) };
    },

    async changePassword({ auth, body }) {
      const { accountId, email, sessionId } = signedIn(auth);
      await confirmPassword(ctx, auth, body.current_password, 'current_password');
      const problem = passwordProblem(body.new_password, email);
      if (problem) throw invalidRequest({ new_password: problem });
      const hash = await hashPassword(body.new_password);
      // A new password signs out everyone else who had the old one, in the same transaction.
      const revoked = await ctx.db.transaction().execute(async (tx) => {
        await tx
          .updateTable('account')
          .set({ password_hash: hash })
          .where('id', '=', accountId)
          .execute();
        return revokeOtherSessions(tx, accountId, sessionId);
      });
      return { revoked_sessions: revoked };
    },

    async listAccountSessions({ auth }) {
      const { accountId, sessionId } = signedIn(auth);
      const rows = await liveSessionsOf(ctx.db, accountId);
      return { items: rows.map((s) => ({ ...s, current: s.id === sessionId })) };
    },

    async revokeAccountSession({ auth, params }) {
      const { accountId, sessionId } = signedIn(auth);
      if (params.session_id === sessionId)
        throw invalidRequest({
          session_id: 'This is the session you are using: sign out instead.',
        });
      // Like every delete: 204 when it is gone already; another account's session is left alone, and reads as unknown.
      await revokeSessionOf(ctx.db, accountId, params.session_id);
    },

    async revokeOtherAccountSessions({ auth }) {
      const { accountId, sessionId } = signedIn(auth);
      const revoked = await ctx.db
        .transaction()
        .execute((tx) => revokeOtherSessions(tx, accountId, sessionId));
      return { revoked_sessions: revoked };
    },

    async beginTwoFactor({ auth, body }) {
      signedIn(auth);
      await confirmPassword(ctx, auth, body.password, 'password');
      return beginEnrolment(ctx.db, { id: auth.accountId, email: auth.email });
    },

    async confirmTwoFactor({ auth, body }) {
      const { accountId } = signedIn(auth);
      return { recovery_codes: await confirmEnrolment(ctx.db, accountId, body.code) };
    },

    async disableTwoFactor({ auth, body }) {
      await confirmPasswordAndCode(ctx, signedIn(auth), body);
      await disableTwoFactor(ctx.db, auth.accountId);
    },

    async regenerateRecoveryCodes({ auth, body }) {
      await confirmPasswordAndCode(ctx, signedIn(auth), body);
      return { recovery_codes: await regenerateRecoveryCodes(ctx.db, auth.accountId) };
    },
  };
}
