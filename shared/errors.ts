// Error types and both error bodies (behaviour.md §2).
import { z } from 'zod';

export const ERROR_STATUS = {
  InvalidRequest: 400,
  NotAuthenticated: 401,
  InvalidToken: 401,
  InvalidCredentials: 401,
  Unauthorized: 403,
  ResourceNotFound: 404,
  Conflict: 409,
  PayloadTooLarge: 413,
  TooManyRequests: 429,
  InternalServerError: 500,
  ServiceUnavailable: 503,
} as const;

export type ErrorType = keyof typeof ERROR_STATUS;
export type ErrorDetails = Record<string, string> | null;
export type Generation = 'legacy' | 'current';

const errorFields = {
  code: z.number().int(),
  type: z.enum(Object.keys(ERROR_STATUS) as [ErrorType, ...ErrorType[]]),
  message: z.string(),
  details: z.record(z.string(), z.string()).nullable(),
};

/** Legacy routes: `{"code","type","message","details"}`. */
export const legacyErrorSchema = z.strictObject(errorFields).meta({ id: 'LegacyError' });
/** Every other route: `{"error":{"code","type","message","details"}}` and no other keys. */
export const currentErrorSchema = z.strictObject({ error: z.strictObject(errorFields) }).meta({ id: 'Error' });

export type ErrorBody = z.infer<typeof legacyErrorSchema>;

export function errorBody(generation: Generation, type: ErrorType, message: string, details: ErrorDetails = null) {
  const inner = { code: ERROR_STATUS[type], type, message, details };
  return generation === 'legacy' ? inner : { error: inner };
}

/** A zod `error` option that tells a missing field from a value of the wrong type. */
export function requiredString(field: string) {
  return { error: (issue: { input?: unknown }) => (issue.input === undefined ? `${field} is required.` : `${field} must be a string.`) };
}
