// Two workers on one database and a data plane slower than the lease: the lease is renewed
// while the step runs, so the other worker never takes the job over and repeats the call.
import { pino } from 'pino';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { openDatabase, type Db } from '../db/database.ts';
import { migrate } from '../db/migrations.ts';
import { engine, testDatabaseEnv } from '../../test/harness.ts';
import { eventually } from '../../test/process.ts';
import { enqueueJob, registerJobs, type JobKind } from './jobs.ts';
import type { DataPlane } from './provider.ts';
import { Worker } from './worker.ts';

let database: Awaited<ReturnType<typeof testDatabaseEnv>>;
let db: Db;
beforeAll(async () => {
  database = await testDatabaseEnv({ empty: true });
  db = openDatabase({
    databaseUrl: database.env.DATABASE_URL,
    dataDir: database.env.DATA_DIR ?? '',
  }).db;
  await migrate(db);
});
afterAll(async () => {
  await db.destroy();
  await database.cleanup();
});

/** A data plane whose subnet teardown takes `ms`, counting its calls. */
function slowDataPlane(ms: number) {
  const calls: string[] = [];
  const plane: DataPlane = {
    async call(op, id) {
      if (op !== 'destroySubnet') return;
      calls.push(id);
      await new Promise((r) => setTimeout(r, ms));
    },
  };
  return { plane, calls };
}

/** A worker whose steps call no data plane, taking up to `concurrency` jobs at once. */
const quietWorker = (concurrency: number) =>
  new Worker(
    {
      db,
      engine,
      logger: pino({ level: 'silent' }),
      delayMs: 0,
      provider: { call: async () => {} },
    },
    { concurrency, leaseMs: 10_000, maxIdleMs: 50 },
  );

describe('job leases', () => {
  it('are renewed while a slow step runs, so a second worker never repeats it', async () => {
    // The lease is renewed every third of it: long enough that a busy machine (CI's two loaded
    // cores stall a process for hundreds of milliseconds) never lets it lapse by accident.
    const { plane, calls } = slowDataPlane(6000);
    const logger = pino({ level: 'silent' });
    const opts = { concurrency: 4, leaseMs: 1500, maxIdleMs: 50 };
    const workers = [0, 1].map(
      () => new Worker({ db, engine, logger, delayMs: 0, provider: plane }, opts),
    );
    // A subnet that is already gone: the job's steps only call the data plane.
    await enqueueJob(db, 'subnet.destroy', 'ps0000000000000000000000zz');
    await Promise.all(workers.map((w) => w.start()));
    await eventually(async () => {
      const job = await db
        .selectFrom('job')
        .select('state')
        .where('resource_id', '=', 'ps0000000000000000000000zz')
        .executeTakeFirstOrThrow();
      return job.state === 'done' ? true : undefined;
    }, 3000);
    await Promise.all(workers.map((w) => w.stop()));
    // The step took four lease lengths; it ran once.
    expect(calls).toEqual(['ps0000000000000000000000zz']);
  }, 120_000);
});

describe('step commits', () => {
  it('commit every step of many concurrent jobs once, and undo only the changes of a step whose commit failed', async () => {
    // Each step records itself in its commit; the steps of "bad" jobs fail there on their first
    // attempt (after writing), so that write must vanish alone, whatever else commits with it.
    registerJobs({
      'test.commit': {
        steps: {
          async start(_env, job) {
            return {
              apply: async (tx) => {
                const at = new Date().toISOString();
                await tx
                  .insertInto('sim_call')
                  .values({
                    job_id: job.id,
                    step: 'start',
                    operation: 'commit',
                    resource_id: job.resource_id,
                    worker: 'test',
                    created_at: at,
                  })
                  .execute();
                if (job.resource_id.startsWith('bad') && job.attempts === 0)
                  throw new Error('the step fails in its commit');
              },
            };
          },
        },
      },
    });
    const resources = Array.from({ length: 24 }, (_, i) => `${i % 4 === 0 ? 'bad' : 'good'}-${i}`);
    for (const r of resources) await enqueueJob(db, 'test.commit' as JobKind, r);
    const worker = quietWorker(8);
    await worker.start();
    await eventually(async () => {
      const jobs = await db
        .selectFrom('job')
        .select('state')
        .where('kind', '=', 'test.commit')
        .execute();
      return jobs.length === resources.length && jobs.every((j) => j.state === 'done')
        ? true
        : undefined;
    });
    await worker.stop();
    const calls = await db
      .selectFrom('sim_call')
      .select('resource_id')
      .where('operation', '=', 'commit')
      .execute();
    expect(calls.map((c) => c.resource_id).sort()).toEqual([...resources].sort());
  });
});

describe('a wake while a step runs', () => {
  it('is kept: the job runs again at once, whether the step asked for a later run or finished', async () => {
    // Each step waits until the test has woken its job (as wakeFanout does) mid-step.
    let gate: (() => void) | undefined;
    const runs = new Map<string, number>();
    const step = (next: boolean) => async (_env: unknown, job: { resource_id: string }) => {
      const n = (runs.get(job.resource_id) ?? 0) + 1;
      runs.set(job.resource_id, n);
      if (n === 1) await new Promise<void>((resolve) => (gate = resolve));
      return next ? { next: { step: 'start', delayMs: 3600_000 } } : {};
    };
    registerJobs({
      'test.wake-later': { steps: { start: step(true) } },
      'test.wake-done': { steps: { start: step(false) } },
    });
    const worker = quietWorker(1);
    await worker.start();
    try {
      for (const kind of ['test.wake-later', 'test.wake-done'] as const) {
        await enqueueJob(db, kind as JobKind, kind);
        await eventually(async () => (gate ? true : undefined));
        await db
          .updateTable('job')
          .set({ run_at: new Date().toISOString() })
          .where('resource_id', '=', kind)
          .execute();
        const open = gate!;
        gate = undefined;
        open();
        await eventually(async () => ((runs.get(kind) ?? 0) >= 2 ? true : undefined));
      }
      // Not woken again, the finishing job is done after its second run.
      await eventually(async () => {
        const job = await db
          .selectFrom('job')
          .select('state')
          .where('resource_id', '=', 'test.wake-done')
          .executeTakeFirstOrThrow();
        return job.state === 'done' ? true : undefined;
      });
    } finally {
      await worker.stop();
    }
  });
});
