// What a VM does, callable from any kind (a Kubernetes node pool or a PostgreSQL server makes
// its VMs here): each function works in the caller's transaction, and jobs it enqueues run
// once that commits (wake the worker after: inJobTransaction does).
import { assertNotManaged } from '../owned-by.ts';
import { privateSubnetKind } from '#shared/api/private-subnet';
import type { z } from 'zod';
import { vmKind, type createVmBodySchema } from '#shared/api/vm';
import { VM_ACTIONS, VM_RESIZE, type VmAction } from '#shared/api/vm-kind';
import { resizedStorageGib, vmResizeRefusal, vmSize } from '#shared/catalog';
import { newId } from '#shared/ids';
import type { Quotas } from '../../config.ts';
import type { Tx } from '../../db/transaction.ts';
import { ApiError, invalidRequest } from '../../errors.ts';
import { enqueueJob, type JobKind } from '../../lifecycle/jobs.ts';
import { pickNicIPv4, pickNicIPv6, pickPublicIPv4, randomPublicIPv6 } from '../../net/allocate.ts';
import { defaultSubnet, findSubnetById } from '../private-subnet/private-subnet.store.ts';
import { assertNameFree, assertProjectQuota } from '../scoped.ts';
import type { VmRow } from './vm.store.ts';

export type NewVm = Omit<z.output<typeof createVmBodySchema>, 'size'> & {
  projectId: string;
  location: string;
  name: string;
  /** A VM size, or a database server's size (with its storage). */
  size: string;
  storageSizeGib?: number;
  /** The object a service VM serves (a database's server, a cluster's node): hidden from the VM routes, outside the VM quota. */
  serviceOf?: string;
};

/** The VM's subnet: the one given (in the project and location, not deleting), else the default. */
async function subnetFor(tx: Tx, vm: NewVm, quotas: Quotas) {
  if (!vm.private_subnet_id) return defaultSubnet(tx, vm.projectId, vm.location, quotas);
  const subnet = await findSubnetById(tx, vm.projectId, vm.private_subnet_id);
  // The origin's words for a subnet the project lacks in this location (helpers/vm.rb).
  if (!subnet || subnet.location !== vm.location)
    throw invalidRequest({
      private_subnet_id: `Private subnet with the given id "${vm.private_subnet_id}" is not found in the location "${vm.location}"`,
    });
  if (subnet.state === 'deleting')
    throw new ApiError('Conflict', `Private subnet ${subnet.name} is being deleted.`);
  return subnet;
}

/** The VM's own fields; the rest (ID, storage, IPv6, subnet, time) is made here. */
export type VmFields = Omit<
  VmRow,
  'id' | 'storage_size_gib' | 'ip6' | 'subnet_id' | 'created_at' | 'service_of' | 'state_reason'
> & {
  service_of?: string | null;
  storage_size_gib?: number;
};

/** Writes a VM row and its NIC in the subnet (the create path; the bench seeds VMs with it too). */
export async function insertVmWithNic(
  tx: Tx,
  fields: VmFields,
  subnet: { id: string; net6: string },
  privateIPv4: string,
): Promise<VmRow> {
  const now = new Date().toISOString();
  const row: VmRow = {
    ...fields,
    service_of: fields.service_of ?? null,
    state_reason: null,
    id: newId('vm'),
    storage_size_gib: fields.storage_size_gib ?? vmSize(fields.size)!.storageGib,
    ip6: randomPublicIPv6(),
    subnet_id: subnet.id,
    created_at: now,
  };
  await tx.insertInto('vm').values(row).execute();
  await tx
    .insertInto('nic')
    .values({
      id: newId('nic'),
      subnet_id: subnet.id,
      vm_id: row.id,
      name: `${row.name}-nic`,
      private_ipv4: privateIPv4,
      private_ipv6: pickNicIPv6(subnet.net6),
      created_at: now,
    })
    .execute();
  return row;
}

/**
 * A new VM with its NIC and addresses and its create job, all in the caller's transaction:
 * nothing half-made. A clash on an address's unique index retries with transactionWithRetry.
 * Within the project's quotas of VMs and (for a new default subnet) of subnets.
 */
