// The durable job worker. Jobs live in the database; a worker leases due jobs (PostgreSQL:
// FOR UPDATE SKIP LOCKED, so several processes never take the same job; SQLite: one worker),
// runs one step, and commits the step's changes together with the job's advance, but only
// while it still holds the lease.
import { randomBytes } from 'node:crypto';
import os from 'node:os';
import { sql } from 'kysely';
import type { Logger } from 'pino';
import type { Engine } from '../db/database.ts';
import { databaseUnavailable, isTransientConflict, type Unavailability } from '../db/errors.ts';
import { meterResource } from '../usage/meter.ts';
import { recordFailure } from './failure.ts';
import { FinalFailure, jobDefinition, type JobEnv, type JobRow } from './jobs.ts';

const MAX_ATTEMPTS = 10;
/** Claims failing in a row, and rounds failing on a database fault, wait 100 ms, 200 ms, 400 ms … up to 30 s (decision 065). */
const BACKOFF_BASE_MS = 100;
const BACKOFF_MAX_MS = 30_000;
/** While a database fault lasts, one line says so this often at most. */
const FAULT_LOG_EVERY_MS = 60_000;
/** A step cut short by a database outage is retried this much later, without using an attempt. */
const OUTAGE_RETRY_MS = 1000;
/** A held step (test mode) is looked at again this much later, unless a release makes it due first. */
const HOLD_RECHECK_MS = 60_000;

class LeaseLost extends Error {}

export interface WorkerOptions {
  concurrency: number;
  leaseMs: number;
  /** Longest sleep when nothing is due (jobs enqueued by other processes are seen by then). */
  maxIdleMs: number;
}

const iso = (ms: number) => new Date(ms).toISOString();

/** The nth wait of a back-off: doubling up to the cap, with jitter (between half and all of it). */
function backOffMs(n: number): number {
  const ceiling = Math.min(BACKOFF_MAX_MS, BACKOFF_BASE_MS * 2 ** (n - 1));
  return Math.round(ceiling / 2 + (Math.random() * ceiling) / 2);
}

/** A database fault the worker met and has not yet seen a write succeed after (decision 065). */
interface Fault {
  outage: Unavailability;
  since: number;
  loggedAt: number;
  /** Rounds of work that met it: each waits longer before the next claim. */
  attempts: number;
  /** No claim before this (Date.now() ms). */
  retryAt: number;
}

/**
 * SQLite: the leases of the workers of this process, per database. One process owns an
 * embedded database (its leases are void after a crash anyway), so a lease needs no durable
 * commit: claiming a job writes nothing, which saves one fsync'd commit per step (decision 153).
 */
const memoryLeases = new WeakMap<object, Map<string, { owner: string; expires: number }>>();

export class Worker {
  readonly id = `${os.hostname()}:${process.pid}:${randomBytes(3).toString('hex')}`;
  private readonly inFlight = new Set<Promise<void>>();
  private stopping = false;
  private loopDone?: Promise<void>;
  private wakeUp?: () => void;
  /** Claims that failed in a row (not by a database outage); while non-zero the loop backs off and ignores wakes. */
  private failures = 0;
  /** The database fault met, if any: no claim before its retryAt, one log line per change. */
  private fault?: Fault;
  /** SQLite: leases left by a crash are voided before the first claim (see start). */
  private leasesVoided: boolean;
  /** SQLite only: the leases of this process's workers on this database, by job ID. */
  private readonly leases?: Map<string, { owner: string; expires: number }>;

  constructor(
    private readonly env: JobEnv & {
      engine: Engine;
      logger: Logger;
      /** After a step's changes committed (the events hub looks for new events). */ committed?: () => void;
    },
    private readonly opts: WorkerOptions = { concurrency: 8, leaseMs: 10_000, maxIdleMs: 1000 },
  ) {
    // One process owns an embedded database: leases left by a crash are void. Done in the
    // loop, so a database that cannot be written at start delays it instead of the start.
    this.leasesVoided = env.engine !== 'sqlite';
    if (env.engine === 'sqlite') {
      let leases = memoryLeases.get(env.db);
      if (!leases) memoryLeases.set(env.db, (leases = new Map()));
      this.leases = leases;
    }
  }

  /** SQLite: whether this worker holds the job's lease (it may have expired and been taken). */
  private holds(jobId: string): boolean {
    return this.leases?.get(jobId)?.owner === this.id;
  }

  private release(jobId: string): void {
    if (this.holds(jobId)) this.leases!.delete(jobId);
  }

