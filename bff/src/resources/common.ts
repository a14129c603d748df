// The behaviour most kinds share, written once: get (by name, ID or reference), list (the
// project's and a location's), rename and delete. A kind gives its descriptor and what is
// its own (its views, what else a rename changes, how an object goes), and names the
// operations of its routes that behave this way. `childHandlers` does the same for the
// objects living inside one of a kind's objects (a database's firewall rules, a cluster's
// node pools).
import type { Selectable } from 'kysely';
import type { z } from 'zod';
import { resourceName } from '#shared/names';
import type { PaginationQuery } from '#shared/pagination';
import {
  routes,
  type BodyOf,
  type KindDescriptor,
  type OperationId,
  type ParamsOf,
  type ResponseOf,
} from '#shared/routes';
import type { AppContext } from '../context.ts';
import type { Queryable } from '../db/database.ts';
import type { Database } from '../db/schema.ts';
import { pageFor } from '../db/paging.ts';
import { transactionWithRetry, type Tx } from '../db/transaction.ts';
import { fieldError, notFound, unlessNotFound } from '../errors.ts';
import type { Handlers, ProjectAccess } from '../http/handlers.ts';
import {
  assertChildNameFree,
  assertNameFree,
  findByReference,
  pageOfKind,
  type ScopedRow,
  type ScopedTable,
} from './scoped.ts';
import type { ChildIndex, JsonArray, JsonAs, JsonOf } from '../db/json.ts';
import { RawJson } from '../db/raw-json.ts';
import { assertNotManaged } from './owned-by.ts';

type Row<T extends ScopedTable> = ScopedRow<T>;

/** Operations whose path has a location (and so names one object or lists a location). */
type Located = {
  [K in OperationId]: ParamsOf<K> extends { location: string } | { location_name: string }
    ? K
    : never;
}[OperationId];
type InProject = {
  [K in OperationId]: ParamsOf<K> extends { project_id: string } ? K : never;
}[OperationId];
type Renaming = { [K in OperationId]: BodyOf<K> extends { name: string } ? K : never }[OperationId];
/** Operations that answer exactly `T`. */
type Answering<T> = {
  [K in OperationId]: [ResponseOf<K>] extends [T]
    ? [T] extends [ResponseOf<K>]
      ? K
      : never
    : never;
}[OperationId];

export interface KindBehaviour<T extends ScopedTable, View, Item> {
  kind: KindDescriptor & { table: T };
  /** The full record of one object (get, rename). */
  view: (db: Queryable, row: Row<T>) => Promise<View>;
  /** A list item as the database writes it: `listOf(schema, table)`, its children as arrays (for the list operations). */
  list?: JsonOf<Item>;
  /** What else a rename changes, in its transaction (a VM's NIC is named after it). */
  renamed?: (tx: Tx, row: Row<T>, name: string) => Promise<void>;
  /** Deletes the object or starts its deletion job, in a transaction; the worker is woken after. */
  remove?: (tx: Tx, row: Row<T>) => Promise<void>;
}

/** A field of a list item other than its column of the same name: another SQL expression (and how it goes in), or an array of children. */
export type ListField = string | readonly [expr: string, as: JsonAs] | JsonArray;
type Keys<S extends z.ZodObject> = keyof z.output<S> & string;
const fieldsOf = (
  keys: string[],
  column: (key: string) => string,
  fields: Partial<Record<string, ListField>>,
) =>
  keys.map((key) => {
    const f = fields[key] ?? column(key);
    return typeof f === 'string'
      ? ([key, f] as const)
      : 'fields' in f
        ? ([key, f] as const)
        : ([key, f[0], f[1]] as const);
  });

/**
 * The one way a list item is written (decision 262): each key of the item's schema, in order,
 * from the column of the same name in `table`, unless `fields` gives another expression, a
 * boolean or stored JSON (`[expr, 'bool' | 'json']`), or an array of children (`childrenOf`).
 */
