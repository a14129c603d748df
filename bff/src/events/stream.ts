// One server-sent-events stream of a project's events (decision 213): the events after the
// client's Last-Event-ID from the table, then each new one as the hub hears of it; a comment
// line as heartbeat. A client that does not take what was written within the drain timeout
// (or lets more than MAX_BUFFERED_BYTES pile up) is dropped: it reconnects with its
// Last-Event-ID and loses nothing. Whether the caller may still see the project is checked
// again before each batch and heartbeat (two indexed reads; a batch's once for the streams of
// one reader that received it together), so a removed member, a revoked token or an ended
// session stops receiving at once.
import type { Request, Response } from 'express';
import type { ProjectEvent } from '#shared/api/event';
import { EVENT_STREAM_TYPE } from '#shared/api/event-stream';
import type { AppContext } from '../context.ts';
import { SESSION_IDLE_MS } from '../auth/sessions.ts';
import { lastSeq } from './events.store.ts';
import type { AuthInfo } from '../auth/auth.ts';

/** Beyond this, a client is dropped at once, whatever the timeout (the hub's batches keep it far below). */
export const MAX_BUFFERED_BYTES = 1 << 20;
/** Sent first: the browser's EventSource reconnects after this long. */
const RETRY_MS = 3000;

export function formatEvent(event: ProjectEvent): string {
  return `id: ${event.id}\nevent: ${event.type}\ndata: ${JSON.stringify(event)}\n\n`;
}

/**
 * The hub hands the streams of a project woken together one array of events (hub.ts): its text
 * is made once, and the streams of one reader (the same session or token) check their access
 * once for it. Such a check starts after the array was read, as each stream's own would.
 */
const batchText = new WeakMap<ProjectEvent[], Buffer>();
const batchChecks = new WeakMap<ProjectEvent[], Map<string, Promise<boolean>>>();

function textOf(events: ProjectEvent[]): Buffer {
  let text = batchText.get(events);
  if (!text) batchText.set(events, (text = Buffer.from(events.map(formatEvent).join(''))));
  return text;
}

/** Whether `auth` may still read the project: live session or token, still a member (read without touching anything). */
async function stillAllowed(ctx: AppContext, auth: AuthInfo, projectId: string): Promise<boolean> {
  const now = Date.now();
  const member = await ctx.db
    .selectFrom('project_member')
    .select('role')
    .where('project_id', '=', projectId)
    .where('account_id', '=', auth.accountId)
    .executeTakeFirst();
  if (!member) return false;
  if (auth.token) {
    const token = await ctx.db
      .selectFrom('access_token')
      .select('expires_at')
      .where('id', '=', auth.token.id)
      .executeTakeFirst();
    return !!token && (token.expires_at === null || Date.parse(token.expires_at) > now);
  }
  const session = await ctx.db
    .selectFrom('session')
    .select(['revoked_at', 'expires_at', 'last_seen_at'])
    .where('id', '=', auth.sessionId)
    .executeTakeFirst();
  return (
    !!session &&
    !session.revoked_at &&
    Date.parse(session.expires_at) > now &&
    Date.parse(session.last_seen_at) + SESSION_IDLE_MS > now
  );
}

export async function openStream(
  ctx: AppContext,
  opts: { req: Request; res: Response; auth: AuthInfo; projectId: string; after?: number },
): Promise<void> {
  const { req, res, auth, projectId } = opts;
  // Without Last-Event-ID: from the newest event, fixed before the answer starts, so whatever
  // commits once the client sees it open is sent.
  const after = opts.after ?? (await lastSeq(ctx.db, projectId));
  const { heartbeatMs, drainTimeoutMs } = ctx.config.events;
  res.writeHead(200, {
    'Content-Type': `${EVENT_STREAM_TYPE}; charset=utf-8`,
    'X-Accel-Buffering': 'no',
  });
  if (req.method === 'HEAD') return void res.end();
  req.socket.setNoDelay(true);
  req.socket.setKeepAlive(true);

  let ended = false;
  let unsubscribe = () => {};
  /** Set while waiting for the client to take what was written. */
  let draining: Promise<void> | undefined;

  const end = (drop?: string) => {
    if (ended) return;
    ended = true;
    unsubscribe();
    release();
    clearInterval(heartbeat);
    if (drop) {
      ctx.logger.warn(
        {
          project: projectId,
          requestId: res.getHeader('X-Request-Id'),
          buffered: res.writableLength,
        },
        `event stream dropped: ${drop}`,
      );
      res.destroy();
    } else res.end();
  };

  // Read each time: a batch sent after a removal committed would leak what the member may no longer see.
  const allowed = () => stillAllowed(ctx, auth, projectId);

  /** Writes `text`; resolves once the client took it (or the stream ended). */
  const write = (text: string | Buffer): Promise<void> => {
    if (ended) return Promise.resolve();
    if (res.writableLength > MAX_BUFFERED_BYTES) {
      end('the client is not reading');
      return Promise.resolve();
    }
    if (res.write(text)) return Promise.resolve();
    draining ??= new Promise<void>((resolve) => {
      const done = () => {
        clearTimeout(timer);
        res.off('drain', done);
        res.off('close', done);
        draining = undefined;
        resolve();
      };
      const timer = setTimeout(() => {
        end(`the client took nothing for ${drainTimeoutMs} ms`);
        done();
      }, drainTimeoutMs);
      res.on('drain', done);
      res.on('close', done);
    });
    return draining;
  };

  /** The reader's check for this batch, shared with the other streams of the same reader that received it. */
  const readerKey = `${auth.accountId} ${auth.token ? `token ${auth.token.id}` : `session ${auth.sessionId}`}`;
  const allowedFor = (events: ProjectEvent[]) => {
    let checks = batchChecks.get(events);
    if (!checks) batchChecks.set(events, (checks = new Map()));
    let check = checks.get(readerKey);
    if (!check) checks.set(readerKey, (check = allowed().catch(() => true)));
    return check;
  };

  const onEvents = async (events: ProjectEvent[]) => {
    if (ended) return;
    if (!(await allowedFor(events))) return end();
    await write(textOf(events));
  };

  const release = ctx.events.hold(() => end());
  const heartbeat = setInterval(() => {
    if (draining) return;
    allowed()
      .then((ok) => (ok ? write(': heartbeat\n\n') : end()))
      .catch(() => {});
  }, heartbeatMs);
  heartbeat.unref();
  res.on('close', () => end());
  res.write(`retry: ${RETRY_MS}\n\n`);
  unsubscribe = ctx.events.subscribe(projectId, onEvents, { after });
}
