// What a load balancer does, callable from any kind (a Kubernetes cluster's services load
// balancer may be made here): each function works in the caller's transaction; jobs it
// enqueues run once that commits (wake the worker after: inJobTransaction does).
import type { z } from 'zod';
import {
  loadBalancerKind,
  type createLoadBalancerBodySchema,
  type updateLoadBalancerBodySchema,
} from '#shared/api/load-balancer';
import { LB_VM_WITHOUT_IP4_MESSAGE, lbNeedsVmIp4 } from '#shared/api/load-balancer-kind';
import { isId, newId } from '#shared/ids';
import type { Quotas } from '../../config.ts';
import { forUpdate } from '../../db/locks.ts';
import type { Tx } from '../../db/transaction.ts';
import { ApiError, invalidRequest } from '../../errors.ts';
import { enqueueJob } from '../../lifecycle/jobs.ts';
import { findSubnetById } from '../private-subnet/private-subnet.store.ts';
import { assertNameFree, assertProjectQuota } from '../scoped.ts';
import { assertNotManaged } from '../owned-by.ts';
import { privateSubnetKind } from '#shared/api/private-subnet';
import type { LoadBalancerRow } from './load-balancer.store.ts';

export type NewLoadBalancer = z.output<typeof createLoadBalancerBodySchema> & {
  projectId: string;
  location: string;
  name: string;
  /** The object it is made for (a cluster's services load balancer; decision 287). */
  ownedBy?: string;
};
export type LoadBalancerConfig = z.output<typeof updateLoadBalancerBodySchema>;

/**
 * A new load balancer in a subnet of the project in its location (not being deleted), and its
 * create job; within the project's quota.
 */
export async function createLoadBalancer(
  tx: Tx,
  lb: NewLoadBalancer,
  quotas: Quotas,
): Promise<LoadBalancerRow> {
  await assertProjectQuota(tx, loadBalancerKind, lb.projectId, quotas);
  await assertNameFree(tx, 'load_balancer', lb.projectId, lb.location, lb.name);
  // Locked until the commit: the subnet's delete waits and then sees the load balancer.
  const subnet = await findSubnetById(tx, lb.projectId, lb.private_subnet_id);
  if (!subnet)
    throw invalidRequest({ private_subnet_id: 'No private subnet with this ID in the project.' });
  if (subnet.location !== lb.location)
    throw invalidRequest({
      private_subnet_id: `The private subnet is in ${subnet.location}, not ${lb.location}.`,
    });
  if (subnet.state === 'deleting')
    throw new ApiError('Conflict', `Private subnet ${subnet.name} is being deleted.`);
  // Only its owner puts load balancers into a managed subnet.
  if (subnet.owned_by !== (lb.ownedBy ?? null))
    await assertNotManaged(tx, subnet, privateSubnetKind.singular);
  const row: LoadBalancerRow = {
    id: newId('loadBalancer'),
    state_reason: null,
    project_id: lb.projectId,
    location: lb.location,
    name: lb.name,
    state: 'creating',
    private_subnet_id: subnet.id,
    algorithm: lb.algorithm,
    stack: lb.stack,
    src_port: lb.src_port,
    dst_port: lb.dst_port,
    health_check_endpoint: lb.health_check_endpoint,
    health_check_protocol: lb.health_check_protocol,
    // Without one given, on for an https health check (the origin's default).
    cert_enabled: (lb.cert_enabled ?? lb.health_check_protocol === 'https') ? 1 : 0,
    created_at: new Date().toISOString(),
    owned_by: lb.ownedBy ?? null,
  };
  await tx.insertInto('load_balancer').values(row).execute();
  await enqueueJob(tx, 'lb.create', row.id);
  return row;
}

/** The load balancer again, locked for the rest of the transaction; 409 while it is being deleted. */
async function lockForChange(tx: Tx, lb: LoadBalancerRow): Promise<LoadBalancerRow> {
  const now = await forUpdate(
    tx,
    tx.selectFrom('load_balancer').selectAll().where('id', '=', lb.id),
  ).executeTakeFirst();
  if (!now || now.state === 'deleting')
    throw new ApiError('Conflict', `Load balancer ${lb.name} is being deleted.`);
  return now;
}

/** The origin's words for a VM that is in a load balancer already (it may be in one only). */
export const LB_VM_ATTACHED_MESSAGE = 'VM is already attached to a load balancer';

/**
 * Checks VMs about to be attached (decision 300, as the origin): each must be a VM of the
 * project in the load balancer's location, of any subnet, not a cluster's node (400 naming
 * `field`, `notFound` as the message), in no load balancer yet (400), with a public IPv4 when
 * the load balancer has IPv4 (400, decision 289), and not being deleted (409). The VM rows stay
 * locked until the commit (taken in ID order, after the load balancer's), so two load
 * balancers asked for one VM at once cannot both take it.
 */
async function checkVms(
  tx: Tx,
  lb: LoadBalancerRow,
  adding: string[],
  field: 'vm_id' | 'vms',
  notFound: string,
): Promise<void> {
  if (!adding.length) return;
  const vms = await forUpdate(
    tx,
    tx
      .selectFrom('vm')
      .select(['id', 'name', 'state', 'ip4', 'location'])
      .where('project_id', '=', lb.project_id)
      // A cluster's nodes are its own (the origin keeps them in its service project).
      .where('service_of', 'is', null)
      .where('id', 'in', adding)
      .orderBy('id'),
  ).execute();
  const byId = new Map(vms.map((v) => [v.id, v]));
  const attached = new Set(
    (
      await tx.selectFrom('load_balancer_vm').select('vm_id').where('vm_id', 'in', adding).execute()
    ).map((r) => r.vm_id),
  );
  for (const id of adding) {
    const vm = byId.get(id);
    if (!vm || vm.location !== lb.location) throw invalidRequest({ [field]: notFound });
    if (attached.has(id)) throw invalidRequest({ [field]: LB_VM_ATTACHED_MESSAGE });
    if (vm.ip4 === null && lbNeedsVmIp4(lb.stack))
      throw invalidRequest({ [field]: LB_VM_WITHOUT_IP4_MESSAGE });
    if (vm.state === 'deleting') throw new ApiError('Conflict', `VM ${vm.name} is being deleted.`);
  }
}