  /**
   * SQLite: the pending jobs (due by `now` if given) no live lease holds, first `limit` by
   * run_at; taken by this worker until `takeUntil` if given. Checked and taken in one step after
   * the read, so another worker of this process, whose read ran beside this one (reads run at
   * once, decision 247), sees them taken.
   */
  private async unleased(
    now: number | undefined,
    limit: number,
    takeUntil?: number,
  ): Promise<JobRow[]> {
    const leases = this.leases!;
    const rows = await this.env.db
      .selectFrom('job')
      .selectAll()
      .where('state', '=', 'pending')
      .$if(now !== undefined, (q) => q.where('run_at', '<=', iso(now!)))
      .orderBy('run_at')
      .limit(limit + leases.size)
      .execute();
    const at = Date.now();
    const free = rows.filter((r) => !((leases.get(r.id)?.expires ?? 0) >= at)).slice(0, limit);
    if (takeUntil !== undefined)
      for (const job of free) leases.set(job.id, { owner: this.id, expires: takeUntil });
    return free;
  }

  /** Starts taking jobs (again, after a stop). */
  async start(): Promise<void> {
    this.stopping = false;
    this.loopDone = this.loop();
  }

  /** Look for work now (after an enqueue, or when a step finished). */
  wake(): void {
    if (this.failures === 0 && !this.backingOff()) this.wakeUp?.();
  }

  private backingOff(): boolean {
    return this.fault !== undefined && Date.now() < this.fault.retryAt;
  }

  /** Stops taking jobs and waits for the steps in flight. */
  async stop(): Promise<void> {
    this.stopping = true;
    this.wakeUp?.();
    await this.loopDone;
    await Promise.all(this.inFlight);
  }

  private async loop(): Promise<void> {
    while (!this.stopping) {
      // A step that met a database fault wakes nobody: the next claim waits for the back-off.
      if (this.backingOff()) {
        await this.sleep(this.fault!.retryAt - Date.now());
        continue;
      }
      try {
        if (!this.leasesVoided) {
          await this.env.db
            .updateTable('job')
            .set({ lease_owner: null, lease_expires_at: null })
            .where('state', '=', 'pending')
            .execute();
          this.leasesVoided = true;
          this.writable();
        }
        const free = this.opts.concurrency - this.inFlight.size;
        const claimed = free > 0 ? await this.claim(free) : [];
        // On SQLite a claim only reads (a read-only or full database answers it): not a sign of recovery.
        if (free > 0 && !this.leases) this.writable();
        for (const job of claimed) {
          const p: Promise<void> = this.run(job).finally(() => {
            this.inFlight.delete(p);
            this.wake();
          });
          this.inFlight.add(p);
        }
        // Every slot busy: a finishing step wakes the loop; no need to ask the database.
        const idle =
          free === 0 ? this.opts.maxIdleMs : claimed.length === free ? 0 : await this.idleFor();
        this.recovered();
        if (idle > 0) await this.sleep(idle);
      } catch (err) {
        if (!this.faulted(err, { during: 'claim' })) await this.backOff(err);
      }
    }
  }

  /**
   * A claim failing for another reason than an outage (a bug, a schema out of step): wait
   * longer after each failure (with jitter, so processes sharing a database do not retry in
   * step), one log line per wait.
   */
  private async backOff(err: unknown): Promise<void> {
    this.failures++;
    const retryInMs = backOffMs(this.failures);
    this.env.logger.error(
      { err, failures: this.failures, retryInMs },
      'job claims failing; backing off',
    );
    await this.sleep(retryInMs);
  }

  /**
   * Whether `err` is a database outage (decision 063), met by a claim, a step, a failure record
   * or a lease renewal; if so, the worker is in a fault until one of its writes commits. The
   * loop claims nothing before the round's back-off time (failures of one round, such as steps
   * sharing a failed commit, count once), and the fault is logged when it starts, at most once
   * a minute while it lasts, and when it ends (writable): a worker that retried at once logged
   * thousands of lines a second (issue 26).
   */
  private faulted(err: unknown, context: Record<string, unknown>): boolean {
    const outage = databaseUnavailable(err);
    if (!outage) return false;
    const now = Date.now();
    let fault = this.fault;
    if (!fault) {
      fault = this.fault = { outage, since: now, loggedAt: now, attempts: 0, retryAt: 0 };
      this.env.logger.error(
        { err, outage, ...context },
        'database fault: the job worker backs off',
      );
    }
    fault.outage = outage;
    if (now >= fault.retryAt) fault.retryAt = now + backOffMs(++fault.attempts);
    if (now - fault.loggedAt >= FAULT_LOG_EVERY_MS) {
      fault.loggedAt = now;
      this.env.logger.error(
        { err, outage, forMs: now - fault.since, attempts: fault.attempts, ...context },
        'database fault continues',
      );
    }
    return true;
  }

