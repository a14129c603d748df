// Webhooks: endpoints (lookup by ID or name, a paged list, the writes), their secrets (sealed at
// rest), and their deliveries with attempts (newest first). Writes take the caller's transaction.
import type { Selectable } from 'kysely';
import {
  TEST_EVENT_TYPE,
  webhookKind,
  type DeliveryState,
  type Webhook,
  type WebhookDelivery,
  type WebhookEvent,
} from '#shared/api/webhook';
import { newId } from '#shared/ids';
import { parseReference } from '#shared/names';
import type { Page } from '#shared/pagination';
import type { Quotas } from '../../config.ts';
import type { Db, Queryable } from '../../db/database.ts';
import { forUpdate } from '../../db/locks.ts';
import { pageWhere } from '../../db/paging.ts';
import type { Tx } from '../../db/transaction.ts';
import { invalidRequest, nameTaken, notFound } from '../../errors.ts';
import { enqueueJob } from '../../lifecycle/jobs.ts';
import { assertPublicUrl } from '../../net/public-target.ts';
import { sealer } from '../../seal.ts';
import { assertBelowQuota } from '../scoped.ts';
import { newWebhookSecret, secretHint } from './webhook.send.ts';
import type {
  WebhookAttemptTable,
  WebhookDeliveryTable,
  WebhookEndpointTable,
} from './webhook.tables.ts';

export type WebhookRow = Selectable<WebhookEndpointTable>;
export type DeliveryRow = Selectable<WebhookDeliveryTable>;
type AttemptRow = Selectable<WebhookAttemptTable>;

/** How long a rotated-out secret keeps signing (decision 217). */
export const PREVIOUS_SECRET_MS = 24 * 3600_000;

const secrets = sealer('webhook_seal_key');
export const sealSecret = (db: Db, endpointId: string, secret: string) =>
  secrets.seal(db, endpointId, secret);
export const unsealSecret = (db: Db, endpointId: string, sealed: string) =>
  secrets.unseal(db, endpointId, sealed);

export const eventTypesOf = (row: Pick<WebhookRow, 'event_types'>): string[] =>
  JSON.parse(row.event_types) as string[];

export function webhookView(row: WebhookRow, now = Date.now()): Webhook {
  const previous =
    row.previous_secret_expires_at && Date.parse(row.previous_secret_expires_at) > now
      ? row.previous_secret_expires_at
      : null;
  return {
    id: row.id,
    name: row.name,
    url: row.url,
    event_types: eventTypesOf(row),
    enabled: Number(row.enabled) === 1,
    secret_hint: row.secret_hint,
    previous_secret_expires_at: previous,
    created_at: row.created_at,
  };
}

export async function findWebhook(
  db: Queryable,
  projectId: string,
  reference: string,
): Promise<WebhookRow> {
  const ref = parseReference('webhookEndpoint', reference);
  const q = db.selectFrom('webhook_endpoint').selectAll().where('project_id', '=', projectId);
  const row = await (
    'id' in ref ? q.where('id', '=', ref.id) : q.where('name', '=', ref.name)
  ).executeTakeFirst();
  if (!row) throw notFound();
  return row;
}

export const webhookPage = (db: Db, projectId: string, page: Page) =>
  pageWhere(db, 'webhook_endpoint', 'project_id', projectId, page);

async function assertNameFree(tx: Tx, projectId: string, name: string, exceptId?: string) {
  let q = tx
    .selectFrom('webhook_endpoint')
    .select('id')
    .where('project_id', '=', projectId)
    .where('name', '=', name);
  if (exceptId) q = q.where('id', '!=', exceptId);
  if (await q.executeTakeFirst()) throw nameTaken();
}

/** https:// only (but in development), then the check of every URL the server calls. A name is checked again, by its addresses, at every delivery. */
function assertUrl(url: string, allowPrivate: boolean) {
  if (!allowPrivate && new URL(url).protocol !== 'https:')
    throw invalidRequest({
      url: 'The URL must start with https:// (http:// is allowed only in development, with WEBHOOK_ALLOW_PRIVATE=1).',
    });
  assertPublicUrl('url', url, allowPrivate);
}

/** The `seq` of the project's newest event: a new or re-enabled endpoint receives what happens after it. */
async function lastSeq(tx: Tx, projectId: string): Promise<number> {
  const row = await tx
    .selectFrom('event')
    .select((eb) => eb.fn.max('seq').as('seq'))
    .where('project_id', '=', projectId)
    .executeTakeFirst();
  return Number(row?.seq ?? 0);
}

