import { PostgresAdapter, type Kysely, type SelectQueryBuilder } from 'kysely';
import type { Queryable } from './database.ts';

/** Whether the database is PostgreSQL (else SQLite); for what the engines do differently. */
// eslint-disable-next-line @typescript-eslint/no-explicit-any
export function isPostgres(db: Kysely<any>): boolean {
  return db.getExecutor().adapter instanceof PostgresAdapter;
}

/**
 * `FOR NO KEY UPDATE` on PostgreSQL, where concurrent transactions must wait for each other on
 * a row; SQLite runs one write transaction at a time and has no row locks. Writers that lock a
 * row wait for each other as under `FOR UPDATE`, but an insert elsewhere whose foreign key
 * points at the row (which takes `FOR KEY SHARE` on it) does not wait: an event written for the
 * project while a create holds the project's row for its quota would otherwise deadlock with
 * that create (decision 211).
 */
// eslint-disable-next-line @typescript-eslint/no-explicit-any
export function forUpdate<QB extends SelectQueryBuilder<any, any, any>>(db: Queryable, qb: QB): QB {
  return isPostgres(db) ? (qb.forNoKeyUpdate() as QB) : qb;
}

/**
 * Every class of PostgreSQL's advisory locks the BFF takes (the first key of
 * `pg_advisory_xact_lock(class, key)`), in one place: two mechanisms sharing a class make
 * unrelated commits wait for each other, or deadlock. A new mechanism adds its own class here
 * (locks.unit.test.ts checks they differ and that no other file writes a class as a number).
 */
export const ADVISORY_LOCK_CLASS = {
  /** One request at a time per idempotency key (http/idempotency.ts). */
  idempotencyKey: 7301,
  /** A project's commits, one at a time, in the order of their events (events/triggers.ts). */
  projectEventOrder: 7302,
} as const;
