// Personal access tokens: row type and migration (decision 180).
import type { Kysely, Migration } from 'kysely';
import type { Role } from '#shared/roles';

export interface AccessTokenTable {
  id: string;
  project_id: string;
  /** The member who created it; with project_id, a reference to their membership. */
  account_id: string;
  name: string;
  role: Role;
  /** SHA-256 (hex) of the whole secret; the secret itself is never stored. */
  secret_hash: string;
  /** The prefix and the last 4 characters of the secret, shown in lists. */
  hint: string;
  created_at: string;
  /** Null: never expires. */
  expires_at: string | null;
  last_used_at: string | null;
}

export interface AccessTokenTables {
  access_token: AccessTokenTable;
}

export const accessTokenMigrations: Record<string, Migration> = {
  '0040_access_token': {
    async up(db: Kysely<unknown>) {
      await db.schema
        .createTable('access_token')
        .addColumn('id', 'text', (c) => c.primaryKey())
        .addColumn('project_id', 'text', (c) => c.notNull())
        .addColumn('account_id', 'text', (c) => c.notNull())
        .addColumn('name', 'text', (c) => c.notNull())
        .addColumn('role', 'text', (c) => c.notNull())
        .addColumn('secret_hash', 'text', (c) => c.notNull())
        .addColumn('hint', 'text', (c) => c.notNull())
        .addColumn('created_at', 'text', (c) => c.notNull())
        .addColumn('expires_at', 'text')
        .addColumn('last_used_at', 'text')
        // Removing a member (or their account, or the project) deletes their tokens for that
        // project in the same statement.
        .addForeignKeyConstraint(
          'access_token_member_fk',
          ['account_id', 'project_id'],
          'project_member',
          ['account_id', 'project_id'],
          (fk) => fk.onDelete('cascade'),
        )
        .addUniqueConstraint('access_token_secret_hash_uq', ['secret_hash'])
        .addUniqueConstraint('access_token_name_uq', ['project_id', 'name'])
        .execute();
      await db.schema
        .createIndex('access_token_project_idx')
        .on('access_token')
        .columns(['project_id', 'id'])
        .execute();
      await db.schema
        .createIndex('access_token_member_idx')
        .on('access_token')
        .columns(['account_id', 'project_id', 'id'])
        .execute();
      await db.schema
        .createIndex('access_token_member_name_idx')
        .on('access_token')
        .columns(['account_id', 'project_id', 'name'])
        .execute();
    },
  },
};
