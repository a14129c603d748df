// What every kind that lives in a project and a location shares: lookup by reference (ID or
// name), the name-uniqueness check, and a paged list with its count.
import type { Selectable } from 'kysely';
import type { IdKind } from '#shared/ids';
import { parseReference } from '#shared/names';
import type { Page } from '#shared/pagination';
import type { Db } from '../db/database.ts';
import type { Database } from '../db/schema.ts';
import type { Tx } from '../db/transaction.ts';
import { nameTaken, notFound } from '../http/errors.ts';
import { applyPage } from '../http/pagination.ts';

export type ScopedTable = 'private_subnet' | 'vm' | 'firewall';
type Row<T extends ScopedTable> = Selectable<Database[T]>;
type Q = Db | Tx;

const KIND: Record<ScopedTable, { kind: IdKind; what: string }> = {
  private_subnet: { kind: 'privateSubnet', what: 'private subnet' },
  vm: { kind: 'vm', what: 'VM' },
  firewall: { kind: 'firewall', what: 'firewall' },
};

// Kysely cannot type a query over a table chosen at run time; every scoped table has the
// columns used here (id, project_id, location, name), so one concrete table stands for all.
const from = (db: Q, table: ScopedTable) => db.selectFrom(table as 'vm');

/** The object of that kind in the project and location, by ID or name; 404 otherwise. */
export async function findByReference<T extends ScopedTable>(db: Q, table: T, projectId: string, location: string, reference: string): Promise<Row<T>> {
  const ref = parseReference(KIND[table].kind, reference);
  const row = await from(db, table)
    .selectAll()
    .where('project_id', '=', projectId)
    .where('location', '=', location)
    .where('id' in ref ? 'id' : 'name', '=', 'id' in ref ? ref.id : ref.name)
    .executeTakeFirst();
  if (!row) throw notFound(`Sorry, we couldn’t find the ${KIND[table].what} you’re looking for.`);
  return row as unknown as Row<T>;
}

/** 400 "name is already taken" when another object of the kind has that name in the scope. */
export async function assertNameFree(db: Q, table: ScopedTable, projectId: string, location: string, name: string, exceptId?: string) {
  let q = from(db, table).select('id').where('project_id', '=', projectId).where('location', '=', location).where('name', '=', name);
  if (exceptId) q = q.where('id', '!=', exceptId);
  if (await q.executeTakeFirst()) throw nameTaken();
}

/** One page of the kind in the project (optionally one location) and the total count. */
export async function listPage<T extends ScopedTable>(db: Db, table: T, projectId: string, location: string | undefined, page: Page) {
  let scope = from(db, table).where('project_id', '=', projectId);
  if (location) scope = scope.where('location', '=', location);
  const [rows, total] = await Promise.all([
    applyPage(scope.selectAll(), page, { id: 'id', name: 'name' }).execute(),
    scope.select((eb) => eb.fn.countAll<number>().as('n')).executeTakeFirstOrThrow(),
  ]);
  return { count: Number(total.n), rows: rows as unknown as Row<T>[] };
}
