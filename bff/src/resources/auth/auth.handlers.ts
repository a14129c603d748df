// Sessions: the API's login/logout (JWT in the `authorization` header) and the console's
// cookie sign-up / sign-in / sign-out.
import type { Request } from 'express';
import { loginBodySchema } from '#shared/api/auth';
import { UNVERIFIED_MESSAGE } from '#shared/api/verification';
import type { AppContext } from '../../context.ts';
import {
  authenticate,
  csrfToken,
  sameOrigin,
  sessionOf,
  signToken,
  tokenRefused,
} from '../../auth/auth.ts';
import { clearSessionCookie, setSessionCookie } from '../../auth/cookies.ts';
import { ApiError, invalidRequest, validationError } from '../../errors.ts';
import type { Handlers } from '../../http/handlers.ts';
import { apiModule } from '../kind.ts';
import { checkCredentials } from './account.store.ts';
import { passwordProblem } from './password-policy.ts';
import { createSession, revokeSession } from '../../auth/sessions.ts';
import { signUpByMail } from '../verification/mail-flows.ts';
import { isVerified } from '../verification/verification.store.ts';
import { checkSecondFactor, codeRequired } from '../account/two-factor.ts';

import { tooMany } from '../../auth/throttle.ts';
import { hasTestToken, isTestAccount } from '../../testmode/testmode.handlers.ts';

/**
 * Verifies credentials under the per-account and per-address throttles; throws 401 or 429.
 * Only failures count (decision 066). A failure over the limit answers 429, and a right
 * password is refused once the limit is reached, even by guesses running beside it: so
 * however many guesses run at once, at most `limit` of them get a telling answer. With
 * two-factor sign-in on, a wrong code is one more failure, and a missing one is asked for
 * (decision 188).
 */
async function signIn(
  ctx: AppContext,
  req: Request,
  email: string,
  password: string,
  otp?: string,
) {
  const { loginAccount, loginIp } = ctx.throttles;
  const ip = req.ip ?? 'unknown';
  const blocked = async () =>
    Math.max(await loginAccount.retryAfter(email), await loginIp.retryAfter(ip));
  // Test mode: a test account's failures lock nothing (docs/testing.md).
  const exempt = await isTestAccount(ctx, email);
  const failed = async () => {
    const wait = exempt ? 0 : Math.max(await loginAccount.hit(email), await loginIp.hit(ip));
    if (wait > 0) throw tooMany('failed logins', wait);
    // One message whichever of login, password and code was wrong.
    throw new ApiError(
      'InvalidCredentials',
      otp ? 'Invalid login, password or two-factor code.' : 'Invalid login or password.',
    );
  };
  // Checked first too, so a blocked key costs no password hash.
  let wait = exempt ? 0 : await blocked();
  if (wait > 0) throw tooMany('failed logins', wait);
  const account = await checkCredentials(ctx.db, email, password);
  const factor = account ? await checkSecondFactor(ctx.db, account.id, otp) : 'wrong';
  if (!account || factor === 'wrong') return failed();
  wait = exempt ? 0 : await blocked();
  if (wait > 0) throw tooMany('failed logins', wait);
  if (factor === 'missing') throw codeRequired();
  if (!(await factor.use())) return failed();
  await loginAccount.reset(email);
  if (!(await isVerified(ctx.db, account.id)))
    throw new ApiError('Unauthorized', UNVERIFIED_MESSAGE);
  return startSession(ctx, account, req);
}

export async function startSession(
  ctx: AppContext,
  account: { id: string; email: string },
  req: Request,
) {
  const session = await createSession(ctx.db, account.id, new Date(), {
    userAgent: req.headers['user-agent'],
    ip: req.ip,
  });
  const token = await signToken(ctx, account.id, session.id, session.expires_at);
  return { account, token };
}

export const auth = apiModule({ handlers: authHandlers });

function authHandlers(
  ctx: AppContext,
): Handlers<
  | 'login'
  | 'logout'
  | 'consoleSignup'
  | 'consoleLogin'
  | 'consoleTokenLogin'
  | 'consoleSignInMethods'
  | 'consoleLogout'
  | 'consoleSession'
