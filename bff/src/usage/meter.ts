// The usage meter (issue 30): after every job step the worker commits, the resource's span is
// opened or closed to match its state, in the step's transaction, so the meter is as durable
// as the state it follows.
import { randomUUID } from 'node:crypto';
import type { Kysely } from 'kysely';
import { hourlyUsd } from '#shared/usage';
import type { Database } from '../db/schema.ts';

/** States in which nothing runs for the customer: not billed (the origin bills from running). */
const UNBILLED = new Set(['creating', 'failed', 'deleting', 'destroying']);

interface Billable {
  project_id: string;
  kind: string;
  name: string;
  hourly_usd: number;
}

async function billable(tx: Kysely<Database>, resourceId: string): Promise<Billable | undefined> {
  const vm = await tx
    .selectFrom('vm')
    .select(['project_id', 'name', 'state', 'size', 'storage_size_gib'])
    .where('id', '=', resourceId)
    .executeTakeFirst();
  if (vm) {
    if (UNBILLED.has(vm.state)) return undefined;
    return {
      project_id: vm.project_id,
      kind: 'vm',
      name: vm.name,
      hourly_usd: hourlyUsd('vm', vm),
    };
  }
  const pg = await tx
    .selectFrom('postgres')
    .select(['project_id', 'name', 'state', 'vm_size', 'storage_size_gib', 'current_ha_type'])
    .where('id', '=', resourceId)
    .executeTakeFirst();
  if (pg) {
    if (UNBILLED.has(pg.state)) return undefined;
    return {
      project_id: pg.project_id,
      kind: 'postgres',
      name: pg.name,
      hourly_usd: hourlyUsd('postgres', {
        size: pg.vm_size,
        storage_size_gib: pg.storage_size_gib,
        ha_type: pg.current_ha_type,
      }),
    };
  }
  return undefined;
}

/** Opens, re-prices or closes the resource's span to match what it is now. */
export async function meterResource(tx: Kysely<Database>, resourceId: string, now = Date.now()) {
  const at = new Date(now).toISOString();
  const open = await tx
    .selectFrom('usage_span')
    .select(['id', 'hourly_usd'])
    .where('resource_id', '=', resourceId)
    .where('ended_at', 'is', null)
    .executeTakeFirst();
  const want = await billable(tx, resourceId);
  if (open && (!want || want.hourly_usd !== open.hourly_usd)) {
    await tx.updateTable('usage_span').set({ ended_at: at }).where('id', '=', open.id).execute();
  }
  if (want && (!open || want.hourly_usd !== open.hourly_usd)) {
    await tx
      .insertInto('usage_span')
      .values({
        id: randomUUID(),
        resource_id: resourceId,
        ...want,
        started_at: at,
        ended_at: null,
      })
      .execute();
  }
}