export interface NewWebhook {
  id: string;
  projectId: string;
  name: string;
  url: string;
  event_types: string[];
  enabled: boolean;
  /** The secret in clear (answered once) and sealed (kept). */
  secret: string;
  sealed: string;
}

/** A secret for a webhook about to be made or rotated: made and sealed outside the transaction. */
export async function prepareSecret(db: Db, endpointId: string) {
  const secret = newWebhookSecret();
  return { secret, sealed: await sealSecret(db, endpointId, secret) };
}

/** A new endpoint within the project's quota (counted under the project's row lock), with a free name and an allowed URL. */
export async function registerWebhook(
  tx: Tx,
  webhook: NewWebhook,
  opts: { quotas: Quotas; allowPrivate: boolean },
): Promise<WebhookRow> {
  assertUrl(webhook.url, opts.allowPrivate);
  await forUpdate(
    tx,
    tx.selectFrom('project').select('id').where('id', '=', webhook.projectId),
  ).execute();
  const { n } = await tx
    .selectFrom('webhook_endpoint')
    .select((eb) => eb.fn.countAll<number>().as('n'))
    .where('project_id', '=', webhook.projectId)
    .executeTakeFirstOrThrow();
  if (webhookKind.quota)
    assertBelowQuota(opts.quotas, webhookKind.quota, Number(n), 'This project', webhookKind.plural);
  await assertNameFree(tx, webhook.projectId, webhook.name);
  const now = new Date().toISOString();
  const row: WebhookRow = {
    id: webhook.id,
    project_id: webhook.projectId,
    name: webhook.name,
    url: webhook.url,
    event_types: JSON.stringify(webhook.event_types),
    enabled: webhook.enabled ? 1 : 0,
    secret_sealed: webhook.sealed,
    secret_hint: secretHint(webhook.secret),
    previous_secret_sealed: null,
    previous_secret_expires_at: null,
    event_cursor: await lastSeq(tx, webhook.projectId),
    created_at: now,
    updated_at: now,
  };
  await tx.insertInto('webhook_endpoint').values(row).execute();
  return row;
}

export interface WebhookChange {
  name?: string;
  url?: string;
  event_types?: string[];
  enabled?: boolean;
}

export async function updateWebhook(
  tx: Tx,
  row: WebhookRow,
  change: WebhookChange,
  allowPrivate: boolean,
): Promise<WebhookRow> {
  if (change.name !== undefined) await assertNameFree(tx, row.project_id, change.name, row.id);
  if (change.url !== undefined) assertUrl(change.url, allowPrivate);
  const next: WebhookRow = {
    ...row,
    name: change.name ?? row.name,
    url: change.url ?? row.url,
    event_types: change.event_types ? JSON.stringify(change.event_types) : row.event_types,
    enabled: change.enabled === undefined ? row.enabled : change.enabled ? 1 : 0,
    updated_at: new Date().toISOString(),
  };
  // Switched on again: what happened while it was off is not sent.
  if (Number(row.enabled) === 0 && Number(next.enabled) === 1)
    next.event_cursor = await lastSeq(tx, row.project_id);
  await tx
    .updateTable('webhook_endpoint')
    .set({
      name: next.name,
      url: next.url,
      event_types: next.event_types,
      enabled: next.enabled,
      event_cursor: next.event_cursor,
      updated_at: next.updated_at,
    })
    .where('id', '=', row.id)
    .execute();
  return next;
}

/** A new secret; the current one keeps signing for 24 hours unless `keepPrevious` is false. */
export async function rotateSecret(
  tx: Tx,
  row: WebhookRow,
  fresh: { secret: string; sealed: string },
  keepPrevious: boolean,
): Promise<WebhookRow> {
  const now = Date.now();
  const next: WebhookRow = {
    ...row,
    secret_sealed: fresh.sealed,
    secret_hint: secretHint(fresh.secret),
    previous_secret_sealed: keepPrevious ? row.secret_sealed : null,
    previous_secret_expires_at: keepPrevious
      ? new Date(now + PREVIOUS_SECRET_MS).toISOString()
      : null,
    updated_at: new Date(now).toISOString(),
  };
  await tx
    .updateTable('webhook_endpoint')
    .set({
      secret_sealed: next.secret_sealed,
      secret_hint: next.secret_hint,
      previous_secret_sealed: next.previous_secret_sealed,
      previous_secret_expires_at: next.previous_secret_expires_at,
      updated_at: next.updated_at,
    })
    .where('id', '=', row.id)
    .execute();
  return next;
}