> {
  return {
    async login({ query, body, res }) {
      // The spec allows the credentials in a JSON body or in the query string.
      const parsed = loginBodySchema.safeParse(body ?? query, { reportInput: true });
      if (!parsed.success) throw validationError(parsed.error, 'Request body');
      const { token } = await signIn(
        ctx,
        res.req,
        parsed.data.login,
        parsed.data.password,
        parsed.data.otp,
      );
      res.setHeader('authorization', token);
      return { success: 'You have been logged in' };
    },

    async logout({ auth }) {
      // A token has no session to end: it is revoked on its own route (decision 180).
      const session = sessionOf(
        auth,
        () =>
          new ApiError(
            'InvalidRequest',
            'This request used a personal access token, which has no session to log out of. Revoke the token instead: DELETE /api/project/{project_id}/token/{token_id}.',
          ),
      );
      await revokeSession(ctx.db, session);
      return { success: 'You have been logged out' };
    },

    async consoleSignup({ body, req }) {
      if (ctx.config.signup === 'closed')
        throw new ApiError(
          'Unauthorized',
          'Sign-up is closed on this console. Ask an administrator for an account.',
        );
      if (!sameOrigin(req)) throw new ApiError('Unauthorized', 'Cross-site request refused.');
      // Every attempt counts, per address and then per e-mail address (decision 067).
      // Test mode: a test runner's sign-ups (with the test-mode token) are not counted (docs/testing.md).
      const exempt = hasTestToken(ctx, req);
      let wait = exempt ? 0 : await ctx.throttles.signupIp.hit(req.ip ?? 'unknown');
      if (wait > 0) throw tooMany('sign-ups from your address', wait);
      const problem = passwordProblem(body.password, body.email);
      if (problem) throw invalidRequest({ password: problem });
      wait = exempt ? 0 : await ctx.throttles.signupEmail.hit(body.email);
      if (wait > 0) throw tooMany('sign-ups for this e-mail address', wait);
      // Answers the same whether the address is new or taken (decision 166).
      await signUpByMail(ctx, body.email, body.password);
    },

    async consoleLogin({ body, req, res }) {
      if (!sameOrigin(req)) throw new ApiError('Unauthorized', 'Cross-site request refused.');
      const { account, token } = await signIn(ctx, req, body.email, body.password, body.otp);
      setSessionCookie(ctx.config, res, token);
      return { account };
    },

    // Tokens sign in to a console in proxy mode (decision 238) and, so a QA test signs a browser
    // in without typing a password, in test mode (decision 282): there a personal access token
    // or an API login token opens its account's own console session.
    async consoleTokenLogin({ body, req, res }) {
      if (!ctx.config.testMode)
        throw new ApiError(
          'InvalidRequest',
          'This console signs in with an e-mail address and password. A personal access token signs in only to a console running in front of another deployment (proxy mode); send it to the API as a bearer token instead.',
        );
      if (!sameOrigin(req)) throw new ApiError('Unauthorized', 'Cross-site request refused.');
      const bearer = { headers: { authorization: `Bearer ${body.token}` } } as Request;
      const owner = await authenticate(ctx, bearer, { tokens: true }).catch(() => {
        throw new ApiError(
          'InvalidToken',
          'This token could not be used to sign in: it is not a live token of this console.',
        );
      });
      const { account, token } = await startSession(
        ctx,
        { id: owner.accountId, email: owner.email },
        req,
      );
      setSessionCookie(ctx.config, res, token);
      return { account };
    },

    async consoleSignInMethods() {
      return { password: true, token: ctx.config.testMode !== undefined };
    },

    async consoleLogout({ req, res }) {
      // Sign-out always clears the cookie; it revokes the session when the request is ours.
      if (sameOrigin(req)) {
        const auth = await authenticate(ctx, req).catch(() => undefined);
        if (auth?.viaCookie) await revokeSession(ctx.db, auth.sessionId);
      }
      clearSessionCookie(ctx.config, res);
    },

    async consoleSession({ auth }) {
      return {
        account: { id: auth.accountId, email: auth.email },
        csrf_token: csrfToken(ctx, sessionOf(auth, tokenRefused)),
      };
    },
  };
}
