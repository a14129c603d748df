// The origin's request coercion (behaviour.md §10a): its body validator turns a digit string
// into the integer and "true"/"1"/"false"/"0" into the boolean wherever its document types a
// field integer or boolean, so its clients (and forms posting strings) may send either.
import { z } from 'zod';

/** An integer, or its digits as a string (an optional minus sign); `message` for anything else. */
export const wireInt = (message: string) =>
  z.union(
    [
      z.number({ error: message }).int(message),
      z
        .string({ error: message })
        .regex(/^-?\d{1,15}$/, message)
        .transform(Number),
    ],
    { error: message },
  );

const TRUE = ['true', '1'];

/** A boolean, or "true"/"1"/"false"/"0"; `message` for anything else. */
export const wireBool = (message: string) =>
  z.union(
    [
      z.boolean({ error: message }),
      z.enum(['true', '1', 'false', '0'], { error: message }).transform((v) => TRUE.includes(v)),
    ],
    { error: message },
  );
