// What every kind that lives in a project and a location shares: lookup by reference (ID or
// name), the name-uniqueness check, the quota check, and a paged list with its count.
import type { RawBuilder, Selectable, SqlBool } from 'kysely';
import { parseReference } from '#shared/names';
import type { Page } from '#shared/pagination';
import type { Quota } from '#shared/route-helpers';
import { kinds, type KindDescriptor } from '#shared/routes';
import type { Quotas } from '../config.ts';
import type { Db, Queryable } from '../db/database.ts';
import { forUpdate, isPostgres } from '../db/locks.ts';
import { jsonObject, type JsonFields } from '../db/json.ts';
import type { Database } from '../db/schema.ts';
import type { Tx } from '../db/transaction.ts';
import { invalidRequest, nameTaken, notFound } from '../errors.ts';
import { pageOfQuery } from '../db/paging.ts';
import { columnsOf } from '../db/columns.ts';
import { runShape } from '../db/prepared.ts';

/** The tables of the kinds that live in a project and a location (from their descriptors). */
export type ScopedTable = Extract<(typeof kinds)[number], { inLocation: true }>['table'] &
  keyof Database;
/** A row of a scoped table (generic code sees the columns all of them have). */
export type ScopedRow<T extends ScopedTable> = Selectable<Database[T]> & {
  id: string;
  name: string;
  project_id: string;
  location: string;
};
type Row<T extends ScopedTable> = ScopedRow<T>;

const KIND = Object.fromEntries(
  kinds.filter((k) => k.inLocation).map((k) => [k.table, k]),
) as Record<ScopedTable, KindDescriptor>;

// Kysely cannot type a query over a table chosen at run time; every scoped table has the
// columns used here (id, project_id, location, name), so one concrete table stands for all.
// Objects that serve another kind's object (KindDescriptor.serviceOf) are left out.
const from = (db: Queryable, table: ScopedTable) => {
  const q = db.selectFrom(table as 'vm');
  const service = KIND[table].serviceOf;
  return service ? q.where(service as 'service_of', 'is', null) : q;
};

/** The project's objects of the kind, from the per-scope counts the triggers keep (decision 113); narrow it to a location with `where`. */
const keptCount = (db: Queryable, table: ScopedTable, projectId: string) =>
  db
    .selectFrom('scope_count')
    .select((eb) => eb.fn.sum<number>('n').as('n'))
    .where('tbl', '=', table)
    .where('project_id', '=', projectId);

/** The object of that kind in the project and location, by ID or name; 404 otherwise. */
export async function findByReference<T extends ScopedTable>(
  db: Queryable,
  table: T,
  projectId: string,
  location: string,
  reference: string,
): Promise<Row<T>> {
  const ref = parseReference(KIND[table].idKind, reference);
  const by = 'id' in ref ? 'id' : 'name';
  const columns = await columnsOf(db, table);
  const [row] = await runShape(
    db,
    `find ${table} ${by}`,
    [projectId, location, 'id' in ref ? ref.id : ref.name],
    (v) =>
      from(db, table)
        .select(columns as readonly 'id'[])
        .where('project_id', '=', v(0))
        .where('location', '=', v(1))
        .where(by, '=', v(2)),
  );
  if (!row) throw notFound();
  return row as unknown as Row<T>;
}

/** 400 "name is already taken" when another object of the kind has that name in the scope. */
export async function assertNameFree(
  db: Queryable,
  table: ScopedTable,
  projectId: string,
  location: string,
  name: string,
  exceptId?: string,
) {
  let q = from(db, table)
    .select('id')
    .where('project_id', '=', projectId)
    .where('location', '=', location)
    .where('name', '=', name);
  if (exceptId) q = q.where('id', '!=', exceptId);
  if (await q.executeTakeFirst()) throw nameTaken();
}

/** 400 "name is already taken" when another child of the parent has that name (a cluster's node pools). */
export async function assertChildNameFree(
  db: Queryable,
  table: keyof Database,
  parentKey: string,
  parentId: string,
  name: string,
  exceptId?: string,
) {
  // As in `from`: one concrete child table stands for all.
  let q = db
    .selectFrom(table as 'kubernetes_nodepool')
    .select('id')
    .where(parentKey as 'kubernetes_cluster_id', '=', parentId)
    .where('name', '=', name);
  if (exceptId) q = q.where('id', '!=', exceptId);
  if (await q.executeTakeFirst()) throw nameTaken();
}

/**
 * A condition on a kind's rows that a list keeps (the Postgres list's `?tags=`): SQL over
 * stand-ins of `values`, named for the statement cache (with the number of its values).
 */
