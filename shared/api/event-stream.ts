// The route of a project's event stream (behaviour.md §12, decision 213): server-sent events,
// each `id: <seq>`, `event: <type>`, `data: <ProjectEvent JSON>` (shared/api/event.ts).
import { z } from 'zod';
import { ID_PREFIXES, type IdKind } from '../ids.ts';
import { current, inProject, P, route, type RouteList } from '../route-helpers.ts';
import { EVENT_VERBS, OTHER_EVENT_KINDS } from './event.ts';

export const EVENT_STREAM_TYPE = 'text/event-stream';
/** What `Last-Event-ID` (or `last_event_id`) must look like: the `id` of an event received before. */
export const LAST_EVENT_ID_PATTERN = /^\d{1,15}$/;
export const LAST_EVENT_ID_MESSAGE =
  'Last-Event-ID must be the id of an event received before (digits).';

const objectKinds = [...(Object.keys(ID_PREFIXES) as IdKind[]), ...OTHER_EVENT_KINDS] as const;

/** A ProjectEvent (shared/api/event.ts) as a schema: for tests and the API reference. */
export const projectEventSchema = z
  .strictObject({
    id: z.string().regex(/^\d+$/),
    type: z.string().regex(new RegExp(`^(${objectKinds.join('|')})\\.(${EVENT_VERBS.join('|')})$`)),
    object: z.strictObject({
      id: z.string(),
      kind: z.enum(objectKinds),
      name: z.string().nullable(),
      location: z.string().nullable(),
    }),
    state: z.string().nullable(),
    at: z.iso.datetime(),
  })
  .meta({ id: 'ProjectEvent' });

/** How many recent events `GET P/events/recent` answers at most, and when `limit` is absent. */
export const RECENT_EVENTS_MAX = 100;
export const RECENT_EVENTS_DEFAULT = 20;

export const recentEventsSchema = z
  .strictObject({ items: z.array(projectEventSchema) })
  .meta({ id: 'RecentProjectEvents' });

export const eventStreamRoutes = {
  streamProjectEvents: route({
    ...current,
    tag: 'Project',
    method: 'get',
    path: `${P}/events`,
    summary:
      "The project's events as server-sent events: `id: <seq>`, `event: <type>`, `data: <event JSON>`. With a `Last-Event-ID` header (or `last_event_id`), the events after it are sent first; then each new event as it commits. A comment line every 15 s keeps the connection open.",
    params: inProject,
    query: z.object({
      /** For clients that cannot set the `Last-Event-ID` header; the header wins. */
      last_event_id: z.string().regex(LAST_EVENT_ID_PATTERN, LAST_EVENT_ID_MESSAGE).optional(),
    }),
    response: z.string().meta({
      id: 'ProjectEventStream',
      description:
        'A text/event-stream. Each event: `id: <seq>`, `event: <type>` (`<object kind>.<verb>`, the verb one of created, state_changed, renamed, updated, deleted) and `data:` one line of JSON `{"id", "type", "object": {"id", "kind", "name", "location"}, "state", "at"}`; lines starting with `:` are heartbeats.',
    }),
    responseType: EVENT_STREAM_TYPE,
  }),
  listRecentProjectEvents: route({
    ...current,
    tag: 'Project',
    method: 'get',
    path: `${P}/events/recent`,
    summary:
      "The project's latest events, newest first: what the stream sent before a client opened it (the console's recent activity).",
    params: inProject,
    query: z.object({
      limit: z
        .string()
        .regex(/^\d+$/, 'limit must be a positive integer.')
        .transform(Number)
        .refine((n) => n >= 1, 'limit must be a positive integer.')
        .transform((n) => Math.min(n, RECENT_EVENTS_MAX))
        .optional(),
    }),
    response: recentEventsSchema,
  }),
} as const satisfies RouteList;
