// GET P/audit-log (behaviour.md §11, decision 206): admins only (the route says so; http/pipeline.ts checks).
import { AUDIT_DEFAULT_LIMIT } from '#shared/api/audit';
import { entriesForAction } from '#shared/audit';
import { idKindOf, isId } from '#shared/ids';
import type { AppContext } from '../context.ts';
import { invalidRequest } from '../errors.ts';
import type { Handlers } from '../http/handlers.ts';
import { apiModule } from '../resources/kind.ts';
import { listAuditEntries } from './audit.store.ts';

const DAY_MS = 24 * 60 * 60 * 1000;

export const audit = apiModule({ handlers: auditHandlers });

function auditHandlers(ctx: AppContext): Handlers<'listAuditLog'> {
  return {
    async listAuditLog({ project, query }) {
      const { action, subject, object, start, end, limit, pagination_key } = query;
      const actions = action === undefined ? undefined : entriesForAction(action);
      if (action !== undefined && actions === undefined) {
        throw invalidRequest({
          action: 'action must be the action of a change, e.g. vm/create (or its type or verb).',
        });
      }
      if (object !== undefined && !idKindOf(object))
        throw invalidRequest({ object: 'object must be an ID.' });
      const startMs = start === undefined ? undefined : Date.parse(start);
      // A bare date is the origin's form: the whole of that day, UTC.
      const endMs =
        end === undefined ? undefined : Date.parse(end) + (end.length === 10 ? DAY_MS : 0);
      if (startMs !== undefined && endMs !== undefined && startMs > endMs)
        throw invalidRequest({ end: 'end must not be before start.' });
      const who = subject?.trim();
      const { items, next } = await listAuditEntries(ctx.db, project.id, {
        actions,
        accountId: who !== undefined && isId('account', who) ? who : undefined,
        accountEmail: who !== undefined && !isId('account', who) ? who.toLowerCase() : undefined,
        objectId: object,
        start: startMs,
        end: endMs,
        from: pagination_key,
        limit: limit ?? AUDIT_DEFAULT_LIMIT,
      });
      return next === undefined ? { items } : { items, pagination_key: next };
    },
  };
}
