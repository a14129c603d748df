// Webhooks (decisions 215-218): the endpoints of a project, the deliveries made from the
// project's events (one per endpoint and event, with the exact body sent), and each delivery's
// attempts. They go with their project.
import { type Kysely, type Migration } from 'kysely';
import { isPostgres } from '../../db/locks.ts';

export interface WebhookEndpointTable {
  id: string;
  project_id: string;
  name: string;
  url: string;
  /** JSON array of event type patterns (`*`, `vm.*`, `vm.created`). */
  event_types: string;
  /** 0/1. */
  enabled: number;
  /** The signing secret (`whsec_…`), sealed with the endpoint's ID as additional data (decision 187's sealing). */
  secret_sealed: string;
  /** `whsec_…x4Fq`. */
  secret_hint: string;
  /** After a rotation: the previous secret, which also signs until `previous_secret_expires_at`. */
  previous_secret_sealed: string | null;
  previous_secret_expires_at: string | null;
  /** The `seq` of the last event of the project fanned out to this endpoint (bigint on PostgreSQL). */
  event_cursor: number | string;
  created_at: string;
  updated_at: string;
}

export interface WebhookDeliveryTable {
  id: string;
  endpoint_id: string;
  project_id: string;
  /** The event's `seq`; null for a test event. */
  event_seq: number | string | null;
  event_type: string;
  /** The JSON body, exactly as every attempt sends it. */
  body: string;
  state: 'pending' | 'delivered' | 'failed';
  attempt_count: number;
  /** The 24 hours of retries count from here. */
  first_attempt_at: string | null;
  next_attempt_at: string | null;
  created_at: string;
  updated_at: string;
}

export interface WebhookAttemptTable {
  delivery_id: string;
  /** 1, 2, … */
  n: number;
  at: string;
  status: number | null;
  error: string | null;
  response_ms: number;
}

export interface WebhookTables {
  webhook_endpoint: WebhookEndpointTable;
  webhook_delivery: WebhookDeliveryTable;
  webhook_attempt: WebhookAttemptTable;
}

export const webhookMigrations: Record<string, Migration> = {
  '0065_webhook': {
    async up(db: Kysely<unknown>) {
      const seq = isPostgres(db) ? 'bigint' : 'integer';
      await db.schema
        .createTable('webhook_endpoint')
        .addColumn('id', 'text', (c) => c.primaryKey())
        .addColumn('project_id', 'text', (c) =>
          c.notNull().references('project.id').onDelete('cascade'),
        )
        .addColumn('name', 'text', (c) => c.notNull())
        .addColumn('url', 'text', (c) => c.notNull())
        .addColumn('event_types', 'text', (c) => c.notNull())
        .addColumn('enabled', 'integer', (c) => c.notNull())
        .addColumn('secret_sealed', 'text', (c) => c.notNull())
        .addColumn('secret_hint', 'text', (c) => c.notNull())
        .addColumn('previous_secret_sealed', 'text')
        .addColumn('previous_secret_expires_at', 'text')
        .addColumn('event_cursor', seq, (c) => c.notNull())
        .addColumn('created_at', 'text', (c) => c.notNull())
        .addColumn('updated_at', 'text', (c) => c.notNull())
        .execute();
      await db.schema
        .createIndex('webhook_endpoint_name_uq')
        .on('webhook_endpoint')
        .columns(['project_id', 'name'])
        .unique()
        .execute();
      await db.schema
        .createIndex('webhook_endpoint_project_idx')
        .on('webhook_endpoint')
        .columns(['project_id', 'id'])
        .execute();

      await db.schema
        .createTable('webhook_delivery')
        .addColumn('id', 'text', (c) => c.primaryKey())
        .addColumn('endpoint_id', 'text', (c) =>
          c.notNull().references('webhook_endpoint.id').onDelete('cascade'),
        )
        .addColumn('project_id', 'text', (c) => c.notNull())
        .addColumn('event_seq', seq)
        .addColumn('event_type', 'text', (c) => c.notNull())
        .addColumn('body', 'text', (c) => c.notNull())
        .addColumn('state', 'text', (c) => c.notNull())
        .addColumn('attempt_count', 'integer', (c) => c.notNull())
        .addColumn('first_attempt_at', 'text')
        .addColumn('next_attempt_at', 'text')
        .addColumn('created_at', 'text', (c) => c.notNull())
        .addColumn('updated_at', 'text', (c) => c.notNull())
        .execute();
      // One delivery per endpoint and event, whatever happens to the fan-out (test events have no seq).
      await db.schema
        .createIndex('webhook_delivery_event_uq')
        .on('webhook_delivery')
        .columns(['endpoint_id', 'event_seq'])
        .unique()
        .execute();
      await db.schema
        .createIndex('webhook_delivery_endpoint_idx')
        .on('webhook_delivery')
        .columns(['endpoint_id', 'id'])
        .execute();
      await db.schema
        .createIndex('webhook_delivery_created_idx')
        .on('webhook_delivery')
        .columns(['created_at'])
        .execute();

      await db.schema
        .createTable('webhook_attempt')
        .addColumn('delivery_id', 'text', (c) =>
          c.notNull().references('webhook_delivery.id').onDelete('cascade'),
        )
        .addColumn('n', 'integer', (c) => c.notNull())
        .addColumn('at', 'text', (c) => c.notNull())
        .addColumn('status', 'integer')
        .addColumn('error', 'text')
        .addColumn('response_ms', 'integer', (c) => c.notNull())
        .addPrimaryKeyConstraint('webhook_attempt_pk', ['delivery_id', 'n'])
        .execute();
    },
  },
};
