// Sessions: the API's login/logout (JWT in the `authorization` header) and the console's
// cookie sign-up / sign-in / sign-out.
import type { Request, Response } from 'express';
import { loginBodySchema, SESSION_COOKIE } from '#shared/api/auth';
import type { AppContext } from '../../context.ts';
import { authenticate, csrfToken, sameOrigin, signToken } from '../../http/auth.ts';
import { isUniqueViolation } from '../../db/errors.ts';
import { ApiError, invalidRequest, validationError } from '../../http/errors.ts';
import type { Handlers } from '../../http/mount.ts';
import { checkCredentials, createAccount, findAccountByEmail } from './account.store.ts';
import { createSession, revokeSession, SESSION_MAX_MS } from './session.store.ts';

/** Verifies credentials under the per-account and per-IP throttles; throws 401 or 429. */
async function signIn(ctx: AppContext, req: Request, email: string, password: string) {
  const accountKey = email.toLowerCase();
  const ipKey = req.ip ?? 'unknown';
  const wait = Math.max(ctx.throttles.account.retryAfter(accountKey), ctx.throttles.ip.retryAfter(ipKey));
  if (wait > 0) {
    throw new ApiError('TooManyRequests', `Too many failed logins. Try again in ${wait} seconds.`, null, {
      'Retry-After': String(wait),
    });
  }
  // Counted before the (slow) password check, so parallel guesses cannot all slip through
  // while the first ones are being verified; a right password gives the attempts back.
  ctx.throttles.account.fail(accountKey);
  ctx.throttles.ip.fail(ipKey);
  const account = await checkCredentials(ctx.db, email, password);
  if (!account) throw new ApiError('InvalidCredentials', 'Invalid login or password.');
  ctx.throttles.account.reset(accountKey);
  ctx.throttles.ip.undo(ipKey);
  return startSession(ctx, account);
}

async function startSession(ctx: AppContext, account: { id: string; email: string }) {
  const session = await createSession(ctx.db, account.id);
  const token = await signToken(ctx, account.id, session.id, session.expires_at);
  return { account, token };
}

const LOCAL_HOSTS = new Set(['localhost', '127.0.0.1', '[::1]']);

function setSessionCookie(req: Request, res: Response, token: string) {
  // `Secure` everywhere but plain-http localhost, where browsers would drop it.
  const secure = req.secure || !LOCAL_HOSTS.has(req.hostname);
  res.cookie(SESSION_COOKIE, token, {
    httpOnly: true,
    sameSite: 'strict',
    secure,
    path: '/',
    maxAge: SESSION_MAX_MS,
  });
}

export function authHandlers(ctx: AppContext): Handlers<
  'login' | 'logout' | 'consoleSignup' | 'consoleLogin' | 'consoleLogout' | 'consoleSession'
> {
  return {
    async login({ query, body, res }) {
      // The spec allows the credentials in a JSON body or in the query string.
      const parsed = loginBodySchema.safeParse(body ?? query, { reportInput: true });
      if (!parsed.success) throw validationError(parsed.error, 'Request body');
      const { token } = await signIn(ctx, res.req, parsed.data.login, parsed.data.password);
      res.setHeader('authorization', token);
      return { success: 'You have been logged in' };
    },

    async logout({ auth }) {
      await revokeSession(ctx.db, auth.sessionId);
      return { success: 'You have been logged out' };
    },

    async consoleSignup({ body, req, res }) {
      if (ctx.config.signup === 'closed') throw new ApiError('Unauthorized', 'Sign-up is closed on this console. Ask an administrator for an account.');
      if (!sameOrigin(req)) throw new ApiError('Unauthorized', 'Cross-site request refused.');
      if (await findAccountByEmail(ctx.db, body.email)) {
        throw invalidRequest({ email: 'An account with this e-mail address already exists.' });
      }
      const created = await createAccount(ctx.db, body.email, body.password).catch((err: unknown) => {
        // Two sign-ups with one address at once: the second one loses here.
        if (isUniqueViolation(err)) throw invalidRequest({ email: 'An account with this e-mail address already exists.' });
        throw err;
      });
      const { account, token } = await startSession(ctx, created);
      setSessionCookie(req, res, token);
      return { account };
    },

    async consoleLogin({ body, req, res }) {
      if (!sameOrigin(req)) throw new ApiError('Unauthorized', 'Cross-site request refused.');
      const { account, token } = await signIn(ctx, req, body.email, body.password);
      setSessionCookie(req, res, token);
      return { account };
    },

    async consoleLogout({ req, res }) {
      // Sign-out always clears the cookie; it revokes the session when the request is ours.
      if (sameOrigin(req)) {
        const auth = await authenticate(ctx, req).catch(() => undefined);
        if (auth?.viaCookie) await revokeSession(ctx.db, auth.sessionId);
      }
      res.clearCookie(SESSION_COOKIE, { path: '/', httpOnly: true, sameSite: 'strict' });
    },

    async consoleSession({ auth }) {
      return { account: { id: auth.accountId, email: auth.email }, csrf_token: csrfToken(ctx, auth.sessionId) };
    },
  };
}
