// Projects and their members: row types and migrations.
import type { Kysely, Migration } from 'kysely';

export interface ProjectTable {
  id: string;
  name: string;
  credit: number;
  discount: number;
  created_at: string;
}

export interface ProjectMemberTable {
  project_id: string;
  account_id: string;
  role: 'owner' | 'member';
  created_at: string;
}

export interface ProjectTables {
  project: ProjectTable;
  project_member: ProjectMemberTable;
}

export const projectMigrations: Record<string, Migration> = {
  '0001_accounts_projects': {
    async up(db: Kysely<unknown>) {
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