export interface ListFilter {
  name: string;
  values: readonly unknown[];
  where: (postgres: boolean, values: never[]) => RawBuilder<SqlBool>;
}

/** A number per list definition, for its shapes' keys (a definition may hold a setting, such as the service domain). */
const listIds = new WeakMap<object, number>();
let nextListId = 0;

/**
 * One page of the kind in the project (optionally one location), each item's JSON text made by
 * the database from `list` (decision 245), in the page's order, and the total count, read from
 * the per-scope counts the database keeps (decision 113): as fast at 100,000 rows as at 10.
 * With `filter` (such as the Postgres list's tags), the page and count of the objects it keeps.
 */
export async function pageOfKind(
  db: Db,
  table: ScopedTable,
  projectId: string,
  location: string | undefined,
  page: Page,
  list: { fields: JsonFields },
  filter?: ListFilter,
) {
  let id = listIds.get(list);
  if (id === undefined) listIds.set(list, (id = nextListId++));
  const inScope = location === undefined ? [projectId] : [projectId, location];
  const values = filter?.values ?? [];
  const key = `${table} ${location === undefined ? 'project' : 'location'} list ${id}${filter ? ` ${filter.name} of ${values.length}` : ''}`;
  const { count, rows } = await pageOfQuery(
    db,
    key,
    [...inScope, ...values],
    page,
    { id: `${table}.id`, name: `${table}.name` },
    (v) => {
      let q = from(db, table)
        .select(jsonObject(isPostgres(db), list.fields).as('json'))
        .where('project_id', '=', v(0));
      let counted = keptCount(db, table, v(0));
      if (location !== undefined) {
        q = q.where('location', '=', v(1));
        counted = counted.where('location', '=', v(1));
      }
      if (filter) {
        const kept = filter.where(
          isPostgres(db),
          values.map((_, i) => v(inScope.length + i)),
        );
        q = q.where(kept);
        // The kept counts are of the whole scope: a filtered list counts its rows.
        let filtered = from(db, table)
          .select((eb) => eb.fn.countAll<number>().as('n'))
          .where('project_id', '=', v(0))
          .where(kept);
        if (location !== undefined) filtered = filtered.where('location', '=', v(1));
        counted = filtered as unknown as typeof counted;
      }
      return { rows: q, count: counted };
    },
    { inPage: true },
  );
  return { count, items: rows.map((r) => r.json) };
}

/**
 * 400 naming the limit when the holder ("This project") already has `count` objects and the
 * quota allows no more. The caller counted while holding the holder's row lock.
 */
export function assertBelowQuota(
  quotas: Quotas,
  quota: Quota,
  count: number,
  holder: string,
  plural: string,
): void {
  const limit = quotas[quota.setting];
  if (limit === undefined) throw new Error(`no ${quota.setting} in the configuration`);
  if (count < limit) return;
  // The limit may have been lowered below what is already there.
  const message =
    count === limit
      ? `${holder} already has ${limit} ${plural}, the most it may hold.`
      : `${holder} already has ${count} ${plural}; it may hold at most ${limit}.`;
  throw invalidRequest({ [plural.toLowerCase().replace(/ /g, '_')]: message }, message);
}

/**
 * Refuses a create when the project holds its quota of the kind (400, nothing made). Locks
 * the project's row first, for the rest of the transaction: concurrent creates in the project
 * count one after another and cannot overshoot (SQLite runs one writer at a time anyway).
 */
export async function assertProjectQuota(
  tx: Tx,
  kind: KindDescriptor & { table: ScopedTable },
  projectId: string,
  quotas: Quotas,
): Promise<void> {
  const { quota } = kind;
  if (!quota) return;
  await forUpdate(tx, tx.selectFrom('project').select('id').where('id', '=', projectId)).execute();
  let n: number | null;
  if (quota.notCounting) {
    // A quota that leaves some of the kind's objects out (a subnet's own firewall) counts rows.
    // A column of this kind's table only (checked by the kind's tests); Kysely cannot type it.
    const q = from(tx, kind.table)
      .select((eb) => eb.fn.countAll<number>().as('n'))
      .where('project_id', '=', projectId)
      .where(quota.notCounting as 'id', 'is', null);
    ({ n } = await q.executeTakeFirstOrThrow());
  } else {
    // The per-scope counts the triggers keep in this same transaction (decision 113): one
    // indexed read however many objects the project holds, the same objects `from` sees.
    const [counted] = await runShape(tx, `quota ${kind.table}`, [projectId], (v) =>
      keptCount(tx, kind.table, v(0)),
    );
    n = counted?.n ?? null;
  }
  assertBelowQuota(quotas, quota, Number(n ?? 0), 'This project', kind.plural);
}
