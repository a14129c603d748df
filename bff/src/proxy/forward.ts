// `/api/*` in proxy mode (decisions 220, 221): forwarded to the upstream by http-proxy-middleware,
// streamed both ways (no buffering: the events stream flows as the upstream writes it). A
// request with its own Authorization header is passed through untouched; a console request
// (session cookie) is checked here (session, CSRF) and sent with its session's upstream token;
// a request with neither gets the upstream's answer. The cookie never goes upstream and no
// upstream cookie comes back.
import http, { type ClientRequest, type IncomingMessage, type ServerResponse } from 'node:http';
import https from 'node:https';
import type { Express, NextFunction, Request, Response } from 'express';
import {
  createProxyMiddleware,
  debugProxyErrorsPlugin,
  proxyEventsPlugin,
  type Options,
} from 'http-proxy-middleware';
import type { AppContext } from '../context.ts';
import { checkCsrf } from '../auth/auth.ts';
import { sendError } from '../http/errors.ts';
import { proxySessionOf } from './proxy-sessions.ts';
import { requestIdOf, upstreamTimedOut, upstreamUnreachable } from './upstream.ts';

const isApi = (path: string) => path === '/api' || path.startsWith('/api/');
/** The server-sent-events stream (`GET P/events`): quiet for long stretches, so no idle timeout. */
const isStream = (path: string) => /^\/api\/project\/[^/]+\/events\/?$/.test(path);

/** Session → upstream token; CSRF for unsafe cookie requests; the request id passed on. */
function credentials(ctx: AppContext) {
  return async (req: Request, res: Response, next: NextFunction) => {
    if (!isApi(req.path)) return next();
    if (req.headers.authorization === undefined) {
      const session = await proxySessionOf(ctx, req);
      if (session) {
        checkCsrf(ctx, req, {
          accountId: session.account.id,
          email: session.account.email,
          sessionId: session.id,
          viaCookie: true,
        });
        req.headers.authorization = `Bearer ${session.upstreamToken}`;
      }
    }
    delete req.headers.cookie;
    req.headers['x-request-id'] = requestIdOf(res);
    next();
  };
}

const timedOut = new WeakSet<IncomingMessage>();

function forwarder(ctx: AppContext, stream: boolean) {
  const upstream = ctx.config.upstream!;
  const options: Options = {
    target: upstream.base,
    changeOrigin: true,
    xfwd: true,
    // Connections to the upstream are kept and reused (without an agent, each request opens one).
    agent: upstream.base.startsWith('https:')
      ? new https.Agent({ keepAlive: true })
      : new http.Agent({ keepAlive: true }),
    pathFilter: (path: string) => isApi(path) && isStream(path) === stream,
    // How long the upstream may stay silent; a stream's heartbeats keep it busy, so it has none.
    proxyTimeout: stream ? undefined : upstream.timeoutMs,
    // Our own error answers and no console logging: the request log line says what happened.
    ejectPlugins: true,
    plugins: [debugProxyErrorsPlugin, proxyEventsPlugin],
    on: {
      proxyReq(proxyReq: ClientRequest, req: IncomingMessage) {
        proxyReq.on('timeout', () => timedOut.add(req));
      },
      proxyRes(proxyRes: IncomingMessage) {
        delete proxyRes.headers['set-cookie'];
      },
      error(err: Error, req: IncomingMessage, res: ServerResponse | import('node:net').Socket) {
        if (!('writeHead' in res)) return void res.destroy();
        const answer = res as Response;
        if (answer.headersSent) return void answer.destroy();
        answer.err = err; // the cause goes to the request's log line
        sendError(answer, timedOut.has(req) ? upstreamTimedOut() : upstreamUnreachable());
      },
    },
  };
  return createProxyMiddleware(options);
}

export function mountApiForwarding(app: Express, ctx: AppContext): void {
  app.use(credentials(ctx));
  app.use(forwarder(ctx, true));
  app.use(forwarder(ctx, false));
}
