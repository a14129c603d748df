// Kysely over better-sqlite3 (embedded, WAL, durable commits) or over pg (DATABASE_URL).
// Both survive the database going away: errors reach the request (503, see errors.ts) and
// the next query reconnects; nothing here may crash the process.
import fs from 'node:fs';
import path from 'node:path';
import SQLite from 'better-sqlite3';
import { Kysely, PostgresDialect, SqliteDialect, type Dialect, type PostgresPool, type SqliteDatabase, type SqliteStatement } from 'kysely';
import { createRequire } from 'node:module';
import type PgModule from 'pg';
import { DatabaseUnreachable } from './errors.ts';
import type { Database } from './schema.ts';
import { registerWatch, Watch, WatchingDriver } from './read-cache.ts';
import { requestScoped } from './transaction.ts';

export type Db = Kysely<Database>;
export type Engine = 'sqlite' | 'postgres';

export interface DbHandle {
  db: Db;
  engine: Engine;
  /** Human description for the start-up banner (never includes a password). */
  where: string;
}

export function openDatabase(opts: { databaseUrl?: string; dataDir: string; onError?: (err: Error) => void }): DbHandle {
  if (opts.databaseUrl) {
    // Loaded only for PostgreSQL: an embedded database does not pay for the driver (decision 114).
    const pg = createRequire(import.meta.url)('pg') as typeof PgModule;
    // Return NUMERIC / BIGINT as numbers: counts and money columns are far below 2^53.
    pg.types.setTypeParser(pg.types.builtins.INT8, (v) => Number(v));
    pg.types.setTypeParser(pg.types.builtins.NUMERIC, (v) => Number(v));
    // A request waits at most 10 s for a connection, then answers 503, instead of hanging
    // while the server is unreachable.
    const pool = new pg.Pool({ connectionString: opts.databaseUrl, max: 10, connectionTimeoutMillis: 10_000, keepAlive: true });
    // A connection the server ends (restart, failover, pg_terminate_backend) emits 'error' on
    // its client, idle or checked out; unheard, that kills the process. The query running on
    // it fails on its own, and the pool drops the client when it comes back.
    pool.on('connect', (client) => client.on('error', (err) => opts.onError?.(err)));
    pool.on('error', () => {}); // an idle client's error, already reported by the listener above
    const guarded: PostgresPool = {
      connect: () => pool.connect().catch((err: unknown) => Promise.reject(new DatabaseUnreachable(err))),
      end: () => pool.end(),
    };
    const url = new URL(opts.databaseUrl);
    return {
      db: kysely(new PostgresDialect({ pool: guarded })),
      engine: 'postgres',
      where: `PostgreSQL ${url.hostname}:${url.port || 5432}${url.pathname}`,
    };
  }
  fs.mkdirSync(opts.dataDir, { recursive: true });
  const file = path.join(opts.dataDir, 'console.sqlite');
  return {
    db: kysely(new SqliteDialect({ database: reopeningSqlite(file) })),
    engine: 'sqlite',
    where: `SQLite ${file}`,
  };
}

/** Kysely over `dialect`, with request transactions and the read cache's watch (read-cache.ts). */
function kysely(dialect: Dialect): Db {
  const watch = new Watch();
  const db = new Kysely<Database>({
    dialect: requestScoped({
      createDriver: () => new WatchingDriver(dialect.createDriver(), watch),
      createQueryCompiler: () => dialect.createQueryCompiler(),
      createAdapter: () => dialect.createAdapter(),
      createIntrospector: (db) => dialect.createIntrospector(db),
    }),
  });
  registerWatch(db, watch);
  return db;
}

function openSqlite(file: string): SQLite.Database {
  const sqlite = new SQLite(file);
  sqlite.pragma('journal_mode = WAL');
  // FULL: a commit is on disk before it is acknowledged, also across power loss.
  sqlite.pragma('synchronous = FULL');
  sqlite.pragma('foreign_keys = ON');
  sqlite.pragma('busy_timeout = 5000');
  return sqlite;
}

const STATEMENT_CACHE_SIZE = 500;

type Row = Record<string, unknown>;

