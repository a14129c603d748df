// Test mode's tables (docs/testing.md), and `state_reason` on the kinds whose jobs can fail.
// The tables are made whether or not test mode is on, so turning it on needs no migration.
import type { Kysely, Migration } from 'kysely';

/** A fault rule of a project: the next matching job steps fail with `reason`. */
export interface TestFaultTable {
  id: string;
  project_id: string;
  kind: string;
  operation: string;
  reason: string;
  /** How many more steps it fails; null: until removed (or by `probability`). */
  remaining: number | null;
  /** Per matching step, 0 to 1; null: every one. */
  probability: number | null;
  created_at: string;
}

/** A project's test settings: its own step delay instead of PROVISION_DELAY_MS. */
export interface TestProjectTable {
  project_id: string;
  delay_ms: number | null;
}

/** A hold on the project's transitions: of one resource (`target` its ID), of a name, or `*` (all). */
export interface TestHoldTable {
  project_id: string;
  target: string;
  created_at: string;
}

/** The job whose failure left a resource `failed`, and the state it failed in: what a retry runs again. */
export interface ResourceFailureTable {
  resource_id: string;
  job_id: string;
  prior_state: string;
  created_at: string;
}

/** Accounts made through `POST /api/_test/account`: throttles exempt them in test mode. */
export interface TestAccountTable {
  account_id: string;
  created_at: string;
}

/** A database's disk usage fixed by a test (percent of its storage; null: unknown). */
export interface TestDiskUsageTable {
  postgres_id: string;
  percent: number | null;
}

export interface TestModeTables {
  test_disk_usage: TestDiskUsageTable;
  test_fault: TestFaultTable;
  test_project: TestProjectTable;
  test_hold: TestHoldTable;
  resource_failure: ResourceFailureTable;
  test_account: TestAccountTable;
}

/** The tables of the kinds that record why they failed (`state_reason`, null unless failed). */
export const FAILING_TABLES = ['vm', 'postgres', 'kubernetes_cluster', 'load_balancer'] as const;

export const testModeMigrations: Record<string, Migration> = {
  '0090_test_mode': {
    async up(db: Kysely<unknown>) {
      for (const table of FAILING_TABLES)
        await db.schema.alterTable(table).addColumn('state_reason', 'text').execute();
      await db.schema.alterTable('mail_outbox').addColumn('project_id', 'text').execute();
      await db.schema
        .createTable('test_fault')
        .addColumn('id', 'text', (c) => c.primaryKey())
        .addColumn('project_id', 'text', (c) =>
          c.notNull().references('project.id').onDelete('cascade'),
        )
        .addColumn('kind', 'text', (c) => c.notNull())
        .addColumn('operation', 'text', (c) => c.notNull())
        .addColumn('reason', 'text', (c) => c.notNull())
        .addColumn('remaining', 'integer')
        .addColumn('probability', 'real')
        .addColumn('created_at', 'text', (c) => c.notNull())
        .execute();
      await db.schema
        .createIndex('test_fault_project_idx')
        .on('test_fault')
        .columns(['project_id', 'id'])
        .execute();
      await db.schema
        .createTable('test_project')
        .addColumn('project_id', 'text', (c) =>
          c.primaryKey().references('project.id').onDelete('cascade'),
        )
        .addColumn('delay_ms', 'integer')
        .execute();
      await db.schema
        .createTable('test_hold')
        .addColumn('project_id', 'text', (c) =>
          c.notNull().references('project.id').onDelete('cascade'),
        )
        .addColumn('target', 'text', (c) => c.notNull())
        .addColumn('created_at', 'text', (c) => c.notNull())
        .addPrimaryKeyConstraint('test_hold_pk', ['project_id', 'target'])
        .execute();
      await db.schema
        .createTable('resource_failure')
        .addColumn('resource_id', 'text', (c) => c.primaryKey())
        .addColumn('job_id', 'text', (c) => c.notNull())
        .addColumn('prior_state', 'text', (c) => c.notNull())
        .addColumn('created_at', 'text', (c) => c.notNull())
        .execute();
      await db.schema
        .createTable('test_account')
        .addColumn('account_id', 'text', (c) =>
          c.primaryKey().references('account.id').onDelete('cascade'),
        )
        .addColumn('created_at', 'text', (c) => c.notNull())
        .execute();
    },
  },
  '0113_test_disk_usage': {
    async up(db: Kysely<unknown>) {
      await db.schema
        .createTable('test_disk_usage')
        .addColumn('postgres_id', 'text', (c) =>
          c.primaryKey().references('postgres.id').onDelete('cascade'),
        )
        .addColumn('percent', 'real')
        .execute();
    },
  },
};
