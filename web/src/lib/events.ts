// Live updates from the project's event stream (decision 214): one EventSource per open
// project (`GET P/events`, the session cookie goes along: same origin). Each event updates the
// query cache in place: a state change or a rename is written into the cached lists that hold
// the object (no request); anything else, and every other query of the project (detail pages,
// their tabs), is invalidated, so only what is on screen is read again. While the stream is
// up nothing polls; while it is down the queries poll as before (live.ts) and the project
// shell says so (and, when the server does not answer either, that the data may be out of
// date); its reconnection is also when an error page tries its route again. Each event also
// enters the activity list behind the header's bell (activity.ts).
import type { Query, QueryClient } from '@tanstack/react-query';
import { useEffect } from 'react';
import { EVENT_VERBS, OTHER_EVENT_KINDS, type ProjectEvent } from '#shared/api/event';
import { ID_PREFIXES } from '#shared/ids';
import { activity } from './activity.ts';
import { urlFor } from './api-client.ts';
import { setStreamStatus as setStatus, streamStatus } from './connection.ts';

/** Every event type, each a named server-sent event. */
const TYPES = [...Object.keys(ID_PREFIXES), ...OTHER_EVENT_KINDS].flatMap((kind) =>
  EVENT_VERBS.map((verb) => `${kind}.${verb}`),
);

/** While the stream is down: every query on screen is read again this often (besides live.ts's polling). */
export const FALLBACK_REFRESH_MS = 5000;
/** After the browser gave up on a stream (an HTTP error), a new one is tried this much later. */
const REOPEN_MS = 5000;
/** How long an event's object is remembered, for data a mutation writes into the cache afterwards. */
const RECENT_MS = 30_000;
/** Events arriving together are applied together. */
const BATCH_MS = 50;

/** Queries of the project: their key names it. Metrics and logs keep their own pace. */
function ofProject(projectId: string) {
  return (query: Query) => {
    const key = JSON.stringify(query.queryKey);
    return key.includes(`"${projectId}"`) && !key.includes('"metrics"') && !key.includes('"logs"');
  };
}

const isList = (query: Query) => query.queryKey[1] === 'list';

interface Item {
  id?: unknown;
  name?: unknown;
  state?: unknown;
  display_state?: unknown;
}

/** A list's data with the object's new state or name, or undefined when the list does not hold it. */
function patched(data: unknown, e: ProjectEvent): unknown {
  const items = (data as { items?: Item[] } | undefined)?.items;
  if (!Array.isArray(items) || !items.some((i) => i.id === e.object.id)) return undefined;
  return {
    ...(data as object),
    items: items.map((i) => {
      if (i.id !== e.object.id) return i;
      if (e.type.endsWith('.renamed')) return { ...i, name: e.object.name };
      return 'display_state' in i ? { ...i, display_state: e.state } : { ...i, state: e.state };
    }),
  };
}

/** Whether cached data is, or lists, the object `id`. */
function mentions(data: unknown, id: string): boolean {
  const d = data as (Item & { items?: Item[] }) | undefined;
  return d?.id === id || (Array.isArray(d?.items) && d.items.some((i) => i.id === id));
}

/** Set while this module writes into the cache (those writes are the events' own). */
let patching = false;

/** Applies a batch of the project's events to the cache. */
function apply(queryClient: QueryClient, projectId: string, events: ProjectEvent[]): void {
  const cache = queryClient.getQueryCache();
  const queries = cache.findAll({ predicate: ofProject(projectId) });
  const stale = new Set<Query>();
  const write = (q: Query, data: unknown) => {
    patching = true;
    try {
      queryClient.setQueryData(q.queryKey, data);
    } finally {
      patching = false;
    }
  };
  for (const e of events) {
    const renamed = e.type.endsWith('.renamed');
    const inPlace = e.type.endsWith('.state_changed') || renamed;
    for (const q of queries) {
      if (q.queryKey[0] === 'project' && !e.type.startsWith('project.')) continue;
      if (inPlace && isList(q)) {
        const next = patched(q.state.data, e);
        if (next !== undefined) write(q, next);
        continue;
      }
      // A detail is read by name: read again, the old name would answer 404 (and the page
      // that renamed it is moving to the new name). Its name is written in place instead.
      if (renamed && (q.state.data as Item | undefined)?.id === e.object.id) {
        write(q, { ...(q.state.data as object), name: e.object.name });
        continue;
      }
      stale.add(q);
    }
  }
  for (const q of stale) void queryClient.invalidateQueries({ queryKey: q.queryKey, exact: true });
}

