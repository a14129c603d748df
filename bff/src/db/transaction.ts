import { AsyncLocalStorage } from 'node:async_hooks';
import {
  CompiledQuery,
  type DatabaseConnection,
  type Dialect,
  type Driver,
  type QueryResult,
  type Transaction,
  type TransactionSettings,
} from 'kysely';
import type { Db } from './database.ts';
import type { Database } from './schema.ts';
import { isTransientConflict, isUniqueViolation } from './errors.ts';

export type Tx = Transaction<Database>;

/** Thrown inside `transactionWithRetry` when what a statement read was changed by a concurrent commit: start over. */
export class RetryTransaction extends Error {}

/**
 * Runs `fn` in a transaction, again (up to `attempts` times) when a concurrent writer took a
 * value it chose (a unique-constraint violation): address allocation picks, then inserts.
 * Name clashes are checked inside `fn` first, so a retry reports them as such. Also again when
 * PostgreSQL ended it in a deadlock or a serialization failure (decision 244). Inside a request
 * transaction this is a savepoint, and rolling back to it releases the locks taken since.
 */
export async function transactionWithRetry<T>(
  db: Db,
  fn: (tx: Tx) => Promise<T>,
  attempts = 8,
): Promise<T> {
  for (let i = 1; ; i++) {
    try {
      return await db.transaction().execute(fn);
    } catch (err) {
      if (
        !(isUniqueViolation(err) || isTransientConflict(err) || err instanceof RetryTransaction) ||
        i >= attempts
      )
        throw err;
    }
  }
}

/**
 * A request transaction's connection: the code inside may query it concurrently (a view
 * built with Promise.all), which a pg client must not be asked to do; queries take turns.
 */
class TakingTurns implements DatabaseConnection {
  private last: Promise<unknown> = Promise.resolve();
  constructor(readonly inner: DatabaseConnection) {}

  executeQuery<R>(query: CompiledQuery): Promise<QueryResult<R>> {
    const result = this.last.then(() => this.inner.executeQuery<R>(query));
    this.last = result.catch(() => {});
    return result;
  }

  streamQuery<R>(query: CompiledQuery, chunkSize?: number): AsyncIterableIterator<QueryResult<R>> {
    return this.inner.streamQuery<R>(query, chunkSize);
  }
}

/** The connection a request transaction holds, for the code running inside it. */
interface Held {
  connection?: TakingTurns;
  /** Acquisitions not yet released (the transaction's own and the queries inside it). */
  users: number;
  begun: boolean;
  /** Transactions opened inside it, each a savepoint. */
  savepoints: number;
  /** Once released, later queries of the same async context take connections as usual. */
  done: boolean;
}

const request = new AsyncLocalStorage<Held>();

/**
 * Runs `fn` in one transaction that every query made inside it joins, whether through `tx` or
 * through the `Db` the code holds: a handler that commits its own transactions and then reads
 * its answer does it all in this one, and it all commits (or not) together with what `fn`
 * writes last (decision 073). A transaction opened inside becomes a savepoint, so
 * `transactionWithRetry` still starts over alone (its settings, such as an isolation level, are
 * the outer one's). Transactions inside must run one at a time; a request transaction opened
 * inside one is a savepoint of it too.
 */
export function requestTransaction<T>(db: Db, fn: (tx: Tx) => Promise<T>): Promise<T> {
  // Inside one already (a keyed create inside an audited change): a savepoint of it.
  const held = request.getStore();
  if (held?.begun && !held.done) return db.transaction().execute(fn);
  return request.run({ users: 0, begun: false, savepoints: 0, done: false }, () =>
    db.transaction().execute(fn),
  );
}

const raw = (c: DatabaseConnection, text: string) => c.executeQuery(CompiledQuery.raw(text));
/** The inner driver's own connection, as it handed it out. */
const unwrapped = (c: DatabaseConnection) => (c instanceof TakingTurns ? c.inner : c);

/** A driver that hands a request transaction's connection to the queries made inside it. */
class RequestScopedDriver implements Driver {
  constructor(private readonly inner: Driver) {}

  init() {
    return this.inner.init();
  }

  destroy() {
    return this.inner.destroy();
  }

  /** The request transaction holding `c`, when this code runs inside it. */
  private holding(c: DatabaseConnection): Held | undefined {
    const held = request.getStore();
    return held?.connection === c ? held : undefined;
  }

  async acquireConnection(): Promise<DatabaseConnection> {
    const held = request.getStore();
    if (held?.connection) {
      held.users++;
      return held.connection;
    }
    const c = await this.inner.acquireConnection();
    if (!held || held.done) return c;
    Object.assign(held, { connection: new TakingTurns(c), users: 1 });
    return held.connection!;
  }

  async releaseConnection(c: DatabaseConnection): Promise<void> {
    const held = this.holding(c);
    if (held && --held.users > 0) return;
    if (held) Object.assign(held, { connection: undefined, done: true });
    await this.inner.releaseConnection(unwrapped(c));
  }

  async beginTransaction(c: DatabaseConnection, settings: TransactionSettings): Promise<void> {
    const held = this.holding(c);
    // Counted once made: a savepoint that failed to begin (an aborted PostgreSQL transaction)
    // is not one that the request's own end would then take for its own. (Kysely does not
    // roll back a transaction whose begin failed.)
    if (held?.begun) {
      await raw(c, `savepoint request_${held.savepoints + 1}`);
      held.savepoints++;
      return;
    }
    await this.inner.beginTransaction(unwrapped(c), settings);
    if (held) held.begun = true;
  }

  async commitTransaction(c: DatabaseConnection): Promise<void> {
    const held = this.holding(c);
    // Counted down once released: when the release fails (an aborted PostgreSQL transaction),
    // Kysely's rollback that follows undoes this savepoint, not the request's transaction.
    if (held && held.savepoints > 0) {
      await raw(c, `release savepoint request_${held.savepoints}`);
      held.savepoints--;
      return;
    }
    await this.inner.commitTransaction(unwrapped(c));
  }

  async rollbackTransaction(c: DatabaseConnection): Promise<void> {
    const held = this.holding(c);
    if (held && held.savepoints > 0) {
      const n = held.savepoints--;
      await raw(c, `rollback to savepoint request_${n}`);
      return void (await raw(c, `release savepoint request_${n}`));
    }
    await this.inner.rollbackTransaction(unwrapped(c));
  }

  // Kysely's own savepoints (controlled transactions), on the inner driver's connection.
  savepoint: Driver['savepoint'] = (c, ...a) => this.inner.savepoint!(unwrapped(c), ...a);
  rollbackToSavepoint: Driver['rollbackToSavepoint'] = (c, ...a) =>
    this.inner.rollbackToSavepoint!(unwrapped(c), ...a);
  releaseSavepoint: Driver['releaseSavepoint'] = (c, ...a) =>
    this.inner.releaseSavepoint!(unwrapped(c), ...a);
}

/** `dialect` with request transactions (see requestTransaction). */
export function requestScoped(dialect: Dialect): Dialect {
  return {
    createDriver: () => new RequestScopedDriver(dialect.createDriver()),
    createQueryCompiler: () => dialect.createQueryCompiler(),
    createAdapter: () => dialect.createAdapter(),
    createIntrospector: (db) => dialect.createIntrospector(db),
  };
}
