// A load balancer's jobs: create, reconfigure (after a change of its settings or VMs), destroy.
import type { Db } from '../../db/database.ts';
import { defineJobs, stepRef, type JobDefinition, type KindsOf } from '../../lifecycle/jobs.ts';

/** A load balancer stuck in a transition after the last attempt is `failed`. */
const failed: JobDefinition['failed'] = async (tx, job) => {
  await tx
    .updateTable('load_balancer')
    .set({ state: 'failed' })
    .where('id', '=', job.resource_id)
    .execute();
};

/** What the data plane is told: the whole configuration, read when the step runs. */
export interface LoadBalancerSpec {
  name: string;
  location: string;
  subnetId: string;
  algorithm: string;
  stack: string;
  ports: [number, number];
  healthCheck: { protocol: string; endpoint: string };
  certEnabled: boolean;
  vmIds: string[];
}

async function specOf(
  db: Db,
  id: string,
): Promise<{ state: string; spec: LoadBalancerSpec } | undefined> {
  const lb = await db
    .selectFrom('load_balancer')
    .selectAll()
    .where('id', '=', id)
    .executeTakeFirst();
  if (!lb) return undefined;
  const vms = await db
    .selectFrom('load_balancer_vm')
    .select('vm_id')
    .where('load_balancer_id', '=', id)
    .orderBy('vm_id')
    .execute();
  return {
    state: lb.state,
    spec: {
      name: lb.name,
      location: lb.location,
      subnetId: lb.private_subnet_id,
      algorithm: lb.algorithm,
      stack: lb.stack,
      ports: [Number(lb.src_port), Number(lb.dst_port)],
      healthCheck: { protocol: lb.health_check_protocol, endpoint: lb.health_check_endpoint },
      certEnabled: Boolean(Number(lb.cert_enabled)),
      vmIds: vms.map((v) => v.vm_id),
    },
  };
}

export const loadBalancerJobs = defineJobs({
  'lb.create': {
    failed,
    steps: {
      async start(env, job) {
        const lb = await specOf(env.db, job.resource_id);
        if (!lb || lb.state !== 'creating') return {};
        await env.provider.call('createLoadBalancer', job.resource_id, lb.spec, stepRef(job));
        return { next: { step: 'finish', delayMs: env.delayMs } };
      },
      async finish(_env, job) {
        return {
          apply: async (tx) => {
            await tx
              .updateTable('load_balancer')
              .set({ state: 'running' })
              .where('id', '=', job.resource_id)
              .where('state', '=', 'creating')
              .execute();
          },
        };
      },
    },
  },
  'lb.update': {
    steps: {
      async start(env, job) {
        const lb = await specOf(env.db, job.resource_id);
        // One that is going or gone needs no new configuration.
        if (!lb || lb.state === 'deleting') return {};
        await env.provider.call('updateLoadBalancer', job.resource_id, lb.spec, stepRef(job));
        return {};
      },
    },
  },
  'lb.destroy': {
    failed,
    steps: {
      async start(env, job) {
        await env.provider.call('destroyLoadBalancer', job.resource_id, {}, stepRef(job));
        return { next: { step: 'finish', delayMs: env.delayMs } };
      },
      async finish(_env, job) {
        return {
          // Its VMs stay; only their attachments go with it.
          apply: async (tx) => {
            await tx
              .deleteFrom('load_balancer_vm')
              .where('load_balancer_id', '=', job.resource_id)
              .execute();
            await tx.deleteFrom('load_balancer').where('id', '=', job.resource_id).execute();
          },
        };
      },
    },
  },
});

declare module '../../lifecycle/provider.ts' {
  interface DataPlaneOps {
    createLoadBalancer: LoadBalancerSpec;
    updateLoadBalancer: LoadBalancerSpec;
    destroyLoadBalancer: Record<string, never>;
  }
}

declare module '../../lifecycle/jobs.ts' {
  // eslint-disable-next-line @typescript-eslint/no-empty-object-type -- the members come from the definitions
  interface JobKinds extends KindsOf<typeof loadBalancerJobs> {}
}
