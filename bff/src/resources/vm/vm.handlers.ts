import { isKeyName } from '#shared/api/ssh-public-key';
import { vmKind } from '#shared/api/vm';
import type { Tx } from '../../db/transaction.ts';
import { invalidRequest } from '../../errors.ts';
import { commonHandlers, inJobTransaction, nameFromPath } from '../common.ts';
import { kindModule } from '../kind.ts';
import { vmJobs } from './vm.jobs.ts';
import type { VmAction } from '#shared/api/vm-kind';
import { actOnVm, createVm, deleteVm, renameNic, resizeVm } from './vm.service.ts';
import { HOST_METRICS, metricSeries, metricsWindow } from '../sim.ts';
import { VM_METRIC_KEYS } from '#shared/api/vm';
import { findVm, VM_LIST, vmView } from './vm.store.ts';

/** A `public_key` without a space names a saved key of the project (the origin's lookup); 400 when there is none. */
async function resolvePublicKey(tx: Tx, projectId: string, key: string): Promise<string> {
  if (!isKeyName(key)) return key;
  const saved = await tx
    .selectFrom('ssh_public_key')
    .select('public_key')
    .where('project_id', '=', projectId)
    .where('name', '=', key)
    .executeTakeFirst();
  if (saved) return saved.public_key;
  const message = `public_key is neither an OpenSSH public key nor the name of a saved SSH public key of this project ("${key}").`;
  throw invalidRequest({ public_key: message }, message);
}

export const vm = kindModule({
  jobs: vmJobs,
  handlers(ctx) {
    const { db } = ctx;
    const act =
      (action: VmAction) =>
      async ({
        project,
        location,
        params,
      }: {
        project: { id: string };
        location: string;
        params: { vm_reference: string };
      }) => {
        const found = await findVm(db, project.id, location, params.vm_reference);
        return vmView(db, await inJobTransaction(ctx, (tx) => actOnVm(tx, found, action)));
      };
    return {
      ...commonHandlers(
        ctx,
        { kind: vmKind, view: vmView, list: VM_LIST, renamed: renameNic, remove: deleteVm },
        {
          get: ['getVm', 'getVmById'],
          list: ['listVms', 'listLocationVms'],
          rename: ['renameVm'],
          delete: ['deleteVm', 'deleteVmById'],
        },
      ),
      async createVm({ project, location, params, body }) {
        const name = nameFromPath(vmKind, params.vm_name);
        return vmView(
          db,
          await inJobTransaction(ctx, async (tx) => {
            const public_key = await resolvePublicKey(tx, project.id, body.public_key);
            return createVm(
              tx,
              { ...body, public_key, projectId: project.id, location, name },
              ctx.config.quotas,
            );
          }),
        );
      },
      restartVm: act('restart'),
      stopVm: act('stop'),
      startVm: act('start'),
      async resizeVm({ project, location, params, body }) {
        return vmView(
          db,
          await inJobTransaction(ctx, async (tx) =>
            resizeVm(tx, await findVm(tx, project.id, location, params.vm_reference), body.size),
          ),
        );
      },
      async getVmMetrics({ project, location, params, query }) {
        const vm = await findVm(db, project.id, location, params.vm_reference);
        const { start, end } = metricsWindow(query, Date.parse(vm.created_at));
        const keys = query.key ? [query.key] : VM_METRIC_KEYS;
        const sources = [{ seed: vm.id, labels: { vm: vm.name } }];
        return { metrics: metricSeries(HOST_METRICS, sources, start, end, keys) };
      },
    };
  },
});
