// The behaviour most kinds share, written once: get (by name, ID or reference), list (the
// project's and a location's), rename and delete. A kind gives its descriptor and what is
// its own (its views, what else a rename changes, how an object goes), and names the
// operations of its routes that behave this way.
import type { z } from 'zod';
import { resourceName } from '#shared/names';
import type { PaginationQuery } from '#shared/pagination';
import { routes, type BodyOf, type KindDescriptor, type OperationId, type ParamsOf, type ResponseOf } from '#shared/routes';
import type { AppContext } from '../context.ts';
import type { Db } from '../db/database.ts';
import { pageFor } from '../db/paging.ts';
import { transactionWithRetry, type Tx } from '../db/transaction.ts';
import { fieldError, unlessNotFound } from '../errors.ts';
import type { Handlers, ProjectAccess } from '../http/handlers.ts';
import { assertNameFree, findByReference, listPage, listPageJson, type ScopedRow, type ScopedTable } from './scoped.ts';
import type { JsonOf } from '../db/json.ts';
import { RawJson } from '../http/raw-json.ts';

type Q = Db | Tx;
type Row<T extends ScopedTable> = ScopedRow<T>;

/** Operations whose path has a location (and so names one object or lists a location). */
type Located = { [K in OperationId]: ParamsOf<K> extends { location: string } | { location_name: string } ? K : never }[OperationId];
type InProject = { [K in OperationId]: ParamsOf<K> extends { project_id: string } ? K : never }[OperationId];
type Renaming = { [K in OperationId]: BodyOf<K> extends { name: string } ? K : never }[OperationId];
/** Operations that answer exactly `T`. */
type Answering<T> = { [K in OperationId]: [ResponseOf<K>] extends [T] ? ([T] extends [ResponseOf<K>] ? K : never) : never }[OperationId];

export interface KindBehaviour<T extends ScopedTable, View, Item, C extends keyof Row<T> = keyof Row<T>> {
  kind: KindDescriptor & { table: T };
  /** The full record of one object (get, rename). */
  view: (db: Q, row: Row<T>) => Promise<View>;
  /**
   * The columns a list item is made of, when it needs fewer than the full record (decision 240):
   * a list page does not read what only the record shows, such as a database's certificates.
   */
  listColumns?: readonly C[];
  /** The items of one page of a list (unless listJson makes them). */
  listItems?: (db: Db, rows: Pick<Row<T>, C>[]) => Promise<Item[]>;
  /**
   * A list item's fields as SQL, when the database writes each item's JSON (decision 245): for
   * items of many fields or with children, which cost more as rows than as text. The kind's
   * tests check that these items are its views' items.
   */
  listJson?: JsonOf<Item>;
  /** What else a rename changes, in its transaction (a VM's NIC is named after it). */
  renamed?: (tx: Tx, row: Row<T>, name: string) => Promise<void>;
  /** Deletes the object or starts its deletion job, in a transaction; the worker is woken after. */
  remove?: (tx: Tx, row: Row<T>) => Promise<void>;
}

/** What a common handler reads of its arguments (the mount gives more). */
interface Args {
  params: Record<string, string>;
  project: ProjectAccess;
  location?: string;
  query: PaginationQuery;
  body: { name: string };
}

/** The path parameter that names the object: the last one in the route's path. */
function referenceParam(op: OperationId): string {
  const names = [...routes[op].path.matchAll(/\{(\w+)\}/g)].map((m) => m[1]!);
  return names.at(-1)!;
}

/**
 * The handlers of the named operations for one kind. The operation lists are checked against
 * the route table: a get answers the kind's view, a list its items, a delete nothing.
 */
export function commonHandlers<
  T extends ScopedTable,
  View,
  Item,
  const G extends Located & Answering<View> = never,
  const L extends InProject & Answering<{ count: number; items: Item[] }> = never,
  const R extends Located & Renaming & Answering<View> = never,
  const D extends Located & Answering<void> = never,
  C extends keyof Row<T> = keyof Row<T>,
>(ctx: AppContext, b: KindBehaviour<T, View, Item, C>, ops: { get?: readonly G[]; list?: readonly L[]; rename?: readonly R[]; delete?: readonly D[] }): Handlers<G | L | R | D> {
  const { db } = ctx;
  const { table, idKind } = b.kind;
  const find = (q: Q, op: OperationId, a: Args) => findByReference(q, table, a.project.id, a.location!, a.params[referenceParam(op)]!);
  const out: Record<string, (a: Args) => Promise<unknown>> = {};

  for (const op of ops.get ?? []) out[op] = async (a) => b.view(db, await find(db, op, a));

  for (const op of ops.list ?? []) {
    const { listJson, listItems } = b;
    if (!listJson && !listItems) throw new Error(`${op}: the kind ${idKind} has neither listItems nor listJson`);
    out[op] = listJson
      ? async (a) => {
          const { count, items } = await listPageJson(db, table, a.project.id, a.location, pageFor(idKind, a.query), listJson.fields);
          return new RawJson(`{"count":${count},"items":[${items.join(',')}]}`);
        }
      : async (a) => {
          const { count, rows } = await listPage(db, table, a.project.id, a.location, pageFor(idKind, a.query), b.listColumns as readonly string[] | undefined);
          return { count, items: await listItems!(db, rows) };
        };
  }

  for (const op of ops.rename ?? []) {
    out[op] = async (a) => {
      const row = await find(db, op, a);
      const { name } = a.body;
      await transactionWithRetry(db, async (tx) => {
        await assertNameFree(tx, table, a.project.id, a.location!, name, row.id);
        // Every scoped table has `name`; Kysely cannot type a table chosen at run time.
        await tx
          .updateTable(table as 'vm')
          .set({ name })
          .where('id', '=', row.id)
          .execute();
        await b.renamed?.(tx, row, name);
      });
      return b.view(db, { ...row, name });
    };
  }

  for (const op of ops.delete ?? []) {
    const remove = b.remove;
    if (!remove) throw new Error(`${op}: the kind ${idKind} has no remove`);
    // Deletes are idempotent: an object that is not there is a success.
    out[op] = async (a) => {
      const row = await unlessNotFound(find(db, op, a));
      if (row) await inJobTransaction(ctx, (tx) => remove(tx, row));
    };
  }

  return out as unknown as Handlers<G | L | R | D>;
}

/** A transaction that may enqueue jobs: the worker is told once it committed. */
export async function inJobTransaction<R>(ctx: AppContext, fn: (tx: Tx) => Promise<R>): Promise<R> {
  const result = await transactionWithRetry(ctx.db, fn);
  ctx.wakeWorker();
  return result;
}

/** The name of a create that takes it from the path, checked as a name of the kind. */
export function nameFromPath(kind: KindDescriptor, value: string): string {
  const name: z.ZodSafeParseResult<string> = resourceName(kind.idKind).safeParse(value);
  if (!name.success) throw fieldError('name', name.error);
  return name.data;
}
