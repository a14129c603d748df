// The audit log's table (decision 205). No foreign keys: an entry outlives its account, its
// object and its project (the entry of a project's deletion is written as the project goes).
import { type Kysely, type Migration } from 'kysely';
import { renameIdPrefixes } from '../resources/postgres/postgres.tables.ts';

export interface AuditEntryTable {
  /** An `ae` ID: its time sorts the log and bounds its time ranges. */
  id: string;
  project_id: string;
  at: string;
  /** The operation ID. */
  action: string;
  /** The verb the request's body chose, for the operations whose body chooses one (decision 289). */
  verb: string | null;
  account_id: string;
  account_email: string;
  token_id: string | null;
  object_id: string | null;
  object_kind: string | null;
  object_name: string | null;
  location: string | null;
  request_id: string;
  /** Null on success. */
  error_type: string | null;
}

export interface AuditTables {
  audit_entry: AuditEntryTable;
}

export const auditMigrations: Record<string, Migration> = {
  '0055_audit_entry': {
    async up(db: Kysely<unknown>) {
      await db.schema
        .createTable('audit_entry')
        .addColumn('id', 'text', (c) => c.primaryKey())
        .addColumn('project_id', 'text', (c) => c.notNull())
        .addColumn('at', 'text', (c) => c.notNull())
        .addColumn('action', 'text', (c) => c.notNull())
        .addColumn('account_id', 'text', (c) => c.notNull())
        .addColumn('account_email', 'text', (c) => c.notNull())
        .addColumn('token_id', 'text')
        .addColumn('object_id', 'text')
        .addColumn('object_kind', 'text')
        .addColumn('object_name', 'text')
        .addColumn('location', 'text')
        .addColumn('request_id', 'text', (c) => c.notNull())
        .addColumn('error_type', 'text')
        .execute();
      // Newest first per project, and per object and account for the filters.
      await db.schema
        .createIndex('audit_entry_project_idx')
        .on('audit_entry')
        .columns(['project_id', 'id'])
        .execute();
      await db.schema
        .createIndex('audit_entry_object_idx')
        .on('audit_entry')
        .columns(['project_id', 'object_id', 'id'])
        .execute();
      await db.schema
        .createIndex('audit_entry_account_idx')
        .on('audit_entry')
        .columns(['project_id', 'account_id', 'id'])
        .execute();
    },
  },
  // Entries about PostgreSQL firewall rules and log destinations name their new IDs (decision 288).
  '0111_origin_postgres_ids': {
    async up(db: Kysely<unknown>) {
      await renameIdPrefixes(db, 'audit_entry', 'object_id');
    },
  },
  // Entries written before have no verb: they answer their operation's own action.
  '0112_audit_entry_verb': {
    async up(db: Kysely<unknown>) {
      await db.schema.alterTable('audit_entry').addColumn('verb', 'text').execute();
    },
  },
};