  /** A write committed: a database fault is over. */
  private writable(): void {
    const fault = this.fault;
    if (!fault) return;
    this.fault = undefined;
    this.env.logger.warn(
      { outage: fault.outage, forMs: Date.now() - fault.since, attempts: fault.attempts },
      'database fault over; the job worker resumes',
    );
    // The loop may be waiting out a long back-off.
    this.wakeUp?.();
  }

  private recovered(): void {
    if (this.failures === 0) return;
    this.env.logger.warn({ failures: this.failures }, 'job claims work again');
    this.failures = 0;
  }

  private sleep(ms: number): Promise<void> {
    if (this.stopping) return Promise.resolve();
    return new Promise((resolve) => {
      const timer = setTimeout(done, ms);
      function done() {
        clearTimeout(timer);
        resolve();
      }
      this.wakeUp = done;
    });
  }

  /** Milliseconds until the next unleased pending job is due, within [5, maxIdleMs]. */
  private async idleFor(): Promise<number> {
    const now = Date.now();
    if (this.leases) {
      const [due] = await this.unleased(undefined, 1);
      const next = due ? Date.parse(due.run_at) : Infinity;
      return Math.min(this.opts.maxIdleMs, Math.max(5, next - now));
    }
    const row = await this.env.db
      .selectFrom('job')
      .select((eb) => eb.fn.min('run_at').as('next'))
      .where('state', '=', 'pending')
      .where((eb) =>
        eb.or([eb('lease_expires_at', 'is', null), eb('lease_expires_at', '<', iso(now))]),
      )
      .executeTakeFirst();
    const next = row?.next ? Date.parse(String(row.next)) : Infinity;
    return Math.min(this.opts.maxIdleMs, Math.max(5, next - now));
  }

  private async claim(limit: number): Promise<JobRow[]> {
    const now = Date.now();
    if (this.leases) {
      const expires = now + this.opts.leaseMs;
      const jobs = await this.unleased(now, limit, expires);
      return jobs.map((job) => ({ ...job, lease_owner: this.id, lease_expires_at: iso(expires) }));
    }
    const lock = this.env.engine === 'postgres' ? sql`FOR UPDATE SKIP LOCKED` : sql``;
    const result = await sql<JobRow>`
      UPDATE job SET lease_owner = ${this.id}, lease_expires_at = ${iso(now + this.opts.leaseMs)}, updated_at = ${iso(now)}
      WHERE id IN (
        SELECT id FROM job
        WHERE state = 'pending' AND run_at <= ${iso(now)} AND (lease_expires_at IS NULL OR lease_expires_at < ${iso(now)})
        ORDER BY run_at LIMIT ${limit} ${lock}
      )
      RETURNING *`.execute(this.env.db);
    return result.rows;
  }

  /** Keeps the lease while a step runs, however long the data plane takes. */
  private heartbeat(job: JobRow): () => void {
    const timer = setInterval(() => {
      if (this.leases) {
        if (this.holds(job.id)) this.leases.get(job.id)!.expires = Date.now() + this.opts.leaseMs;
        return;
      }
      this.env.db
        .updateTable('job')
        .set({ lease_expires_at: iso(Date.now() + this.opts.leaseMs) })
        .where('id', '=', job.id)
        .where('lease_owner', '=', this.id)
        .execute()
        .then(() => this.writable())
        .catch((err: unknown) => {
          if (!this.faulted(err, { during: 'lease renewal', job: job.id }))
            this.env.logger.warn({ err, job: job.id }, 'could not renew the job lease');
        });
    }, this.opts.leaseMs / 3);
    return () => clearInterval(timer);
  }