export async function deleteWebhook(tx: Tx, row: WebhookRow): Promise<void> {
  await tx.deleteFrom('webhook_endpoint').where('id', '=', row.id).execute();
}

// ---- Deliveries.

/** A delivery of `event` to the endpoint, with its job: sent by the worker once committed. */
export async function addDelivery(
  tx: Tx,
  endpoint: Pick<WebhookRow, 'id' | 'project_id'>,
  event: WebhookEvent,
  seq: number | null,
  id = newId('webhookDelivery'),
): Promise<DeliveryRow> {
  const now = new Date().toISOString();
  const row: DeliveryRow = {
    id,
    endpoint_id: endpoint.id,
    project_id: endpoint.project_id,
    event_seq: seq,
    event_type: event.type,
    body: JSON.stringify(event),
    state: 'pending',
    attempt_count: 0,
    first_attempt_at: null,
    next_attempt_at: now,
    created_at: now,
    updated_at: now,
  };
  await tx.insertInto('webhook_delivery').values(row).execute();
  await enqueueJob(tx, 'webhook.deliver', row.id);
  return row;
}

/** The test event: `webhook.test`, about the webhook itself; no event of the project has its `id`, the delivery's ID. */
export function testEvent(endpoint: WebhookRow, deliveryId: string): WebhookEvent {
  return {
    id: deliveryId,
    type: TEST_EVENT_TYPE,
    object: { id: endpoint.id, kind: 'webhookEndpoint', name: endpoint.name, location: null },
    state: null,
    at: new Date().toISOString(),
    project_id: endpoint.project_id,
  };
}

function deliveryView(row: DeliveryRow, attempts: AttemptRow[]): WebhookDelivery {
  return {
    id: row.id,
    webhook_id: row.endpoint_id,
    event_type: row.event_type,
    state: row.state,
    created_at: row.created_at,
    next_attempt_at: row.state === 'pending' ? row.next_attempt_at : null,
    attempts: attempts.map((a) => ({
      at: a.at,
      status: a.status === null ? null : Number(a.status),
      error: a.error,
      response_ms: Number(a.response_ms),
    })),
    event: JSON.parse(row.body) as WebhookEvent,
  };
}

async function withAttempts(db: Queryable, rows: DeliveryRow[]): Promise<WebhookDelivery[]> {
  if (!rows.length) return [];
  const attempts = await db
    .selectFrom('webhook_attempt')
    .selectAll()
    .where(
      'delivery_id',
      'in',
      rows.map((r) => r.id),
    )
    .orderBy('delivery_id')
    .orderBy('n')
    .execute();
  const by = new Map<string, AttemptRow[]>();
  for (const a of attempts) by.set(a.delivery_id, [...(by.get(a.delivery_id) ?? []), a]);
  return rows.map((r) => deliveryView(r, by.get(r.id) ?? []));
}

export async function deliveryPage(
  db: Db,
  endpointId: string,
  query: { state?: DeliveryState; limit: number; before?: string },
) {
  const rows = await db
    .selectFrom('webhook_delivery')
    .selectAll()
    .where('endpoint_id', '=', endpointId)
    .$if(query.state !== undefined, (b) => b.where('state', '=', query.state!))
    .$if(query.before !== undefined, (b) => b.where('id', '<', query.before!))
    .orderBy('id', 'desc')
    .limit(query.limit + 1)
    .execute();
  const more = rows.length > query.limit;
  const page = rows.slice(0, query.limit);
  return {
    items: await withAttempts(db, page),
    pagination_key: more ? page[page.length - 1]!.id : undefined,
  };
}

export async function findDelivery(
  db: Queryable,
  endpointId: string,
  id: string,
): Promise<WebhookDelivery> {
  const row = await db
    .selectFrom('webhook_delivery')
    .selectAll()
    .where('endpoint_id', '=', endpointId)
    .where('id', '=', id)
    .executeTakeFirst();
  if (!row) throw notFound();
  return (await withAttempts(db, [row]))[0]!;
}

export const deliveryViewOf = (row: DeliveryRow): WebhookDelivery => deliveryView(row, []);
