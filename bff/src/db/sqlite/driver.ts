// The embedded database's Kysely dialect: better-sqlite3 in WAL mode with durable commits,
// two connections and group commit (decision 247).
//
// - A writer connection, taken by one holder at a time, its holders' commits grouped
//   (group-commit.ts).
// - A reader connection for every read made outside a transaction: it sees what is committed,
//   never a group's writes before their commit, and does not wait for the writer.
import {
  CompiledQuery,
  SqliteAdapter,
  SqliteIntrospector,
  SqliteQueryCompiler,
  type DatabaseConnection,
  type Dialect,
  type Driver,
  type QueryResult,
} from 'kysely';
import { GroupCommit, type Holder } from './group-commit.ts';
import { Connection } from './statements.ts';

const CONNECTION_STATE =
  /^\s*(begin|commit|end|rollback|savepoint|release|pragma|attach|detach)\b/i;

/** What one acquisition of a connection holds: nothing until it writes or begins a transaction. */
class Lease implements DatabaseConnection, Holder {
  /** It holds the writer (until released). */
  holding = false;
  inTransaction = false;
  released = false;
  constructor(private readonly driver: SqliteDriver) {}

  executeQuery<R>(query: CompiledQuery): Promise<QueryResult<R>> {
    return this.driver.execute(this, query) as Promise<QueryResult<R>>;
  }

  /** Read whole, then given a row at a time: a statement left half-read would keep its connection busy. */
  async *streamQuery<R>(query: CompiledQuery): AsyncIterableIterator<QueryResult<R>> {
    const { rows } = await this.executeQuery<R>(query);
    for (const row of rows) yield { rows: [row] };
  }
}

class SqliteDriver implements Driver {
  private writes!: GroupCommit;
  private reader!: Connection;
  private readonly schema = { generation: 0 };
  private reopenedAt = 0;

  constructor(private readonly file: string) {}

  async init(): Promise<void> {
    this.writes = new GroupCommit(new Connection(this.file, this.schema));
    this.reader = new Connection(this.file, this.schema);
  }

  async acquireConnection(): Promise<DatabaseConnection> {
    return new Lease(this);
  }

  async execute(lease: Lease, query: CompiledQuery): Promise<QueryResult<unknown>> {
    if (lease.released) throw new Error('A database connection was used after its release.');
    if (!lease.holding) {
      this.reopenIfWritable();
      if (this.readOnlyStatement(query.sql))
        return this.reader.prepare(query.sql).run(query.parameters);
    }
    return this.writes.run(lease, query.sql, query.parameters);
  }

  /**
   * Whether `text` only reads. One the reader cannot prepare (a table not committed yet) goes to
   * the writer, and so do the statements SQLite calls read-only that change the connection's
   * state (a transaction or savepoint, a pragma, an attached file).
   */
  private readOnlyStatement(text: string): boolean {
    if (CONNECTION_STATE.test(text)) return false;
    try {
      return this.reader.prepare(text).readonly;
    } catch {
      return false;
    }
  }

  async beginTransaction(lease: Lease): Promise<void> {
    await this.writes.begin(lease);
  }

  async commitTransaction(lease: Lease): Promise<void> {
    this.writes.commit(lease);
  }

  async rollbackTransaction(lease: Lease): Promise<void> {
    this.writes.rollback(lease);
  }

  /** Done with the writer, if it held it: settles once its work is durable (GroupCommit.release). */
  async releaseConnection(c: DatabaseConnection): Promise<void> {
    const lease = c as Lease;
    lease.released = true;
    return this.writes.release(lease);
  }

  async destroy(): Promise<void> {
    this.writes?.flush();
    this.writes?.writer.sqlite.close();
    this.reader?.sqlite.close();
  }

  // Savepoints of Kysely's controlled transactions, inside the holder's own.
  async savepoint(c: DatabaseConnection, name: string): Promise<void> {
    this.writes.exec(`savepoint "${name}"`);
  }
  async rollbackToSavepoint(c: DatabaseConnection, name: string): Promise<void> {
    this.writes.exec(`rollback to "${name}"`);
  }
  async releaseSavepoint(c: DatabaseConnection, name: string): Promise<void> {
    this.writes.exec(`release "${name}"`);
  }

  /**
   * SQLite opens a file it may not write read-only and keeps it so; after a write failed that
   * way, both connections are opened again (between groups, at most once a second), so fixing
   * the permissions or remounting the volume does not need a restart.
   */
  private reopenIfWritable(): void {
    if (!this.writes.writer.readOnly || !this.writes.idle || Date.now() - this.reopenedAt < 1000)
      return;
    this.reopenedAt = Date.now();
    this.writes.writer.reopen();
    this.reader.reopen();
  }
}

/** Kysely over the SQLite file `file` (created if missing). */
export function sqliteDialect(file: string): Dialect {
  return {
    createDriver: () => new SqliteDriver(file),
    createQueryCompiler: () => new SqliteQueryCompiler(),
    createAdapter: () => new SqliteAdapter(),
    createIntrospector: (db) => new SqliteIntrospector(db),
  };
}
