// Structured JSON logs with a request id (echoed in X-Request-Id). Serializers pick the few
// fields worth keeping, so no header (Authorization, Cookie) or body ever reaches a log line.
import { randomUUID } from 'node:crypto';
import type { IncomingMessage, ServerResponse } from 'node:http';
import { pinoHttp } from 'pino-http';
import type { Logger } from 'pino';

const REQUEST_ID = /^[\w.-]{1,64}$/;

const SECRET_KEYS = /^(password|token|access_token)$/i;

/**
 * The URL with secret query values replaced (login accepts the password in the query
 * string). Keys are compared decoded, as the server reads them: `pass%77ord` is `password`.
 */
export function redactUrl(url: string): string {
  const q = url.indexOf('?');
  if (q < 0) return url;
  const params = new URLSearchParams(url.slice(q + 1));
  for (const key of new Set(params.keys())) if (SECRET_KEYS.test(key.trim())) params.set(key, '[REDACTED]');
  return `${url.slice(0, q)}?${params}`;
}

export function httpLogger(logger: Logger) {
  return pinoHttp({
    logger,
    genReqId(req: IncomingMessage, res: ServerResponse) {
      const incoming = req.headers['x-request-id'];
      const id = typeof incoming === 'string' && REQUEST_ID.test(incoming) ? incoming : randomUUID();
      res.setHeader('X-Request-Id', id);
      return id;
    },
    serializers: {
      req: (req: { id: string; method: string; url: string; remoteAddress?: string }) => ({
        id: req.id,
        method: req.method,
        url: redactUrl(req.url),
        remoteAddress: req.remoteAddress,
      }),
      res: (res: { statusCode: number }) => ({ statusCode: res.statusCode }),
    },
    customLogLevel: (_req, res, err) => (err || res.statusCode >= 500 ? 'error' : 'info'),
  });
}
