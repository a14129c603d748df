// One set of migrations for both engines, run at start.
import { Kysely, Migrator, type Migration, type MigrationProvider } from 'kysely';

const migrations: Record<string, Migration> = {
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
        .addColumn('account_id', 'text', (c) => c.notNull().references('account.id').onDelete('cascade'))
        .addColumn('created_at', 'text', (c) => c.notNull())
        .addColumn('last_seen_at', 'text', (c) => c.notNull())
        .addColumn('expires_at', 'text', (c) => c.notNull())
        .addColumn('revoked_at', 'text')
        .execute();
      await db.schema.createIndex('session_account_idx').on('session').column('account_id').execute();
      await db.schema
        .createTable('project')
        .addColumn('id', 'text', (c) => c.primaryKey())
        .addColumn('name', 'text', (c) => c.notNull())
        .addColumn('credit', 'double precision', (c) => c.notNull().defaultTo(0))
        .addColumn('discount', 'double precision', (c) => c.notNull().defaultTo(0))
        .addColumn('created_at', 'text', (c) => c.notNull())
        .execute();
      await db.schema
        .createTable('project_member')
        .addColumn('project_id', 'text', (c) => c.notNull().references('project.id').onDelete('cascade'))
        .addColumn('account_id', 'text', (c) => c.notNull().references('account.id').onDelete('cascade'))
        .addColumn('role', 'text', (c) => c.notNull())
        .addColumn('created_at', 'text', (c) => c.notNull())
        .addPrimaryKeyConstraint('project_member_pk', ['account_id', 'project_id'])
        .execute();
      await db.schema.createIndex('project_member_project_idx').on('project_member').column('project_id').execute();
      await db.schema.createIndex('project_name_idx').on('project').columns(['name', 'id']).execute();
    },
  },
};

class StaticProvider implements MigrationProvider {
  async getMigrations() {
    return migrations;
  }
}

// eslint-disable-next-line @typescript-eslint/no-explicit-any
export async function migrate(db: Kysely<any>): Promise<void> {
  const migrator = new Migrator({ db, provider: new StaticProvider() });
  const { error, results } = await migrator.migrateToLatest();
  const failed = results?.find((r) => r.status === 'Error');
  if (error || failed) {
    throw new Error(`Migration ${failed?.migrationName ?? ''} failed: ${String(error)}`);
  }
}
