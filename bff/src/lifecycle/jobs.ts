// Job kinds and their steps (behaviour.md §8). A step does its data-plane call, then answers
// what to change in the database (committed together with the job's advance) and which step
// comes next, and when. A job whose resource has moved on (deleted meanwhile) ends quietly.
import type { Selectable } from 'kysely';
import { newId } from '#shared/ids';
import type { Db } from '../db/database.ts';
import type { JobTable } from '../db/schema.ts';
import type { Tx } from '../db/transaction.ts';
import type { DataPlane } from './provider.ts';

export type JobRow = Selectable<JobTable>;

export interface JobEnv {
  db: Db;
  provider: DataPlane;
  /** How long each simulated provisioning step takes (PROVISION_DELAY_MS). */
  delayMs: number;
}

export interface StepOutcome {
  apply?: (tx: Tx) => Promise<void>;
  /** Absent: the job is done. */
  next?: { step: string; delayMs: number };
}

type StepRunner = (env: JobEnv, job: JobRow) => Promise<StepOutcome>;

const ref = (job: JobRow) => ({ jobId: job.id, step: job.step });

type VmCall = 'createVm' | 'restartVm' | 'stopVm' | 'startVm';

/** A VM moving from a transitional state to a settled one: call, wait, settle. */
function vmTransition(from: string, to: string, call: VmCall): Record<string, StepRunner> {
  return {
    async start(env, job) {
      const vm = await env.db.selectFrom('vm').selectAll().where('id', '=', job.resource_id).executeTakeFirst();
      if (!vm || vm.state !== from) return {};
      if (call === 'createVm') {
        await env.provider.createVm(
          { id: vm.id, name: vm.name, location: vm.location, size: vm.size, bootImage: vm.boot_image, unixUser: vm.unix_user, publicKey: vm.public_key },
          ref(job),
        );
      } else {
        await env.provider[call](vm.id, ref(job));
      }
      return { next: { step: 'finish', delayMs: env.delayMs } };
    },
    async finish(_env, job) {
      return {
        apply: async (tx) => {
          await tx.updateTable('vm').set({ state: to }).where('id', '=', job.resource_id).where('state', '=', from).execute();
        },
      };
    },
  };
}

export const JOB_KINDS: Record<string, Record<string, StepRunner>> = {
  'vm.create': vmTransition('creating', 'running', 'createVm'),
  'vm.restart': vmTransition('restarting', 'running', 'restartVm'),
  'vm.stop': vmTransition('stopping', 'stopped', 'stopVm'),
  'vm.start': vmTransition('starting', 'running', 'startVm'),
  'vm.destroy': {
    async start(env, job) {
      await env.provider.destroyVm(job.resource_id, ref(job));
      return { next: { step: 'finish', delayMs: env.delayMs } };
    },
    async finish(_env, job) {
      return {
        // The NIC goes with the VM, which releases its private and public addresses.
        apply: async (tx) => {
          await tx.deleteFrom('nic').where('vm_id', '=', job.resource_id).execute();
          await tx.deleteFrom('vm').where('id', '=', job.resource_id).execute();
        },
      };
    },
  },
  'subnet.destroy': {
    async start(env, job) {
      // VMs that were deleting when the subnet delete was accepted go first.
      const nic = await env.db.selectFrom('nic').select('id').where('subnet_id', '=', job.resource_id).executeTakeFirst();
      if (nic) return { next: { step: 'start', delayMs: Math.max(env.delayMs, 50) } };
      await env.provider.destroySubnet(job.resource_id, ref(job));
      return { next: { step: 'finish', delayMs: env.delayMs } };
    },
    async finish(_env, job) {
      return {
        apply: async (tx) => {
          const id = job.resource_id;
          await tx.deleteFrom('firewall_subnet').where('subnet_id', '=', id).execute();
          // Its default firewall goes with it, unless it now guards another subnet.
          await tx
            .deleteFrom('firewall')
            .where('default_for_subnet_id', '=', id)
            .where('id', 'not in', tx.selectFrom('firewall_subnet').select('firewall_id'))
            .execute();
          await tx.updateTable('firewall').set({ default_for_subnet_id: null }).where('default_for_subnet_id', '=', id).execute();
          await tx.deleteFrom('private_subnet').where('id', '=', id).execute();
        },
      };
    },
  },
};

export type JobKind = keyof typeof JOB_KINDS;

/** Adds a job in the caller's transaction, so the state change and its job commit together. */
export async function enqueueJob(tx: Tx | Db, kind: JobKind, resourceId: string): Promise<void> {
  const now = new Date().toISOString();
  await tx
    .insertInto('job')
    .values({ id: newId('job'), kind, resource_id: resourceId, step: 'start', state: 'pending', run_at: now, attempts: 0, lease_owner: null, lease_expires_at: null, last_error: null, created_at: now, updated_at: now })
    .execute();
}