/**
 * A function making a statement's row objects from its raw rows (arrays), compiled once per
 * statement (decision 231): better-sqlite3 builds each row object through V8's C++ API, a
 * property at a time, which cost more than the query itself on a page of rows. Same objects:
 * own properties in column order, a later column of the same name wins.
 */
export function rowBuilder(names: readonly string[]): (raw: unknown[]) => Row {
  // A computed key makes `__proto__` an own property, as better-sqlite3 does; quoted keys keep the literal fast.
  const fields = names.map((n, i) => `${n === '__proto__' ? `[${JSON.stringify(n)}]` : JSON.stringify(n)}: r[${i}]`);
  // The source is made of JSON-quoted column names only.
  return new Function('r', `return { ${fields.join(', ')} };`) as (raw: unknown[]) => Row;
}

/**
 * better-sqlite3, reopened after a write failed because the file is read-only: SQLite opens a
 * file it may not write read-only and keeps it so, and fixing the permissions (or remounting
 * the volume) should not need a restart. It reopens between transactions (Kysely runs one
 * statement at a time on this connection), at most once a second.
 */
function reopeningSqlite(file: string): SqliteDatabase {
  let sqlite = openSqlite(file);
  // Statements prepared once per SQL text and reused (decision 110): preparing costs more
  // than running the small indexed queries the API makes. Bounded, oldest out first.
  let statements = new Map<string, SqliteStatement>();
  let readOnly = false;
  let reopenedAt = 0;
  const noting =
    <A extends unknown[], R>(fn: (...args: A) => R) =>
    (...args: A): R => {
      try {
        return fn(...args);
      } catch (err) {
        if (String((err as { code?: unknown }).code).startsWith('SQLITE_READONLY')) readOnly = true;
        throw err;
      }
    };
  // Bumped by every schema change made here: a statement's columns (`select *`) may change
  // with it, and its row builder is made again.
  let schemaGeneration = 0;
  /** A statement as Kysely uses it; rows read raw and made objects by the statement's row builder. */
  const wrap = (text: string, stmt: SQLite.Statement): SqliteStatement => {
    if (!stmt.reader) {
      const ddl = /^\s*(create|alter|drop)\b/i.test(text);
      return {
        reader: false,
        all: noting((params: ReadonlyArray<unknown>) => stmt.all(params)),
        run: noting((params: ReadonlyArray<unknown>) => {
          const result = stmt.run(params);
          if (ddl) schemaGeneration++;
          return result;
        }),
        iterate: (params: ReadonlyArray<unknown>) => stmt.iterate(params),
      };
    }
    stmt.raw(true);
    let build = rowBuilder(stmt.columns().map((c) => c.name));
    let builtFor = schemaGeneration;
    const builder = () => {
      if (builtFor !== schemaGeneration) {
        build = rowBuilder(stmt.columns().map((c) => c.name));
        builtFor = schemaGeneration;
      }
      return build;
    };
    return {
      reader: true,
      all: noting((params: ReadonlyArray<unknown>) => {
        const rows = stmt.all(params) as unknown[][];
        // After the query: running it prepared it again if the schema changed, so its columns are current.
        const make = builder();
        const out = new Array<Row>(rows.length);
        for (let i = 0; i < rows.length; i++) out[i] = make(rows[i]!);
        return out;
      }),
      run: noting((params: ReadonlyArray<unknown>) => stmt.run(params)),
      *iterate(params: ReadonlyArray<unknown>) {
        let make: ((raw: unknown[]) => Row) | undefined;
        // The builder is taken after the first step, which prepares the statement again after a schema change.
        for (const raw of stmt.iterate(params) as IterableIterator<unknown[]>) yield (make ??= builder())(raw);
      },
    };
  };
  return {
    close: () => sqlite.close(),
    prepare(text: string): SqliteStatement {
      if (readOnly && !sqlite.inTransaction && Date.now() - reopenedAt >= 1000) {
        reopenedAt = Date.now();
        const fresh = openSqlite(file);
        sqlite.close();
        sqlite = fresh;
        statements = new Map();
        readOnly = false;
      }
      let stmt = statements.get(text);
      if (!stmt) {
        stmt = wrap(text, sqlite.prepare(text));
        if (statements.size >= STATEMENT_CACHE_SIZE) statements.delete(statements.keys().next().value!);
        statements.set(text, stmt);
      }
      return stmt;
    },
  };
}
