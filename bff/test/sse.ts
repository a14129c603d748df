// A server-sent-events client for tests: opens `GET P/events` as any client would (fetch,
// a bearer token or the console's cookie), parses what arrives and lets a test wait for it.
import { SESSION_COOKIE } from '#shared/api/auth';
import type { ProjectEvent } from '#shared/api/event';
import { projectEventSchema } from '#shared/api/event-stream';

export interface Received {
  id: string;
  event: string;
  data: ProjectEvent;
}

export interface EventStream {
  status: number;
  headers: Headers;
  /** The body of an answer that is not a stream (an error). */
  text: string;
  events: Received[];
  /** Comment lines (heartbeats) received. */
  comments: string[];
  /** Resolves once the server ended the stream (or the connection broke). */
  ended: Promise<void>;
  isEnded(): boolean;
  /** Waits until `done(events)` holds, or fails when the stream ends first. */
  waitFor(done: (events: Received[]) => boolean, what?: string): Promise<Received[]>;
  /** Waits for `n` more events than were received when it was called... or in all: `untilCount(n)`. */
  untilCount(n: number): Promise<Received[]>;
  close(): void;
}

export interface StreamOptions {
  token?: string;
  cookie?: string;
  lastEventId?: string;
  query?: string;
  headers?: Record<string, string>;
}

export async function openEvents(
  base: string,
  projectId: string,
  opts: StreamOptions = {},
): Promise<EventStream> {
  const headers: Record<string, string> = { accept: 'text/event-stream', ...opts.headers };
  if (opts.token)
    headers.authorization = opts.token.startsWith('Bearer ') ? opts.token : `Bearer ${opts.token}`;
  if (opts.cookie) headers.cookie = `${SESSION_COOKIE}=${opts.cookie}`;
  if (opts.lastEventId !== undefined) headers['last-event-id'] = opts.lastEventId;
  const abort = new AbortController();
  const res = await fetch(
    `${base}/api/project/${projectId}/events${opts.query ? `?${opts.query}` : ''}`,
    { headers, signal: abort.signal },
  );
  const events: Received[] = [];
  const comments: string[] = [];
  const waiters = new Set<() => void>();
  let ended = false;
  const notify = () => waiters.forEach((w) => w());
  let endedResolve!: () => void;
  const endedPromise = new Promise<void>((r) => (endedResolve = r));
  const finish = () => {
    ended = true;
    endedResolve();
    notify();
  };
  const stream: EventStream = {
    status: res.status,
    headers: res.headers,
    text: '',
    events,
    comments,
    ended: endedPromise,
    isEnded: () => ended,
    waitFor(done, what = 'events') {
      return new Promise((resolve, reject) => {
        const check = () => {
          if (done(events)) {
            waiters.delete(check);
            resolve(events);
          } else if (ended) {
            waiters.delete(check);
            reject(
              new Error(
                `the stream ended before ${what}; received ${events.length}, the last ${events
                  .slice(-5)
                  .map((e) => `${e.id} ${e.event}`)
                  .join(', ')}`,
              ),
            );
          }
        };
        waiters.add(check);
        check();
      });
    },
    untilCount(n) {
      return stream.waitFor((e) => e.length >= n, `${n} events`);
    },
    close: () => abort.abort(),
  };
  if (!res.headers.get('content-type')?.startsWith('text/event-stream') || !res.body) {
    stream.text = await res.text();
    finish();
    return stream;
  }
  void (async () => {
    const decoder = new TextDecoder();
    let buffer = '';
    try {
      for await (const chunk of res.body as unknown as AsyncIterable<Uint8Array>) {
        buffer += decoder.decode(chunk, { stream: true });
        let cut: number;
        while ((cut = buffer.indexOf('\n\n')) >= 0) {
          const block = buffer.slice(0, cut);
          buffer = buffer.slice(cut + 2);
          const fields: Record<string, string> = {};
          for (const line of block.split('\n')) {
            if (line.startsWith(':')) comments.push(line.slice(1).trim());
            else {
              const i = line.indexOf(':');
              fields[line.slice(0, i)] = line.slice(i + 1).replace(/^ /, '');
            }
          }
          if (fields.data !== undefined) {
            const data = projectEventSchema.parse(JSON.parse(fields.data)) as ProjectEvent;
            events.push({ id: fields.id ?? '', event: fields.event ?? 'message', data });
          }
        }
        notify();
      }
    } catch {
      // aborted by the test, or cut by the server
    }
    finish();
  })();
  return stream;
}
