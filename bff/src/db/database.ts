// Kysely over better-sqlite3 (embedded, WAL, durable commits) or over pg (DATABASE_URL).
// Both survive the database going away: errors reach the request (503, see errors.ts) and
// the next query reconnects; nothing here may crash the process.
import fs from 'node:fs';
import path from 'node:path';
import { Kysely, PostgresDialect, type Dialect, type PostgresPool, type Transaction } from 'kysely';
import { createRequire } from 'node:module';
import type PgModule from 'pg';
import { DatabaseUnreachable } from './errors.ts';
import { refusingAbortedCommits } from './pg-commit.ts';
import { preparing } from './pg-statements.ts';
import type { Database } from './schema.ts';
import { registerWatch, Watch, WatchingDriver } from './read-cache.ts';
import { sqliteDialect } from './sqlite/driver.ts';
import { requestScoped } from './transaction.ts';

export type Db = Kysely<Database>;
/** What a query runs on: the database, or a transaction a caller has open (its `tx`). */
export type Queryable = Db | Transaction<Database>;
export type Engine = 'sqlite' | 'postgres';

export interface DbHandle {
  db: Db;
  engine: Engine;
  /** Human description for the start-up banner (never includes a password). */
  where: string;
}

/**
 * `preparedStatements: false` (DATABASE_PREPARED_STATEMENTS=off): on PostgreSQL, the query
 * shapes run unnamed, for a pooler that cannot keep a connection's prepared statements (PgBouncer
 * in transaction mode before 1.21).
 */
export function openDatabase(opts: {
  databaseUrl?: string;
  dataDir: string;
  preparedStatements?: boolean;
  onError?: (err: Error) => void;
}): DbHandle {
  if (opts.databaseUrl) {
    // Loaded only for PostgreSQL: an embedded database does not pay for the driver (decision 114).
    const pg = createRequire(import.meta.url)('pg') as typeof PgModule;
    // Return NUMERIC / BIGINT as numbers: counts and money columns are far below 2^53.
    pg.types.setTypeParser(pg.types.builtins.INT8, (v) => Number(v));
    pg.types.setTypeParser(pg.types.builtins.NUMERIC, (v) => Number(v));
    // A request waits at most 10 s for a connection, then answers 503, instead of hanging
    // while the server is unreachable.
    const pool = new pg.Pool({
      connectionString: opts.databaseUrl,
      max: 10,
      connectionTimeoutMillis: 10_000,
      keepAlive: true,
    });
    // A connection the server ends (restart, failover, pg_terminate_backend) emits 'error' on
    // its client, idle or checked out; unheard, that kills the process. The query running on
    // it fails on its own, and the pool drops the client when it comes back.
    pool.on('connect', (client) => {
      client.on('error', (err) => opts.onError?.(err));
      if (opts.preparedStatements !== false) preparing(client);
      refusingAbortedCommits(client);
    });
    pool.on('error', () => {}); // an idle client's error, already reported by the listener above
    const guarded: PostgresPool = {
      connect: () =>
        pool.connect().catch((err: unknown) => Promise.reject(new DatabaseUnreachable(err))),
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
    db: kysely(sqliteDialect(file)),
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