export async function createVm(tx: Tx, vm: NewVm, quotas: Quotas): Promise<VmRow> {
  // A database's servers are counted by the database quota, not the VM quota.
  if (!vm.serviceOf) await assertProjectQuota(tx, vmKind, vm.projectId, quotas);
  await assertNameFree(tx, 'vm', vm.projectId, vm.location, vm.name);
  const subnet = await subnetFor(tx, vm, quotas);
  // Only its owner puts machines into a managed subnet (a cluster's nodes; decision 287).
  if (subnet.owned_by !== (vm.serviceOf ?? null))
    await assertNotManaged(tx, subnet, privateSubnetKind.singular);
  const taken = await tx
    .selectFrom('nic')
    .select('private_ipv4')
    .where('subnet_id', '=', subnet.id)
    .execute();
  const privateIPv4 = pickNicIPv4(
    subnet.net4,
    taken.map((n) => n.private_ipv4),
  );
  if (!privateIPv4)
    throw new ApiError(
      'Conflict',
      `Private subnet ${subnet.name} has no free IPv4 addresses left.`,
    );
  let ip4: string | null = null;
  if (vm.enable_ip4) {
    const used = await tx.selectFrom('vm').select('ip4').where('ip4', 'is not', null).execute();
    ip4 = pickPublicIPv4(used.map((v) => v.ip4!)) ?? null;
    if (!ip4)
      throw new ApiError(
        'Conflict',
        'No public IPv4 addresses are left in this location. Create the VM without enable_ip4.',
      );
  }
  const row = await insertVmWithNic(
    tx,
    {
      project_id: vm.projectId,
      location: vm.location,
      name: vm.name,
      state: 'creating',
      size: vm.size,
      unix_user: vm.unix_user,
      public_key: vm.public_key,
      boot_image: vm.boot_image,
      ip4,
      service_of: vm.serviceOf ?? null,
      init_script: vm.init_script || null,
      storage_size_gib: vm.storageSizeGib ?? vm.storage_size,
    },
    subnet,
    privateIPv4,
  );
  await enqueueJob(tx, 'vm.create', row.id);
  return row;
}

/** The job that finishes each VM action (its states are shared with the console: VM_ACTIONS). */
const ACTION_JOBS: Record<VmAction, JobKind> = {
  restart: 'vm.restart',
  stop: 'vm.stop',
  start: 'vm.start',
};

/**
 * Moves the VM into the action's transitional state and enqueues its job; from any other state
 * the origin's 400 (behaviour.md §2). A job of an action it interrupts (a start or restart
 * stopped meanwhile) finds the VM no longer in its state and does nothing.
 */
export async function actOnVm(tx: Tx, vm: VmRow, action: VmAction): Promise<VmRow> {
  const { from, to } = VM_ACTIONS[action];
  const job = ACTION_JOBS[action];
  const moved = await tx
    .updateTable('vm')
    .set({ state: to })
    .where('id', '=', vm.id)
    .where('state', 'in', [...from])
    .executeTakeFirst();
  if (Number(moved.numUpdatedRows) !== 1)
    throw new ApiError(
      'InvalidRequest',
      `The ${action} action is not supported in the VM's current state`,
    );
  await enqueueJob(tx, job, vm.id);
  return { ...vm, state: to };
}

/**
 * Resizes a running VM (decision 295): 409 in any other state, 400 for a size of another family,
 * a smaller or the same one; nothing changes then. The row takes the new size (and storage)
 * at once, in `resizing`, and the resize job brings it back to running; the usage meter prices
 * the new size from the job's first step.
 */
export async function resizeVm(tx: Tx, vm: VmRow, size: string): Promise<VmRow> {
  const { from, to } = VM_RESIZE;
  if (!(from as readonly string[]).includes(vm.state))
    throw new ApiError(
      'Conflict',
      `VM ${vm.name} is ${vm.state}: it can be resized only while it is running.`,
    );
  const refusal = vmResizeRefusal(vm.size, size);
  if (refusal) throw invalidRequest({ size: refusal }, refusal);
  const storage = resizedStorageGib(size, Number(vm.storage_size_gib));
  const moved = await tx
    .updateTable('vm')
    .set({ state: to, size, storage_size_gib: storage })
    .where('id', '=', vm.id)
    .where('state', 'in', [...from])
    .where('size', '=', vm.size)
    .executeTakeFirst();
  // Changed since it was read (another resize or an action won): the state it is in now refuses.
  if (Number(moved.numUpdatedRows) !== 1)
    throw new ApiError('Conflict', `VM ${vm.name} changed meanwhile: it is no longer running.`);
  await enqueueJob(tx, 'vm.resize', vm.id);
  return { ...vm, state: to, size, storage_size_gib: storage };
}

/** Marks the VM `deleting` and enqueues its destroy job, once (a repeat does nothing). */
export async function deleteVm(tx: Tx, vm: VmRow): Promise<void> {
  if (vm.state === 'deleting') return;
  const marked = await tx
    .updateTable('vm')
    .set({ state: 'deleting' })
    .where('id', '=', vm.id)
    .where('state', '!=', 'deleting')
    .executeTakeFirst();
  if (Number(marked.numUpdatedRows) === 1) await enqueueJob(tx, 'vm.destroy', vm.id);
}

/** A VM's NIC is named after it. */
export async function renameNic(tx: Tx, vm: VmRow, name: string): Promise<void> {
  await tx
    .updateTable('nic')
    .set({ name: `${name}-nic` })
    .where('vm_id', '=', vm.id)
    .execute();
}
