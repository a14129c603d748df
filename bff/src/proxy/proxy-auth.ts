// The console's /auth routes in proxy mode (decision 222). Sign-in, the session probe and
// sign-out are this BFF's own: they open, check and end a local session that holds the
// upstream token. Every other /auth route (sign-up, e-mail verification, password reset, the
// account pages, the development outbox) is the upstream's, called with the session's token;
// an answer that signs the user in upstream (the verification link) opens a local session
// instead of handing the upstream's cookie to the browser.
import type { Express, Request, Response } from 'express';
import {
  consoleLoginBodySchema,
  consoleTokenLoginBodySchema,
  SESSION_COOKIE,
} from '#shared/api/auth';
import { TOKEN_PREFIX } from '#shared/api/token';
import type { AppContext } from '../context.ts';
import { ApiError, validationError } from '../errors.ts';
import { checkCsrf, csrfToken, sameOrigin } from '../auth/auth.ts';
import { clearSessionCookie } from '../auth/cookies.ts';
import { sendJson } from '../http/send.ts';
import {
  openProxySession,
  proxySessionOf,
  revokeProxySession,
  type ProxySession,
  type UpstreamAccount,
} from './proxy-sessions.ts';
import {
  callUpstream,
  jsonOf,
  rawBody,
  relay,
  upstreamOrigin,
  type UpstreamAnswer,
} from './upstream.ts';

const crossSite = () => new ApiError('Unauthorized', 'Cross-site request refused.');
const notSignedIn = () =>
  new ApiError(
    'NotAuthenticated',
    'You must be logged in: send a token in the Authorization header.',
  );
const SAFE = new Set(['GET', 'HEAD', 'OPTIONS']);

const isObject = (v: unknown): v is Record<string, unknown> =>
  typeof v === 'object' && v !== null && !Array.isArray(v);

function parseJsonBody(raw: Buffer | undefined): unknown {
  if (!raw) return undefined;
  try {
    return JSON.parse(raw.toString('utf8'));
  } catch {
    throw new ApiError('InvalidRequest', 'Request body is not valid JSON.');
  }
}

/** The upstream account of a login token, from the upstream's own session route. */
async function whoami(
  ctx: AppContext,
  res: Response,
  token: string,
): Promise<{ account?: UpstreamAccount; answer: UpstreamAnswer }> {
  const answer = await callUpstream(ctx, res, '/auth/session', { token });
  const body = jsonOf(answer);
  if (answer.status !== 200 || !isObject(body) || !isObject(body.account)) return { answer };
  const { id, email } = body.account;
  return typeof id === 'string' && typeof email === 'string'
    ? { account: { id, email }, answer }
    : { answer };
}

/**
 * The account behind a personal access token: the creator of the token of its project whose
 * hint (prefix and last four characters) it matches, as the upstream lists them.
 */
async function tokenOwner(
  ctx: AppContext,
  res: Response,
  token: string,
): Promise<{ account?: UpstreamAccount; answer: UpstreamAnswer }> {
  const projects = await callUpstream(ctx, res, '/api/project?page_size=1', { token });
  const list = jsonOf(projects);
  const project =
    isObject(list) && Array.isArray(list.items) && isObject(list.items[0])
      ? list.items[0].id
      : undefined;
  if (projects.status !== 200 || typeof project !== 'string') return { answer: projects };
  const tokens = await callUpstream(
    ctx,
    res,
    `/api/project/${encodeURIComponent(project)}/token?page_size=1000`,
    { token },
  );
  const items = jsonOf(tokens);
  if (tokens.status !== 200 || !isObject(items) || !Array.isArray(items.items))
    return { answer: tokens };
  const hint = `${TOKEN_PREFIX}…${token.slice(-4)}`;
  const mine = items.items.find(
    (t): t is { hint: string; created_by: UpstreamAccount } =>
      isObject(t) && t.hint === hint && isObject(t.created_by),
  );
  return {
    account: mine ? { id: mine.created_by.id, email: mine.created_by.email } : undefined,
    answer: tokens,
  };
}

/** The upstream session cookie an answer sets (the upstream's login token), if any. */
function upstreamSessionToken(answer: UpstreamAnswer): string | undefined {
  for (const cookie of answer.headers.getSetCookie()) {
    const m = /^(?:__Host-)?([^=]+)=([^;]*)/.exec(cookie);
    if (m && m[1] === SESSION_COOKIE && m[2]) return decodeURIComponent(m[2]);
  }
  return undefined;
}

/** A session whose upstream token no longer works (revoked, expired) is ended here too. */
async function endIfRefused(
  ctx: AppContext,
  res: Response,
  session: ProxySession,
  answer: UpstreamAnswer,
) {
  if (answer.status !== 401) return;
  const body = jsonOf(answer);
  const type = isObject(body) ? (isObject(body.error) ? body.error.type : body.type) : undefined;
  if (type === 'InvalidToken' || type === 'NotAuthenticated')
    await revokeProxySession(ctx, session.id, res);
}