/** Queries of the project that are polling (something on them is changing). */
function polling(queryClient: QueryClient, projectId: string): Query[] {
  return queryClient
    .getQueryCache()
    .findAll({ predicate: ofProject(projectId), type: 'active' })
    .filter((q) => {
      const interval = (q.options as { refetchInterval?: unknown }).refetchInterval;
      return typeof interval === 'function' ? !!interval(q) : !!interval;
    });
}

function refetchActive(queryClient: QueryClient, projectId: string): void {
  void queryClient.invalidateQueries({ predicate: ofProject(projectId), refetchType: 'active' });
}

/**
 * Subscribes to the project's events while mounted (the project shell): once per open
 * project. EventSource reconnects by itself with Last-Event-ID after a network error; after an
 * HTTP error it gives up, and a new one is opened a few seconds later.
 */
export function useProjectEvents(queryClient: QueryClient, projectId: string): void {
  useEffect(() => {
    let source: EventSource | undefined;
    let reopen: ReturnType<typeof setTimeout> | undefined;
    let fallback: ReturnType<typeof setInterval> | undefined;
    let batch: ProjectEvent[] = [];
    let flush: ReturnType<typeof setTimeout> | undefined;
    let wasDown = false;
    let stopped = false;

    /** Objects events named lately: data written into the cache by hand (a mutation's answer) may predate them. */
    const recent = new Map<string, number>();
    const unwatch = queryClient.getQueryCache().subscribe((e) => {
      if (
        patching ||
        e.type !== 'updated' ||
        e.action.type !== 'success' ||
        !e.action.manual ||
        !ofProject(projectId)(e.query)
      )
        return;
      const since = Date.now() - RECENT_MS;
      for (const [id, at] of recent) {
        if (at < since) recent.delete(id);
        else if (mentions(e.query.state.data, id)) {
          void queryClient.invalidateQueries({ queryKey: e.query.queryKey, exact: true });
          return;
        }
      }
    });

    const onEvent = (m: MessageEvent<string>) => {
      const event = JSON.parse(m.data) as ProjectEvent;
      recent.set(event.object.id, Date.now());
      batch.push(event);
      flush ??= setTimeout(() => {
        flush = undefined;
        const events = batch;
        batch = [];
        apply(queryClient, projectId, events);
        activity.record(projectId, events);
      }, BATCH_MS);
    };

    const up = () => {
      // What changed while nobody listened: what was moving (it polled), or after an outage
      // everything on screen.
      const moving = polling(queryClient, projectId);
      setStatus('live');
      clearInterval(fallback);
      fallback = undefined;
      if (wasDown) refetchActive(queryClient, projectId);
      else
        for (const q of moving)
          void queryClient.invalidateQueries({ queryKey: q.queryKey, exact: true });
      wasDown = false;
    };

    const down = () => {
      if (stopped) return;
      if (streamStatus() !== 'down') {
        setStatus('down');
        wasDown = true;
        // Read once: the queries' polling (live.ts) starts again where something is changing.
        refetchActive(queryClient, projectId);
        fallback ??= setInterval(() => refetchActive(queryClient, projectId), FALLBACK_REFRESH_MS);
      }
      if (source?.readyState === EventSource.CLOSED) {
        source = undefined;
        reopen ??= setTimeout(() => {
          reopen = undefined;
          open();
        }, REOPEN_MS);
      }
    };

    const open = () => {
      if (stopped) return;
      const s = new EventSource(urlFor('streamProjectEvents', { project_id: projectId }));
      source = s;
      s.addEventListener('open', up);
      s.addEventListener('error', down);
      for (const type of TYPES) s.addEventListener(type, onEvent);
    };

    setStatus('connecting');
    open();
    return () => {
      stopped = true;
      unwatch();
      source?.close();
      clearTimeout(reopen);
      clearTimeout(flush);
      clearInterval(fallback);
      setStatus('connecting');
    };
  }, [queryClient, projectId]);
}
