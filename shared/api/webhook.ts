// Webhooks (behaviour.md §12, decisions 215-218): a project's admins register HTTPS endpoints
// with the event types they want; each matching event of the project is POSTed to them, signed
// after the Standard Webhooks convention (`webhook-id`, `webhook-timestamp`,
// `webhook-signature: v1,<base64 HMAC-SHA256 of "<id>.<timestamp>.<body>">`), and retried with
// backoff for up to 24 hours. Every attempt is listed with its status and response time.
import { z } from 'zod';
import { EVENT_VERBS, OTHER_EVENT_KINDS } from './event.ts';
import { ID_PREFIXES, idPattern, type IdKind } from '../ids.ts';
import { referenceSchema, resourceName } from '../names.ts';
import { listSchema, paginationQuerySchema } from '../pagination.ts';
import { current, P, project_id, resourceKind, route, type RouteList } from '../route-helpers.ts';
import { WEBHOOK_WORDS } from './webhook-kind.ts';

export const webhookKind = resourceKind({
  idKind: 'webhookEndpoint',
  table: 'webhook_endpoint',
  ...WEBHOOK_WORDS,
  transitionalStates: [],
  children: [],
  inLocation: false,
  quota: { setting: 'WEBHOOK_QUOTA', default: 20 },
  events: false,
});

/** Every signing secret starts with this (the Standard Webhooks form: `whsec_` + base64 of 32 random bytes). */
export const WEBHOOK_SECRET_PREFIX = 'whsec_';

/** The kinds of objects whose events a webhook may ask for (internal kinds have none). */
const INTERNAL_KINDS: readonly IdKind[] = [
  'job',
  'session',
  'mail',
  'auditEntry',
  'account',
  'webhookDelivery',
];
export const WEBHOOK_EVENT_KINDS = [
  ...(Object.keys(ID_PREFIXES) as IdKind[]).filter((k) => !INTERNAL_KINDS.includes(k)),
  ...OTHER_EVENT_KINDS,
] as const;

/** What a test event's `type` is: no object of the project changed. */
export const TEST_EVENT_TYPE = 'webhook.test';

export const EVENT_TYPE_MESSAGE =
  'Event types are "*" (every event), "<kind>.*" (every event of a kind) or "<kind>.<verb>", e.g. "vm.state_changed".';

/** `*`, `<kind>.*` or `<kind>.<verb>` with a kind of WEBHOOK_EVENT_KINDS and a verb of EVENT_VERBS. */
export function isEventTypePattern(value: string): boolean {
  if (value === '*') return true;
  const [kind, verb, more] = value.split('.');
  if (more !== undefined || kind === undefined || verb === undefined) return false;
  return (
    (WEBHOOK_EVENT_KINDS as readonly string[]).includes(kind) &&
    (verb === '*' || (EVENT_VERBS as readonly string[]).includes(verb))
  );
}

/** Whether an event of `type` is wanted by an endpoint asking for `patterns`. */
export function eventTypeMatches(patterns: readonly string[], type: string): boolean {
  const kind = type.slice(0, type.indexOf('.'));
  return patterns.some((p) => p === '*' || p === type || p === `${kind}.*`);
}

export const WEBHOOK_URL_MESSAGE =
  'Enter the https:// URL that receives the events, such as https://hooks.example.com/cloud.';

/**
 * An absolute http(s) URL without credentials or fragment. Whether http and private or
 * loopback addresses are allowed is the server's setting (WEBHOOK_ALLOW_PRIVATE), checked by the BFF.
 */
export const webhookUrlSchema = z
  .string({ error: WEBHOOK_URL_MESSAGE })
  .max(2000, 'The URL may have at most 2000 characters.')
  .refine((text) => {
    if (!URL.canParse(text)) return false;
    const u = new URL(text);
    return (
      (u.protocol === 'https:' || u.protocol === 'http:') &&
      !u.username &&
      !u.password &&
      !u.hash &&
      u.hostname !== ''
    );
  }, WEBHOOK_URL_MESSAGE);

export const eventTypesSchema = z
  .array(z.string().refine(isEventTypePattern, EVENT_TYPE_MESSAGE), {
    error: 'event_types must be a list of event types, e.g. ["*"].',
  })
  .min(1, 'Choose at least one event type ("*" for every event).')
  .max(100, 'At most 100 event types.')
  .transform((types) => [...new Set(types)]);

