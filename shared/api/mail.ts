import { z } from 'zod';
import { idPattern } from '../ids.ts';
import { route, type RouteList } from '../route-helpers.ts';

/** A mail kept in the development outbox (no SMTP server configured). */
export const outboxMailSchema = z
  .strictObject({
    id: z.string().regex(idPattern('mail')),
    to: z.string(),
    subject: z.string(),
    text: z.string(),
    html: z.string().nullable(),
    created_at: z.string(),
  })
  .meta({ id: 'OutboxMail' });
export type OutboxMail = z.infer<typeof outboxMailSchema>;

export const mailRoutes = {
  // Console only (not in the public API document): the development outbox at /dev/outbox.
  listOutbox: route({
    method: 'get',
    base: '/auth',
    path: '/dev/outbox',
    generation: 'current',
    auth: false,
    tag: 'Console',
    summary:
      'The development outbox, newest first (only with no SMTP server configured, and only from this machine)',
    query: z.strictObject({ to: z.string().max(320).optional() }),
    response: z.strictObject({ items: z.array(outboxMailSchema) }),
  }),
} as const satisfies RouteList;
