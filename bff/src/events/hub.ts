// The events hub (behaviour.md §12, decision 212): tells this process's subscribers about the
// events committed to the event table (written by triggers, events/triggers.ts), by any
// process of the database.
//
//   ctx.events.subscribe(projectId, onEvents, { after })  → unsubscribe()
//     Calls `onEvents(events, projectId)` with the project's events after `after` (a `seq`;
//     by default the newest at subscription), in `seq` order, in batches, each once. If
//     `onEvents` returns a promise, the next batch waits for it (a stream waits for its client
//     to drain this way). Nothing is lost between batches: the subscriber's position is the
//     last `seq` delivered, read again from the table. Subscribers of a project woken together
//     at the same position share one read and get the same array: they must not change it.
//   ctx.events.subscribe('*', onEvents)  → unsubscribe()
//     Every project's events committed while subscribed, in batches per project. A wake-up,
//     not a durable feed: events committed while this process was not listening (PostgreSQL
//     connection lost, process down) are not delivered. A consumer that must see every event
//     (webhooks) keeps its own position in the table and reads from it when woken.
//   ctx.events.poke(projectId?)
//     Says that events may have been committed (SQLite: after the request transactions and
//     the worker's step commits); cheap, coalesced. PostgreSQL needs none.
//   ctx.events.hold(close) → release()
//     Registers an open stream; `endStreams()` (server shutdown) calls every `close`.
//
// How it learns of commits: PostgreSQL: one LISTEN connection per process, NOTIFYed by the
// event table's commit trigger (`<project_id> <seq>`), so every process of one database hears
// every project. SQLite (one process owns the file): pokes after this process's commits. Both:
// a safety poll every EVENTS_POLL_MS while something is subscribed (writes no poke covers: a
// sign-up joining an invitation, a notification lost while reconnecting).
import { createRequire } from 'node:module';
import type PgModule from 'pg';
import type { Logger } from 'pino';
import type { ProjectEvent } from '#shared/api/event';
import type { Db, Engine } from '../db/database.ts';
import {
  allEventsAfter,
  EVENT_BATCH,
  eventsAfter,
  eventsBySeq,
  eventView,
  lastSeq,
  lastSeqs,
} from './events.store.ts';
import type { EventRow } from './events.tables.ts';
import { EVENT_CHANNEL } from './triggers.ts';

export type OnEvents = (events: ProjectEvent[], projectId: string) => void | Promise<void>;
export type Unsubscribe = () => void;

interface Subscriber {
  projectId: string;
  onEvents: OnEvents;
  /** The last `seq` delivered; undefined until the newest at subscription is read. */
  cursor?: number;
  busy: boolean;
  again: boolean;
  closed: boolean;
}

/** A project's events after a cursor (the key), read once for the subscribers woken together. */
type SharedReads = Map<number, Promise<{ last: number; full: boolean; events: ProjectEvent[] }>>;

export interface EventHubOptions {
  db: Db;
  engine: Engine;
  /** PostgreSQL: the database to LISTEN on. */
  databaseUrl?: string;
  pollMs: number;
  logger: Logger;
}

/** The LISTEN connection's application_name (pg_stat_activity). */
export const LISTENER_NAME = 'console-events';
const RECONNECT_MIN_MS = 500;
const RECONNECT_MAX_MS = 30_000;

export class EventHub {
  private readonly byProject = new Map<string, Set<Subscriber>>();
  private readonly everything = new Set<OnEvents>();
  private readonly streams = new Set<() => void>();
  private poll?: NodeJS.Timeout;
  private closed = false;
  /** SQLite, for '*': the last `seq` handed to them (commit order is `seq` order there). */
  private globalCursor?: number;
  private globalBusy = false;
  private globalAgain = false;
  private checking = false;
  private checkAgain = false;
  /** PostgreSQL, for '*': notified seqs not yet read. */
  private notified: number[] = [];
  private notifiedScheduled = false;
  private listener?: PgModule.Client;
  private reconnectMs = RECONNECT_MIN_MS;
  private reconnectTimer?: NodeJS.Timeout;

  constructor(private readonly opts: EventHubOptions) {}

