// One better-sqlite3 connection of the embedded database and its statements: prepared once per
// SQL text (decision 110), a trailing limit written into the text (decision 250), rows read raw
// and made objects by a function compiled per statement (decision 231).
import SQLite from 'better-sqlite3';
import type { QueryResult } from 'kysely';

const STATEMENT_CACHE_SIZE = 500;
/** A statement's own limit, as Kysely writes it: a parameter at the very end (see limitedByLiteral). */
const TRAILING_LIMIT = / limit \?( offset \?)?$/;

type Row = Record<string, unknown>;

/**
 * A function making a statement's row objects from its raw rows (arrays), compiled once per
 * statement (decision 231): better-sqlite3 builds each row object through V8's C++ API, a
 * property at a time, which cost more than the query itself on a page of rows. Same objects:
 * own properties in column order, a later column of the same name wins.
 */
function rowBuilder(names: readonly string[]): (raw: unknown[]) => Row {
  // A computed key makes `__proto__` an own property, as better-sqlite3 does; quoted keys keep the literal fast.
  const fields = names.map(
    (n, i) => `${n === '__proto__' ? `[${JSON.stringify(n)}]` : JSON.stringify(n)}: r[${i}]`,
  );
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
export interface Statement {
  /** It writes nothing: a read for the reader connection. */
  readonly: boolean;
  run(params: readonly unknown[]): QueryResult<unknown>;
}

/** One better-sqlite3 connection with its statements, prepared once per SQL text (decision 110). */
export class Connection {
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
      stmt = trailing
        ? this.limitedByLiteral(text, trailing)
        : this.wrap(text, this.sqlite.prepare(text));
      if (this.statements.size >= STATEMENT_CACHE_SIZE)
        this.statements.delete(this.statements.keys().next().value!);
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
        if (typeof limit !== 'number' || !Number.isSafeInteger(limit))
          return withParameter.run(params);
        const literal = `${text.slice(0, at)}${limit}${text.slice(at + 1)}`;
        return this.prepare(literal).run([...params.slice(0, i), ...params.slice(i + 1)]);
      },
    };
  }

  private noting<R>(fn: () => R): R {
    try {
      return fn();
    } catch (err) {
      if (String((err as { code?: unknown }).code).startsWith('SQLITE_READONLY'))
        this.readOnly = true;
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
            return {
              numAffectedRows: BigInt(changes),
              insertId: BigInt(lastInsertRowid),
              rows: [],
            };
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