export const webhookSchema = z
  .strictObject({
    id: z.string().regex(idPattern('webhookEndpoint')),
    name: z.string(),
    url: z.string(),
    event_types: z.array(z.string()),
    /** A disabled webhook receives nothing; its pending deliveries fail at their next attempt. */
    enabled: z.boolean(),
    /** The prefix and the last 4 characters of the current secret, e.g. `whsec_…x4Fq`. */
    secret_hint: z.string(),
    /** After a rotation, deliveries are signed with the previous secret too until then (null: no previous secret). */
    previous_secret_expires_at: z.iso.datetime().nullable(),
    created_at: z.iso.datetime(),
  })
  .meta({ id: 'Webhook' });
export type Webhook = z.infer<typeof webhookSchema>;

export const webhookListSchema = listSchema(webhookSchema).meta({ id: 'WebhookList' });
export type WebhookList = z.infer<typeof webhookListSchema>;

/** The answer of a registration and of a rotation: the webhook and, this once, its secret. */
export const webhookWithSecretSchema = z
  .strictObject({ ...webhookSchema.shape, secret: z.string().startsWith(WEBHOOK_SECRET_PREFIX) })
  .meta({ id: 'WebhookWithSecret' });
export type WebhookWithSecret = z.infer<typeof webhookWithSecretSchema>;

const webhookName = resourceName('webhookEndpoint');

export const registerWebhookBodySchema = z
  .strictObject({
    name: webhookName,
    url: webhookUrlSchema,
    event_types: eventTypesSchema,
    enabled: z.boolean({ error: 'enabled must be true or false.' }).optional(),
  })
  .meta({ id: 'RegisterWebhookBody' });
export type RegisterWebhookBody = z.input<typeof registerWebhookBodySchema>;

export const updateWebhookBodySchema = z
  .strictObject({
    name: webhookName.optional(),
    url: webhookUrlSchema.optional(),
    event_types: eventTypesSchema.optional(),
    enabled: z.boolean({ error: 'enabled must be true or false.' }).optional(),
  })
  .refine(
    (b) => Object.values(b).some((v) => v !== undefined),
    'Give at least one of name, url, event_types, enabled.',
  )
  .meta({ id: 'UpdateWebhookBody' });
export type UpdateWebhookBody = z.input<typeof updateWebhookBodySchema>;

export const rotateWebhookSecretBodySchema = z
  .strictObject({
    /** Keep signing with the previous secret too for 24 hours (default), or stop at once (`false`: it leaked). */
    keep_previous: z.boolean({ error: 'keep_previous must be true or false.' }).optional(),
  })
  .optional()
  .meta({ id: 'RotateWebhookSecretBody' });

/** The JSON body POSTed to an endpoint: the project's event (shared/api/event.ts) and its project. */
export const webhookEventSchema = z
  .strictObject({
    id: z.string(),
    type: z.string(),
    object: z.strictObject({
      id: z.string(),
      kind: z.string(),
      name: z.string().nullable(),
      location: z.string().nullable(),
    }),
    state: z.string().nullable(),
    at: z.string(),
    project_id: z.string(),
  })
  .meta({ id: 'WebhookEvent' });
export type WebhookEvent = z.infer<typeof webhookEventSchema>;

export const DELIVERY_STATES = ['pending', 'delivered', 'failed'] as const;
export type DeliveryState = (typeof DELIVERY_STATES)[number];

export const webhookAttemptSchema = z
  .strictObject({
    at: z.iso.datetime(),
    /** The endpoint's HTTP status; null when no answer came (refused, timeout, network error). */
    status: z.number().int().nullable(),
    /** Why the attempt failed when there is no status, or what a non-2xx status means. */
    error: z.string().nullable(),
    /** From the start of the request to the answer's headers, or to the failure. */
    response_ms: z.number().int().nonnegative(),
  })
  .meta({ id: 'WebhookAttempt' });
export type WebhookAttempt = z.infer<typeof webhookAttemptSchema>;

export const webhookDeliverySchema = z
  .strictObject({
    /** The `webhook-id` header of every attempt: the receiver's idempotency key. */
    id: z.string().regex(idPattern('webhookDelivery')),
    webhook_id: z.string().regex(idPattern('webhookEndpoint')),
    event_type: z.string(),
    state: z.enum(DELIVERY_STATES),
    created_at: z.iso.datetime(),
    /** When the next attempt is due, while pending. */
    next_attempt_at: z.iso.datetime().nullable(),
    /** Oldest first. */
    attempts: z.array(webhookAttemptSchema),
    /** The body sent. */
    event: webhookEventSchema,
  })
  .meta({ id: 'WebhookDelivery' });
