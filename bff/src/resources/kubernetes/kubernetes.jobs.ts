// A cluster's jobs (decision 126): converge (its nodes to the counts of its control plane and
// node pools, one node at a time, then `running`; changes that come in meanwhile are converged
// too, whatever their order), upgrade (of its control plane or of a node pool: the version is
// set by the request, the job replaces the nodes)
// and destroy. Nodes are VMs of the VM service; their own VM jobs make and remove them, and a
// cluster job waits for them. Every step reads the state afresh, so a job re-run after a crash
// (kill -9) continues where the database says it is.
import type { Quotas } from '../../config.ts';
import { forUpdate } from '../../db/locks.ts';
import type { Db } from '../../db/database.ts';
import type { Tx } from '../../db/transaction.ts';
import {
  defineJobs,
  enqueueJob,
  stepRef,
  type JobDefinition,
  type JobEnv,
  type JobRow,
  type KindsOf,
  type StepOutcome,
} from '../../lifecycle/jobs.ts';
import { removeMadeFirewall } from '../private-subnet/guarded-subnet.ts';
import { deleteSubnet } from '../private-subnet/private-subnet.store.ts';
import { deleteVm } from '../vm/vm.service.ts';
import { serviceVms } from '../vm/vm.store.ts';
import { addNode, removeClusterParts } from './kubernetes.service.ts';
import { listNodepools, listNodes, type ClusterRow, type NodepoolRow } from './kubernetes.store.ts';

const load = (env: JobEnv, job: JobRow) =>
  env.db
    .selectFrom('kubernetes_cluster')
    .selectAll()
    .where('id', '=', job.resource_id)
    .executeTakeFirst();

/** Nodes are VMs in the cluster's own subnet and serve it: no quota applies to them (decision 129). */
const NO_QUOTAS = {} as Quotas;

/**
 * A cluster stuck after the last attempt is `failed`: a delete's job only while the cluster is
 * still `deleting`, every other job only while it is not (a delete meanwhile wins).
 */
const failedIn =
  (deleting: boolean): JobDefinition['failed'] =>
  async (tx, job) => {
    await tx
      .updateTable('kubernetes_cluster')
      .set({ display_state: 'failed' })
      .where('id', '=', job.resource_id)
      .where('display_state', deleting ? '=' : '!=', 'deleting')
      .execute();
  };
const failed = failedIn(false);

/** Runs `fn` if the cluster is still in `state` (locked until the commit); a delete meanwhile wins. */
function whileIn(cluster: ClusterRow, fn: (tx: Tx, now: ClusterRow) => Promise<unknown>) {
  return async (tx: Tx) => {
    const now = await forUpdate(
      tx,
      tx
        .selectFrom('kubernetes_cluster')
        .selectAll()
        .where('id', '=', cluster.id)
        .where('display_state', '=', cluster.display_state),
    ).executeTakeFirst();
    if (now) await fn(tx, now);
  };
}

async function deleteVmById(tx: Tx, id: string) {
  const vm = await tx.selectFrom('vm').selectAll().where('id', '=', id).executeTakeFirst();
  if (vm) await deleteVm(tx, vm);
}

type Move = { wait: true } | { add: NodepoolRow | null } | { remove: string } | { done: true };

/**
 * What convergence does next, from the nodes as they are: wait while a node is being made or
 * removed; else add or remove one node of the first group (control plane, then each pool) off
 * its count, then remove one retired node; done once all agree.
 */
async function nextMove(q: Db | Tx, cluster: ClusterRow): Promise<Move> {
  const vms = await serviceVms(q, cluster).select(['id', 'state']).execute();
  if (vms.some((v) => v.state === 'failed')) throw new Error(`a node of ${cluster.id} failed`);
  if (vms.some((v) => v.state !== 'running')) return { wait: true };
  const [nodes, pools] = await Promise.all([
    listNodes(q, [cluster.id]),
    listNodepools(q, [cluster.id]),
  ]);
  const groups: { pool: NodepoolRow | null; want: number }[] = [
    { pool: null, want: Number(cluster.cp_node_count) },
    ...pools.map((p) => ({ pool: p, want: Number(p.node_count) })),
  ];
  for (const { pool, want } of groups) {
    const active = nodes.filter((n) => n.nodepool_id === (pool?.id ?? null) && !Number(n.retiring));
    if (active.length < want) return { add: pool };
    // The newest node goes first.
    if (active.length > want) return { remove: active.at(-1)!.id };
  }
  const retired = nodes.find((n) => Number(n.retiring));
  return retired ? { remove: retired.id } : { done: true };
}

/**
 * Ends a change on the locked cluster: `running` when its nodes agree with its counts now
 * (a retire or pool delete may have come in meanwhile, in the same lock order); else it keeps
 * converging, in a new converge job.
 */
