import type { Transaction } from 'kysely';
import type { Db } from './database.ts';
import type { Database } from './schema.ts';
import { isUniqueViolation } from './errors.ts';

export type Tx = Transaction<Database>;

/**
 * Runs `fn` in a transaction, again (up to `attempts` times) when a concurrent writer took a
 * value it chose (a unique-constraint violation): address allocation picks, then inserts.
 * Name clashes are checked inside `fn` first, so a retry reports them as such.
 */
export async function transactionWithRetry<T>(db: Db, fn: (tx: Tx) => Promise<T>, attempts = 8): Promise<T> {
  for (let i = 1; ; i++) {
    try {
      return await db.transaction().execute(fn);
    } catch (err) {
      if (!isUniqueViolation(err) || i >= attempts) throw err;
    }
  }
}
