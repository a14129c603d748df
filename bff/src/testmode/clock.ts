// The test clock (docs/testing.md, decision 292). There is one clock, the real one: what
// `advance {seconds}` moves is the stored times the product compares with it, each that many
// seconds into the past, so whatever waits on time sees that much more of it gone: expiry,
// idle timeouts, throttle windows, backup days, retry windows and billed hours. A new stored
// time that the product compares with the clock belongs in STORED_TIMES.
import { sql, type RawBuilder } from 'kysely';
import type { Db } from '../db/database.ts';

interface StoredTimes {
  table: string;
  /** The row's primary key. */
  key: string;
  columns: string[];
  /** A project's rows move with its project's clock and the instance's; an account's or the instance's (null) only with the instance's. */
  projectColumn: string | null;
}

const STORED_TIMES: StoredTimes[] = [
  { table: 'project_invitation', key: 'id', columns: ['expires_at'], projectColumn: 'project_id' },
  { table: 'access_token', key: 'id', columns: ['expires_at'], projectColumn: 'project_id' },
  {
    table: 'usage_span',
    key: 'id',
    columns: ['started_at', 'ended_at'],
    projectColumn: 'project_id',
  },
  // A database's backups follow from when it first ran, one a day (postgres.sim.ts).
  {
    table: 'postgres',
    key: 'id',
    columns: ['running_since', 'backup_credentials_expire_at'],
    projectColumn: 'project_id',
  },
  {
    table: 'webhook_endpoint',
    key: 'id',
    columns: ['previous_secret_expires_at'],
    projectColumn: 'project_id',
  },
  // A delivery gives up WEBHOOK_RETRY_FOR_MS after its first attempt.
  {
    table: 'webhook_delivery',
    key: 'id',
    columns: ['first_attempt_at', 'next_attempt_at'],
    projectColumn: 'project_id',
  },
  // Sessions (the console's cookie and the API's login JWT) are an account's, not a
  // project's: a project's advance must not sign out a suite's other workers.
  { table: 'session', key: 'id', columns: ['last_seen_at', 'expires_at'], projectColumn: null },
  {
    table: 'proxy_session',
    key: 'id',
    columns: ['last_seen_at', 'expires_at'],
    projectColumn: null,
  },
  { table: 'account_token', key: 'token_hash', columns: ['expires_at'], projectColumn: null },
  { table: 'throttle', key: 'key', columns: ['reset_at'], projectColumn: null },
];

/**
 * Moves `columns` of the rows of `table` that `where` picks `seconds` into the past, row by
 * row, in JavaScript: the times are ISO text, and neither engine's date arithmetic is needed.
 */
export async function ageRows(
  db: Db,
  spec: { table: string; key: string; columns: string[] },
  where: RawBuilder<unknown>,
  seconds: number,
): Promise<void> {
  const { table, key, columns } = spec;
  const { rows } = await sql<
    Record<string, string | null>
  >`select ${sql.ref(key)} as row_key, ${sql.join(
    columns.map((c) => sql.ref(c)),
  )} from ${sql.table(table)} where ${where}`.execute(db);
  for (const row of rows) {
    const moved = columns
      .filter((c) => row[c] != null)
      .map(
        (c) => sql`${sql.ref(c)} = ${new Date(Date.parse(row[c]!) - seconds * 1000).toISOString()}`,
      );
    if (!moved.length) continue;
    await sql`update ${sql.table(table)} set ${sql.join(moved)} where ${sql.ref(key)} = ${row.row_key}`.execute(
      db,
    );
  }
}

/** Ages every stored time of the project (or, without one, of the instance) by `seconds`. */
export async function ageStoredTimes(
  db: Db,
  projectId: string | undefined,
  seconds: number,
): Promise<void> {
  for (const spec of STORED_TIMES) {
    if (projectId !== undefined && spec.projectColumn === null) continue;
    const where =
      projectId === undefined ? sql`1 = 1` : sql`${sql.ref(spec.projectColumn!)} = ${projectId}`;
    await ageRows(db, spec, where, seconds);
  }
}
