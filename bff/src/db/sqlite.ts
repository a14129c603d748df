// The embedded database's Kysely dialect: better-sqlite3 in WAL mode with durable commits,
// two connections and group commit (decision 247).
//
// - A writer connection, taken by one holder at a time (a transaction, or a statement that
//   writes): transactions that follow each other while others wait for the writer share one
//   outer transaction, each inside its own savepoint, and one commit. A holder's
//   transaction is undone alone when it fails; its caller hears of its success only once the
//   commit that holds it is durable, so nothing is acknowledged before it is on disk.
// - A reader connection for every read made outside a transaction: it sees what is committed,
//   never a group's writes before their commit, and does not wait for the writer.
import SQLite from 'better-sqlite3';
import { CompiledQuery, SqliteAdapter, SqliteIntrospector, SqliteQueryCompiler, type DatabaseConnection, type Dialect, type Driver, type QueryResult } from 'kysely';

/** At most this many holders share a commit, so the first of them waits a bounded time. */
const MAX_GROUP = 64;
const STATEMENT_CACHE_SIZE = 500;
/** A statement's own limit, as Kysely writes it: a parameter at the very end (see limitedByLiteral). */
const TRAILING_LIMIT = / limit \?( offset \?)?$/;
/** The savepoint each holder of the writer works in while a group is open. */
const HOLDER = 'grouped_holder';

type Row = Record<string, unknown>;
const CONNECTION_STATE = /^\s*(begin|commit|end|rollback|savepoint|release|pragma|attach|detach)\b/i;

/**
 * A function making a statement's row objects from its raw rows (arrays), compiled once per
 * statement (decision 231): better-sqlite3 builds each row object through V8's C++ API, a
 * property at a time, which cost more than the query itself on a page of rows. Same objects:
 * own properties in column order, a later column of the same name wins.
 */
function rowBuilder(names: readonly string[]): (raw: unknown[]) => Row {
  // A computed key makes `__proto__` an own property, as better-sqlite3 does; quoted keys keep the literal fast.
  const fields = names.map((n, i) => `${n === '__proto__' ? `[${JSON.stringify(n)}]` : JSON.stringify(n)}: r[${i}]`);
  // The source is made of JSON-quoted column names only.
  return new Function('r', `return { ${fields.join(', ')} };`) as (raw: unknown[]) => Row;
}

function openSqlite(file: string): SQLite.Database {
  const sqlite = new SQLite(file);
  sqlite.pragma('journal_mode = WAL');
  // FULL: a commit is on disk before it is acknowledged, also across power loss.
  sqlite.pragma('synchronous = FULL');
  sqlite.pragma('foreign_keys = ON');
  sqlite.pragma('busy_timeout = 5000');
  // Every holder of the writer works in a savepoint, whose undo images SQLite keeps in a
  // statement journal: in memory, not in a temporary file made, written and deleted by each
  // transaction (decision 249).
  sqlite.pragma('temp_store = MEMORY');
  return sqlite;
}

/** A prepared statement as this driver runs it. */
interface Statement {
  /** It writes nothing: a read for the reader connection. */
  readonly: boolean;
  run(params: readonly unknown[]): QueryResult<unknown>;
}

/** One better-sqlite3 connection with its statements, prepared once per SQL text (decision 110). */
class Connection {
  sqlite: SQLite.Database;
  private statements = new Map<string, Statement>();
  /** A write failed because the file is read-only (see SqliteDriver.reopenIfWritable). */
  readOnly = false;

  constructor(
    private readonly file: string,
    /** Bumped by every schema change on either connection: a statement's columns (`select *`) may change with it. */
    private readonly schema: { generation: number },
  ) {
    this.sqlite = openSqlite(file);
  }

  reopen(): void {
    const fresh = openSqlite(this.file);
    this.sqlite.close();
    this.sqlite = fresh;
    this.statements = new Map();
    this.readOnly = false;
  }

  exec(text: string): void {
    this.noting(() => this.sqlite.exec(text));
  }

  prepare(text: string): Statement {
    let stmt = this.statements.get(text);
    if (!stmt) {
      const trailing = TRAILING_LIMIT.exec(text);
      stmt = trailing ? this.limitedByLiteral(text, trailing) : this.wrap(text, this.sqlite.prepare(text));
      if (this.statements.size >= STATEMENT_CACHE_SIZE) this.statements.delete(this.statements.keys().next().value!);
      this.statements.set(text, stmt);
    }
    return stmt;
  }

