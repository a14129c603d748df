// Why a resource is `failed`, and how it is tried again. When a job's last attempt fails (or
// test mode fails it at once), the kind's `failed` marks the resource; here its `state_reason`
// is set, and the job and the state it failed in are kept, so `POST P/object/{id}/retry` can
// put the resource back in that state and run the job again from the step that failed.
import { sql } from 'kysely';
import { ID_PREFIXES } from '#shared/ids';
import { kinds, type KindDescriptor } from '#shared/routes';
import type { Db } from '../db/database.ts';
import type { Tx } from '../db/transaction.ts';
import { FAILING_TABLES } from '../testmode/testmode.tables.ts';
import type { JobRow } from './jobs.ts';

/** The reason of a failure that was not injected: the data plane kept failing. */
export const REPEATED_FAILURE =
  'The operation kept failing in the data plane and was given up. Retry it, or delete the resource.';

/** The kind of a resource ID, among the kinds that record why they failed. */
export function failingKindOf(id: string): (KindDescriptor & { stateColumn: string }) | undefined {
  const kind = kinds.find(
    (k) =>
      id.startsWith(ID_PREFIXES[k.idKind]) &&
      (FAILING_TABLES as readonly string[]).includes(k.table),
  );
  // A cluster's state is its display_state (decision 126).
  return (
    kind && {
      ...kind,
      stateColumn: kind.table === 'kubernetes_cluster' ? 'display_state' : 'state',
    }
  );
}

async function stateOf(
  tx: Tx | Db,
  kind: KindDescriptor & { stateColumn: string },
  id: string,
): Promise<string | undefined> {
  const { rows } = await sql<{
    state: string;
  }>`select ${sql.ref(kind.stateColumn)} as state from ${sql.table(kind.table)} where id = ${id}`.execute(
    tx,
  );
  return rows[0]?.state;
}

/** Runs the kind's `failed` (`markFailed`) and, if it left the resource `failed`, records why and what to retry. */
export async function recordFailure(
  tx: Tx,
  job: JobRow,
  reason: string | undefined,
  markFailed: () => Promise<void> | undefined,
): Promise<void> {
  const kind = failingKindOf(job.resource_id);
  const prior = kind && (await stateOf(tx, kind, job.resource_id));
  await markFailed();
  if (
    !kind ||
    prior === undefined ||
    prior === 'failed' ||
    (await stateOf(tx, kind, job.resource_id)) !== 'failed'
  )
    return;
  await sql`update ${sql.table(kind.table)} set state_reason = ${reason ?? REPEATED_FAILURE} where id = ${job.resource_id}`.execute(
    tx,
  );
  await tx.deleteFrom('resource_failure').where('resource_id', '=', job.resource_id).execute();
  await tx
    .insertInto('resource_failure')
    .values({
      resource_id: job.resource_id,
      job_id: job.id,
      prior_state: prior,
      created_at: new Date().toISOString(),
    })
    .execute();
}

/**
 * Puts a failed resource back in the state it failed in and makes its failed job due again,
 * from the step that failed. Answers false when there is nothing to retry (not failed, or
 * failed before its failure was recorded).
 */
export async function retryFailed(tx: Tx, resourceId: string): Promise<boolean> {
  const kind = failingKindOf(resourceId);
  if (!kind || (await stateOf(tx, kind, resourceId)) !== 'failed') return false;
  const failure = await tx
    .selectFrom('resource_failure')
    .selectAll()
    .where('resource_id', '=', resourceId)
    .executeTakeFirst();
  const job =
    failure &&
    (await tx
      .selectFrom('job')
      .select(['id'])
      .where('id', '=', failure.job_id)
      .where('state', '=', 'failed')
      .executeTakeFirst());
  if (!failure || !job) return false;
  await sql`update ${sql.table(kind.table)} set ${sql.ref(kind.stateColumn)} = ${failure.prior_state}, state_reason = null where id = ${resourceId}`.execute(
    tx,
  );
  const now = new Date().toISOString();
  await tx
    .updateTable('job')
    .set({
      state: 'pending',
      attempts: 0,
      run_at: now,
      last_error: null,
      lease_owner: null,
      lease_expires_at: null,
      updated_at: now,
    })
    .where('id', '=', job.id)
    .execute();
  await tx.deleteFrom('resource_failure').where('resource_id', '=', resourceId).execute();
  return true;
}
