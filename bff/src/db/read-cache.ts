// A small in-process cache of reads that every request repeats (its session, its membership),
// emptied the moment this process writes a table they read (decision 111). Writes are seen
// by the driver itself, so no caller has to remember to invalidate: any insert, update or
// delete touching a watched table, in a request transaction or not, on any kind's code path
// (a logout, a removed member, a deleted project or account, a role change, a revoked token).
// Another process's writes are seen within TTL_MS, the entries' lifetime.
import {
  AliasNode,
  ListNode,
  TableNode,
  type CompiledQuery,
  type DatabaseConnection,
  type Driver,
  type OperationNode,
  type QueryResult,
  type RootOperationNode,
  type TransactionSettings,
  type WithNode,
} from 'kysely';
import type { Db } from './database.ts';

/** The tables whose rows decide who may see what: a write to one empties every cache. */
const WATCHED = new Set(['session', 'account', 'project', 'project_member', 'access_token']);
/** How long an entry is trusted; the bound on what another process's write takes to be seen. */
export const TTL_MS = 1000;
const MAX_ENTRIES = 10_000;

/** What one database's caches share: a generation bumped before and after each watched write. */
export class Watch {
  generation = 0;
  /** Connections that wrote a watched table, not yet released (their writes may not be committed yet). */
  readonly dirty = new Set<DatabaseConnection>();
  readonly caches = new Map<string, Map<string, { value: unknown; at: number }>>();

  bump(): void {
    this.generation++;
    this.caches.clear();
  }
}

/**
 * Whether a statement may write a watched table, read from the query's operation node (the tree
 * Kysely compiled it from), not from its text. A write names its table in its node; a
 * statement whose tables cannot be known that way counts as writing a watched one.
 */
function writesWatched(query: CompiledQuery): boolean {
  return query.query.kind === 'RawNode' ? rawWrites(query.sql) : writes(query.query);
}

function writes(node: RootOperationNode): boolean {
  switch (node.kind) {
    case 'SelectQueryNode':
      return withWrites(node.with);
    case 'InsertQueryNode':
      return !node.into || watchedTable(node.into) || withWrites(node.with);
    case 'UpdateQueryNode':
      return !node.table || watchedTable(node.table) || withWrites(node.with);
    case 'DeleteQueryNode':
      return node.from.froms.some(watchedTable) || withWrites(node.with);
    case 'MergeQueryNode':
      return watchedTable(node.into) || withWrites(node.with);
    default:
      // A schema change (create, alter, drop), a raw statement inside a `with`, or a node this
      // code does not know.
      return true;
  }
}

/** A `with` clause's statements: on PostgreSQL one may write (`with gone as (delete …) select …`). */
const withWrites = (clause: WithNode | undefined) =>
  !!clause?.expressions.some((cte) => writes(cte.expression as RootOperationNode));

/** Whether the written table `node` is a watched one; one whose name is not written out counts as watched. */
function watchedTable(node: OperationNode): boolean {
  if (AliasNode.is(node)) return watchedTable(node.node);
  if (ListNode.is(node)) return node.items.some(watchedTable);
  return !TableNode.is(node) || WATCHED.has(node.table.identifier.name);
}

/**
 * A raw statement (`sql\`…\``, `CompiledQuery.raw`) names no table Kysely can see: it counts
 * as a write to a watched table unless its first word says it writes no row: a `select` (no
 * function of this schema writes from one; a `with` may, and counts), or a transaction's or
 * savepoint's own statement.
 */
const rawWrites = (text: string) =>
  !/^\s*(select|savepoint|release|rollback|begin|commit|end)\b/i.test(text);

/** A connection that tells the watch of its writes to watched tables. */
class WatchedConnection implements DatabaseConnection {
  constructor(
    readonly inner: DatabaseConnection,
    private readonly watch: Watch,
  ) {}

  async executeQuery<R>(query: CompiledQuery): Promise<QueryResult<R>> {
    if (!writesWatched(query)) return this.inner.executeQuery<R>(query);
    this.watch.bump();
    this.watch.dirty.add(this);
    try {
      return await this.inner.executeQuery<R>(query);
    } finally {
      this.watch.bump();
    }
  }

  streamQuery<R>(query: CompiledQuery, chunkSize?: number): AsyncIterableIterator<QueryResult<R>> {
    return this.inner.streamQuery<R>(query, chunkSize);
  }
}

/**
 * `driver` with its connections watched; one that wrote bumps again when released, which is
 * when its writes are committed (a transaction's, or a group's on SQLite: decision 247).
 */
export class WatchingDriver implements Driver {
  private readonly wrapped = new WeakMap<DatabaseConnection, WatchedConnection>();
  constructor(
    private readonly inner: Driver,
    readonly watch: Watch,
  ) {}

  init() {
    return this.inner.init();
  }
  destroy() {
    return this.inner.destroy();
  }

  async acquireConnection(): Promise<DatabaseConnection> {
    const c = await this.inner.acquireConnection();
    let w = this.wrapped.get(c);
    if (!w) this.wrapped.set(c, (w = new WatchedConnection(c, this.watch)));
    return w;
  }
  async releaseConnection(connection: DatabaseConnection) {
    const w = connection as WatchedConnection;
    try {
      await this.inner.releaseConnection(w.inner);
    } finally {
      if (this.watch.dirty.delete(w)) this.watch.bump();
    }
  }

  beginTransaction(connection: DatabaseConnection, settings: TransactionSettings) {
    return this.inner.beginTransaction((connection as WatchedConnection).inner, settings);
  }
  commitTransaction(connection: DatabaseConnection) {
    return this.inner.commitTransaction((connection as WatchedConnection).inner);
  }
  rollbackTransaction(connection: DatabaseConnection) {
    return this.inner.rollbackTransaction((connection as WatchedConnection).inner);
  }

  savepoint: Driver['savepoint'] = (c, ...a) =>
    this.inner.savepoint!((c as WatchedConnection).inner, ...a);
  rollbackToSavepoint: Driver['rollbackToSavepoint'] = (c, ...a) =>
    this.inner.rollbackToSavepoint!((c as WatchedConnection).inner, ...a);
  releaseSavepoint: Driver['releaseSavepoint'] = (c, ...a) =>
    this.inner.releaseSavepoint!((c as WatchedConnection).inner, ...a);
}

const watches = new WeakMap<Db, Watch>();

/** Registers the watch of a database opened with a WatchingDriver (database.ts). */
export function registerWatch(db: Db, watch: Watch): void {
  watches.set(db, watch);
}

/** How many times the caches of `db` were emptied, counted before and after each watched write (for tests). */
export const emptied = (db: Db): number | undefined => watches.get(db)?.generation;

/**
 * `load()`, answered from the cache `name` for up to TTL_MS. A value read while a watched
 * write was under way (in this process) is used but not kept. Without a registered watch
 * (a transaction, a database opened otherwise) it always loads.
 */
export async function cachedRead<V>(
  db: Db,
  name: string,
  key: string,
  load: () => Promise<V>,
): Promise<V> {
  const watch = watches.get(db);
  if (!watch) return load();
  const now = Date.now();
  const hit = watch.caches.get(name)?.get(key);
  if (hit && now - hit.at < TTL_MS) return hit.value as V;
  const generation = watch.generation;
  const value = await load();
  if (watch.generation === generation && watch.dirty.size === 0) {
    let cache = watch.caches.get(name);
    if (!cache) watch.caches.set(name, (cache = new Map()));
    if (cache.size >= MAX_ENTRIES) cache.clear();
    cache.set(key, { value, at: now });
  }
  return value;
}
