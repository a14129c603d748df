// Two-factor sign-in (decisions 187–189) and where a session was opened from: row types and
// migrations.
import type { Kysely, Migration } from 'kysely';

/** One per account that has begun or finished enrolling: the TOTP secret, sealed (decision 187). */
export interface AccountTotpTable {
  account_id: string;
  /** AES-256-GCM of the base32 secret (bff/src/seal.ts); never sent again after enrolment. */
  secret_sealed: string;
  /** Null while enrolment waits for its first code; two-factor sign-in is on once set. */
  enabled_at: string | null;
  /** The last time step whose code was accepted: a code of it or an earlier one is refused (no replay). */
  last_step: number | null;
  created_at: string;
}

/** Single-use recovery codes, stored as SHA-256 (they are random, 50 bits each). */
export interface AccountRecoveryCodeTable {
  account_id: string;
  code_hash: string;
  used_at: string | null;
  created_at: string;
}

export interface AccountTables {
  account_totp: AccountTotpTable;
  account_recovery_code: AccountRecoveryCodeTable;
}

export const accountMigrations: Record<string, Migration> = {
  '0045_two_factor_and_session_clients': {
    async up(db: Kysely<unknown>) {
      await db.schema
        .createTable('account_totp')
        .addColumn('account_id', 'text', (c) =>
          c.primaryKey().references('account.id').onDelete('cascade'),
        )
        .addColumn('secret_sealed', 'text', (c) => c.notNull())
        .addColumn('enabled_at', 'text')
        .addColumn('last_step', 'integer')
        .addColumn('created_at', 'text', (c) => c.notNull())
        .execute();
      await db.schema
        .createTable('account_recovery_code')
        .addColumn('account_id', 'text', (c) =>
          c.notNull().references('account.id').onDelete('cascade'),
        )
        .addColumn('code_hash', 'text', (c) => c.notNull())
        .addColumn('used_at', 'text')
        .addColumn('created_at', 'text', (c) => c.notNull())
        .addPrimaryKeyConstraint('account_recovery_code_pk', ['account_id', 'code_hash'])
        .execute();
      // What the account page shows of each session: the client and address that signed in.
      await db.schema.alterTable('session').addColumn('user_agent', 'text').execute();
      await db.schema.alterTable('session').addColumn('ip', 'text').execute();
    },
  },
};
