// The webhooks' two jobs, run by the durable worker (decision 215):
// - `webhook.fanout`, one for the whole database: turns committed event rows into deliveries.
//   Each endpoint keeps a cursor (the `seq` of the last event it has seen); for each endpoint
//   behind its project's newest event, one transaction locks the endpoint, inserts a delivery
//   (and its job) per matching event after the cursor and moves the cursor, so a crash at any
//   point neither loses nor repeats a fan-out. It runs every second while any webhook is on.
// - `webhook.deliver`, one per delivery: one attempt per step; 2xx ends it, anything else is
//   retried with exponential backoff and jitter until 24 hours after the first attempt.
import type { Logger } from 'pino';
import { eventTypeMatches, type WebhookEvent } from '#shared/api/webhook';
import type { WebhookSettings } from '../../config.ts';
import type { Db, Queryable } from '../../db/database.ts';
import { forUpdate } from '../../db/locks.ts';
import type { Selectable } from 'kysely';
import type { EventTable } from '../../events/events.tables.ts';
import {
  defineJobs,
  jobRow,
  type JobDefinition,
  type KindsOf,
  type StepOutcome,
} from '../../lifecycle/jobs.ts';
import { addDelivery, eventTypesOf, unsealSecret } from './webhook.store.ts';
import { postWebhook, signature } from './webhook.send.ts';

/** What the jobs need of the server's configuration, per database (set when the kind's handlers are made). */
export const webhookEnv = new WeakMap<object, { settings: WebhookSettings; logger: Logger }>();

/** The fan-out's job: one row, made (or woken) when a webhook is registered, enabled or tested. */
export const FANOUT_JOB_ID = 'jb00000000000000000000wh0f';
/** How often the fan-out looks for new events while a webhook is on, and while none is. */
const FANOUT_EVERY_MS = 1000;
const FANOUT_IDLE_MS = 30_000;
/** Events one endpoint takes per transaction. */
const FANOUT_BATCH = 200;
/** Endpoints looked at per round. */
const FANOUT_ENDPOINTS = 100;
/** Finished deliveries are kept this long. */
export const DELIVERY_RETENTION_MS = 30 * 24 * 3600_000;
/** The longest wait between two attempts. */
const MAX_RETRY_DELAY_MS = 3600_000;

/** Makes the fan-out job due now (creating it the first time). In the caller's transaction when given. */
export async function wakeFanout(db: Queryable): Promise<void> {
  const row = jobRow('webhook.fanout', 'webhooks', FANOUT_JOB_ID);
  await db
    .insertInto('job')
    .values(row)
    .onConflict((oc) =>
      oc.column('id').doUpdateSet({
        state: 'pending',
        run_at: row.run_at,
        attempts: 0,
        updated_at: row.updated_at,
      }),
    )
    .execute();
}

/** Whether any webhook is on, in any project: only then has the fan-out work. */
export async function anyWebhookOn(db: Db): Promise<boolean> {
  return (
    (await db
      .selectFrom('webhook_endpoint')
      .select('id')
      .where('enabled', '=', 1)
      .limit(1)
      .executeTakeFirst()) !== undefined
  );
}

/**
 * For events just committed: makes the fan-out due now if a webhook is on, and answers whether
 * it did (decision 249). With none on, nothing is written: a webhook turned on later starts
 * after the newest event (its cursor) and wakes the fan-out itself.
 */
export async function wakeFanoutForEvents(db: Db): Promise<boolean> {
  if (!(await anyWebhookOn(db))) return false;
  await wakeFanout(db);
  return true;
}

/** The body sent for an event row: the project's event (shared/api/event.ts) and its project. */
export function eventBody(
  event: Pick<
    Selectable<EventTable>,
    | 'seq'
    | 'project_id'
    | 'type'
    | 'object_id'
    | 'object_kind'
    | 'object_name'
    | 'location'
    | 'state'
    | 'at'
  >,
): WebhookEvent {
  return {
    id: String(event.seq),
    type: event.type,
    object: {
      id: event.object_id,
      kind: event.object_kind,
      name: event.object_name,
      location: event.location,
    },
    state: event.state,
    at: event.at,
    project_id: event.project_id,
  };
}

