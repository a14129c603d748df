// Structured JSON logs with a request id (echoed in X-Request-Id). Serializers pick the few
// fields worth keeping, so no header (Authorization, Cookie) or body ever reaches a log line.
import { randomUUID } from 'node:crypto';
import type { IncomingMessage, ServerResponse } from 'node:http';
import { pinoHttp } from 'pino-http';
import type { Logger } from 'pino';

const REQUEST_ID = /^[\w.-]{1,64}$/;

/**
 * The URL with every query value replaced: tokens travel under any name (`?jwt=`,
 * `?session=`, the login's `?password=`), so no value is kept; names stay, for debugging,
 * and a bare entry without `=` (which could be a token itself) is replaced whole.
 */
export function redactUrl(url: string): string {
  const q = url.indexOf('?');
  if (q < 0) return url;
  const pairs = url
    .slice(q + 1)
    .split('&')
    .filter(Boolean)
    .map((pair) => {
      const eq = pair.indexOf('=');
      return eq < 0 ? '[redacted]' : `${pair.slice(0, eq)}=[redacted]`;
    });
  return `${url.slice(0, q)}?${pairs.join('&')}`;
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
