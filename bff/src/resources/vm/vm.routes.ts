import { vmKind } from '#shared/api/vm';
import { commonHandlers, inJobTransaction, nameFromPath } from '../common.ts';
import { kindModule } from '../kind.ts';
import { vmJobs } from './vm.jobs.ts';
import type { VmAction } from '#shared/api/vm-kind';
import { actOnVm, createVm, deleteVm, renameNic } from './vm.service.ts';
import { findVm, VM_LIST, vmView } from './vm.store.ts';

export const vm = kindModule({
  jobs: vmJobs,
  handlers(ctx) {
    const { db } = ctx;
    const act =
      (action: VmAction) =>
      async ({ project, location, params }: { project: { id: string }; location: string; params: { vm_reference: string } }) => {
        const found = await findVm(db, project.id, location, params.vm_reference);
        return vmView(db, await inJobTransaction(ctx, (tx) => actOnVm(tx, found, action)));
      };
    return {
      ...commonHandlers(
        ctx,
        { kind: vmKind, view: vmView, list: VM_LIST, renamed: renameNic, remove: deleteVm },
        { get: ['getVm', 'getVmById'], list: ['listVms', 'listLocationVms'], rename: ['renameVm'], delete: ['deleteVm', 'deleteVmById'] },
      ),
      async createVm({ project, location, params, body }) {
        const name = nameFromPath(vmKind, params.vm_name);
        return vmView(db, await inJobTransaction(ctx, (tx) => createVm(tx, { ...body, projectId: project.id, location, name }, ctx.config.quotas)));
      },
      restartVm: act('restart'),
      stopVm: act('stop'),
      startVm: act('start'),
    };
  },
});
