// How connected the console is: the open project's event stream (events.ts sets its status)
// and whether the server answers at all (api-client.ts). Apart from events.ts so the error
// page, in the first bundle, can use it without the stream's code.
import { useEffect, useRef, useSyncExternalStore } from 'react';
import { onReachabilityChange, serverReachable } from './api-client.ts';

export type StreamStatus = 'connecting' | 'live' | 'down';

let status: StreamStatus = 'connecting';
const listeners = new Set<() => void>();

/** Set by the project's stream (events.ts). */
export function setStreamStatus(next: StreamStatus): void {
  if (next === status) return;
  status = next;
  listeners.forEach((l) => l());
}

export function streamStatus(): StreamStatus {
  return status;
}

/** Whether the open project's event stream is up: the queries need not poll. */
export function streamIsLive(): boolean {
  return status === 'live';
}

export function useStreamStatus(): StreamStatus {
  return useSyncExternalStore(
    (l) => {
      listeners.add(l);
      return () => listeners.delete(l);
    },
    () => status,
  );
}

/**
 * What the open project's page can tell the user about its data: `live` (the stream is up),
 * `polling` (the stream is down but the server answers: the pages poll), `unreachable` (no
 * answer from the server: what is shown may be out of date), or `connecting`.
 */
export type Connection = 'connecting' | 'live' | 'polling' | 'unreachable';

export function useConnection(): Connection {
  const stream = useStreamStatus();
  const reachable = useSyncExternalStore(onReachabilityChange, serverReachable);
  if (stream === 'live') return 'live';
  if (!reachable) return 'unreachable';
  return stream === 'down' ? 'polling' : 'connecting';
}

/**
 * Calls `retry` when the project's event stream comes back after being down or not yet up:
 * the server answers again (an error page tries its route again without a click).
 */
export function useRetryOnReconnect(retry: () => void): void {
  const stream = useStreamStatus();
  const before = useRef(stream);
  useEffect(() => {
    const was = before.current;
    before.current = stream;
    if (stream === 'live' && was !== 'live') retry();
  }, [stream, retry]);
}
