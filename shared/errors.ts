// Error types and both error bodies (behaviour.md §2).
import { z } from 'zod';
import {
  ERROR_STATUS,
  NOT_FOUND_MESSAGE,
  type ErrorDetails,
  type ErrorType,
  type Generation,
} from './wire.ts';

export { ERROR_STATUS, NOT_FOUND_MESSAGE, type ErrorDetails, type ErrorType, type Generation };

const errorFields = {
  code: z.number().int(),
  type: z.enum(Object.keys(ERROR_STATUS) as [ErrorType, ...ErrorType[]]),
  message: z.string(),
  details: z.record(z.string(), z.string()).nullable(),
};

/** Legacy routes: `{"code","type","message","details"}`. */
export const legacyErrorSchema = z.strictObject(errorFields).meta({ id: 'LegacyError' });
/** Every other route: `{"error":{"code","type","message","details"}}` and no other keys. */
export const currentErrorSchema = z
  .strictObject({ error: z.strictObject(errorFields) })
  .meta({ id: 'Error' });

export type ErrorBody = z.infer<typeof legacyErrorSchema>;

export function errorBody(
  generation: Generation,
  type: ErrorType,
  message: string,
  details: ErrorDetails = null,
) {
  const inner = { code: ERROR_STATUS[type], type, message, details };
  return generation === 'legacy' ? inner : { error: inner };
}

/** A zod `error` option that tells a missing field from a value of the wrong type. */
export function requiredString(field: string) {
  return {
    error: (issue: { input?: unknown }) =>
      issue.input === undefined ? `${field} is required.` : `${field} must be a string.`,
  };
}
