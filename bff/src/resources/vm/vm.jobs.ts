// A VM's jobs: create, the actions, and destroy.
import { defineJobs, stepRef, type JobDefinition, type KindsOf } from '../../lifecycle/jobs.ts';

type VmCall = 'createVm' | 'restartVm' | 'stopVm' | 'startVm' | 'resizeVm';

/** A VM stuck in a transition after the last attempt is `failed`. */
const failed: JobDefinition['failed'] = async (tx, job) => {
  await tx.updateTable('vm').set({ state: 'failed' }).where('id', '=', job.resource_id).execute();
};

/** A VM moving from a transitional state to a settled one: call, wait, settle. */
function vmTransition(from: string, to: string, call: VmCall): JobDefinition {
  return {
    failed,
    steps: {
      async start(env, job) {
        const vm = await env.db
          .selectFrom('vm')
          .selectAll()
          .where('id', '=', job.resource_id)
          .executeTakeFirst();
        if (!vm || vm.state !== from) return {};
        if (call === 'createVm') {
          const spec = {
            name: vm.name,
            location: vm.location,
            size: vm.size,
            bootImage: vm.boot_image,
            unixUser: vm.unix_user,
            publicKey: vm.public_key,
            initScript: vm.init_script,
          };
          await env.provider.call('createVm', vm.id, spec, stepRef(job));
        } else if (call === 'resizeVm') {
          const spec = { size: vm.size, storageSizeGib: Number(vm.storage_size_gib) };
          await env.provider.call('resizeVm', vm.id, spec, stepRef(job));
        } else {
          await env.provider.call(call, vm.id, {}, stepRef(job));
        }
        return { next: { step: 'finish', delayMs: env.delayMs } };
      },
      async finish(_env, job) {
        return {
          apply: async (tx) => {
            await tx
              .updateTable('vm')
              .set({ state: to })
              .where('id', '=', job.resource_id)
              .where('state', '=', from)
              .execute();
          },
        };
      },
    },
  };
}

export const vmJobs = defineJobs({
  'vm.create': vmTransition('creating', 'running', 'createVm'),
  'vm.restart': vmTransition('restarting', 'running', 'restartVm'),
  'vm.stop': vmTransition('stopping', 'stopped', 'stopVm'),
  'vm.start': vmTransition('starting', 'running', 'startVm'),
  'vm.resize': vmTransition('resizing', 'running', 'resizeVm'),
  'vm.destroy': {
    failed,
    steps: {
      async start(env, job) {
        await env.provider.call('destroyVm', job.resource_id, {}, stepRef(job));
        return { next: { step: 'finish', delayMs: env.delayMs } };
      },
      async finish(_env, job) {
        return {
          // The NIC goes with the VM (its foreign key cascades), which releases its private and
          // public addresses.
          apply: async (tx) => {
            await tx.deleteFrom('vm').where('id', '=', job.resource_id).execute();
          },
        };
      },
    },
  },
});

// The kind's job names, so enqueueJob takes them (and a typo does not compile).
/** What the data plane is told to make a VM. */
export interface VmSpec {
  name: string;
  location: string;
  size: string;
  bootImage: string;
  unixUser: string;
  publicKey: string;
  /** Run at first boot; null without one. */
  initScript: string | null;
}

declare module '../../lifecycle/provider.ts' {
  interface DataPlaneOps {
    createVm: VmSpec;
    restartVm: Record<string, never>;
    stopVm: Record<string, never>;
    startVm: Record<string, never>;
    /** The size (and storage) the VM's row already names. */
    resizeVm: { size: string; storageSizeGib: number };
    destroyVm: Record<string, never>;
  }
}

declare module '../../lifecycle/jobs.ts' {
  // eslint-disable-next-line @typescript-eslint/no-empty-object-type -- the members come from the definitions
  interface JobKinds extends KindsOf<typeof vmJobs> {}
}