  /**
   * A statement ending in `limit ?` (Kysely's `.limit(n)`, an `offset ?` may follow) runs as
   * the same text with the limit written in (decision 250): SQLite's planner reads a bound
   * limit's value, so such a statement is parsed and planned again every time it runs, which
   * cost more than running it. One statement per limit seen (page sizes), in the same cache.
   */
  private limitedByLiteral(text: string, trailing: RegExpExecArray): Statement {
    const withParameter = this.wrap(text, this.sqlite.prepare(text));
    // Where the limit's `?` is, and how many parameters come after its own (an offset's).
    const at = trailing.index + ' limit '.length;
    const after = trailing[1] ? 1 : 0;
    return {
      readonly: withParameter.readonly,
      run: (params) => {
        const i = params.length - 1 - after;
        const limit = params[i];
        if (typeof limit !== 'number' || !Number.isSafeInteger(limit)) return withParameter.run(params);
        const literal = `${text.slice(0, at)}${limit}${text.slice(at + 1)}`;
        return this.prepare(literal).run([...params.slice(0, i), ...params.slice(i + 1)]);
      },
    };
  }

  private noting<R>(fn: () => R): R {
    try {
      return fn();
    } catch (err) {
      if (String((err as { code?: unknown }).code).startsWith('SQLITE_READONLY')) this.readOnly = true;
      throw err;
    }
  }

  /** Rows are read raw and made objects by the statement's row builder. */
  private wrap(text: string, stmt: SQLite.Statement): Statement {
    const readonly = stmt.readonly;
    if (!stmt.reader) {
      const ddl = /^\s*(create|alter|drop)\b/i.test(text);
      return {
        readonly,
        run: (params) =>
          this.noting(() => {
            const { changes, lastInsertRowid } = stmt.run(params);
            if (ddl) this.schema.generation++;
            return { numAffectedRows: BigInt(changes), insertId: BigInt(lastInsertRowid), rows: [] };
          }),
      };
    }
    stmt.raw(true);
    let build = rowBuilder(stmt.columns().map((c) => c.name));
    let builtFor = this.schema.generation;
    // Taken after the statement ran: running it prepared it again if the schema changed, so its columns are current.
    const builder = () => {
      if (builtFor !== this.schema.generation) {
        build = rowBuilder(stmt.columns().map((c) => c.name));
        builtFor = this.schema.generation;
      }
      return build;
    };
    return {
      readonly,
      run: (params) =>
        this.noting(() => {
          const raw = stmt.all(params) as unknown[][];
          const make = builder();
          const rows = new Array<Row>(raw.length);
          for (let i = 0; i < raw.length; i++) rows[i] = make(raw[i]!);
          return { rows };
        }),
    };
  }
}

/** What one acquisition of a connection holds: nothing until it writes or begins a transaction. */
class Lease implements DatabaseConnection {
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

interface Group {
  /** Holders done with the writer, waiting for the group's commit. */
  waiting: { resolve: () => void; reject: (err: unknown) => void }[];
  /** What made SQLite undo the whole group: the holder's later statements fail with it. */
  failure?: unknown;
}

class SqliteDriver implements Driver {
  private writer!: Connection;
  private reader!: Connection;
  private readonly schema = { generation: 0 };
  /** Someone holds the writer; `queue` are the ones waiting for it, first come first served. */
  private taken = false;
  private readonly queue: (() => void)[] = [];
  /** The outer transaction the writer's holders share, while one is open. */
  private group?: Group;
  /** A commit of the open group is scheduled. */
  private flushing = false;
  private reopenedAt = 0;

  constructor(private readonly file: string) {}

  async init(): Promise<void> {
    this.writer = new Connection(this.file, this.schema);
    this.reader = new Connection(this.file, this.schema);
  }

  async acquireConnection(): Promise<DatabaseConnection> {
    return new Lease(this);
  }

  async execute(lease: Lease, query: CompiledQuery): Promise<QueryResult<unknown>> {
    if (lease.released) throw new Error('A database connection was used after its release.');
    if (!lease.holding) {
      this.reopenIfWritable();
      if (this.readOnlyStatement(query.sql)) return this.reader.prepare(query.sql).run(query.parameters);
      await this.hold(lease);
    }
    // A write outside a transaction joins the group too: it is committed with it, on release.
    this.openGroup();
    return this.onWriter(() => this.writer.prepare(query.sql).run(query.parameters));
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
    await this.hold(lease);
    this.openGroup();
    this.onWriter(() => this.writer.exec(`savepoint ${HOLDER}`));
    lease.inTransaction = true;
  }

  async commitTransaction(lease: Lease): Promise<void> {
    if (this.group?.failure) throw this.group.failure;
    // The commit itself comes on release (releaseConnection).
    this.onWriter(() => this.writer.exec(`release ${HOLDER}`));
    lease.inTransaction = false;
  }

  async rollbackTransaction(lease: Lease): Promise<void> {
    // Undone already with the whole group after a failure (releaseConnection ends it).
    if (!this.group?.failure) this.undoHolder();
    lease.inTransaction = false;
  }

