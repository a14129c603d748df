// A project's events (behaviour.md §12): what the stream `GET P/events` sends and what webhooks
// deliver. One event per change of an object a member may watch, in the order the changes
// committed. Kept free of zod so the console's first screen can import it.
import type { IdKind } from '../ids.ts';

/** What happened to the object. */
export const EVENT_VERBS = ['created', 'state_changed', 'renamed', 'updated', 'deleted'] as const;
export type EventVerb = (typeof EVENT_VERBS)[number];

/**
 * Kinds of events whose object has no ID of its own: a member (their account) and the
 * project's spend alert (the project's ID; state `crossed` when the month's spend crosses it).
 */
export const OTHER_EVENT_KINDS = ['projectMember', 'spendAlert'] as const;
export type EventKind = IdKind | (typeof OTHER_EVENT_KINDS)[number];

/** `<object kind>.<verb>`, e.g. `vm.created`, `privateSubnet.state_changed`, `projectMember.deleted`. */
export type EventType = `${EventKind}.${EventVerb}`;

export interface ProjectEvent {
  /** The event's sequence number: the server-sent event's `id`, a webhook's `event_id`. */
  id: string;
  type: EventType;
  object: {
    id: string;
    kind: EventKind;
    name: string | null;
    location: string | null;
  };
  /** The object's state after the change, where it has one (null otherwise). */
  state: string | null;
  /** ISO-8601 UTC time of the change. */
  at: string;
}