  private async run(job: JobRow): Promise<void> {
    const { db, logger } = this.env;
    const stopBeating = this.heartbeat(job);
    try {
      const runner = jobDefinition(job.kind)?.steps[job.step];
      if (!runner) throw new Error(`unknown job step ${job.kind}/${job.step}`);
      // Test mode: the one place every kind's steps can be held, slowed or failed (docs/testing.md).
      const say = await this.env.hooks?.beforeStep(job);
      if (say?.hold) {
        // A release moves the job's `run_at` (testmode.handlers.ts); one made while this step
        // was being held must win, or the job would sleep until the recheck.
        await db
          .updateTable('job')
          .set({
            run_at: sql<string>`case when run_at = ${job.run_at} then ${iso(Date.now() + HOLD_RECHECK_MS)} else run_at end`,
            lease_owner: null,
            lease_expires_at: null,
          })
          .where('id', '=', job.id)
          .where('state', '=', 'pending')
          .where('step', '=', job.step)
          .$if(!this.leases, (q) => q.where('lease_owner', '=', this.id))
          .execute();
        return;
      }
      const outcome = await runner(
        say?.delayMs === undefined ? this.env : { ...this.env, delayMs: say.delayMs },
        job,
      );
      // On SQLite steps finishing together share a commit (decision 247).
      await db.transaction().execute(async (tx) => {
        const now = Date.now();
        const next = outcome.next;
        const nextAt = next ? iso(now + next.delayMs) : undefined;
        // A wake written while the step ran (spend alerts, the webhook fan-out, a release) made
        // the job due sooner: it wins over the step's own next time, and keeps a finished job
        // pending, so the wake is not lost.
        const woken = sql<boolean>`run_at <> ${job.run_at}`;
        const advanced = await tx
          .updateTable('job')
          .set({
            step: next?.step ?? job.step,
            state: next
              ? 'pending'
              : sql<'pending' | 'done'>`case when ${woken} then 'pending' else 'done' end`,
            run_at: next
              ? sql<string>`case when ${woken} and run_at < ${nextAt} then run_at else ${nextAt} end`
              : sql<string>`run_at`,
            attempts: 0,
            lease_owner: null,
            lease_expires_at: null,
            last_error: null,
            updated_at: iso(now),
          })
          .where('id', '=', job.id)
          // Still the step this worker ran: a claim made from a row read just before another
          // worker's commit of this step must not run it again, nor move the job back.
          .where('state', '=', 'pending')
          .where('step', '=', job.step)
          .$if(!this.leases, (q) => q.where('lease_owner', '=', this.id))
          .executeTakeFirst();
        if (Number(advanced.numUpdatedRows) !== 1 || (this.leases && !this.holds(job.id)))
          throw new LeaseLost();
        await outcome.apply?.(tx);
        // The usage meter follows the state this step left (issue 30).
        await meterResource(tx, job.resource_id, now);
      });
      this.writable();
      this.env.committed?.();
    } catch (err) {
      if (err instanceof LeaseLost) {
        logger.warn({ job: job.id }, 'job lease lost; another worker took over');
        return;
      }
      // A database outage is not the step's fault, nor is a deadlock with a concurrent change
      // (decision 244): retry it without using up an attempt, a deadlock at once.
      const outage = databaseUnavailable(err);
      const conflict = isTransientConflict(err);
      const attempts = outage || conflict ? job.attempts : job.attempts + 1;
      const failed = attempts >= MAX_ATTEMPTS || err instanceof FinalFailure;
      const log = { err, job: job.id, kind: job.kind, step: job.step, attempts };
      // An outage is logged as the worker's database fault, not once per step.
      if (outage)
        this.faulted(err, { during: 'step', job: job.id, kind: job.kind, step: job.step });
      else if (conflict) logger.warn(log, 'job step collided with a concurrent change; will retry');
      else logger.error(log, failed ? 'job failed' : 'job step failed; will retry');
      const now = Date.now();
      const retryAt = iso(
        now + (outage ? OUTAGE_RETRY_MS : conflict ? 0 : Math.min(30_000, 100 * 2 ** attempts)),
      );
      await db
        .transaction()
        .execute(async (tx) => {
          await tx
            .updateTable('job')
            .set({
              attempts,
              state: failed ? 'failed' : 'pending',
              run_at: retryAt,
              lease_owner: null,
              lease_expires_at: null,
              last_error: String(err).slice(0, 1000),
              updated_at: iso(now),
            })
            .where('id', '=', job.id)
            .$if(!this.leases, (q) => q.where('lease_owner', '=', this.id))
            .execute();
          if (this.leases && !this.holds(job.id)) throw new LeaseLost();
          // The resource's state_reason says why, and a retry can run the job again (failure.ts).
          if (failed)
            await recordFailure(
              tx,
              job,
              err instanceof FinalFailure ? err.message : undefined,
              () => jobDefinition(job.kind)?.failed?.(tx, job),
            );
        })
        .then(() => {
          this.writable();
          this.env.committed?.();
        })
        .catch((e: unknown) => {
          if (!this.faulted(e, { during: 'failure record', job: job.id }))
            logger.error({ err: e, job: job.id }, 'could not record the job failure');
        });
    } finally {
      stopBeating();
      this.release(job.id);
    }
  }
}
