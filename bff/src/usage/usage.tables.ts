// The usage meter's spans (issue 30): one row per stretch a resource was billable. No foreign
// keys: a span outlives its resource (a deleted VM's hours are still this month's spend).
import { sql, type Kysely, type Migration } from 'kysely';

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

/** A project's spend alert: one threshold, mailed and evented once a month when crossed. */
export interface SpendAlertTable {
  project_id: string;
  threshold_usd: number;
  /** `armed`, or `crossed` once the month's spend reached the threshold (its event's state). */
  state: string;
  /** The month (`YYYY-MM`) it was last crossed in; null until then, and again for a new threshold. */
  alerted_month: string | null;
  created_at: string;
}

export interface UsageTables {
  usage_span: UsageSpanTable;
  spend_alert: SpendAlertTable;
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
  '0116_spend_alert': {
    async up(db: Kysely<unknown>) {
      await db.schema
        .createTable('spend_alert')
        .addColumn('project_id', 'text', (c) =>
          c.primaryKey().references('project.id').onDelete('cascade'),
        )
        .addColumn('threshold_usd', 'double precision', (c) => c.notNull())
        .addColumn('state', 'text', (c) => c.notNull())
        .addColumn('alerted_month', 'text')
        .addColumn('created_at', 'text', (c) => c.notNull())
        .execute();
      // The servers of a database were metered as VMs besides the database's own price, and a
      // cluster's nodes as VMs of their own: both are billed through what they serve now.
      await sql`delete from usage_span where resource_id in (select id from vm where service_of is not null)`.execute(
        db,
      );
    },
  },
};
