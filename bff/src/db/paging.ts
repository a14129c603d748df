// Keyset pagination (behaviour.md §6): one indexed range scan per page, plus a count. Three
// entry points, named for what they page: pageOfKind (resources/scoped.ts: a kind's objects in
// a project, as JSON items), pageWhere (a table's rows by one column) and pageOfQuery (any
// other query: members, tokens, projects).
import { sql, type Selectable, type SelectQueryBuilder } from 'kysely';
import { isId, type IdKind } from '#shared/ids';
import { toPage, type Page, type PaginationQuery } from '#shared/pagination';
import { invalidRequest } from '../errors.ts';
import type { Db } from './database.ts';
import type { Database } from './schema.ts';
import { columnsOf } from './columns.ts';
import { runShape } from './prepared.ts';

/** Pagination parameters checked against the kind being listed. */
export function pageFor(kind: IdKind, query: PaginationQuery): Page {
  const page = toPage(query);
  if (page.orderColumn === 'id' && page.startAfter !== undefined && !isId(kind, page.startAfter)) {
    throw invalidRequest({
      start_after: `start_after must be an ID of this kind when ordering by id.`,
    });
  }
  return page;
}

/**
 * Applies the cursor, order and limit of a page. `columns` names the qualified id and name
 * columns; ordering by name breaks ties by id so a page is stable.
 */
// eslint-disable-next-line @typescript-eslint/no-explicit-any
function applyPage<QB extends SelectQueryBuilder<any, any, any>>(
  qb: QB,
  page: Page,
  columns: { id: string; name: string },
): QB {
  const col = page.orderColumn === 'id' ? columns.id : columns.name;
  let q = qb;
  if (page.startAfter !== undefined) q = q.where(sql.ref(col), '>', page.startAfter) as QB;
  q = q.orderBy(sql.ref(col)) as QB;
  if (page.orderColumn === 'name') q = q.orderBy(sql.ref(columns.id)) as QB;
  return q.limit(page.pageSize) as QB;
}

/** What a list's page and count are built from: its rows' query and the count of what it selects. */
interface ListQueries<R> {
  // eslint-disable-next-line @typescript-eslint/no-explicit-any
  rows: SelectQueryBuilder<any, any, R>;
  // eslint-disable-next-line @typescript-eslint/no-explicit-any
  count: SelectQueryBuilder<any, any, { n: number | string | bigint }>;
}

/** How pageOfQuery reads a list's count. */
interface Counting {
  /** Runs the count's `load`, or answers it another way (from a cache, say). */
  counted?: (load: () => Promise<number>) => Promise<number>;
  /**
   * The count read with the page, in one statement, as `page_count` on each row (the
   * database computes it once): one read instead of two; an empty page reads it alone.
   */
  inPage?: boolean;
}

/**
 * A page of a list and the list's count, each query compiled once per shape (runShape, decision
 * 110; decision 242). `build(v)` makes the list's queries from stand-ins of `values`, its
 * filters' values only; `key` names whatever else chose them (a viewer's rights, say). The
 * page's cursor, order and limit are added here, as applyPage does.
 */
export async function pageOfQuery<R>(
  db: Db,
  key: string,
  values: readonly unknown[],
  page: Page,
  columns: { id: string; name: string },
  build: (v: (i: number) => never) => ListQueries<R>,
  how: Counting = {},
): Promise<{ rows: R[]; count: number }> {
  const after = page.startAfter === undefined ? [] : [page.startAfter];
  const n = values.length;
  const pageKey = `${key} page ${page.orderColumn} ${after.length}`;
  const pageValues = [...values, ...after, page.pageSize];
  // eslint-disable-next-line @typescript-eslint/no-explicit-any
  const paged = <Q extends SelectQueryBuilder<any, any, any>>(v: (i: number) => never, q: Q) =>
    applyPage(
      q,
      { ...page, startAfter: after.length ? v(n) : undefined, pageSize: v(n + after.length) },
      columns,
    );
  const countAlone = async () => {
    const [row] = await runShape(db, `${key} count`, values, (v) => build(v).count);
    return Number(row?.n ?? 0);
  };
  if (how.inPage) {
    const rows = await runShape(db, `${pageKey} counted`, pageValues, (v) => {
      const q = build(v);
      return paged(v, q.rows.select(q.count.as('page_count')));
    });
    const first = rows[0] as { page_count?: unknown } | undefined;
    return { rows: rows as R[], count: first ? Number(first.page_count ?? 0) : await countAlone() };
  }
  const [rows, count] = await Promise.all([
    runShape(db, pageKey, pageValues, (v) => paged(v, build(v).rows)),
    (how.counted ?? ((load) => load()))(countAlone),
  ]);
  return { rows, count };
}

/**
 * A page of the rows of `table` whose `column` holds `value` (a project's SSH keys, a
 * repository's cache entries) and their count, through pageOfQuery. `name`: the column that
 * ordering by name orders by.
 */
export async function pageWhere<T extends keyof Database & string>(
  db: Db,
  table: T,
  column: string,
  value: string,
  page: Page,
  name = 'name',
) {
  const columns = await columnsOf(db, table);
  const { rows, count } = await pageOfQuery(
    db,
    `${table} where ${column} by ${name}`,
    [value],
    page,
    { id: 'id', name },
    (v) => {
      // Kysely cannot type a table and column chosen at run time; each caller's table has them.
      const scope = db.selectFrom(table as 'vm').where(column as 'project_id', '=', v(0));
      return {
        rows: scope.select(columns as readonly 'id'[]),
        count: scope.select((eb) => eb.fn.countAll<number>().as('n')),
      };
    },
  );
  return { count, rows: rows as unknown as Selectable<Database[T]>[] };
}
