import { PostgresAdapter, type Kysely, type SelectQueryBuilder } from 'kysely';
import type { Db } from './database.ts';
import type { Tx } from './transaction.ts';

/** Whether the database is PostgreSQL (else SQLite); for what the engines do differently. */
// eslint-disable-next-line @typescript-eslint/no-explicit-any
export function isPostgres(db: Kysely<any>): boolean {
  return db.getExecutor().adapter instanceof PostgresAdapter;
}

/**
 * `FOR UPDATE` on PostgreSQL, where concurrent transactions must wait for each other on a
 * row; SQLite runs one write transaction at a time and has no row locks.
 */
// eslint-disable-next-line @typescript-eslint/no-explicit-any
export function forUpdate<QB extends SelectQueryBuilder<any, any, any>>(db: Db | Tx, qb: QB): QB {
  return isPostgres(db) ? (qb.forUpdate() as QB) : qb;
}
