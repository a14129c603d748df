// One error class and one error middleware (behaviour.md §2). Handlers throw; this writes.
import type { ErrorRequestHandler, Response } from 'express';
import type { z } from 'zod';
import { isForeignKeyViolation } from '../db/errors.ts';
import { ERROR_STATUS, errorBody, type ErrorDetails, type ErrorType, type Generation } from '#shared/errors';
import { routes, type RouteDef } from '#shared/routes';

export class ApiError extends Error {
  readonly type: ErrorType;
  readonly details: ErrorDetails;
  readonly headers: Record<string, string>;

  constructor(type: ErrorType, message: string, details: ErrorDetails = null, headers: Record<string, string> = {}) {
    super(message);
    this.type = type;
    this.details = details;
    this.headers = headers;
  }

  get status(): number {
    return ERROR_STATUS[this.type];
  }
}

export const notFound = (message = 'Sorry, we couldn’t find the resource you’re looking for.') =>
  new ApiError('ResourceNotFound', message);

/** For idempotent deletes: the lookup's result, or undefined when it answered 404. */
export async function unlessNotFound<T>(lookup: Promise<T>): Promise<T | undefined> {
  try {
    return await lookup;
  } catch (err) {
    if (err instanceof ApiError && err.type === 'ResourceNotFound') return undefined;
    throw err;
  }
}

/** A duplicate name in its scope (behaviour.md §2). */
export const nameTaken = () => new ApiError('InvalidRequest', 'name is already taken', { name: 'name is already taken' });

export function invalidRequest(details: Record<string, string>, message?: string): ApiError {
  return new ApiError(
    'InvalidRequest',
    message ?? `Validation failed for following fields: ${Object.keys(details).join(', ')}`,
    details,
  );
}

/** zod issues → `details` (one message per field, the first one). */
export function zodDetails(error: z.ZodError): { details: Record<string, string>; root?: string } {
  const details: Record<string, string> = {};
  let root: string | undefined;
  for (const issue of error.issues) {
    if (issue.code === 'unrecognized_keys') {
      const prefix = issue.path.length ? `${issue.path.join('.')}.` : '';
      for (const key of issue.keys) details[`${prefix}${key}`] ??= 'Unknown field.';
      continue;
    }
    const field = issue.path.join('.');
    if (!field) {
      root ??= issue.message;
      continue;
    }
    details[field] ??=
      issue.code === 'invalid_type' && issue.input === undefined ? `${field} is required.` : issue.message;
  }
  return { details, root };
}

export function validationError(error: z.ZodError, what: string): ApiError {
  const { details, root } = zodDetails(error);
  if (Object.keys(details).length) return invalidRequest(details);
  return new ApiError('InvalidRequest', root ? `${what}: ${root}` : `${what} is invalid.`);
}

/** A single value checked on its own (e.g. a name taken from the path), reported as `field`. */
export function fieldError(field: string, error: z.ZodError): ApiError {
  return invalidRequest({ [field]: error.issues[0]?.message ?? 'Invalid value.' });
}

/** Legacy routes as patterns, for errors raised before a route ran (e.g. a bad %-escape). */
const LEGACY_ROUTES = Object.values(routes as Record<string, RouteDef>)
  .filter((r) => r.generation === 'legacy')
  .map((r) => ({ method: r.method.toUpperCase(), pattern: new RegExp(`^${r.base}${r.path.replace(/\{\w+\}/g, '[^/]+')}/?$`) }));

export function generationOf(res: Response): Generation {
  const known = res.locals.generation as Generation | undefined;
  if (known) return known;
  const { method, path } = res.req;
  return LEGACY_ROUTES.some((r) => r.method === method && r.pattern.test(path)) ? 'legacy' : 'current';
}

export function sendError(res: Response, err: ApiError): void {
  for (const [k, v] of Object.entries(err.headers)) res.setHeader(k, v);
  res.status(err.status).json(errorBody(generationOf(res), err.type, err.message, err.details));
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

export const errorMiddleware: ErrorRequestHandler = (err, _req, res, next) => {
  if (res.headersSent) return next(err);
  const known = err instanceof ApiError ? err : fromBodyParser(err as { type?: string; status?: number });
  if (known) return sendError(res, known);
  // A concurrent delete removed what this request was about to refer to.
  if (isForeignKeyViolation(err)) return sendError(res, notFound('The resource was deleted while the request ran.'));
  res.err = err; // logged once, with the request, by pino-http
  sendError(res, new ApiError('InternalServerError', 'An unexpected error occurred. Quote the X-Request-Id header when you report it.'));
};
