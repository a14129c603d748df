// Kysely over better-sqlite3 (embedded, WAL, durable commits) or over pg (DATABASE_URL).
import fs from 'node:fs';
import path from 'node:path';
import SQLite from 'better-sqlite3';
import { Kysely, PostgresDialect, SqliteDialect } from 'kysely';
import pg from 'pg';
import type { Database } from './schema.ts';

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
    // Return NUMERIC / BIGINT as numbers: counts and money columns are far below 2^53.
    pg.types.setTypeParser(pg.types.builtins.INT8, (v) => Number(v));
    pg.types.setTypeParser(pg.types.builtins.NUMERIC, (v) => Number(v));
    const pool = new pg.Pool({ connectionString: opts.databaseUrl, max: 10 });
    // An idle connection the server ends (restart, failover) must not crash the process;
    // the pool replaces it on the next checkout.
    pool.on('error', (err) => opts.onError?.(err));
    const url = new URL(opts.databaseUrl);
    return {
      db: new Kysely<Database>({ dialect: new PostgresDialect({ pool }) }),
      engine: 'postgres',
      where: `PostgreSQL ${url.hostname}:${url.port || 5432}${url.pathname}`,
    };
  }
  fs.mkdirSync(opts.dataDir, { recursive: true });
  const file = path.join(opts.dataDir, 'console.sqlite');
  const sqlite = new SQLite(file);
  sqlite.pragma('journal_mode = WAL');
  // FULL: a commit is on disk before it is acknowledged, also across power loss.
  sqlite.pragma('synchronous = FULL');
  sqlite.pragma('foreign_keys = ON');
  sqlite.pragma('busy_timeout = 5000');
  return {
    db: new Kysely<Database>({ dialect: new SqliteDialect({ database: sqlite }) }),
    engine: 'sqlite',
    where: `SQLite ${file}`,
  };
}