/** Fans out one endpoint's next events; answers whether more are waiting. */
async function fanOutEndpoint(db: Db, id: string): Promise<boolean> {
  return db.transaction().execute(async (tx) => {
    const w = await forUpdate(
      tx,
      tx.selectFrom('webhook_endpoint').selectAll().where('id', '=', id),
    ).executeTakeFirst();
    if (!w || Number(w.enabled) !== 1) return false;
    const events = await tx
      .selectFrom('event')
      .selectAll()
      .where('project_id', '=', w.project_id)
      .where('seq', '>', Number(w.event_cursor))
      .orderBy('seq')
      .limit(FANOUT_BATCH)
      .execute();
    if (!events.length) return false;
    const wanted = eventTypesOf(w);
    for (const e of events)
      if (eventTypeMatches(wanted, e.type)) await addDelivery(tx, w, eventBody(e), Number(e.seq));
    await tx
      .updateTable('webhook_endpoint')
      .set({ event_cursor: Number(events[events.length - 1]!.seq) })
      .where('id', '=', id)
      .execute();
    return events.length === FANOUT_BATCH;
  });
}

/** One round over the endpoints that are behind; answers whether another round has work. */
export async function fanOut(db: Db): Promise<boolean> {
  const behind = await db
    .selectFrom('webhook_endpoint as w')
    .select('w.id')
    .where('w.enabled', '=', 1)
    .where(({ exists, selectFrom }) =>
      exists(
        selectFrom('event as e')
          .select('e.seq')
          .whereRef('e.project_id', '=', 'w.project_id')
          .whereRef('e.seq', '>', 'w.event_cursor'),
      ),
    )
    .limit(FANOUT_ENDPOINTS)
    .execute();
  let more = behind.length === FANOUT_ENDPOINTS;
  for (const { id } of behind) more = (await fanOutEndpoint(db, id)) || more;
  return more;
}

/** Finished deliveries older than the retention go (their attempts with them). */
async function prune(db: Db): Promise<void> {
  const before = new Date(Date.now() - DELIVERY_RETENTION_MS).toISOString();
  const old = db
    .selectFrom('webhook_delivery')
    .select('id')
    .where('created_at', '<', before)
    .where('state', '!=', 'pending')
    .limit(500);
  await db.deleteFrom('webhook_delivery').where('id', 'in', old).execute();
}

/** The wait before attempt `n + 1` after `n` failed ones: doubling from the first retry's delay, up to an hour, with jitter (half to all of it). */
export function retryDelay(settings: WebhookSettings, attempt: number): number {
  const ceiling = Math.min(
    MAX_RETRY_DELAY_MS,
    settings.firstRetryMs * 2 ** Math.min(attempt - 1, 30),
  );
  return Math.round(ceiling / 2 + (Math.random() * ceiling) / 2);
}

const failedDelivery: JobDefinition['failed'] = async (tx, job) => {
  await tx
    .updateTable('webhook_delivery')
    .set({ state: 'failed', next_attempt_at: null, updated_at: new Date().toISOString() })
    .where('id', '=', job.resource_id)
    .where('state', '=', 'pending')
    .execute();
};

