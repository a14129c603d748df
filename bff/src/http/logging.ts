// Structured JSON logs with a request id (echoed in X-Request-Id). Serializers pick the few
// fields worth keeping, so no header (Authorization, Cookie) or body ever reaches a log line.
import { randomUUID } from 'node:crypto';
import type { NextFunction, Request, Response } from 'express';
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

declare module 'node:http' {
  interface ServerResponse {
    /** The error behind an answer (a 500, a 503), logged with its request line. */
    err?: Error;
  }
}

/**
 * One line per request ("request completed", or "request aborted" when the client left first)
 * with its id, method, redacted URL, address, status and time; the answer's error when there
 * was one, at level error (as for any 5xx). Written when the answer is done, in a few
 * microseconds: no child logger per request (decision 115).
 */
export function httpLogger(logger: Logger) {
  return (req: Request, res: Response, next: NextFunction) => {
    const began = performance.now();
    const incoming = req.headers['x-request-id'];
    const id = typeof incoming === 'string' && REQUEST_ID.test(incoming) ? incoming : randomUUID();
    res.setHeader('X-Request-Id', id);
    // 'close' comes once per answer: after it is sent ('finish' first), or when the client left.
    res.on('close', () => {
      const { err, statusCode } = res;
      const level = err || statusCode >= 500 ? 'error' : 'info';
      if (!logger.isLevelEnabled(level)) return;
      const line = {
        req: {
          id,
          method: req.method,
          url: redactUrl(req.originalUrl),
          remoteAddress: req.socket.remoteAddress,
        },
        res: { statusCode },
        ...(err ? { err } : {}),
        responseTime: Math.round(performance.now() - began),
      };
      logger[level](line, res.writableFinished ? 'request completed' : 'request aborted');
    });
    next();
  };
}