  subscribe(projectId: '*', onEvents: OnEvents): Unsubscribe;
  subscribe(projectId: string, onEvents: OnEvents, opts?: { after?: number }): Unsubscribe;
  subscribe(projectId: string, onEvents: OnEvents, opts: { after?: number } = {}): Unsubscribe {
    this.started();
    if (projectId === '*') {
      this.everything.add(onEvents);
      if (this.opts.engine === 'sqlite' && this.globalCursor === undefined) void this.readGlobal();
      return () => {
        this.everything.delete(onEvents);
        this.idle();
      };
    }
    const sub: Subscriber = {
      projectId,
      onEvents,
      cursor: opts.after,
      busy: false,
      again: false,
      closed: false,
    };
    let set = this.byProject.get(projectId);
    if (!set) this.byProject.set(projectId, (set = new Set()));
    set.add(sub);
    this.pump(sub);
    return () => {
      sub.closed = true;
      const subs = this.byProject.get(projectId);
      subs?.delete(sub);
      if (subs?.size === 0) this.byProject.delete(projectId);
      this.idle();
    };
  }

  /** Events may have been committed (of `projectId`, or of any project). */
  poke(projectId?: string): void {
    if (this.closed) return;
    if (projectId !== undefined) this.wakeProject(projectId);
    else for (const id of this.byProject.keys()) this.wakeProject(id);
    if (this.opts.engine === 'sqlite' && this.everything.size) void this.readGlobal();
  }

  /** The project subscribers and '*' subscribers of this process (for tests and the shutdown log). */
  get subscriberCount(): number {
    let n = this.everything.size;
    for (const set of this.byProject.values()) n += set.size;
    return n;
  }

  get streamCount(): number {
    return this.streams.size;
  }

  /** An open stream, closed by `endStreams`; call the answer when it ends by itself. */
  hold(close: () => void): () => void {
    this.streams.add(close);
    return () => this.streams.delete(close);
  }

  /** Ends every open stream (shutdown: their clients reconnect to another process, Last-Event-ID in hand). */
  endStreams(): void {
    for (const close of [...this.streams]) close();
    this.streams.clear();
  }

  async close(): Promise<void> {
    this.closed = true;
    this.endStreams();
    clearInterval(this.poll);
    clearTimeout(this.reconnectTimer);
    this.poll = undefined;
    const listener = this.listener;
    this.listener = undefined;
    await listener?.end().catch(() => {});
  }

  // ---------------------------------------------------------------------------------------

  private get subscribed(): boolean {
    return this.byProject.size > 0 || this.everything.size > 0;
  }

  /** The poll and (PostgreSQL) the LISTEN connection run while something is subscribed. */
  private started(): void {
    if (this.closed) return;
    if (!this.poll) {
      this.poll = setInterval(() => void this.check(), this.opts.pollMs);
      this.poll.unref();
    }
    if (this.opts.engine === 'postgres' && !this.listener && !this.reconnectTimer)
      void this.listen();
  }

  private idle(): void {
    if (this.subscribed) return;
    clearInterval(this.poll);
    this.poll = undefined;
    // The LISTEN connection stays: another subscriber comes soon, and it costs one idle connection.
  }

  private wakeProject(projectId: string): void {
    const reads: SharedReads = new Map();
    for (const sub of this.byProject.get(projectId) ?? []) this.pump(sub, reads);
  }

  /**
   * Delivers a subscriber's events after its cursor until there are none; one run at a time.
   * `reads`: the reads of one wake-up of the project, started together after what woke it, so
   * the subscribers at the same cursor share one read and one array of events (a stream checks
   * its reader and formats the events once per array, stream.ts).
   */
  private pump(sub: Subscriber, reads?: SharedReads): void {
    if (sub.busy) {
      sub.again = true;
      return;
    }
    sub.busy = true;
    void (async () => {
      try {
        let shared = reads;
        do {
          sub.again = false;
          sub.cursor ??= await lastSeq(this.opts.db, sub.projectId);
          const cursor = sub.cursor;
          let read = shared?.get(cursor);
          if (!read) {
            read = eventsAfter(this.opts.db, sub.projectId, cursor).then((rows) => ({
              last: rows.length ? Number(rows.at(-1)!.seq) : cursor,
              full: rows.length === EVENT_BATCH,
              events: rows.map(eventView),
            }));
            shared?.set(cursor, read);
          }
          // Only the first read: a later one must start after what set `again`.
          shared = undefined;
          const { last, full, events } = await read;
          if (sub.closed || !events.length) continue;
          sub.cursor = last;
          if (full) sub.again = true;
          await sub.onEvents(events, sub.projectId);
        } while (sub.again && !sub.closed && !this.closed);
      } catch (err) {
        // The next poke, notification or poll tries again from the same cursor.
        if (!sub.closed)
          this.opts.logger.warn(
            { err, project: sub.projectId },
            'could not read the events of a subscriber',
          );
      } finally {
        sub.busy = false;
      }
    })();
  }