export const webhookJobs = defineJobs({
  'webhook.fanout': {
    steps: {
      async start(env) {
        const { logger } = webhookEnv.get(env.db) ?? {};
        try {
          for (let round = 0; round < 20 && (await fanOut(env.db)); round++);
          await prune(env.db);
        } catch (err) {
          // Never let the fan-out fail for good: the cursors make the next round start where this one stopped.
          logger?.warn({ err }, 'webhook fan-out failed; will retry');
        }
        // The hub wakes this job as soon as events commit (webhook.handlers.ts); the delay is the safety net.
        return {
          next: {
            step: 'start',
            delayMs: (await anyWebhookOn(env.db)) ? FANOUT_EVERY_MS : FANOUT_IDLE_MS,
          },
        };
      },
    },
  },
  'webhook.deliver': {
    steps: {
      async start(env, job): Promise<StepOutcome> {
        const found = webhookEnv.get(env.db);
        if (!found) throw new Error('webhook settings are not registered for this database');
        const { settings } = found;
        const d = await env.db
          .selectFrom('webhook_delivery as d')
          .innerJoin('webhook_endpoint as w', 'w.id', 'd.endpoint_id')
          .select([
            'd.id',
            'd.body',
            'd.state',
            'd.attempt_count',
            'd.first_attempt_at',
            'w.id as endpoint_id',
            'w.url',
            'w.enabled',
            'w.secret_sealed',
            'w.previous_secret_sealed',
            'w.previous_secret_expires_at',
          ])
          .where('d.id', '=', job.resource_id)
          .executeTakeFirst();
        // Deleted with its webhook, or finished: nothing to do.
        if (!d || d.state !== 'pending') return {};
        const n = Number(d.attempt_count) + 1;
        const started = Date.now();
        const first = d.first_attempt_at ?? new Date(started).toISOString();
        let result: { status: number | null; error: string | null; responseMs: number };
        if (Number(d.enabled) !== 1) {
          result = { status: null, error: 'Not sent: the webhook is disabled.', responseMs: 0 };
        } else {
          const secrets = [await unsealSecret(env.db, d.endpoint_id, d.secret_sealed)];
          if (
            d.previous_secret_sealed &&
            d.previous_secret_expires_at &&
            Date.parse(d.previous_secret_expires_at) > started
          ) {
            secrets.push(await unsealSecret(env.db, d.endpoint_id, d.previous_secret_sealed));
          }
          const timestamp = Math.floor(started / 1000);
          const headers = {
            'Content-Type': 'application/json',
            'User-Agent': 'cloud-console-webhooks/1',
            'Webhook-Id': d.id,
            'Webhook-Timestamp': String(timestamp),
            'Webhook-Signature': secrets
              .map((s) => signature(s, d.id, timestamp, d.body))
              .join(' '),
          };
          result = await postWebhook(d.url, headers, d.body, settings);
        }
        const delivered = result.status !== null && result.status >= 200 && result.status < 300;
        const now = Date.now();
        const delay = retryDelay(settings, n);
        const gaveUp =
          !delivered &&
          (Number(d.enabled) !== 1 || now + delay - Date.parse(first) > settings.retryForMs);
        const state = delivered ? 'delivered' : gaveUp ? 'failed' : 'pending';
        const at = new Date(started).toISOString();
        return {
          async apply(tx) {
            // Gone meanwhile (its webhook was deleted): nothing to record.
            const still = await tx
              .selectFrom('webhook_delivery')
              .select('state')
              .where('id', '=', d.id)
              .executeTakeFirst();
            if (!still || still.state !== 'pending') return;
            await tx
              .insertInto('webhook_attempt')
              .values({
                delivery_id: d.id,
                n,
                at,
                status: result.status,
                error: result.error,
                response_ms: result.responseMs,
              })
              .execute();
            await tx
              .updateTable('webhook_delivery')
              .set({
                state,
                attempt_count: n,
                first_attempt_at: first,
                next_attempt_at: state === 'pending' ? new Date(now + delay).toISOString() : null,
                updated_at: new Date(now).toISOString(),
              })
              .where('id', '=', d.id)
              .execute();
          },
          next: state === 'pending' ? { step: 'start', delayMs: delay } : undefined,
        };
      },
    },
    failed: failedDelivery,
  },
});

declare module '../../lifecycle/jobs.ts' {
  // eslint-disable-next-line @typescript-eslint/no-empty-object-type -- the members come from the definitions
  interface JobKinds extends KindsOf<typeof webhookJobs> {}
}
