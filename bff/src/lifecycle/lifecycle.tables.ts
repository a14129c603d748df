// The durable job table (behaviour.md §8) and the simulated data plane's record: row types
// and migrations.
import type { Kysely, Migration } from 'kysely';

export interface JobTable {
  id: string;
  kind: string;
  resource_id: string;
  step: string;
  state: 'pending' | 'done' | 'failed';
  run_at: string;
  attempts: number;
  lease_owner: string | null;
  lease_expires_at: string | null;
  last_error: string | null;
  created_at: string;
  updated_at: string;
}

export interface SimCallTable {
  job_id: string;
  step: string;
  operation: string;
  resource_id: string;
  worker: string;
  created_at: string;
}

export interface LifecycleTables {
  job: JobTable;
  sim_call: SimCallTable;
}

export const lifecycleMigrations: Record<string, Migration> = {
  '0002_networking_compute_lifecycle': {
    async up(db: Kysely<unknown>) {
      await db.schema
        .createTable('job')
        .addColumn('id', 'text', (c) => c.primaryKey())
        .addColumn('kind', 'text', (c) => c.notNull())
        .addColumn('resource_id', 'text', (c) => c.notNull())
        .addColumn('step', 'text', (c) => c.notNull())
        .addColumn('state', 'text', (c) => c.notNull())
        .addColumn('run_at', 'text', (c) => c.notNull())
        .addColumn('attempts', 'integer', (c) => c.notNull().defaultTo(0))
        .addColumn('lease_owner', 'text')
        .addColumn('lease_expires_at', 'text')
        .addColumn('last_error', 'text')
        .addColumn('updated_at', 'text', (c) => c.notNull())
        .addColumn('created_at', 'text', (c) => c.notNull())
        .execute();
      await db.schema.createIndex('job_due_idx').on('job').columns(['state', 'run_at']).execute();
      await db.schema.createIndex('job_resource_idx').on('job').columns(['resource_id']).execute();

      // The simulated data plane's own state: what it was asked to do, once per job step.
      await db.schema
        .createTable('sim_call')
        .addColumn('job_id', 'text', (c) => c.notNull())
        .addColumn('step', 'text', (c) => c.notNull())
        .addColumn('operation', 'text', (c) => c.notNull())
        .addColumn('resource_id', 'text', (c) => c.notNull())
        .addColumn('worker', 'text', (c) => c.notNull())
        .addColumn('created_at', 'text', (c) => c.notNull())
        .execute();
      await db.schema
        .createIndex('sim_call_resource_idx')
        .on('sim_call')
        .columns(['resource_id'])
        .execute();
    },
  },
};
