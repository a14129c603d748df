// Live state: poll only while something on screen is changing, and announce a change that
// finished (the aria-live region) without a reload. No toast: toasts answer what this tab
// asked for; a change that finished by itself or elsewhere goes to the activity list
// (activity.ts, from the event stream).
import { useEffect, useMemo, useRef } from 'react';
import { announce } from '../components/ui/announcer.tsx';
import { ApiError } from './api-client.ts';
import { streamIsLive } from './connection.ts';

export const LIVE_POLL_MS = 1000;

/**
 * A React Query `refetchInterval`: poll every second while `changing(data)` holds, else not;
 * never while the project's event stream is up (events.ts updates the cache then).
 * `refetchInterval: pollWhile((vm) => isTransitional(vm.state))`.
 */
export function pollWhile<T>(changing: (data: T) => boolean) {
  return (query: { state: { data: T | undefined } }) =>
    query.state.data !== undefined && !streamIsLive() && changing(query.state.data)
      ? LIVE_POLL_MS
      : false;
}

/** A `refetchInterval` for a query that polls while `changing` is true: not while the event stream is up. */
export function pollIf(changing: boolean) {
  return () => (changing && !streamIsLive() ? LIVE_POLL_MS : false);
}

export interface Watched {
  id: string;
  name: string;
  state: string;
}

/**
 * Announces each item of `items` that leaves one of the `transitional` states, and each one
 * that was `deleting` and is gone. `what` names the kind ("VM", "Private subnet"). An item
 * that first shows up already settled (made elsewhere, its whole transition between two
 * reads) is announced as it is; a new `scope` (another project) starts over, quietly.
 */
export function useAnnounceTransitions(
  items: Watched[] | undefined,
  transitional: readonly string[],
  what: string,
  scope = '',
) {
  const seen = useRef<{ scope: string; items: Map<string, Watched> } | null>(null);
  useEffect(() => {
    if (!items) return;
    const before = seen.current?.scope === scope ? seen.current.items : undefined;
    const now = new Map(items.map((i) => [i.id, i]));
    if (before) {
      const settled = (i: Watched) => `${what} ${i.name} is ${i.state}.`;
      for (const [id, prev] of before) {
        if (!transitional.includes(prev.state)) continue;
        const cur = now.get(id);
        const text = cur
          ? transitional.includes(cur.state)
            ? undefined
            : settled(cur)
          : prev.state === 'deleting'
            ? `${what} ${prev.name} was deleted.`
            : undefined;
        if (text) announce(text);
      }
      for (const [id, cur] of now) {
        if (!before.has(id) && !transitional.includes(cur.state)) announce(settled(cur));
      }
    }
    seen.current = { scope, items: now };
  }, [items, transitional, what, scope]);
}

/**
 * A detail page whose object is gone (a refetch answered 404, e.g. after its delete finished
 * here or elsewhere): says so (aria-live) once, then `leave()`s, e.g. to the list.
 */
export function useLeaveWhenGone(
  error: unknown,
  lastState: string,
  what: string,
  name: string,
  leave: () => void,
) {
  const gone = error instanceof ApiError && error.status === 404;
  const left = useRef(false);
  useEffect(() => {
    if (!gone || left.current) return;
    left.current = true;
    const text =
      lastState === 'deleting'
        ? `${what} ${name} was deleted.`
        : `${what} ${name} no longer exists.`;
    announce(text);
    leave();
  }, [gone, lastState, what, name, leave]);
}

/**
 * A detail page's live state: announces its object settling (`transitional` → another state)
 * and, once the object is gone (its delete finished), says so and `leave()`s.
 */
export function useLiveDetail(
  item: Watched,
  error: unknown,
  transitional: readonly string[],
  what: string,
  leave: () => void,
) {
  useAnnounceTransitions(
    useMemo(() => [item], [item]),
    transitional,
    what,
  );
  useLeaveWhenGone(error, item.state, what, item.name, leave);
}
