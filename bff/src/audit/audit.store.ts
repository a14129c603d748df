// Reading the audit log: newest first, one index range scan per page (decision 206).
import { auditActionName, type AuditActionMatch } from '#shared/audit';
import { firstIdAt } from '#shared/ids';
import type { AuditEntry } from '#shared/api/audit';
import type { Db } from '../db/database.ts';
import type { AuditEntryTable } from './audit.tables.ts';

export interface AuditFilter {
  /** The entries to keep (shared/audit.ts entriesForAction). */
  actions?: AuditActionMatch[];
  accountId?: string;
  accountEmail?: string;
  objectId?: string;
  /** Milliseconds: entries at or after `start` and before `end`. */
  start?: number;
  end?: number;
  /** The ID of the newest entry of the page (the previous answer's `pagination_key`). */
  from?: string;
  limit: number;
}

/** IDs carry a 48-bit millisecond time: a time outside it bounds nothing more than its end does. */
const MAX_TIME = 2 ** 48 - 1;
const idAt = (ms: number) => firstIdAt('auditEntry', Math.min(Math.max(ms, 0), MAX_TIME));

export async function listAuditEntries(
  db: Db,
  projectId: string,
  filter: AuditFilter,
): Promise<{ items: AuditEntry[]; next?: string }> {
  let q = db.selectFrom('audit_entry').selectAll().where('project_id', '=', projectId);
  const matches = filter.actions;
  if (matches !== undefined) {
    const all = matches.filter((m) => m.verb === undefined).map((m) => m.op);
    q = q.where((eb) =>
      eb.or([
        ...(all.length ? [eb('action', 'in', all)] : []),
        ...matches
          .filter((m) => m.verb !== undefined)
          .map((m) => eb.and([eb('action', '=', m.op), eb('verb', '=', m.verb!)])),
      ]),
    );
  }
  if (filter.accountId !== undefined) q = q.where('account_id', '=', filter.accountId);
  if (filter.accountEmail !== undefined) q = q.where('account_email', '=', filter.accountEmail);
  if (filter.objectId !== undefined) q = q.where('object_id', '=', filter.objectId);
  // Entry IDs sort by their time: a time range is an ID range, on the same index.
  if (filter.start !== undefined) q = q.where('id', '>=', idAt(filter.start));
  if (filter.end !== undefined) q = q.where('id', '<', idAt(filter.end));
  if (filter.from !== undefined) q = q.where('id', '<=', filter.from);
  const rows = await q
    .orderBy('id', 'desc')
    .limit(filter.limit + 1)
    .execute();
  const more = rows.length > filter.limit ? rows.pop() : undefined;
  return { items: rows.map(view), next: more?.id };
}

function view(r: AuditEntryTable): AuditEntry {
  const known = r.object_id !== null || r.object_name !== null;
  return {
    id: r.id,
    at: r.at,
    // Stored as the operation ID and the body's verb; answered in the origin's form (decisions 275, 289).
    action: auditActionName(r.action, r.verb),
    subject_id: r.account_id,
    subject_name: r.account_email,
    token_id: r.token_id,
    object_ids: r.object_id === null ? [] : [r.object_id],
    object: known
      ? { id: r.object_id, kind: r.object_kind, name: r.object_name, location: r.location }
      : null,
    request_id: r.request_id,
    success: r.error_type === null,
    error_type: r.error_type,
  };
}
