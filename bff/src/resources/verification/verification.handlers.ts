// E-mail verification and password reset for the console (decision 166).
import type { Request } from 'express';
import { BAD_LINK_MESSAGE } from '#shared/api/verification';
import type { AppContext } from '../../context.ts';
import { sameOrigin } from '../../auth/auth.ts';
import { setSessionCookie } from '../../auth/cookies.ts';
import type { Handlers } from '../../http/handlers.ts';
import type { Throttle } from '../../auth/throttle.ts';
import { ApiError, invalidRequest } from '../../errors.ts';
import { hashPassword } from '../auth/account.store.ts';
import { tooMany } from '../../auth/throttle.ts';
import { startSession } from '../auth/auth.handlers.ts';
import { passwordProblem } from '../auth/password-policy.ts';
import { apiModule } from '../kind.ts';
import { mailPasswordReset, resendVerification } from './mail-flows.ts';
import { accountOfLink, resetWithLink, verifyWithLink } from './verification.store.ts';

export const verification = apiModule({ handlers: verificationHandlers });

const deadLink = () => invalidRequest({ token: BAD_LINK_MESSAGE }, BAD_LINK_MESSAGE);

/** These routes mail or sign in: only the console's own pages may call them. */
function sameOriginOnly(req: Request): void {
  if (!sameOrigin(req)) throw new ApiError('Unauthorized', 'Cross-site request refused.');
}

/** Every request for a mail counts against its address, whether or not an account has it. */
async function throttled(throttle: Throttle, email: string): Promise<void> {
  const wait = await throttle.hit(email);
  if (wait > 0) throw tooMany('mails to this address', wait);
}

function verificationHandlers(
  ctx: AppContext,
): Handlers<'verifyEmail' | 'resendVerification' | 'forgotPassword' | 'resetPassword'> {
  return {
    async verifyEmail({ body, req, res }) {
      sameOriginOnly(req);
      const verified = await verifyWithLink(ctx.db, body.token);
      if (!verified) throw deadLink();
      const { account, token } = await startSession(ctx, verified, req);
      setSessionCookie(ctx.config, res, token);
      return { account };
    },

    async resendVerification({ body, req }) {
      sameOriginOnly(req);
      await throttled(ctx.throttles.verifyResend, body.email);
      await resendVerification(ctx, body.email);
    },

    async forgotPassword({ body, req }) {
      sameOriginOnly(req);
      await throttled(ctx.throttles.passwordReset, body.email);
      await mailPasswordReset(ctx, body.email);
    },

    async resetPassword({ body, req }) {
      sameOriginOnly(req);
      const owner = await accountOfLink(ctx.db, body.token, 'reset');
      if (!owner) throw deadLink();
      // The sign-up policy; the link stays usable until a password is accepted.
      const problem = passwordProblem(body.password, owner.email);
      if (problem) throw invalidRequest({ password: problem });
      const account = await resetWithLink(ctx.db, body.token, await hashPassword(body.password));
      if (!account) throw deadLink();
      // Failed guesses before the reset no longer hold the owner back.
      await ctx.throttles.loginAccount.reset(account.email);
    },
  };
}
