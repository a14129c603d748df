// Keyset pagination (behaviour.md §6): one indexed range scan per page, plus a count.
import { sql, type SelectQueryBuilder } from 'kysely';
import { isId, type IdKind } from '#shared/ids';
import { toPage, type Page, type PaginationQuery } from '#shared/pagination';
import { invalidRequest } from '../errors.ts';

/** Pagination parameters checked against the kind being listed. */
export function pageFor(kind: IdKind, query: PaginationQuery): Page {
  const page = toPage(query);
  if (page.orderColumn === 'id' && page.startAfter !== undefined && !isId(kind, page.startAfter)) {
    throw invalidRequest({ start_after: `start_after must be an ID of this kind when ordering by id.` });
  }
  return page;
}

/**
 * Applies the cursor, order and limit of a page. `columns` names the qualified id and name
 * columns; ordering by name breaks ties by id so a page is stable.
 */
// eslint-disable-next-line @typescript-eslint/no-explicit-any
export function applyPage<QB extends SelectQueryBuilder<any, any, any>>(qb: QB, page: Page, columns: { id: string; name: string }): QB {
  const col = page.orderColumn === 'id' ? columns.id : columns.name;
  let q = qb;
  if (page.startAfter !== undefined) q = q.where(sql.ref(col), '>', page.startAfter) as QB;
  q = q.orderBy(sql.ref(col)) as QB;
  if (page.orderColumn === 'name') q = q.orderBy(sql.ref(columns.id)) as QB;
  return q.limit(page.pageSize) as QB;
}
