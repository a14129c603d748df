// A private subnet's jobs: destroy (after the VMs that were deleting with it).
import { defineJobs, stepRef, type KindsOf } from '../../lifecycle/jobs.ts';

export const privateSubnetJobs = defineJobs({
  'subnet.destroy': {
    steps: {
      async start(env, job) {
        // VMs and load balancers that were deleting when the subnet delete was accepted go first.
        const nic = await env.db
          .selectFrom('nic')
          .select('id')
          .where('subnet_id', '=', job.resource_id)
          .executeTakeFirst();
        const lb = await env.db
          .selectFrom('load_balancer')
          .select('id')
          .where('private_subnet_id', '=', job.resource_id)
          .executeTakeFirst();
        if (nic || lb) return { next: { step: 'start', delayMs: Math.max(env.delayMs, 50) } };
        await env.provider.call('destroySubnet', job.resource_id, {}, stepRef(job));
        return { next: { step: 'finish', delayMs: env.delayMs } };
      },
      async finish(_env, job) {
        return {
          apply: async (tx) => {
            const id = job.resource_id;
            await tx.deleteFrom('firewall_subnet').where('subnet_id', '=', id).execute();
            await tx
              .deleteFrom('connected_subnet')
              .where((eb) => eb.or([eb('subnet_id', '=', id), eb('connected_subnet_id', '=', id)]))
              .execute();
            // The subnet before its firewall, in the order a create writes them: on PostgreSQL the
            // two kinds' counts are locked in the same order, so the two cannot deadlock (decision 244).
            await tx.deleteFrom('private_subnet').where('id', '=', id).execute();
            // Its default firewall goes with it, unless it now guards another subnet.
            await tx
              .deleteFrom('firewall')
              .where('default_for_subnet_id', '=', id)
              .where('id', 'not in', tx.selectFrom('firewall_subnet').select('firewall_id'))
              .execute();
            await tx
              .updateTable('firewall')
              .set({ default_for_subnet_id: null })
              .where('default_for_subnet_id', '=', id)
              .execute();
          },
        };
      },
    },
  },
});

// The kind's job names, so enqueueJob takes them (and a typo does not compile).
declare module '../../lifecycle/provider.ts' {
  interface DataPlaneOps {
    destroySubnet: Record<string, never>;
  }
}

declare module '../../lifecycle/jobs.ts' {
  // eslint-disable-next-line @typescript-eslint/no-empty-object-type -- the members come from the definitions
  interface JobKinds extends KindsOf<typeof privateSubnetJobs> {}
}
