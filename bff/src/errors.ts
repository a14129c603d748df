// The one error class and its constructors (behaviour.md §2). Stores and handlers throw
// these; the error middleware in http/errors.ts writes the body.
import type { z } from 'zod';
import { ERROR_STATUS, NOT_FOUND_MESSAGE, type ErrorDetails, type ErrorType } from '#shared/errors';

export class ApiError extends Error {
  readonly type: ErrorType;
  readonly details: ErrorDetails;
  readonly headers: Record<string, string>;

  constructor(
    type: ErrorType,
    message: string,
    details: ErrorDetails = null,
    headers: Record<string, string> = {},
  ) {
    super(message);
    this.type = type;
    this.details = details;
    this.headers = headers;
  }

  get status(): number {
    return ERROR_STATUS[this.type];
  }
}

export const notFound = (message = NOT_FOUND_MESSAGE) => new ApiError('ResourceNotFound', message);

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
export const nameTaken = () =>
  new ApiError('InvalidRequest', 'name is already taken', { name: 'name is already taken' });

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
      issue.code === 'invalid_type' && issue.input === undefined
        ? `${field} is required.`
        : issue.message;
  }
  return { details, root };
}

export function validationError(error: z.ZodError, what: string): ApiError {
  const { details, root } = zodDetails(error);
  // A field's only refusal that the origin words as a whole message, without details.
  const [only] = Object.keys(details);
  const bare = error.issues.find(
    (i) => i.code === 'custom' && i.path.join('.') === only && i.params?.bare === true,
  );
  if (bare && Object.keys(details).length === 1)
    return new ApiError('InvalidRequest', bare.message);
  if (Object.keys(details).length) return invalidRequest(details);
  return new ApiError('InvalidRequest', root ? `${what}: ${root}` : `${what} is invalid.`);
}

/** A single value checked on its own (e.g. a name taken from the path), reported as `field`. */
export function fieldError(field: string, error: z.ZodError): ApiError {
  return invalidRequest({ [field]: error.issues[0]?.message ?? 'Invalid value.' });
}
