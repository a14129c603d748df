// Names and references (behaviour.md §5).
import { z } from 'zod';
import { isId, type IdKind } from './ids.ts';

export const NAME_PATTERN = /^[a-z0-9](?:[a-z0-9-]{0,61}[a-z0-9])?$/;
export const NAME_MESSAGE =
  'Name must only contain lowercase letters, numbers, and hyphens and have max length 63.';
export const PROJECT_NAME_PATTERN = /^[a-zA-Z0-9](?:[a-zA-Z0-9-]{0,61}[a-zA-Z0-9])?$/;
export const PROJECT_NAME_MESSAGE =
  'Name must only contain letters, numbers, and hyphens and have max length 63.';
export const REFERENCE_MESSAGE =
  'Reference must be 1 to 63 lowercase letters, numbers, and hyphens, and must not start or end with a hyphen.';

export const referenceSchema = z.string().regex(NAME_PATTERN, REFERENCE_MESSAGE);

const nameSchemas = new Map<string, ReturnType<typeof nameSchema>>();

/** A resource name of the given kind: the name pattern, and not shaped like an ID of that kind. */
export function resourceName(kind: IdKind, maxLength = 63): ReturnType<typeof nameSchema> {
  // Made once per kind and length: a request checking a name from its path does not build a schema.
  const key = `${kind}:${maxLength}`;
  let schema = nameSchemas.get(key);
  if (!schema) nameSchemas.set(key, (schema = nameSchema(kind, maxLength)));
  return schema;
}

function nameSchema(kind: IdKind, maxLength: number) {
  const message =
    maxLength === 63
      ? NAME_MESSAGE
      : `Name must only contain lowercase letters, numbers, and hyphens and have max length ${maxLength}.`;
  return z
    .string({ error: message })
    .regex(NAME_PATTERN, message)
    .max(maxLength, message)
    .refine((v) => !isId(kind, v), { message: 'Name must not have the shape of an ID.' });
}

export const projectNameSchema = z
  .string({ error: PROJECT_NAME_MESSAGE })
  .regex(PROJECT_NAME_PATTERN, PROJECT_NAME_MESSAGE);

export type Reference = { id: string } | { name: string };

/** A reference is an ID when it has the shape of an ID of the expected kind, else a name. */
export function parseReference(kind: IdKind, reference: string): Reference {
  return isId(kind, reference) ? { id: reference } : { name: reference };
}
