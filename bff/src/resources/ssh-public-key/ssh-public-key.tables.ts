// SSH public keys saved in a project: row type and migration. They go with the project.
import type { Kysely, Migration } from 'kysely';

export interface SshPublicKeyTable {
  id: string;
  project_id: string;
  name: string;
  public_key: string;
  created_at: string;
}

export interface SshPublicKeyTables {
  ssh_public_key: SshPublicKeyTable;
}

export const sshPublicKeyMigrations: Record<string, Migration> = {
  '0050_ssh_public_key': {
    async up(db: Kysely<unknown>) {
      await db.schema
        .createTable('ssh_public_key')
        .addColumn('id', 'text', (c) => c.primaryKey())
        .addColumn('project_id', 'text', (c) =>
          c.notNull().references('project.id').onDelete('cascade'),
        )
        .addColumn('name', 'text', (c) => c.notNull())
        .addColumn('public_key', 'text', (c) => c.notNull())
        .addColumn('created_at', 'text', (c) => c.notNull())
        .execute();
      await db.schema
        .createIndex('ssh_public_key_name_uq')
        .on('ssh_public_key')
        .columns(['project_id', 'name'])
        .unique()
        .execute();
      await db.schema
        .createIndex('ssh_public_key_project_idx')
        .on('ssh_public_key')
        .columns(['project_id', 'id'])
        .execute();
    },
  },
};
