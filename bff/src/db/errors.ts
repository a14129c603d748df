/** A foreign-key violation on either engine: a referenced row went away meanwhile. */
export function isForeignKeyViolation(err: unknown): boolean {
  const code = (err as { code?: unknown } | null)?.code;
  return code === '23503' || code === 'SQLITE_CONSTRAINT_FOREIGNKEY';
}

/** A unique-constraint violation on either engine. */
export function isUniqueViolation(err: unknown): boolean {
  const code = (err as { code?: unknown } | null)?.code;
  return (
    code === '23505' ||
    code === 'SQLITE_CONSTRAINT_UNIQUE' ||
    code === 'SQLITE_CONSTRAINT_PRIMARYKEY'
  );
}

/**
 * PostgreSQL ended the transaction to break a deadlock (40P01) or because it could not be
 * serialized with a concurrent one (40001): nothing it did stands, and running it again may
 * well succeed (decision 244).
 */
export function isTransientConflict(err: unknown): boolean {
  const code = (err as { code?: unknown } | null)?.code;
  return code === '40P01' || code === '40001';
}

/** Why the database cannot serve a request right now; callers answer 503 and retry later. */
export type Unavailability = 'unreachable' | 'read-only' | 'full' | 'busy';

/** Thrown when no connection could be made (refused, timed out, not accepting connections). */
export class DatabaseUnreachable extends Error {
  constructor(cause: unknown) {
    super(`database unreachable: ${cause instanceof Error ? cause.message : String(cause)}`, {
      cause,
    });
  }
}

const SOCKET_CODES = new Set([
  'ECONNREFUSED',
  'ECONNRESET',
  'EPIPE',
  'ETIMEDOUT',
  'EHOSTUNREACH',
  'ENETUNREACH',
  'ENOTFOUND',
  'EAI_AGAIN',
]);
// pg raises these without a code when the socket of a checked-out client dies.
const LOST_CONNECTION =
  /^Connection terminated|is not queryable|timeout exceeded when trying to connect/;

/**
 * The kind of outage an error means, or undefined when it is not one (a bug, a constraint):
 * a lost or refused connection, a server shutting down (PostgreSQL 08xxx, 57P0x), a read-only
 * database (a standby after failover: 25006; a file SQLite could only open read-only), a full
 * disk (53100, SQLITE_FULL), or a database locked or failing I/O for longer than we wait.
 */
export function databaseUnavailable(err: unknown): Unavailability | undefined {
  if (err instanceof DatabaseUnreachable) return 'unreachable';
  const code = String((err as { code?: unknown } | null)?.code ?? '');
  if (SOCKET_CODES.has(code) || code.startsWith('08') || code.startsWith('57P'))
    return 'unreachable';
  if (code === '25006' || code.startsWith('SQLITE_READONLY')) return 'read-only';
  if (code === '53100' || code === 'SQLITE_FULL') return 'full';
  if (code.startsWith('53') || code.startsWith('58') || /^SQLITE_(BUSY|IOERR|CANTOPEN)/.test(code))
    return 'busy';
  if (!code && err instanceof Error && LOST_CONNECTION.test(err.message)) return 'unreachable';
  return undefined;
}
