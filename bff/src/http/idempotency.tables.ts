// Idempotency keys of creates (decision 073): the first answer to each key, per account.
import type { Kysely, Migration } from 'kysely';
import { ID_BODY } from '#shared/ids';
import { RENAMED_ID_PREFIXES } from '../resources/postgres/postgres.tables.ts';

export interface IdempotencyKeyTable {
  account_id: string;
  key: string;
  /** SHA-256 of the operation, its path values and its body: a reuse for another request is a 409. */
  fingerprint: string;
  status: number;
  /** The answer's headers (JSON object) and body (JSON text; null for 204). */
  headers: string;
  body: string | null;
  created_at: string;
}

export interface IdempotencyTables {
  idempotency_key: IdempotencyKeyTable;
}

export const idempotencyMigrations: Record<string, Migration> = {
  '0006_idempotency_keys': {
    async up(db: Kysely<unknown>) {
      await db.schema
        .createTable('idempotency_key')
        .addColumn('account_id', 'text', (c) =>
          c.notNull().references('account.id').onDelete('cascade'),
        )
        .addColumn('key', 'text', (c) => c.notNull())
        .addColumn('fingerprint', 'text', (c) => c.notNull())
        .addColumn('status', 'integer', (c) => c.notNull())
        .addColumn('headers', 'text', (c) => c.notNull())
        .addColumn('body', 'text')
        .addColumn('created_at', 'text', (c) => c.notNull())
        .addPrimaryKeyConstraint('idempotency_key_pk', ['account_id', 'key'])
        .execute();
      // Pruning deletes by age.
      await db.schema
        .createIndex('idempotency_key_created_idx')
        .on('idempotency_key')
        .column('created_at')
        .execute();
    },
  },
  // A create answered again gives the new IDs of PostgreSQL firewall rules and log destinations
  // (decision 288): its stored answer's `id` fields are rewritten.
  '0111_origin_postgres_ids': {
    async up(db: Kysely<unknown>) {
      const rows = (await db
        .selectFrom('idempotency_key' as never)
        .select(['account_id' as never, 'key' as never, 'body' as never])
        .where('body' as never, 'is not', null)
        .execute()) as { account_id: string; key: string; body: string }[];
      for (const r of rows) {
        let body = r.body;
        for (const [from, to] of RENAMED_ID_PREFIXES)
          body = body.replace(
            new RegExp(`"id":"${from}(${ID_BODY})"`, 'g'),
            (_match, rest: string) => `"id":"${to}${rest}"`,
          );
        if (body === r.body) continue;
        await db
          .updateTable('idempotency_key' as never)
          .set({ body } as never)
          .where('account_id' as never, '=', r.account_id as never)
          .where('key' as never, '=', r.key as never)
          .execute();
      }
    },
  },
};
