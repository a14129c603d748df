import { vmSize } from '#shared/catalog';
import { newId } from '#shared/ids';
import { resourceName } from '#shared/names';
import type { z } from 'zod';
import type { createVmBodySchema } from '#shared/api/vm';
import type { AppContext } from '../../context.ts';
import { transactionWithRetry } from '../../db/transaction.ts';
import { ApiError, fieldError, invalidRequest, unlessNotFound } from '../../http/errors.ts';
import type { Handlers } from '../../http/mount.ts';
import { pageFor } from '../../http/pagination.ts';
import { enqueueJob, type JobKind } from '../../lifecycle/jobs.ts';
import { pickNicIPv4, pickNicIPv6, pickPublicIPv4, randomPublicIPv6 } from '../../net/allocate.ts';
import { defaultSubnet, findSubnetById } from '../private-subnet/private-subnet.store.ts';
import { assertNameFree } from '../scoped.ts';
import { findVm, listVms, vmView, type VmRow } from './vm.store.ts';

type CreateVm = z.output<typeof createVmBodySchema>;

/** VM actions: the state they need, the state they set, and the job that finishes them. */
const ACTIONS = {
  restart: { from: 'running', to: 'restarting', job: 'vm.restart' },
  stop: { from: 'running', to: 'stopping', job: 'vm.stop' },
  start: { from: 'stopped', to: 'starting', job: 'vm.start' },
} as const satisfies Record<string, { from: string; to: string; job: JobKind }>;

export function vmHandlers(ctx: AppContext): Handlers<
  | 'createVm' | 'getVm' | 'getVmById' | 'listVms' | 'listLocationVms' | 'deleteVm' | 'deleteVmById'
  | 'restartVm' | 'stopVm' | 'startVm' | 'renameVm'
> {
  const { db } = ctx;

  /** One transaction: the VM, its NIC and addresses, and its create job; nothing half-made. */
  async function createVm(projectId: string, location: string, name: string, body: CreateVm): Promise<VmRow> {
    const vm = await transactionWithRetry(db, async (tx) => {
      await assertNameFree(tx, 'vm', projectId, location, name);
      let subnet;
      if (body.private_subnet_id) {
        subnet = await findSubnetById(tx, projectId, body.private_subnet_id);
        if (!subnet) throw invalidRequest({ private_subnet_id: 'No private subnet with this ID in the project.' });
        if (subnet.location !== location) throw invalidRequest({ private_subnet_id: `The private subnet is in ${subnet.location}, not ${location}.` });
        if (subnet.state === 'deleting') throw new ApiError('Conflict', `Private subnet ${subnet.name} is being deleted.`);
      } else {
        subnet = await defaultSubnet(tx, projectId, location);
      }
      const taken = await tx.selectFrom('nic').select('private_ipv4').where('subnet_id', '=', subnet.id).execute();
      const privateIPv4 = pickNicIPv4(subnet.net4, taken.map((n) => n.private_ipv4));
      if (!privateIPv4) throw new ApiError('Conflict', `Private subnet ${subnet.name} has no free IPv4 addresses left.`);
      let ip4: string | null = null;
      if (body.enable_ip4) {
        const used = await tx.selectFrom('vm').select('ip4').where('ip4', 'is not', null).execute();
        ip4 = pickPublicIPv4(used.map((v) => v.ip4!)) ?? null;
        if (!ip4) throw new ApiError('Conflict', 'No public IPv4 addresses are left in this location. Create the VM without enable_ip4.');
      }
      const now = new Date().toISOString();
      const row: VmRow = {
        id: newId('vm'),
        project_id: projectId,
        location,
        name,
        state: 'creating',
        size: body.size,
        unix_user: body.unix_user,
        public_key: body.public_key,
        boot_image: body.boot_image,
        storage_size_gib: vmSize(body.size)!.storageGib,
        ip4,
        ip6: randomPublicIPv6(),
        subnet_id: subnet.id,
        created_at: now,
      };
      await tx.insertInto('vm').values(row).execute();
      await tx
        .insertInto('nic')
        .values({ id: newId('nic'), subnet_id: subnet.id, vm_id: row.id, name: `${name}-nic`, private_ipv4: privateIPv4, private_ipv6: pickNicIPv6(subnet.net6), created_at: now })
        .execute();
      await enqueueJob(tx, 'vm.create', row.id);
      return row;
    });
    ctx.wakeWorker();
    return vm;
  }

  async function act(projectId: string, location: string, reference: string, action: keyof typeof ACTIONS) {
    const { from, to, job } = ACTIONS[action];
    const vm = await findVm(db, projectId, location, reference);
    await db.transaction().execute(async (tx) => {
      const moved = await tx.updateTable('vm').set({ state: to }).where('id', '=', vm.id).where('state', '=', from).executeTakeFirst();
      if (Number(moved.numUpdatedRows) !== 1) {
        const now = await tx.selectFrom('vm').select('state').where('id', '=', vm.id).executeTakeFirst();
        throw new ApiError('Conflict', `The VM is ${now?.state ?? 'gone'}; it must be ${from} to ${action}.`);
      }
      await enqueueJob(tx, job, vm.id);
    });
    ctx.wakeWorker();
    return vmView(db, { ...vm, state: to });
  }

  async function deleteVm(vm: VmRow | undefined) {
    if (!vm || vm.state === 'deleting') return;
    await db.transaction().execute(async (tx) => {
      const marked = await tx.updateTable('vm').set({ state: 'deleting' }).where('id', '=', vm.id).where('state', '!=', 'deleting').executeTakeFirst();
      if (Number(marked.numUpdatedRows) === 1) await enqueueJob(tx, 'vm.destroy', vm.id);
    });
    ctx.wakeWorker();
  }

  return {
    async createVm({ project, location, params, body }) {
      const name = resourceName('vm').safeParse(params.vm_name);
      if (!name.success) throw fieldError('name', name.error);
      return vmView(db, await createVm(project.id, location, name.data, body));
    },

    async getVm({ project, location, params }) {
      return vmView(db, await findVm(db, project.id, location, params.vm_name));
    },

    async getVmById({ project, location, params }) {
      return vmView(db, await findVm(db, project.id, location, params.vm_id));
    },

    async listVms({ project, query }) {
      return listVms(db, project.id, undefined, pageFor('vm', query));
    },

    async listLocationVms({ project, location, query }) {
      return listVms(db, project.id, location, pageFor('vm', query));
    },

    async deleteVm({ project, location, params }) {
      await deleteVm(await unlessNotFound(findVm(db, project.id, location, params.vm_name)));
    },

    async deleteVmById({ project, location, params }) {
      await deleteVm(await unlessNotFound(findVm(db, project.id, location, params.vm_id)));
    },

    restartVm: ({ project, location, params }) => act(project.id, location, params.vm_reference, 'restart'),
    stopVm: ({ project, location, params }) => act(project.id, location, params.vm_reference, 'stop'),
    startVm: ({ project, location, params }) => act(project.id, location, params.vm_reference, 'start'),

    async renameVm({ project, location, params, body }) {
      const vm = await findVm(db, project.id, location, params.vm_reference);
      await transactionWithRetry(db, async (tx) => {
        await assertNameFree(tx, 'vm', project.id, location, body.name, vm.id);
        await tx.updateTable('vm').set({ name: body.name }).where('id', '=', vm.id).execute();
        await tx.updateTable('nic').set({ name: `${body.name}-nic` }).where('vm_id', '=', vm.id).execute();
      });
      return vmView(db, { ...vm, name: body.name });
    },
  };
}