export function mountProxyAuth(app: Express, ctx: AppContext): void {
  // The sign-in page offers the token form here (decision 238).
  app.get('/auth/methods', (_req, res) => sendJson(res, { password: true, token: true }));

  // Sign-in with a personal access token of the upstream, pasted instead of a password.
  app.post('/auth/token-login', async (req, res) => {
    if (!sameOrigin(req)) throw crossSite();
    const parsed = consoleTokenLoginBodySchema.safeParse(parseJsonBody(await rawBody(req)), {
      reportInput: true,
    });
    if (!parsed.success) throw validationError(parsed.error, 'Request body');
    const { token } = parsed.data;
    const { account, answer } = await tokenOwner(ctx, res, token);
    if (!account) {
      if (answer.status !== 200) return relay(res, answer);
      throw new ApiError(
        'InvalidToken',
        'This token could not be used to sign in: it was not found in its project.',
      );
    }
    await openProxySession(ctx, res, account, token, 'token');
    sendJson(res, { account });
  });

  // Sign-in with the upstream's credentials (its POST /api/login).
  app.post('/auth/login', async (req, res) => {
    if (!sameOrigin(req)) throw crossSite();
    const body = parseJsonBody(await rawBody(req));
    const parsed = consoleLoginBodySchema.safeParse(body, { reportInput: true });
    if (!parsed.success) throw validationError(parsed.error, 'Request body');
    const { email, password, otp } = parsed.data;
    const login = await callUpstream(ctx, res, '/api/login', {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ login: email, password, ...(otp === undefined ? {} : { otp }) }),
    });
    const token = login.headers.get('authorization');
    if (login.status !== 200 || !token) return relay(res, login);
    const { account, answer } = await whoami(ctx, res, token);
    if (!account) return relay(res, answer);
    await openProxySession(ctx, res, account, token, 'login');
    sendJson(res, { account });
  });

  // Sign-out: ends the local session and, when its token came from the upstream's login, that
  // token's session upstream too (its POST /api/logout). The cookie is cleared either way.
  app.post('/auth/logout', async (req, res) => {
    if (sameOrigin(req)) {
      const session = await proxySessionOf(ctx, req).catch(() => undefined);
      if (session) {
        await revokeProxySession(ctx, session.id);
        if (session.source === 'login') {
          const out = await callUpstream(ctx, res, '/api/logout', {
            method: 'POST',
            token: session.upstreamToken,
          }).catch((err: unknown) => err);
          if (out instanceof Error)
            ctx.logger.warn(
              { err: out.message },
              'upstream logout failed; the session is ended here',
            );
        }
      }
    }
    clearSessionCookie(ctx.config, res);
    res.status(204).end();
  });

  // The session probe: the account as the upstream knows it now, and this BFF's CSRF token.
  app.get('/auth/session', async (req, res) => {
    if (req.headers.authorization !== undefined) return forward(ctx, req, res);
    const session = await proxySessionOf(ctx, req);
    if (!session) throw notSignedIn();
    let account: UpstreamAccount | undefined = session.account;
    if (session.source === 'login') {
      const who = await whoami(ctx, res, session.upstreamToken);
      if (!who.account) {
        await endIfRefused(ctx, res, session, who.answer);
        return relay(res, who.answer);
      }
      account = who.account;
    } else {
      const alive = await callUpstream(ctx, res, '/api/project?page_size=1', {
        token: session.upstreamToken,
      });
      if (alive.status !== 200) {
        await endIfRefused(ctx, res, session, alive);
        return relay(res, alive);
      }
    }
    sendJson(res, { account, csrf_token: csrfToken(ctx, session.id) });
  });

  app.all('/auth/{*splat}', (req, res) => forward(ctx, req, res));
}

/**
 * Any other /auth route, answered by the upstream: with the session's token when signed in
 * (after the CSRF check of an unsafe request), as the browser sent it otherwise.
 */
async function forward(ctx: AppContext, req: Request, res: Response): Promise<void> {
  const passThrough = req.headers.authorization;
  const session =
    passThrough === undefined ? await proxySessionOf(ctx, req).catch(() => undefined) : undefined;
  if (session)
    checkCsrf(ctx, req, {
      accountId: session.account.id,
      email: session.account.email,
      sessionId: session.id,
      viaCookie: true,
    });
  else if (!SAFE.has(req.method) && !sameOrigin(req) && passThrough === undefined)
    throw crossSite();
  const headers: Record<string, string> = {};
  if (typeof req.headers['content-type'] === 'string')
    headers['content-type'] = req.headers['content-type'];
  if (typeof req.headers['user-agent'] === 'string')
    headers['user-agent'] = req.headers['user-agent'];
  if (passThrough !== undefined) headers.authorization = passThrough;
  // The upstream checks that unsafe console requests come from its own origin: they came from ours.
  else if (sameOrigin(req)) headers.origin = upstreamOrigin(ctx);
  const answer = await callUpstream(ctx, res, req.originalUrl, {
    method: req.method,
    headers,
    body: await rawBody(req),
    token: session?.upstreamToken,
  });
  if (session) await endIfRefused(ctx, res, session, answer);
  const token = passThrough === undefined ? upstreamSessionToken(answer) : undefined;
  if (token) {
    // The upstream signed the user in (a verification link): the session is ours, its token stays here.
    const { account } = await whoami(ctx, res, token);
    if (account) await openProxySession(ctx, res, account, token, 'login');
  }
  relay(res, answer);
}