export type WebhookDelivery = z.infer<typeof webhookDeliverySchema>;

export const DELIVERY_DEFAULT_LIMIT = 20;
export const DELIVERY_MAX_LIMIT = 100;

export const deliveryListQuerySchema = z.object({
  state: z
    .enum(DELIVERY_STATES, { error: `state must be one of ${DELIVERY_STATES.join(', ')}.` })
    .optional(),
  limit: z
    .string()
    .regex(/^\d+$/, 'limit must be a positive integer.')
    .transform(Number)
    .refine((n) => n >= 1, 'limit must be a positive integer.')
    .transform((n) => Math.min(n, DELIVERY_MAX_LIMIT))
    .optional(),
  /** The `pagination_key` of the previous page's answer. */
  pagination_key: z
    .string()
    .regex(
      idPattern('webhookDelivery'),
      'pagination_key must be the pagination_key of a previous answer.',
    )
    .optional(),
});
export type DeliveryListQuery = z.input<typeof deliveryListQuerySchema>;

export const webhookDeliveryListSchema = z
  .strictObject({
    /** Newest first. */
    items: z.array(webhookDeliverySchema),
    /** Present when there are older deliveries: pass it back for the next page. */
    pagination_key: z.string().optional(),
  })
  .meta({ id: 'WebhookDeliveryList' });
export type WebhookDeliveryList = z.infer<typeof webhookDeliveryListSchema>;

const PATH = `${P}/webhook`;
const ONE = `${PATH}/{webhook_reference}`;
const webhookRef = z.strictObject({ project_id, webhook_reference: referenceSchema });
const tag = 'Webhook';
const admin = { ...current, tag, access: 'admin' } as const;

// `registerWebhook` is not named create* on purpose: an Idempotency-Key would keep its answer,
// the secret, at rest (decision 073).
export const webhookRoutes = {
  listWebhooks: route({
    ...admin,
    method: 'get',
    path: PATH,
    summary: "List the project's webhooks (admins only)",
    params: z.strictObject({ project_id }),
    query: paginationQuerySchema,
    response: webhookListSchema,
  }),
  registerWebhook: route({
    ...admin,
    method: 'post',
    path: PATH,
    summary: 'Register a webhook endpoint; the answer holds its signing secret, shown this once',
    params: z.strictObject({ project_id }),
    body: registerWebhookBodySchema,
    response: webhookWithSecretSchema,
  }),
  getWebhook: route({
    ...admin,
    method: 'get',
    path: ONE,
    summary: 'Get a webhook by ID or name',
    params: webhookRef,
    response: webhookSchema,
  }),
  updateWebhook: route({
    ...admin,
    method: 'patch',
    path: ONE,
    summary: 'Change the name, URL or event types of a webhook, or enable or disable it',
    params: webhookRef,
    body: updateWebhookBodySchema,
    response: webhookSchema,
  }),
  deleteWebhook: route({
    ...admin,
    method: 'delete',
    path: ONE,
    summary: 'Delete a webhook and its deliveries',
    params: webhookRef,
  }),
  rotateWebhookSecret: route({
    ...admin,
    method: 'post',
    path: `${ONE}/rotate-secret`,
    summary:
      'Make a new signing secret (shown this once); the previous one keeps signing for 24 hours unless keep_previous is false',
    params: webhookRef,
    body: rotateWebhookSecretBodySchema,
    response: webhookWithSecretSchema,
  }),
  testWebhook: route({
    ...admin,
    method: 'post',
    path: `${ONE}/test`,
    summary: `Send a test event (type ${TEST_EVENT_TYPE}) to the webhook`,
    params: webhookRef,
    response: webhookDeliverySchema,
  }),
  listWebhookDeliveries: route({
    ...admin,
    method: 'get',
    path: `${ONE}/delivery`,
    summary: "The webhook's deliveries with their attempts, newest first",
    params: webhookRef,
    query: deliveryListQuerySchema,
    response: webhookDeliveryListSchema,
  }),
  getWebhookDelivery: route({
    ...admin,
    method: 'get',
    path: `${ONE}/delivery/{delivery_id}`,
    summary: 'One delivery with its attempts',
    params: z.strictObject({
      project_id,
      webhook_reference: referenceSchema,
      delivery_id: z.string().regex(idPattern('webhookDelivery'), 'Must be a delivery ID.'),
    }),
    response: webhookDeliverySchema,
  }),
} as const satisfies RouteList;
