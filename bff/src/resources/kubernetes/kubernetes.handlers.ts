import {
  KUBERNETES_METRIC_KEYS,
  kubeconfigFileName,
  kubernetesClusterKind,
  kubernetesClusterNameSchema,
} from '#shared/api/kubernetes';
import { newId } from '#shared/ids';
import type { Queryable } from '../../db/database.ts';
import { ApiError, fieldError } from '../../errors.ts';
import { createRootCa } from '../certs.ts';
import { childHandlers, commonHandlers, inJobTransaction } from '../common.ts';
import { kindModule } from '../kind.ts';
import { metricsWindow } from '../sim.ts';
import { kubernetesJobs } from './kubernetes.jobs.ts';
import {
  assertKubernetesLocation,
  createCluster,
  createNodepool,
  deleteCluster,
  deleteNodepool,
  kubeconfig,
  resizeNodepool,
  retireNode,
  upgradeCluster,
  upgradeNodepool,
} from './kubernetes.service.ts';
import {
  clusterList,
  clusterView,
  findCluster,
  listNodes,
  nodepoolViewOf,
  type ClusterRow,
} from './kubernetes.store.ts';
import { clusterMetrics } from './kubernetes.sim.ts';

type At = {
  project: { id: string };
  location: string;
  params: { kubernetes_cluster_reference: string };
};

/** A name from the path, checked as a name of clusters or node pools (at most 40 characters). */
function nameOf(schema: typeof kubernetesClusterNameSchema, value: string): string {
  const name = schema.safeParse(value);
  if (!name.success) throw fieldError('name', name.error);
  return name.data;
}

export const kubernetes = kindModule({
  jobs: kubernetesJobs,
  handlers(ctx) {
    const { db } = ctx;
    const domain = ctx.config.serviceDomain;
    const { quotas } = ctx.config;
    const view = (q: Queryable, row: ClusterRow) => clusterView(q, row, domain);
    const find = (a: At) =>
      findCluster(db, a.project.id, a.location, a.params.kubernetes_cluster_reference);
    return {
      ...commonHandlers(
        ctx,
        { kind: kubernetesClusterKind, view, list: clusterList(domain), remove: deleteCluster },
        {
          get: ['getKubernetesCluster'],
          list: ['listKubernetesClusters', 'listLocationKubernetesClusters'],
          rename: ['renameKubernetesCluster'],
          delete: ['deleteKubernetesCluster'],
        },
      ),
      async createKubernetesCluster({ project, location, params, body }) {
        assertKubernetesLocation(location);
        const name = nameOf(kubernetesClusterNameSchema, params.kubernetes_cluster_reference);
        const id = newId('kubernetesCluster');
        const ca = await createRootCa(name, id);
        return view(
          db,
          await inJobTransaction(ctx, (tx) =>
            createCluster(tx, { ...body, id, projectId: project.id, location, name }, ca, quotas),
          ),
        );
      },
      async upgradeKubernetesCluster(a) {
        const cluster = await find(a);
        return view(db, await inJobTransaction(ctx, (tx) => upgradeCluster(tx, cluster)));
      },
      async getKubernetesClusterKubeconfig(a) {
        const cluster = await find(a);
        // The origin has no kubeconfig until the cluster is provisioned.
        if (cluster.display_state === 'creating')
          throw new ApiError(
            'UnprocessableContent',
            'Cluster is not ready, kubeconfig is not available yet',
          );
        a.res.setHeader(
          'Content-Disposition',
          `attachment; filename="${kubeconfigFileName(cluster.name)}"`,
        );
        return kubeconfig(cluster, domain);
      },
      async getKubernetesClusterMetrics(a) {
        const cluster = await find(a);
        const { start, end } = metricsWindow(a.query, Date.parse(cluster.created_at));
        const nodes = (await listNodes(db, [cluster.id]))
          .filter((n) => n.state === 'running')
          .map((n) => ({
            id: n.id,
            name: n.name,
            role: n.nodepool_id ? 'worker' : 'control-plane',
          }));
        const keys = a.query.key ? [a.query.key] : KUBERNETES_METRIC_KEYS;
        return { metrics: clusterMetrics(nodes, start, end, keys) };
      },
      async retireKubernetesNode(a) {
        const cluster = await find(a);
        return nodepoolViewOf(
          await inJobTransaction(ctx, (tx) => retireNode(tx, cluster, a.params.node_name)),
          cluster,
          db,
        );
      },
      ...childHandlers(
        ctx,
        {
          parent: kubernetesClusterKind,
          table: 'kubernetes_nodepool',
          parentKey: 'kubernetes_cluster_id',
          singular: 'node pool',
          named: true,
          view: nodepoolViewOf,
          remove: (tx, cluster, pool) => deleteNodepool(tx, cluster, pool),
        },
        {
          create: {
            createKubernetesNodepool: {
              insert: (tx, cluster, a) => createNodepool(tx, cluster, a.body, quotas),
            },
          },
          update: {
            resizeKubernetesNodepool: (tx, cluster, pool, a) =>
              resizeNodepool(tx, cluster, pool, a.body.node_count),
            upgradeKubernetesNodepool: (tx, cluster, pool) => upgradeNodepool(tx, cluster, pool),
          },
          rename: ['renameKubernetesNodepool'],
          // Idempotent: a node pool that is not there is a success.
          delete: ['deleteKubernetesNodepool'],
        },
      ),
    };
  },
});