export function listOf<S extends z.ZodObject>(
  schema: S,
  table: string,
  fields: Partial<Record<Keys<S>, ListField>> = {},
): JsonOf<z.output<S>> {
  return {
    fields: fieldsOf(Object.keys(schema.shape), (key) => `"${table}"."${key}"`, fields) as JsonOf<
      z.output<S>
    >['fields'],
  };
}

/**
 * A list item's array of children, each made as `listOf` makes an item: from the rows `from`
 * names (`<table> <alias> where …`, correlated to the item's table), their columns read through
 * `alias`, ordered by `orderBy`. With `index`, SQLite keeps each child's text in that index
 * (made at start, `db/list-indexes.ts`): for a parent with many children on a page.
 */
export function childrenOf<S extends z.ZodObject>(
  schema: S,
  alias: string,
  from: string,
  orderBy: string,
  fields: Partial<Record<Keys<S>, ListField>> = {},
  index?: ChildIndex,
): JsonArray {
  return {
    fields: fieldsOf(Object.keys(schema.shape), (key) => `${alias}.${key}`, fields),
    from,
    orderBy,
    alias,
    index,
  };
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
>(
  ctx: AppContext,
  behaviour: KindBehaviour<T, View, Item>,
  ops: { get?: readonly G[]; list?: readonly L[]; rename?: readonly R[]; delete?: readonly D[] },
): Handlers<G | L | R | D> {
  const { db } = ctx;
  const { table, idKind } = behaviour.kind;
  const find = (q: Queryable, op: OperationId, a: Args) =>
    findByReference(q, table, a.project.id, a.location!, a.params[referenceParam(op)]!);
  const out: Record<string, (a: Args) => Promise<unknown>> = {};

  for (const op of ops.get ?? []) out[op] = async (a) => behaviour.view(db, await find(db, op, a));

  for (const op of ops.list ?? []) {
    const { list } = behaviour;
    if (!list) throw new Error(`${op}: the kind ${idKind} has no list`);
    out[op] = async (a) => {
      const { count, items } = await pageOfKind(
        db,
        table,
        a.project.id,
        a.location,
        pageFor(idKind, a.query),
        list,
      );
      return new RawJson(`{"count":${count},"items":[${items.join(',')}]}`);
    };
  }

  for (const op of ops.rename ?? []) {
    out[op] = async (a) => {
      const row = await find(db, op, a);
      await assertNotManaged(db, row, behaviour.kind.singular);
      const { name } = a.body;
      await transactionWithRetry(db, async (tx) => {
        await assertNameFree(tx, table, a.project.id, a.location!, name, row.id);
        // Every scoped table has `name`; Kysely cannot type a table chosen at run time.
        await tx
          .updateTable(table as 'vm')
          .set({ name })
          .where('id', '=', row.id)
          .execute();
        await behaviour.renamed?.(tx, row, name);
      });
      return behaviour.view(db, { ...row, name });
    };
  }

  for (const op of ops.delete ?? []) {
    const remove = behaviour.remove;
    if (!remove) throw new Error(`${op}: the kind ${idKind} has no remove`);
    // Deletes are idempotent: an object that is not there is a success.
    out[op] = async (a) => {
      const row = await unlessNotFound(find(db, op, a));
      if (row) await assertNotManaged(db, row, behaviour.kind.singular);
      if (row) await inJobTransaction(ctx, (tx) => remove(tx, row));
    };
  }

  return out as unknown as Handlers<G | L | R | D>;
}

/** A row of a table of objects living inside another kind's objects. */
export type ChildRow<C extends keyof Database> = Selectable<Database[C]> & { id: string };
/** A handler's arguments, as the mount gives them to the operation. */
type ArgsOf<K extends OperationId> = Parameters<Handlers<K>[K]>[0];

export interface ChildBehaviour<P extends ScopedTable, C extends keyof Database, View> {
  /** The kind the children live in: its 404 when the path names none in the project and location. */
  parent: KindDescriptor & { table: P };
  table: C;
  /** The column holding the ID of the object the child lives in. */
  parentKey: keyof Selectable<Database[C]> & string;
  /** The child in messages ("the node pool has no name"). */
  singular: string;
  /**
   * The children have names, unique in their parent (a cluster's node pools): a path names one
   * by ID or name, a rename checks the name is free. Otherwise a path names one by ID.
   */
  named?: boolean;
  /** What a child answers (get, list items, create, update, rename). */
  view: (row: ChildRow<C>, parent: Row<P>, db: Queryable) => View | Promise<View>;
  /** The parent read again, locked, in a change's transaction (changes of one parent run one after another). */
  lock?: (tx: Tx, parent: Row<P>) => Promise<Row<P>>;
  /** How a child goes (default: its row is deleted). */
  remove?: (tx: Tx, parent: Row<P>, row: ChildRow<C>) => Promise<void>;
}

/** A create: the child's row made in a job transaction (the parent locked), answered as its view unless `answer` says otherwise. */
export type ChildCreate<K extends OperationId, P, Child, View> = {
  /** Checks of the body that need no database, made before the parent is looked up (as the body's schema). */
  before?: (a: ArgsOf<K>) => void;
  insert: (tx: Tx, parent: P, a: ArgsOf<K>) => Promise<Child>;
} & ([View] extends [ResponseOf<K>]
  ? { answer?: (parent: P, row: Child) => Promise<ResponseOf<K>> }
  : { answer: (parent: P, row: Child) => Promise<ResponseOf<K>> });

/** A change of one child in a job transaction (the parent locked): the child's row as it is after. */
export type ChildUpdate<K extends OperationId, P, Child> = (
  tx: Tx,
  parent: P,
  row: Child,
  a: ArgsOf<K>,
) => Promise<Child>;

/** The path parameters naming the parent and the child: the two after the location. */
function childParams(op: OperationId, child: boolean): { parent: string; child: string } {
  const names = [...routes[op].path.matchAll(/\{(\w+)\}/g)].map((m) => m[1]!);
  const at = names.indexOf('location');
  const [parent, own] = [names[at + 1], names[at + 2]];
  if (at < 0 || !parent || (child && !own))
    throw new Error(`${op}: its path names no ${child ? 'child' : 'parent'} after the location`);
  return { parent, child: own ?? '' };
}

/**
 * The handlers of the named operations on the children of one kind's objects: list, get,
 * create, update, rename and delete, each finding the parent first (its 404 when it is not in
 * the project and location) and then the child in it (the child's 404). Deletes are
 * idempotent; renames check the name is free in the parent.
 */
export function childHandlers<
  P extends ScopedTable,
  C extends keyof Database,
  View,
  const L extends Located & Answering<{ count: number; items: View[] }> = never,
  const G extends Located & Answering<View> = never,
  const R extends Located & Renaming & Answering<View> = never,
  const D extends Located & Answering<void> = never,
  Cr extends Located = never,
  U extends Located & Answering<View> = never,
>(
  ctx: AppContext,
  behaviour: ChildBehaviour<P, C, View>,
  ops: {
    list?: readonly L[];
    get?: readonly G[];
    create?: { [K in Cr]: ChildCreate<K, Row<P>, ChildRow<C>, View> };
    update?: { [K in U]: ChildUpdate<K, Row<P>, ChildRow<C>> };
    rename?: readonly R[];
    delete?: readonly D[];
  },
): Handlers<L | G | R | D | Cr | U> {
  const { db } = ctx;
  // Kysely cannot type a table chosen at run time; every child table has `id` and its parent's
  // column, so one concrete table stands for all (as in scoped.ts).
  const table = behaviour.table as 'kubernetes_nodepool';
  const parentKey = behaviour.parentKey as 'kubernetes_cluster_id';
  type Names = ReturnType<typeof childParams>;
  const parentOf = (at: Names, a: Args) =>
    findByReference(db, behaviour.parent.table, a.project.id, a.location!, a.params[at.parent]!);
  const childIn = async (parent: Row<P>, reference: string) => {
    const row = await db
      .selectFrom(table)
      .selectAll()
      .where(parentKey, '=', parent.id)
      .where((eb) =>
        behaviour.named
          ? eb.or([eb('id', '=', reference), eb('name', '=', reference)])
          : eb('id', '=', reference),
      )
      .executeTakeFirst();
    if (!row) throw notFound();
    return row as unknown as ChildRow<C>;
  };
  const both = async (at: Names, a: Args) => {
    const parent = await parentOf(at, a);
    return { parent, row: await childIn(parent, a.params[at.child]!) };
  };
  const change = <T>(parent: Row<P>, fn: (tx: Tx, parent: Row<P>) => Promise<T>) =>
    inJobTransaction(ctx, async (tx) =>
      fn(tx, behaviour.lock ? await behaviour.lock(tx, parent) : parent),
    );
  const remove =
    behaviour.remove ??
    (async (tx: Tx, _parent: Row<P>, row: ChildRow<C>) => {
      await tx.deleteFrom(table).where('id', '=', row.id).execute();
    });
  const out: Record<string, (a: Args) => Promise<unknown>> = {};

  for (const op of ops.list ?? []) {
    const at = childParams(op, false);
    out[op] = async (a) => {
      const parent = await parentOf(at, a);
      const rows = (await db
        .selectFrom(table)
        .selectAll()
        .where(parentKey, '=', parent.id)
        .orderBy('id')
        .execute()) as unknown as ChildRow<C>[];
      return {
        count: rows.length,
        items: await Promise.all(rows.map((r) => behaviour.view(r, parent, db))),
      };
    };
  }

  for (const op of ops.get ?? []) {
    const at = childParams(op, true);
    out[op] = async (a) => {
      const { parent, row } = await both(at, a);
      return behaviour.view(row, parent, db);
    };
  }

  for (const [op, create] of Object.entries(ops.create ?? {}) as [
    Cr,
    ChildCreate<Cr, Row<P>, ChildRow<C>, View>,
  ][]) {
    const at = childParams(op, false);
    out[op] = async (a) => {
      create.before?.(a as unknown as ArgsOf<Cr>);
      const parent = await parentOf(at, a);
      const row = await change(parent, (tx, p) => create.insert(tx, p, a as unknown as ArgsOf<Cr>));
      return create.answer ? create.answer(parent, row) : behaviour.view(row, parent, db);
    };
  }

  for (const [op, update] of Object.entries(ops.update ?? {}) as [
    U,
    ChildUpdate<U, Row<P>, ChildRow<C>>,
  ][]) {
    const at = childParams(op, true);
    out[op] = async (a) => {
      const { parent, row } = await both(at, a);
      return behaviour.view(
        await change(parent, (tx, p) => update(tx, p, row, a as unknown as ArgsOf<U>)),
        parent,
        db,
      );
    };
  }

  for (const op of ops.rename ?? []) {
    if (!behaviour.named) throw new Error(`${op}: the ${behaviour.singular} has no name`);
    const at = childParams(op, true);
    out[op] = async (a) => {
      const { parent, row } = await both(at, a);
      const { name } = a.body;
      await change(parent, async (tx) => {
        await assertChildNameFree(tx, table, parentKey, parent.id, name, row.id);
        await tx.updateTable(table).set({ name }).where('id', '=', row.id).execute();
      });
      return behaviour.view({ ...row, name }, parent, db);
    };
  }

  for (const op of ops.delete ?? []) {
    const at = childParams(op, true);
    out[op] = async (a) => {
      const parent = await parentOf(at, a);
      const row = await unlessNotFound(childIn(parent, a.params[at.child]!));
      if (row) await change(parent, (tx, p) => remove(tx, p, row));
    };
  }

  return out as unknown as Handlers<L | G | R | D | Cr | U>;
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