/** The origin's words for a VM it cannot find (a malformed ID, another project or location). */
const noMatchingVm = (lb: LoadBalancerRow) => `No matching VM found in ${lb.location}`;

async function attachedIds(tx: Tx, lbId: string): Promise<string[]> {
  return (
    await tx
      .selectFrom('load_balancer_vm')
      .select('vm_id')
      .where('load_balancer_id', '=', lbId)
      .execute()
  ).map((r) => r.vm_id);
}

async function insertAttachments(tx: Tx, lbId: string, vmIds: string[]): Promise<void> {
  if (!vmIds.length) return;
  const now = new Date().toISOString();
  await tx
    .insertInto('load_balancer_vm')
    .values(vmIds.map((vm_id) => ({ load_balancer_id: lbId, vm_id, created_at: now })))
    .onConflict((oc) => oc.doNothing())
    .execute();
}

/** Attaches a VM that is in no load balancer yet (the origin's rule) and tells the data plane. */
export async function attachVm(
  tx: Tx,
  found: LoadBalancerRow,
  vmId: string,
): Promise<LoadBalancerRow> {
  const lb = await lockForChange(tx, found);
  if (!isId('vm', vmId)) throw invalidRequest({ vm_id: noMatchingVm(lb) });
  await checkVms(tx, lb, [vmId], 'vm_id', noMatchingVm(lb));
  await insertAttachments(tx, lb.id, [vmId]);
  await enqueueJob(tx, 'lb.update', lb.id);
  return lb;
}

/** Detaches a VM of the project (one that is not attached: nothing to do); 400 for an unknown VM. */
export async function detachVm(
  tx: Tx,
  found: LoadBalancerRow,
  vmId: string,
): Promise<LoadBalancerRow> {
  const lb = await lockForChange(tx, found);
  const vm = isId('vm', vmId)
    ? await tx
        .selectFrom('vm')
        .select('id')
        .where('project_id', '=', lb.project_id)
        .where('location', '=', lb.location)
        .where('id', '=', vmId)
        .executeTakeFirst()
    : undefined;
  if (!vm) throw invalidRequest({ vm_id: noMatchingVm(lb) });
  const removed = await tx
    .deleteFrom('load_balancer_vm')
    .where('load_balancer_id', '=', lb.id)
    .where('vm_id', '=', vmId)
    .executeTakeFirst();
  if (Number(removed.numDeletedRows) > 0) await enqueueJob(tx, 'lb.update', lb.id);
  return lb;
}

/** The whole configuration at once: the settings, and `vms` as the exact set of attached VMs. */
export async function updateLoadBalancer(
  tx: Tx,
  found: LoadBalancerRow,
  config: LoadBalancerConfig,
): Promise<LoadBalancerRow> {
  const lb = await lockForChange(tx, found);
  const wanted = [...new Set(config.vms)];
  const current = await attachedIds(tx, lb.id);
  const adding = wanted.filter((id) => !current.includes(id));
  await checkVms(tx, lb, adding, 'vms', 'VM not found');
  const changes = {
    algorithm: config.algorithm,
    src_port: config.src_port,
    dst_port: config.dst_port,
    health_check_endpoint: config.health_check_endpoint,
    health_check_protocol: config.health_check_protocol ?? lb.health_check_protocol,
    cert_enabled: config.cert_enabled === undefined ? lb.cert_enabled : config.cert_enabled ? 1 : 0,
  };
  await tx.updateTable('load_balancer').set(changes).where('id', '=', lb.id).execute();
  const dropping = current.filter((id) => !wanted.includes(id));
  if (dropping.length)
    await tx
      .deleteFrom('load_balancer_vm')
      .where('load_balancer_id', '=', lb.id)
      .where('vm_id', 'in', dropping)
      .execute();
  await insertAttachments(tx, lb.id, adding);
  await enqueueJob(tx, 'lb.update', lb.id);
  return { ...lb, ...changes };
}

/** Sets `cert_enabled` (the spec's toggle-ssl-certificate) and tells the data plane. */
export async function setCertEnabled(
  tx: Tx,
  found: LoadBalancerRow,
  enabled: boolean,
): Promise<LoadBalancerRow> {
  const lb = await lockForChange(tx, found);
  const cert_enabled = enabled ? 1 : 0;
  if (Number(lb.cert_enabled) === cert_enabled) return lb;
  await tx.updateTable('load_balancer').set({ cert_enabled }).where('id', '=', lb.id).execute();
  await enqueueJob(tx, 'lb.update', lb.id);
  return { ...lb, cert_enabled };
}

/** Marks the load balancer `deleting` and enqueues its destroy job, once (a repeat does nothing). */
export async function deleteLoadBalancer(tx: Tx, lb: LoadBalancerRow): Promise<void> {
  if (lb.state === 'deleting') return;
  const marked = await tx
    .updateTable('load_balancer')
    .set({ state: 'deleting' })
    .where('id', '=', lb.id)
    .where('state', '!=', 'deleting')
    .executeTakeFirst();
  if (Number(marked.numUpdatedRows) === 1) await enqueueJob(tx, 'lb.destroy', lb.id);
}
