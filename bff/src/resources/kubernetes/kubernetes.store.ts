// Kubernetes queries and views: a cluster with its control-plane VMs and its node pools, each
// pool with its worker VMs (all of them VM rows serving the cluster).
import type { Selectable } from 'kysely';
import {
  kubernetesClusterSchema,
  kubernetesVmSchema,
  nodepoolSchema,
  type KubernetesCluster,
  type KubernetesVm,
  type Nodepool,
} from '#shared/api/kubernetes';
import { sqlString } from '../../db/json.ts';
import type { Queryable } from '../../db/database.ts';
import { findByReference } from '../scoped.ts';
import { childrenOf, listOf } from '../common.ts';
import { IP4_ENABLED_SQL, vmSummary } from '../vm/vm.store.ts';
import type { KubernetesClusterTable, KubernetesNodepoolTable } from './kubernetes.tables.ts';

export type ClusterRow = Selectable<KubernetesClusterTable>;
export type NodepoolRow = Selectable<KubernetesNodepoolTable>;

export const findCluster = (
  db: Queryable,
  projectId: string,
  location: string,
  reference: string,
) => findByReference(db, 'kubernetes_cluster', projectId, location, reference);

/** `https://<name>-services.<id>.k8s.<SERVICE_DOMAIN>` (behaviour.md §10). */
export const servicesUrl = (row: Pick<ClusterRow, 'name' | 'id'>, serviceDomain: string) =>
  `https://${row.name}-services.${row.id}.k8s.${serviceDomain}`;
/** The API server's endpoint, as the kubeconfig names it. */
export const apiServerUrl = (row: Pick<ClusterRow, 'name' | 'id'>, serviceDomain: string) =>
  `https://${row.name}.${row.id}.k8s.${serviceDomain}:443`;

/** The nodes of these clusters: their VMs, the pool each is in (null: control plane), oldest first. */
export function listNodes(db: Queryable, clusterIds: string[]) {
  return db
    .selectFrom('kubernetes_node')
    .innerJoin('vm', 'vm.id', 'kubernetes_node.vm_id')
    .select([
      'kubernetes_node.kubernetes_cluster_id',
      'kubernetes_node.nodepool_id',
      'kubernetes_node.retiring',
      'vm.id',
      'vm.name',
      'vm.state',
      'vm.location',
      'vm.size',
      'vm.unix_user',
      'vm.storage_size_gib',
      'vm.ip4',
      'vm.ip6',
      'vm.boot_image',
    ])
    .where('kubernetes_node.kubernetes_cluster_id', 'in', clusterIds)
    .orderBy('vm.id')
    .execute();
}
export type NodeRow = Awaited<ReturnType<typeof listNodes>>[number];

export const listNodepools = (db: Queryable, clusterIds: string[]) =>
  db
    .selectFrom('kubernetes_nodepool')
    .selectAll()
    .where('kubernetes_cluster_id', 'in', clusterIds)
    .orderBy('name')
    .orderBy('id')
    .execute();

const nodeView = (n: NodeRow, maintenanceHour: number): KubernetesVm => ({
  ...vmSummary(n),
  boot_image: n.boot_image,
  maintenance_window_start_at: maintenanceHour,
});

export const nodepoolView = (
  nodepool: NodepoolRow,
  nodes: NodeRow[],
  maintenanceHour: number,
): Nodepool => ({
  id: nodepool.id,
  kubernetes_cluster_id: nodepool.kubernetes_cluster_id,
  name: nodepool.name,
  node_count: Number(nodepool.node_count),
  node_size: nodepool.node_size,
  version: nodepool.version,
  vms: nodes.filter((n) => n.nodepool_id === nodepool.id).map((n) => nodeView(n, maintenanceHour)),
});

/** The nodes (VMs) of the cluster's list item that `where` picks of its `kubernetes_node` rows `kn`, in ID order. */
const nodesOf = (where: string) =>
  childrenOf(
    kubernetesVmSchema,
    'vm',
    `kubernetes_node kn join vm on vm.id = kn.vm_id where ${where}`,
    'vm.id',
    {
      ip4_enabled: IP4_ENABLED_SQL,
      maintenance_window_start_at: '"kubernetes_cluster"."maintenance_window_start_at"',
    },
  );

/** A cluster's list item as the database writes it (decision 262): what clusterViews answers. */
export const clusterList = (serviceDomain: string) =>
  listOf(kubernetesClusterSchema, 'kubernetes_cluster', {
    cp_vms: nodesOf(
      'kn.kubernetes_cluster_id = "kubernetes_cluster"."id" and kn.nodepool_id is null',
    ),
    nodepools: childrenOf(
      nodepoolSchema,
      'p',
      'kubernetes_nodepool p where p.kubernetes_cluster_id = "kubernetes_cluster"."id"',
      'p.name, p.id',
      {
        vms: nodesOf('kn.nodepool_id = p.id'),
      },
    ),
    // As servicesUrl.
    services_load_balancer_url: `'https://' || "kubernetes_cluster"."name" || '-services.' || "kubernetes_cluster"."id" || '.k8s.' || ${sqlString(serviceDomain)}`,
  });

/** The records of these rows, in their order: two queries whatever their number. */
export async function clusterViews(
  db: Queryable,
  rows: ClusterRow[],
  serviceDomain: string,
): Promise<KubernetesCluster[]> {
  if (!rows.length) return [];
  const ids = rows.map((r) => r.id);
  const [pools, nodes] = await Promise.all([listNodepools(db, ids), listNodes(db, ids)]);
  return rows.map((r) => {
    const hour = Number(r.maintenance_window_start_at);
    const own = nodes.filter((n) => n.kubernetes_cluster_id === r.id);
    return {
      id: r.id,
      name: r.name,
      location: r.location,
      version: r.version,
      node_size: r.node_size,
      cp_node_count: Number(r.cp_node_count),
      cp_vms: own.filter((n) => n.nodepool_id === null).map((n) => nodeView(n, hour)),
      display_state: r.display_state,
      state_reason: r.state_reason ?? null,
      nodepools: pools
        .filter((p) => p.kubernetes_cluster_id === r.id)
        .map((p) => nodepoolView(p, own, hour)),
      services_load_balancer_url: servicesUrl(r, serviceDomain),
    };
  });
}

export async function clusterView(
  db: Queryable,
  row: ClusterRow,
  serviceDomain: string,
): Promise<KubernetesCluster> {
  return (await clusterViews(db, [row], serviceDomain))[0]!;
}

export async function nodepoolViewOf(
  pool: NodepoolRow,
  cluster: ClusterRow,
  db: Queryable,
): Promise<Nodepool> {
  return nodepoolView(
    pool,
    await listNodes(db, [cluster.id]),
    Number(cluster.maintenance_window_start_at),
  );
}
