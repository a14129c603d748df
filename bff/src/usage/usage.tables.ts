// The usage meter's spans (issue 30): one row per stretch a resource was billable. No foreign
// keys: a span outlives its resource (a deleted VM's hours are still this month's spend).
import { type Kysely, type Migration } from 'kysely';

export interface UsageSpanTable {
  id: string;
  project_id: string;
  resource_id: string;
  kind: string;
  name: string;
  hourly_usd: number;
  started_at: string;
  /** Null while the resource is still billable. */
  ended_at: string | null;
}

export interface UsageTables {
  usage_span: UsageSpanTable;
}

export const usageMigrations: Record<string, Migration> = {
  '0105_usage_span': {
    async up(db: Kysely<unknown>) {
      await db.schema
        .createTable('usage_span')
        .addColumn('id', 'text', (c) => c.primaryKey())
        .addColumn('project_id', 'text', (c) => c.notNull())
        .addColumn('resource_id', 'text', (c) => c.notNull())
        .addColumn('kind', 'text', (c) => c.notNull())
        .addColumn('name', 'text', (c) => c.notNull())
        .addColumn('hourly_usd', 'double precision', (c) => c.notNull())
        .addColumn('started_at', 'text', (c) => c.notNull())
        .addColumn('ended_at', 'text')
        .execute();
      await db.schema
        .createIndex('usage_span_project_idx')
        .on('usage_span')
        .columns(['project_id', 'started_at'])
        .execute();
      await db.schema
        .createIndex('usage_span_resource_idx')
        .on('usage_span')
        .columns(['resource_id', 'ended_at'])
        .execute();
    },
  },
};