  /**
   * Done with the writer: what the holder did waits for the group's commit. With others
   * waiting for the writer, the next one takes it with the group still open; else the group
   * is committed on the next turn of the event loop, so that the requests read in this turn
   * can join it first (better-sqlite3 commits on this thread: nothing can join while the
   * commit waits for the disk). The returned promise settles once the holder's work is
   * durable, or fails if the commit failed.
   */
  async releaseConnection(c: DatabaseConnection): Promise<void> {
    const lease = c as Lease;
    lease.released = true;
    if (!lease.holding) return;
    lease.holding = false;
    if (lease.inTransaction) {
      // Released in the middle of a transaction (Kysely always ends one first): its work goes.
      lease.inTransaction = false;
      try {
        if (!this.group?.failure) this.undoHolder();
      } catch {
        // The group failed with it (onWriter), and is ended below.
      }
    }
    const group = this.group;
    if (group?.failure) {
      this.group = undefined;
      this.rollbackGroup();
      this.handOver();
      throw group.failure;
    }
    if (!group) return this.handOver();
    const committed = new Promise<void>((resolve, reject) => group.waiting.push({ resolve, reject }));
    if (group.waiting.length >= MAX_GROUP) this.commitGroup();
    this.handOver();
    if (this.group && !this.taken && !this.flushing) {
      this.flushing = true;
      setImmediate(() => {
        this.flushing = false;
        this.flush();
      });
    }
    return committed;
  }

  /** Commits the open group unless someone holds the writer (their release commits it then). */
  private flush(): void {
    if (!this.taken && this.group) this.commitGroup();
  }

  async destroy(): Promise<void> {
    this.flush();
    this.writer?.sqlite.close();
    this.reader?.sqlite.close();
  }

  // Savepoints of Kysely's controlled transactions, inside the holder's own.
  async savepoint(c: DatabaseConnection, name: string): Promise<void> {
    this.onWriter(() => this.writer.exec(`savepoint "${name}"`));
  }
  async rollbackToSavepoint(c: DatabaseConnection, name: string): Promise<void> {
    this.onWriter(() => this.writer.exec(`rollback to "${name}"`));
  }
  async releaseSavepoint(c: DatabaseConnection, name: string): Promise<void> {
    this.onWriter(() => this.writer.exec(`release "${name}"`));
  }

  /** Undoes the current holder's work, and only its own. */
  private undoHolder(): void {
    this.onWriter(() => this.writer.exec(`rollback to ${HOLDER}; release ${HOLDER}`));
  }

  /** Takes the writer for `lease` (Kysely runs one statement at a time on a connection). */
  private async hold(lease: Lease): Promise<void> {
    if (lease.holding) return;
    if (this.taken) await new Promise<void>((resolve) => this.queue.push(resolve));
    this.taken = true;
    lease.holding = true;
  }

  /** The next in the queue holds the writer now; nobody waiting, it is free. */
  private handOver(): void {
    const next = this.queue.shift();
    if (next) next();
    else this.taken = false;
  }

  private openGroup(): void {
    if (this.group?.failure) throw this.group.failure;
    if (this.group) return;
    // A failed commit whose rollback failed too left the writer in a transaction: end it first.
    this.rollbackGroup();
    this.writer.exec('begin');
    this.group = { waiting: [] };
  }

  /** Ends what is left of a failed group (a commit that failed may have ended it already). */
  private rollbackGroup(): void {
    try {
      if (this.writer.sqlite.inTransaction) this.writer.exec('rollback');
    } catch {
      // The connection's own failure; its holders have their error.
    }
  }

  /** Commits the open group and tells each holder in it the outcome. */
  private commitGroup(): void {
    const group = this.group!;
    this.group = undefined;
    try {
      this.writer.exec('commit');
    } catch (err) {
      this.rollbackGroup();
      for (const w of group.waiting) w.reject(err);
      return;
    }
    for (const w of group.waiting) w.resolve();
  }

  /**
   * Runs `fn` on the writer. Some failures (a full disk, an I/O error) make SQLite undo the
   * whole outer transaction: then every holder waiting for the group's commit fails with it.
   */
  private onWriter<R>(fn: () => R): R {
    try {
      return fn();
    } catch (err) {
      const group = this.group;
      if (group && !group.failure && !this.writer.sqlite.inTransaction) {
        group.failure = err;
        for (const w of group.waiting.splice(0)) w.reject(err);
      }
      throw err;
    }
  }

  /**
   * SQLite opens a file it may not write read-only and keeps it so; after a write failed that
   * way, both connections are opened again (between groups, at most once a second), so fixing
   * the permissions or remounting the volume does not need a restart.
   */
  private reopenIfWritable(): void {
    if (!this.writer.readOnly || this.taken || this.group || Date.now() - this.reopenedAt < 1000) return;
    this.reopenedAt = Date.now();
    this.writer.reopen();
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
