// The audit log of a project (behaviour.md §11, decision 206): who changed what, when, with
// which request, and whether it succeeded. The path, the filters `action`, `subject`, `object`
// and `end` (a date or a date-time), the cursor `pagination_key` with `limit`, and the fields `at`, `action`,
// `subject_id`, `subject_name` and `object_ids` are the origin's; the rest is ours.
import { z } from 'zod';
import { idPattern } from '../ids.ts';
import { current, inProject, route, type RouteList } from '../route-helpers.ts';
import { rfc3339 } from './metrics.ts';

export const AUDIT_DEFAULT_LIMIT = 1000;
export const AUDIT_MAX_LIMIT = 1000;

export const auditLogQuerySchema = z.object({
  /** The action of a change, `<type>/<verb>` (`vm/create`), or only its type or verb. */
  action: z
    .string()
    .min(1, 'action must not be empty.')
    .max(100, 'action must be at most 100 characters.')
    .optional(),
  /** The account: its ID or e-mail address. */
  subject: z
    .string()
    .min(1, 'subject must not be empty.')
    .max(320, 'subject must be at most 320 characters.')
    .optional(),
  /** The object's ID. */
  object: z
    .string()
    .min(1, 'object must not be empty.')
    .max(63, 'object must be at most 63 characters.')
    .optional(),
  /** Entries at or after this time. */
  start: rfc3339('start').optional(),
  /**
   * Entries before this time; a date (the origin's form, e.g. `2026-11-27`) means the end of
   * that day, UTC.
   */
  end: z
    .union([z.iso.date(), z.iso.datetime({ offset: true })], {
      error: 'end must be a date (2026-11-27) or an RFC 3339 date-time (2026-11-27T10:00:00Z).',
    })
    .optional(),
  limit: z
    .string()
    .regex(/^\d+$/, 'limit must be a positive integer.')
    .transform(Number)
    .refine((n) => n >= 1, 'limit must be a positive integer.')
    .transform((n) => Math.min(n, AUDIT_MAX_LIMIT))
    .optional(),
  /** The `pagination_key` of the previous page's answer. */
  pagination_key: z
    .string()
    .regex(
      idPattern('auditEntry'),
      'pagination_key must be the pagination_key of a previous answer.',
    )
    .optional(),
});
export type AuditLogQuery = z.input<typeof auditLogQuerySchema>;

export const auditObjectSchema = z
  .strictObject({
    id: z.string().nullable(),
    /** The ID kind (`vm`, `privateSubnet`, …) when known. */
    kind: z.string().nullable(),
    name: z.string().nullable(),
    location: z.string().nullable(),
  })
  .meta({ id: 'AuditObject' });

export const auditEntrySchema = z
  .strictObject({
    id: z.string().regex(idPattern('auditEntry')),
    at: z.string(),
    /** The change as `<type>/<verb>`: the ID prefix of its object and the origin's verb (`vm/create`). */
    action: z.string(),
    /** The account that made the request. */
    subject_id: z.string(),
    /** Its e-mail address when the entry was written. */
    subject_name: z.string(),
    /** The personal access token used, if one was. */
    token_id: z.string().nullable(),
    /** The IDs of the object changed (none when only its name is known). */
    object_ids: z.array(z.string()),
    object: auditObjectSchema.nullable(),
    /** The request's X-Request-Id. */
    request_id: z.string(),
    success: z.boolean(),
    /** The error type of a failed or refused request (behaviour.md §2); null on success. */
    error_type: z.string().nullable(),
  })
  .meta({ id: 'AuditEntry' });
export type AuditEntry = z.infer<typeof auditEntrySchema>;

export const auditLogSchema = z
  .strictObject({
    items: z.array(auditEntrySchema),
    /** Present when there are more entries: pass it back for the next (older) page. */
    pagination_key: z.string().optional(),
  })
  .meta({ id: 'AuditLog' });
export type AuditLog = z.infer<typeof auditLogSchema>;

export const auditRoutes = {
  listAuditLog: route({
    ...current,
    tag: 'Project',
    method: 'get',
    path: '/project/{project_id}/audit-log',
    summary: "The project's audit log, newest first (admins only)",
    params: inProject,
    query: auditLogQuerySchema,
    response: auditLogSchema,
    access: 'admin',
  }),
} as const satisfies RouteList;
