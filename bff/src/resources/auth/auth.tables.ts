// Accounts, sessions and server settings (the JWT key): row types and migrations.
import type { Kysely, Migration } from 'kysely';

export interface AccountTable {
  id: string;
  email: string;
  password_hash: string;
  created_at: string;
  /** When the owner followed the mailed link (or the account predates verification); null until then. */
  email_verified_at: string | null;
}

export interface SessionTable {
  id: string;
  account_id: string;
  created_at: string;
  last_seen_at: string;
  expires_at: string;
  revoked_at: string | null;
  /** The client's `User-Agent` and address at sign-in (migration 0045, account.tables.ts). */
  user_agent: string | null;
  ip: string | null;
}

export interface SettingTable {
  key: string;
  value: string;
}

/** Throttle counters shared by every process on the database (decision 066). */
export interface ThrottleTable {
  key: string;
  count: number;
  reset_at: string;
}

export interface AuthTables {
  account: AccountTable;
  session: SessionTable;
  setting: SettingTable;
  throttle: ThrottleTable;
}

export const authMigrations: Record<string, Migration> = {
  '0001_accounts_projects': {
    async up(db: Kysely<unknown>) {
      await db.schema
        .createTable('setting')
        .addColumn('key', 'text', (c) => c.primaryKey())
        .addColumn('value', 'text', (c) => c.notNull())
        .execute();
      await db.schema
        .createTable('account')
        .addColumn('id', 'text', (c) => c.primaryKey())
        .addColumn('email', 'text', (c) => c.notNull().unique())
        .addColumn('password_hash', 'text', (c) => c.notNull())
        .addColumn('created_at', 'text', (c) => c.notNull())
        .execute();
      await db.schema
        .createTable('session')
        .addColumn('id', 'text', (c) => c.primaryKey())
        .addColumn('account_id', 'text', (c) =>
          c.notNull().references('account.id').onDelete('cascade'),
        )
        .addColumn('created_at', 'text', (c) => c.notNull())
        .addColumn('last_seen_at', 'text', (c) => c.notNull())
        .addColumn('expires_at', 'text', (c) => c.notNull())
        .addColumn('revoked_at', 'text')
        .execute();
      await db.schema
        .createIndex('session_account_idx')
        .on('session')
        .column('account_id')
        .execute();
    },
  },
  '0004_throttle_counters': {
    async up(db: Kysely<unknown>) {
      // Login and sign-up counters in a fixed window, shared by every process (decision 066).
      await db.schema
        .createTable('throttle')
        .addColumn('key', 'text', (c) => c.primaryKey())
        .addColumn('count', 'integer', (c) => c.notNull())
        .addColumn('reset_at', 'text', (c) => c.notNull())
        .execute();
      await db.schema.createIndex('throttle_reset_idx').on('throttle').column('reset_at').execute();
    },
  },
};
