// E-mail verification and password reset: the account's verified mark and the single-use
// links mailed for both (only a hash of each link's token is kept).
import { sql, type Kysely, type Migration } from 'kysely';

export interface AccountTokenTable {
  /** SHA-256 (hex) of the token in the mailed link; the token itself is never stored. */
  token_hash: string;
  account_id: string;
  purpose: 'verify' | 'reset';
  created_at: string;
  expires_at: string;
  used_at: string | null;
}

export interface VerificationTables {
  account_token: AccountTokenTable;
}

export const verificationMigrations: Record<string, Migration> = {
  '0030_email_verification': {
    async up(db: Kysely<unknown>) {
      await db.schema.alterTable('account').addColumn('email_verified_at', 'text').execute();
      // Accounts made before sign-up needed a mailed link count as verified (decision 165).
      await sql`update account set email_verified_at = created_at`.execute(db);
      await db.schema
        .createTable('account_token')
        .addColumn('token_hash', 'text', (c) => c.primaryKey())
        .addColumn('account_id', 'text', (c) =>
          c.notNull().references('account.id').onDelete('cascade'),
        )
        .addColumn('purpose', 'text', (c) => c.notNull())
        .addColumn('created_at', 'text', (c) => c.notNull())
        .addColumn('expires_at', 'text', (c) => c.notNull())
        .addColumn('used_at', 'text')
        .execute();
      await db.schema
        .createIndex('account_token_account_idx')
        .on('account_token')
        .columns(['account_id', 'purpose'])
        .execute();
    },
  },
};