async function settle(tx: Tx, now: ClusterRow): Promise<void> {
  if ('done' in (await nextMove(tx, now))) {
    await tx
      .updateTable('kubernetes_cluster')
      .set({ display_state: 'running' })
      .where('id', '=', now.id)
      .execute();
    return;
  }
  await tx
    .updateTable('kubernetes_cluster')
    .set({ display_state: 'updating' })
    .where('id', '=', now.id)
    .execute();
  await enqueueJob(tx, 'kubernetes.converge', now.id);
}

/** One step of convergence (nextMove); the last one settles the cluster. */
async function converge(env: JobEnv, job: JobRow): Promise<StepOutcome> {
  const wait = { step: 'converge', delayMs: env.delayMs };
  const cluster = await load(env, job);
  if (!cluster || (cluster.display_state !== 'creating' && cluster.display_state !== 'updating'))
    return {};
  const move = await nextMove(env.db, cluster);
  if ('wait' in move) return { next: wait };
  if ('add' in move)
    return {
      apply: whileIn(cluster, (tx, now) => addNode(tx, now, move.add, NO_QUOTAS)),
      next: wait,
    };
  if ('remove' in move)
    return { apply: whileIn(cluster, (tx) => deleteVmById(tx, move.remove)), next: wait };
  return { apply: whileIn(cluster, settle) };
}

const spec = (c: ClusterRow) => ({ name: c.name, location: c.location, version: c.version });

export const kubernetesJobs = defineJobs({
  'kubernetes.converge': {
    failed,
    steps: {
      async start(env, job) {
        const cluster = await load(env, job);
        if (!cluster) return {};
        await env.provider.call(
          'convergeKubernetesCluster',
          cluster.id,
          spec(cluster),
          stepRef(job),
        );
        return { next: { step: 'converge', delayMs: env.delayMs } };
      },
      converge,
    },
  },
  'kubernetes.upgrade': {
    failed,
    steps: {
      async start(env, job) {
        const cluster = await load(env, job);
        if (!cluster || cluster.display_state !== 'upgrading') return {};
        await env.provider.call(
          'upgradeKubernetesCluster',
          cluster.id,
          spec(cluster),
          stepRef(job),
        );
        return { next: { step: 'nodepools', delayMs: env.delayMs } };
      },
      // The upgraded nodes run their new version. (The step keeps its name so that a job
      // stored by an earlier release resumes here.)
      async nodepools(env, job) {
        const cluster = await load(env, job);
        if (!cluster || cluster.display_state !== 'upgrading') return {};
        // A retire or pool delete during the upgrade is converged next.
        return { apply: whileIn(cluster, settle) };
      },
    },
  },
  'kubernetes.destroy': {
    failed: failedIn(true),
    steps: {
      async start(env, job) {
        const cluster = await load(env, job);
        if (!cluster) return {};
        await env.provider.call(
          'destroyKubernetesCluster',
          cluster.id,
          spec(cluster),
          stepRef(job),
        );
        return {
          apply: (tx) => removeClusterParts(tx, cluster),
          next: { step: 'wait', delayMs: env.delayMs },
        };
      },
      // Gone once its nodes and its load balancer are; then its firewall and subnet go too.
      async wait(env, job) {
        const cluster = await load(env, job);
        if (!cluster) return {};
        const vm = await serviceVms(env.db, cluster).select('id').executeTakeFirst();
        const lb = cluster.load_balancer_id
          ? await env.db
              .selectFrom('load_balancer')
              .select('id')
              .where('id', '=', cluster.load_balancer_id)
              .executeTakeFirst()
          : undefined;
        if (vm || lb) return { next: { step: 'wait', delayMs: env.delayMs } };
        return {
          apply: async (tx) => {
            const subnet = await tx
              .selectFrom('private_subnet')
              .selectAll()
              .where('id', '=', cluster.private_subnet_id)
              .executeTakeFirst();
            // Its firewall goes unless it guards another subnet too (as a database's, decision 298).
            await removeMadeFirewall(tx, cluster.id, cluster.private_subnet_id);
            if (subnet) await deleteSubnet(tx, subnet);
            await tx.deleteFrom('kubernetes_cluster').where('id', '=', cluster.id).execute();
          },
        };
      },
    },
  },
});

/** What the data plane is told about a cluster. */
export interface KubernetesSpec {
  name: string;
  location: string;
  version: string;
}

declare module '../../lifecycle/provider.ts' {
  interface DataPlaneOps {
    convergeKubernetesCluster: KubernetesSpec;
    upgradeKubernetesCluster: KubernetesSpec;
    destroyKubernetesCluster: KubernetesSpec;
  }
}

declare module '../../lifecycle/jobs.ts' {
  // eslint-disable-next-line @typescript-eslint/no-empty-object-type -- the members come from the definitions
  interface JobKinds extends KindsOf<typeof kubernetesJobs> {}
}