  /** The safety poll: wakes the subscribers of every project with newer events than they have. */
  private async check(): Promise<void> {
    if (this.checking) {
      this.checkAgain = true;
      return;
    }
    this.checking = true;
    try {
      do {
        this.checkAgain = false;
        const newest = await lastSeqs(this.opts.db, this.opts.engine, [...this.byProject.keys()]);
        for (const [projectId, m] of newest) {
          const reads: SharedReads = new Map();
          for (const sub of this.byProject.get(projectId) ?? [])
            if (sub.cursor === undefined || sub.cursor < m) this.pump(sub, reads);
        }
        if (this.opts.engine === 'sqlite' && this.everything.size) await this.readGlobal();
      } while (this.checkAgain && !this.closed);
    } catch (err) {
      this.opts.logger.warn({ err }, 'could not poll the event table');
    } finally {
      this.checking = false;
    }
  }

  private deliverAll(rows: EventRow[]): void {
    const byProject = new Map<string, ProjectEvent[]>();
    for (const row of rows) {
      let list = byProject.get(row.project_id);
      if (!list) byProject.set(row.project_id, (list = []));
      list.push(eventView(row));
    }
    for (const [projectId, events] of byProject) {
      for (const onEvents of [...this.everything]) {
        try {
          void Promise.resolve(onEvents(events, projectId)).catch((err: unknown) =>
            this.opts.logger.warn({ err }, "an events subscriber ('*') failed"),
          );
        } catch (err) {
          this.opts.logger.warn({ err }, "an events subscriber ('*') failed");
        }
      }
    }
  }

  /** SQLite, for '*': every project's events after the global cursor. */
  private async readGlobal(): Promise<void> {
    if (this.globalBusy) {
      this.globalAgain = true;
      return;
    }
    this.globalBusy = true;
    try {
      do {
        this.globalAgain = false;
        this.globalCursor ??= await lastSeq(this.opts.db);
        const rows = await allEventsAfter(this.opts.db, this.globalCursor);
        if (!rows.length) continue;
        this.globalCursor = Number(rows.at(-1)!.seq);
        if (rows.length === EVENT_BATCH) this.globalAgain = true;
        this.deliverAll(rows);
      } while (this.globalAgain && this.everything.size > 0);
    } catch (err) {
      this.opts.logger.warn({ err }, 'could not read new events');
    } finally {
      this.globalBusy = false;
    }
  }

  // PostgreSQL ------------------------------------------------------------------------------

  private async listen(): Promise<void> {
    const pg = createRequire(import.meta.url)('pg') as typeof PgModule;
    const client = new pg.Client({
      connectionString: this.opts.databaseUrl,
      keepAlive: true,
      application_name: LISTENER_NAME,
    });
    this.listener = client;
    const lost = (err?: Error) => {
      if (this.listener !== client) return;
      this.listener = undefined;
      client.end().catch(() => {});
      if (this.closed) return;
      this.opts.logger.warn(
        { err, retryInMs: this.reconnectMs },
        'the events LISTEN connection was lost; reconnecting',
      );
      this.reconnectTimer = setTimeout(() => {
        this.reconnectTimer = undefined;
        if (!this.closed) void this.listen();
      }, this.reconnectMs);
      this.reconnectTimer.unref();
      this.reconnectMs = Math.min(RECONNECT_MAX_MS, this.reconnectMs * 2);
    };
    client.on('error', lost);
    client.on('end', () => lost());
    client.on('notification', (msg) => {
      const [projectId, seq] = (msg.payload ?? '').split(' ');
      if (!projectId) return;
      this.wakeProject(projectId);
      if (this.everything.size && seq) this.noteSeq(Number(seq));
    });
    try {
      await client.connect();
      await client.query(`LISTEN ${EVENT_CHANNEL}`);
      if (this.listener !== client) return void client.end().catch(() => {});
      this.reconnectMs = RECONNECT_MIN_MS;
      // What was committed while not listening.
      this.poke();
    } catch (err) {
      lost(err as Error);
    }
  }

  /** PostgreSQL, for '*': the notified events, read together once this turn's notifications are in. */
  private noteSeq(seq: number): void {
    this.notified.push(seq);
    if (this.notifiedScheduled) return;
    this.notifiedScheduled = true;
    setImmediate(() => {
      this.notifiedScheduled = false;
      const seqs = this.notified.splice(0);
      (async () => {
        for (let i = 0; i < seqs.length; i += EVENT_BATCH)
          this.deliverAll(await eventsBySeq(this.opts.db, seqs.slice(i, i + EVENT_BATCH)));
      })().catch((err: unknown) =>
        this.opts.logger.warn({ err }, 'could not read notified events'),
      );
    });
  }
}
