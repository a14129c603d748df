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

/**
 * What the resource of a job step is billed as now, and under which ID: a VM, a database (its
 * servers, VMs serving it, are in its price), a Kubernetes cluster (the VM price of each of its
 * nodes that is billable). A step of a cluster's node meters the cluster.
 */
async function billable(
  tx: Kysely<Database>,
  resourceId: string,
): Promise<{ id: string; want?: Billable }> {
  const vm = await tx
    .selectFrom('vm')
    .select(['project_id', 'name', 'state', 'size', 'storage_size_gib', 'ip4', 'service_of'])
    .where('id', '=', resourceId)
    .executeTakeFirst();
  if (vm?.service_of) return billable(tx, vm.service_of);
  if (vm) {
    if (UNBILLED.has(vm.state)) return { id: resourceId };
    const want = { project_id: vm.project_id, kind: 'vm', name: vm.name };
    return { id: resourceId, want: { ...want, hourly_usd: hourlyUsd('vm', vm) } };
  }
  const pg = await tx
    .selectFrom('postgres')
    .select(['project_id', 'name', 'state', 'vm_size', 'storage_size_gib', 'current_ha_type'])
    .where('id', '=', resourceId)
    .executeTakeFirst();
  if (pg) {
    if (UNBILLED.has(pg.state)) return { id: resourceId };
    const hourly_usd = hourlyUsd('postgres', {
      size: pg.vm_size,
      storage_size_gib: pg.storage_size_gib,
      ha_type: pg.current_ha_type,
    });
    return {
      id: resourceId,
      want: { project_id: pg.project_id, kind: 'postgres', name: pg.name, hourly_usd },
    };
  }
  const cluster = await tx
    .selectFrom('kubernetes_cluster')
    .select(['project_id', 'name', 'display_state'])
    .where('id', '=', resourceId)
    .executeTakeFirst();
  if (cluster) {
    if (UNBILLED.has(cluster.display_state)) return { id: resourceId };
    // Nodes are priced as VMs of their size (shared/catalog.ts); the services load balancer is free.
    const nodes = await tx
      .selectFrom('vm')
      .select(['state', 'size'])
      .where('project_id', '=', cluster.project_id)
      .where('service_of', '=', resourceId)
      .execute();
    const hourly_usd = nodes
      .filter((n) => !UNBILLED.has(n.state))
      .reduce((sum, n) => sum + hourlyUsd('vm', { size: n.size, storage_size_gib: 0 }), 0);
    if (hourly_usd === 0) return { id: resourceId };
    const want = { project_id: cluster.project_id, kind: 'kubernetes_cluster', name: cluster.name };
    return { id: resourceId, want: { ...want, hourly_usd } };
  }
  return { id: resourceId };
}

/**
 * Opens, re-prices or closes the span of the resource a job step was about (`stepOf`; for a
 * cluster's node, its cluster) to match what it is now.
 */
export async function meterResource(tx: Kysely<Database>, stepOf: string, now = Date.now()) {
  const at = new Date(now).toISOString();
  const { id: resourceId, want } = await billable(tx, stepOf);
  const open = await tx
    .selectFrom('usage_span')
    .select(['id', 'hourly_usd'])
    .where('resource_id', '=', resourceId)
    .where('ended_at', 'is', null)
    .executeTakeFirst();
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
