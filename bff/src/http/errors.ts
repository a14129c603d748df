// The one error middleware (behaviour.md §2). Handlers throw (bff/src/errors.ts); this writes.
import type { ErrorRequestHandler, Response } from 'express';
import {
  databaseUnavailable,
  isForeignKeyViolation,
  isTransientConflict,
  type Unavailability,
} from '../db/errors.ts';
import { ApiError, notFound } from '../errors.ts';
import { errorBody, type Generation } from '#shared/errors';
import { routes, type RouteDef } from '#shared/routes';

/** Legacy routes as patterns, for errors raised before a route ran (e.g. a bad %-escape). */
const LEGACY_ROUTES = Object.values(routes as Record<string, RouteDef>)
  .filter((r) => r.generation === 'legacy')
  .map((r) => ({
    method: r.method.toUpperCase(),
    pattern: new RegExp(`^${r.base}${r.path.replace(/\{\w+\}/g, '[^/]+')}/?$`),
  }));

/** The error generation of a request to this method and raw path (current when no legacy route matches). */
export function generationAt(method: string, path: string): Generation {
  return LEGACY_ROUTES.some((r) => r.method === method && r.pattern.test(path))
    ? 'legacy'
    : 'current';
}

export function generationOf(res: Response): Generation {
  const known = res.locals.generation as Generation | undefined;
  return known ?? generationAt(res.req.method, res.req.path);
}

/** The answer to an error in a generation (also stored for an idempotency key's replay). */
export function errorAnswer(generation: Generation, err: ApiError) {
  return {
    status: err.status,
    headers: err.headers,
    body: errorBody(generation, err.type, err.message, err.details),
  };
}

export function sendError(res: Response, err: ApiError): void {
  const { status, headers, body } = errorAnswer(generationOf(res), err);
  for (const [k, v] of Object.entries(headers)) res.setHeader(k, v);
  res.status(status).json(body);
}

/** Errors raised by body-parser carry `type` and `status`. */
function fromBodyParser(err: { type?: string; status?: number }): ApiError | undefined {
  switch (err.type) {
    case 'entity.too.large':
      return new ApiError('PayloadTooLarge', 'Request body is larger than 100 kB.');
    case 'entity.parse.failed':
      return new ApiError('InvalidRequest', 'Request body is not valid JSON.');
    case 'encoding.unsupported':
    case 'charset.unsupported':
      return new ApiError('InvalidRequest', 'Request body must be UTF-8 encoded JSON.');
    case 'request.aborted':
    case 'request.size.invalid':
    case 'stream.encoding.set':
      return new ApiError('InvalidRequest', 'Request body could not be read.');
  }
  if (err.status && err.status >= 400 && err.status < 500) {
    return new ApiError('InvalidRequest', 'The request could not be read.');
  }
  return undefined;
}

const OUTAGE_MESSAGES: Record<Unavailability, string> = {
  unreachable: 'The database is unreachable. Try again in a few seconds.',
  'read-only':
    'The database is read-only, so no change can be saved right now; nothing was changed. Try again later.',
  full: 'The database disk is full, so no change can be saved right now; nothing was changed. Try again later.',
  busy: 'The database is busy or failing. Try again in a few seconds.',
};

/**
 * 503 `ServiceUnavailable` for an error that means the database cannot serve now (decision 063),
 * else undefined. Only a refused write is sure to have changed nothing: a connection lost
 * during COMMIT may have committed, as with any reply lost on the way.
 */
export function serviceUnavailable(err: unknown): ApiError | undefined {
  const outage = databaseUnavailable(err);
  return (
    outage &&
    new ApiError('ServiceUnavailable', OUTAGE_MESSAGES[outage], null, { 'Retry-After': '5' })
  );
}

/** The error a request is answered with for `err`, whatever was thrown. */
export function answeredError(err: unknown): ApiError {
  const known =
    err instanceof ApiError ? err : fromBodyParser(err as { type?: string; status?: number });
  if (known) return known;
  // A concurrent delete removed what this request was about to refer to.
  if (isForeignKeyViolation(err))
    return notFound('The resource was deleted while the request ran.');
  // Still in a deadlock after the retries (decision 244): nothing was changed, and another try will likely do.
  if (isTransientConflict(err))
    return new ApiError(
      'ServiceUnavailable',
      'The request collided with concurrent changes; nothing was changed. Try again.',
      null,
      { 'Retry-After': '1' },
    );
  return (
    serviceUnavailable(err) ??
    new ApiError(
      'InternalServerError',
      'An unexpected error occurred. Quote the X-Request-Id header when you report it.',
    )
  );
}

export const errorMiddleware: ErrorRequestHandler = (err, _req, res, next) => {
  if (res.headersSent) return next(err);
  const answer = answeredError(err);
  // The cause of an outage or of an unexpected error goes to the request's log line (logging.ts);
  // the client gets the kind of outage or the request ID to quote.
  if (answer.status >= 500 && !(err instanceof ApiError)) res.err = err;
  sendError(res, answer);
};
