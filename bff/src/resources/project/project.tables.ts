// Projects and their members: row types and migrations.
import { sql, type Kysely, type Migration } from 'kysely';
import type { Role } from '#shared/roles';

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
  role: Role;
  created_at: string;
}

/** An invitation to an address that has no account yet: it applies when that address is verified (behaviour.md §11). */
export interface ProjectInvitationTable {
  id: string;
  project_id: string;
  email: string;
  role: Role;
  /** The admin who invited, or null once that account is gone. */
  invited_by: string | null;
  created_at: string;
  expires_at: string;
}

export interface ProjectTables {
  project: ProjectTable;
  project_member: ProjectMemberTable;
  project_invitation: ProjectInvitationTable;
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
        .addColumn('project_id', 'text', (c) =>
          c.notNull().references('project.id').onDelete('cascade'),
        )
        .addColumn('account_id', 'text', (c) =>
          c.notNull().references('account.id').onDelete('cascade'),
        )
        .addColumn('role', 'text', (c) => c.notNull())
        .addColumn('created_at', 'text', (c) => c.notNull())
        .addPrimaryKeyConstraint('project_member_pk', ['account_id', 'project_id'])
        .execute();
      await db.schema
        .createIndex('project_member_project_idx')
        .on('project_member')
        .column('project_id')
        .execute();
      await db.schema
        .createIndex('project_name_idx')
        .on('project')
        .columns(['name', 'id'])
        .execute();
    },
  },
  '0021_project_roles': {
    async up(db: Kysely<unknown>) {
      // Roles of behaviour.md §11: the creator, once `owner`, is an `admin`.
      await sql`update project_member set role = 'admin' where role = 'owner'`.execute(db);
      await db.schema
        .createTable('project_invitation')
        .addColumn('id', 'text', (c) => c.primaryKey())
        .addColumn('project_id', 'text', (c) =>
          c.notNull().references('project.id').onDelete('cascade'),
        )
        .addColumn('email', 'text', (c) => c.notNull())
        .addColumn('role', 'text', (c) => c.notNull())
        .addColumn('invited_by', 'text', (c) => c.references('account.id').onDelete('set null'))
        .addColumn('created_at', 'text', (c) => c.notNull())
        .addColumn('expires_at', 'text', (c) => c.notNull())
        .addUniqueConstraint('project_invitation_email_uq', ['project_id', 'email'])
        .execute();
      await db.schema
        .createIndex('project_invitation_email_idx')
        .on('project_invitation')
        .column('email')
        .execute();
    },
  },
};
