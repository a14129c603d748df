import { resourceName } from '#shared/names';
import type { AppContext } from '../../context.ts';
import { transactionWithRetry } from '../../db/transaction.ts';
import { ApiError, fieldError, unlessNotFound } from '../../http/errors.ts';
import type { Handlers } from '../../http/mount.ts';
import { pageFor } from '../../http/pagination.ts';
import { enqueueJob } from '../../lifecycle/jobs.ts';
import { assertNameFree } from '../scoped.ts';
import { findSubnetById, findSubnet, insertSubnet, listSubnets, subnetView, type SubnetRow } from './private-subnet.store.ts';

export function privateSubnetHandlers(ctx: AppContext): Handlers<
  | 'createPrivateSubnet' | 'getPrivateSubnet' | 'getPrivateSubnetById' | 'listPrivateSubnets' | 'listLocationPrivateSubnets'
  | 'deletePrivateSubnet' | 'deletePrivateSubnetById' | 'renamePrivateSubnet'
> {
  const { db } = ctx;

  /** 409 while VMs that are not being deleted are attached; else `deleting` and a job. */
  async function deleteSubnet(subnet: SubnetRow | undefined) {
    if (!subnet || subnet.state === 'deleting') return;
    await db.transaction().execute(async (tx) => {
      // Waits for a VM create that holds the subnet, then sees its VM.
      await findSubnetById(tx, subnet.project_id, subnet.id);
      const attached = await tx.selectFrom('vm').select('name').where('subnet_id', '=', subnet.id).where('state', '!=', 'deleting').orderBy('name').execute();
      if (attached.length) {
        throw new ApiError('Conflict', `Private subnet ${subnet.name} has VMs attached (${attached.map((v) => v.name).join(', ')}); delete them first.`);
      }
      const marked = await tx.updateTable('private_subnet').set({ state: 'deleting' }).where('id', '=', subnet.id).where('state', '=', 'available').executeTakeFirst();
      if (Number(marked.numUpdatedRows) === 1) await enqueueJob(tx, 'subnet.destroy', subnet.id);
    });
    ctx.wakeWorker();
  }

  return {
    async createPrivateSubnet({ project, location, params, body }) {
      const name = resourceName('privateSubnet').safeParse(params.ps_name);
      if (!name.success) throw fieldError('name', name.error);
      const row = await transactionWithRetry(db, (tx) => insertSubnet(tx, { projectId: project.id, location, name: name.data, firewallId: body?.firewall_id }));
      return subnetView(db, row);
    },

    async getPrivateSubnet({ project, location, params }) {
      return subnetView(db, await findSubnet(db, project.id, location, params.ps_name));
    },

    async getPrivateSubnetById({ project, location, params }) {
      return subnetView(db, await findSubnet(db, project.id, location, params.ps_id));
    },

    async listPrivateSubnets({ project, query }) {
      return listSubnets(db, project.id, undefined, pageFor('privateSubnet', query));
    },

    async listLocationPrivateSubnets({ project, location, query }) {
      return listSubnets(db, project.id, location, pageFor('privateSubnet', query));
    },

    async deletePrivateSubnet({ project, location, params }) {
      await deleteSubnet(await unlessNotFound(findSubnet(db, project.id, location, params.ps_name)));
    },

    async deletePrivateSubnetById({ project, location, params }) {
      await deleteSubnet(await unlessNotFound(findSubnet(db, project.id, location, params.ps_id)));
    },

    async renamePrivateSubnet({ project, location, params, body }) {
      const subnet = await findSubnet(db, project.id, location, params.private_subnet_reference);
      await transactionWithRetry(db, async (tx) => {
        await assertNameFree(tx, 'private_subnet', project.id, location, body.name, subnet.id);
        await tx.updateTable('private_subnet').set({ name: body.name }).where('id', '=', subnet.id).execute();
      });
      return subnetView(db, { ...subnet, name: body.name });
    },
  };
}
