// The job machinery (behaviour.md §8); each kind's jobs live beside it, in
// resources/<kind>/<kind>.jobs.ts. A step does its data-plane call, then answers what to
// change in the database (committed together with the job's advance) and which step comes
// next, and when. A job whose resource has moved on (deleted meanwhile) ends quietly.
import type { Selectable } from 'kysely';
import { newId } from '#shared/ids';
import type { Db, Queryable } from '../db/database.ts';
import type { JobTable } from './lifecycle.tables.ts';
import type { Tx } from '../db/transaction.ts';
import type { DataPlane } from './provider.ts';

export type JobRow = Selectable<JobTable>;

export interface JobEnv {
  db: Db;
  provider: DataPlane;
  /** How long each simulated provisioning step takes (PROVISION_DELAY_MS). */
  delayMs: number;
  /** Test mode's say before each step (testmode/hooks.ts); absent outside test mode. */
  hooks?: StepHooks;
}

/** What test mode may do to a step before it runs: hold it, change its delay, or fail it (throwing FinalFailure). */
export interface StepHooks {
  beforeStep(job: JobRow): Promise<{ hold?: boolean; delayMs?: number } | undefined>;
}

/** A step failing for good: no more attempts; its message is the resource's `state_reason`. */
export class FinalFailure extends Error {}

export interface StepOutcome {
  apply?: (tx: Tx) => Promise<void>;
  /** Absent: the job is done. */
  next?: { step: string; delayMs: number };
}

export type StepRunner = (env: JobEnv, job: JobRow) => Promise<StepOutcome>;

/** One job kind: its steps (the first is `start`) and what its last failed attempt marks. */
export interface JobDefinition {
  steps: { start: StepRunner } & Record<string, StepRunner>;
  /** Runs with the job's failure, in its transaction, after the last attempt failed. */
  failed?: (tx: Tx, job: JobRow) => Promise<void>;
}

/**
 * The job kinds. Each kind's `<kind>.jobs.ts` adds its own with
 * `declare module '../../lifecycle/jobs.ts' { interface JobKinds extends KindsOf<typeof xJobs> {} }`,
 * so enqueueing a kind nobody defined does not compile.
 */
// eslint-disable-next-line @typescript-eslint/no-empty-object-type
export interface JobKinds {}
export type JobKind = keyof JobKinds & string;
export type KindsOf<Defs> = Record<keyof Defs, true>;

/** Which step of which job is asking, for the data plane. */
export const stepRef = (job: JobRow) => ({ jobId: job.id, step: job.step });

/** A kind's job definitions, keyed by job kind (`<kind>.<action>`). */
export const defineJobs = <const K extends string>(jobs: Record<K, JobDefinition>) => jobs;

const registry = new Map<string, JobDefinition>();

/** Makes the worker run these kinds (called once per resource kind, by its kind module). */
export function registerJobs(jobs: Record<string, JobDefinition>): void {
  for (const [kind, definition] of Object.entries(jobs)) {
    const known = registry.get(kind);
    if (known && known !== definition) throw new Error(`job kind ${kind} is defined twice`);
    registry.set(kind, definition);
  }
}

export const jobDefinition = (kind: string): JobDefinition | undefined => registry.get(kind);

/** A new job's row: pending from its first step, due now. */
export function jobRow(kind: JobKind, resourceId: string, id: string = newId('job')) {
  const now = new Date().toISOString();
  return {
    id,
    kind,
    resource_id: resourceId,
    step: 'start',
    state: 'pending' as const,
    run_at: now,
    attempts: 0,
    lease_owner: null,
    lease_expires_at: null,
    last_error: null,
    created_at: now,
    updated_at: now,
  };
}

/** Adds a job in the caller's transaction, so the state change and its job commit together. */
export async function enqueueJob(tx: Queryable, kind: JobKind, resourceId: string): Promise<void> {
  await tx.insertInto('job').values(jobRow(kind, resourceId)).execute();
}
