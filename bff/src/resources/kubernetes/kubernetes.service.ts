// What a Kubernetes cluster does (decisions 125–130). Its nodes are VMs of the VM service
// (service_of = the cluster: outside the customer's VM list and VM quota), in a private subnet
// made for it; its services load balancer is a load balancer of the load balancer service.
// Changes of nodes are converged by the worker one node at a time (kubernetes.jobs.ts).
import type { z } from 'zod';
import {
  kubernetesClusterKind,
  type createKubernetesClusterBodySchema,
  type createNodepoolBodySchema,
} from '#shared/api/kubernetes';
import {
  DEFAULT_BOOT_IMAGE,
  nextKubernetesVersion,
  isKubernetesLocation,
  KUBERNETES_LOCATION_MESSAGE,
  KUBERNETES_MAX_POOL_NODES,
} from '#shared/catalog';
import { newId } from '#shared/ids';
import type { Quotas } from '../../config.ts';
import { forUpdate } from '../../db/locks.ts';
import type { Tx } from '../../db/transaction.ts';
import { ApiError, invalidRequest, notFound } from '../../errors.ts';
import { enqueueJob } from '../../lifecycle/jobs.ts';
import { createClientKeypair } from '../certs.ts';
import { createLoadBalancer, deleteLoadBalancer } from '../load-balancer/load-balancer.service.ts';
import { insertGuardedSubnet } from '../private-subnet/guarded-subnet.ts';
import {
  assertBelowQuota,
  assertChildNameFree,
  assertNameFree,
  assertProjectQuota,
} from '../scoped.ts';
import { createVm, deleteVm } from '../vm/vm.service.ts';
import { serviceVms } from '../vm/vm.store.ts';
import {
  apiServerUrl,
  listNodepools,
  listNodes,
  type ClusterRow,
  type NodepoolRow,
} from './kubernetes.store.ts';
import { clusterTakesChanges } from '#shared/api/kubernetes-kind';

export type NewCluster = z.output<typeof createKubernetesClusterBodySchema> & {
  id: string;
  projectId: string;
  location: string;
  name: string;
};
export type NewNodepool = z.output<typeof createNodepoolBodySchema> & { name: string };

/** The key the nodes are made with: nobody logs into them (the origin manages them too). */
const SERVICE_KEY =
  'ssh-ed25519 AAAAC3NzaC1lZDI1NTE5AAAAIKubernetesNodeKeyManagedByTheClusterXXXXXXXX kubernetes-node';

/** A new node (a VM serving the cluster) in the control plane (no pool) or in a pool. */
export async function addNode(
  tx: Tx,
  cluster: ClusterRow,
  pool: NodepoolRow | null,
  quotas: Quotas,
) {
  const owner = pool?.id ?? cluster.id;
  const vm = await createVm(
    tx,
    {
      projectId: cluster.project_id,
      location: cluster.location,
      name: `${owner}-${newId('vm').slice(-5)}`,
      public_key: SERVICE_KEY,
      size: pool?.node_size ?? cluster.node_size,
      unix_user: 'ubi',
      boot_image: DEFAULT_BOOT_IMAGE,
      enable_ip4: false,
      private_subnet_id: cluster.private_subnet_id,
      serviceOf: cluster.id,
    },
    quotas,
  );
  await tx
    .insertInto('kubernetes_node')
    .values({
      vm_id: vm.id,
      kubernetes_cluster_id: cluster.id,
      nodepool_id: pool?.id ?? null,
      retiring: 0,
      created_at: vm.created_at,
    })
    .execute();
  return vm;
}

/** 400 naming the location outside the locations where clusters run (behaviour.md §7). */
export function assertKubernetesLocation(location: string): void {
  if (!isKubernetesLocation(location))
    throw invalidRequest({ location: KUBERNETES_LOCATION_MESSAGE }, KUBERNETES_LOCATION_MESSAGE);
}

/**
 * A new cluster (creating): its CA, its subnet, its services load balancer, its control-plane
 * nodes and its first node pool `<name>-np` with its workers, and its create job; within the
 * project's quotas of clusters, subnets and load balancers.
 */
export async function createCluster(
  tx: Tx,
  cluster: NewCluster,
  ca: { certificate: string; privateKey: string },
  quotas: Quotas,
): Promise<ClusterRow> {
  assertKubernetesLocation(cluster.location);
  assertPoolLimit('worker_nodes', cluster.worker_nodes);
  await assertProjectQuota(tx, kubernetesClusterKind, cluster.projectId, quotas);
  await assertNameFree(tx, 'kubernetes_cluster', cluster.projectId, cluster.location, cluster.name);
  const { id } = cluster;
  // As the origin: `<id>-firewall` (no description, no rules) guards `<id>-subnet`; the
  // firewall is the customer's, to open the nodes to what they need (decision 298's way).
  const { subnet } = await insertGuardedSubnet(
    tx,
    {
      ownerId: id,
      projectId: cluster.projectId,
      location: cluster.location,
      description: '',
      subnetOwnedBy: id,
    },
    quotas,
  );
  const now = new Date().toISOString();
  const row: ClusterRow = {
    id,
    state_reason: null,
    project_id: cluster.projectId,
    location: cluster.location,
    name: cluster.name,
    display_state: 'creating',
    version: cluster.version,
    cp_node_count: cluster.cp_nodes ?? cluster.cp_node_count ?? 1,
    node_size: cluster.node_size,
    private_subnet_id: subnet.id,
    load_balancer_id: null,
    ca_certificate: ca.certificate,
    ca_private_key: ca.privateKey,
    maintenance_window_start_at: 0,
    created_at: now,
  };
  await tx.insertInto('kubernetes_cluster').values(row).execute();
  const lb = await createLoadBalancer(
    tx,
    {
      projectId: cluster.projectId,
      location: cluster.location,
      name: `${id}-services`,
      private_subnet_id: subnet.id,
      src_port: 443,
      dst_port: 443,
      algorithm: 'round_robin',
      health_check_endpoint: '/healthz',
      health_check_protocol: 'tcp',
      stack: 'dual',
      cert_enabled: false,
      ownedBy: id,
    },
    quotas,
  );
  row.load_balancer_id = lb.id;
  await tx
    .updateTable('kubernetes_cluster')
    .set({ load_balancer_id: lb.id })
    .where('id', '=', id)
    .execute();
  for (let i = 0; i < row.cp_node_count; i++) await addNode(tx, row, null, quotas);
  const pool = await insertNodepool(
    tx,
    row,
    {
      name: `${cluster.name}-np`,
      node_size: cluster.worker_size,
      node_count: cluster.worker_nodes,
    },
    quotas,
  );
  for (let i = 0; i < pool.node_count; i++) await addNode(tx, row, pool, quotas);
  await enqueueJob(tx, 'kubernetes.converge', id);
  return row;
}

async function insertNodepool(
  tx: Tx,
  cluster: ClusterRow,
  p: NewNodepool,
  quotas: Quotas,
): Promise<NodepoolRow> {
  const { n } = await tx
    .selectFrom('kubernetes_nodepool')
    .select((eb) => eb.fn.countAll<number>().as('n'))
    .where('kubernetes_cluster_id', '=', cluster.id)
    .executeTakeFirstOrThrow();
  assertBelowQuota(
    quotas,
    kubernetesClusterKind.childQuota!,
    Number(n),
    'This cluster',
    kubernetesClusterKind.childQuota!.plural,
  );
  await assertChildNameFree(tx, 'kubernetes_nodepool', 'kubernetes_cluster_id', cluster.id, p.name);
  const row: NodepoolRow = {
    id: newId('nodePool'),
    project_id: cluster.project_id,
    kubernetes_cluster_id: cluster.id,
    name: p.name,
    node_count: p.node_count,
    node_size: p.node_size,
    version: cluster.version,
    created_at: new Date().toISOString(),
  };
  await tx.insertInto('kubernetes_nodepool').values(row).execute();
  return row;
}

/** The origin's refusal of a change the cluster's or node pool's state does not allow yet (behaviour.md §2). */
const unprocessable = (message: string) => new ApiError('UnprocessableContent', message);

/** 400 naming the limit of nodes in one pool (behaviour.md §13), as quotas are refused. */
export function assertPoolLimit(field: string, count: number): void {
  if (count <= KUBERNETES_MAX_POOL_NODES) return;
  const message = `A node pool may hold at most ${KUBERNETES_MAX_POOL_NODES} nodes.`;
  throw invalidRequest({ [field]: message }, message);
}

/** The cluster as it is now, locked for the rest of the transaction. */
async function lockCluster(tx: Tx, cluster: ClusterRow): Promise<ClusterRow> {
  const now = await forUpdate(
    tx,
    tx.selectFrom('kubernetes_cluster').selectAll().where('id', '=', cluster.id),
  ).executeTakeFirst();
  if (!now) throw notFound();
  return now;
}

/**
 * The cluster, locked, moved from `running` (the origin's `idle?`: nothing being made, removed
 * or upgraded) to `to`; the origin's 422 with `refusal` from any other state.
 */
async function startChange(
  tx: Tx,
  cluster: ClusterRow,
  to: 'updating' | 'upgrading',
  refusal: string,
): Promise<ClusterRow> {
  const now = await lockCluster(tx, cluster);
  if (!clusterTakesChanges(now.display_state)) throw unprocessable(refusal);
  await tx
    .updateTable('kubernetes_cluster')
    .set({ display_state: to })
    .where('id', '=', cluster.id)
    .execute();
  return { ...now, display_state: to };
}

/**
 * After a change the origin takes in any state (retire, delete a node pool), on the locked
 * cluster: an idle (or failed) cluster starts converging; a converging one's job re-reads the
 * nodes before it finishes, an upgrading one's hands over to a converge when it ends
 * (kubernetes.jobs.ts), and a deleting one's nodes go anyway.
 */
async function requestConverge(tx: Tx, now: ClusterRow): Promise<void> {
  if (now.display_state !== 'running' && now.display_state !== 'failed') return;
  await tx
    .updateTable('kubernetes_cluster')
    .set({ display_state: 'updating' })
    .where('id', '=', now.id)
    .execute();
  await enqueueJob(tx, 'kubernetes.converge', now.id);
}

const minor = (version: string) => Number(/^v\d+\.(\d+)$/.exec(version)?.[1] ?? 0);

/**
 * Upgrade (behaviour.md §10): the cluster (its control plane) moves to the next minor version;
 * its node pools keep theirs until each is upgraded on its own (upgradeNodepool), as at the
 * origin. The origin's 422 when a pool is more than two minor versions behind, at the newest
 * version, or while busy.
 */
export async function upgradeCluster(tx: Tx, cluster: ClusterRow): Promise<ClusterRow> {
  const now = await lockCluster(tx, cluster);
  const pools = await listNodepools(tx, [cluster.id]);
  if (pools.some((p) => minor(p.version) < minor(now.version) - 2))
    throw unprocessable(
      'All nodepools must be upgraded to within two minor versions of the cluster first',
    );
  const next = nextKubernetesVersion(now.version);
  if (!next || now.display_state !== 'running')
    throw unprocessable('Cluster is not ready to be upgraded');
  await tx
    .updateTable('kubernetes_cluster')
    .set({ version: next, display_state: 'upgrading' })
    .where('id', '=', cluster.id)
    .execute();
  await enqueueJob(tx, 'kubernetes.upgrade', cluster.id);
  return { ...now, version: next, display_state: 'upgrading' };
}

/**
 * A node pool's upgrade to the cluster's version (the origin's): the pool takes the version at
 * once and answers with it, its nodes follow in the job; 422 when it is there already or the
 * cluster is busy.
 */
export async function upgradeNodepool(
  tx: Tx,
  cluster: ClusterRow,
  pool: NodepoolRow,
): Promise<NodepoolRow> {
  const now = await lockCluster(tx, cluster);
  if (minor(pool.version) >= minor(now.version) || now.display_state !== 'running')
    throw unprocessable('Nodepool is not ready to be upgraded');
  await startChange(tx, now, 'upgrading', 'Nodepool is not ready to be upgraded');
  await tx
    .updateTable('kubernetes_nodepool')
    .set({ version: now.version })
    .where('id', '=', pool.id)
    .execute();
  await enqueueJob(tx, 'kubernetes.upgrade', cluster.id);
  return { ...pool, version: now.version };
}

/** A new node pool; its workers are added one by one by the worker. */
export async function createNodepool(
  tx: Tx,
  cluster: ClusterRow,
  nodepool: NewNodepool,
  quotas: Quotas,
): Promise<NodepoolRow> {
  assertPoolLimit('node_count', nodepool.node_count);
  const now = await startChange(tx, cluster, 'updating', 'Cluster is not ready to add a nodepool');
  const pool = await insertNodepool(tx, now, nodepool, quotas);
  await enqueueJob(tx, 'kubernetes.converge', cluster.id);
  return pool;
}

/** A new target node count; the worker adds or removes workers one by one until the pool has it. */
export async function resizeNodepool(
  tx: Tx,
  cluster: ClusterRow,
  pool: NodepoolRow,
  nodeCount: number,
): Promise<NodepoolRow> {
  assertPoolLimit('node_count', nodeCount);
  await startChange(tx, cluster, 'updating', 'Cluster is not ready to resize a nodepool');
  await tx
    .updateTable('kubernetes_nodepool')
    .set({ node_count: nodeCount })
    .where('id', '=', pool.id)
    .execute();
  await enqueueJob(tx, 'kubernetes.converge', cluster.id);
  return { ...pool, node_count: nodeCount };
}

/**
 * The pool goes at once, in any state (as the origin's), but never the last one (422); its
 * workers are deleted by the VM service and the cluster converges.
 */
export async function deleteNodepool(
  tx: Tx,
  cluster: ClusterRow,
  pool: NodepoolRow,
): Promise<void> {
  const now = await lockCluster(tx, cluster);
  if ((await listNodepools(tx, [cluster.id])).length <= 1)
    throw unprocessable('You cannot delete the last nodepool of a cluster');
  const ids = (await listNodes(tx, [cluster.id]))
    .filter((n) => n.nodepool_id === pool.id)
    .map((n) => n.id);
  if (ids.length)
    for (const vm of await tx.selectFrom('vm').selectAll().where('id', 'in', ids).execute())
      await deleteVm(tx, vm);
  await tx.deleteFrom('kubernetes_nodepool').where('id', '=', pool.id).execute();
  await requestConverge(tx, now);
}

/**
 * Retire a worker node by its name, in any state (as the origin's): its pool shrinks by one and
 * the worker removes it; 422 for a node already retiring or the last node of its pool.
 * Answers the pool.
 */
export async function retireNode(
  tx: Tx,
  cluster: ClusterRow,
  nodeName: string,
): Promise<NodepoolRow> {
  const now = await lockCluster(tx, cluster);
  const node = (await listNodes(tx, [cluster.id])).find(
    (n) => n.name === nodeName && n.nodepool_id !== null,
  );
  if (!node) throw notFound();
  const pool = await tx
    .selectFrom('kubernetes_nodepool')
    .selectAll()
    .where('id', '=', node.nodepool_id!)
    .executeTakeFirstOrThrow();
  if (Number(node.retiring) || node.state === 'deleting')
    throw unprocessable(`Node ${nodeName} is already being retired`);
  if (Number(pool.node_count) <= 1)
    throw unprocessable('You cannot retire the last node of a nodepool');
  await tx
    .updateTable('kubernetes_node')
    .set({ retiring: 1 })
    .where('vm_id', '=', node.id)
    .execute();
  await tx
    .updateTable('kubernetes_nodepool')
    .set((eb) => ({ node_count: eb('node_count', '-', 1) }))
    .where('id', '=', pool.id)
    .execute();
  await requestConverge(tx, now);
  return { ...pool, node_count: Number(pool.node_count) - 1 };
}

/** Marks the cluster `deleting` and enqueues its destroy job, once (a repeat does nothing). */
export async function deleteCluster(tx: Tx, cluster: ClusterRow): Promise<void> {
  if (cluster.display_state === 'deleting') return;
  const marked = await tx
    .updateTable('kubernetes_cluster')
    .set({ display_state: 'deleting' })
    .where('id', '=', cluster.id)
    .where('display_state', '!=', 'deleting')
    .executeTakeFirst();
  if (Number(marked.numUpdatedRows) === 1) await enqueueJob(tx, 'kubernetes.destroy', cluster.id);
}

/** The first step of the destroy job: every node VM and the services load balancer go. */
export async function removeClusterParts(tx: Tx, cluster: ClusterRow): Promise<void> {
  for (const vm of await serviceVms(tx, cluster).selectAll().execute()) await deleteVm(tx, vm);
  if (cluster.load_balancer_id) {
    const lb = await tx
      .selectFrom('load_balancer')
      .selectAll()
      .where('id', '=', cluster.load_balancer_id)
      .executeTakeFirst();
    if (lb) await deleteLoadBalancer(tx, lb);
  }
}

/** How long a kubeconfig's client certificate is valid. */
const KUBECONFIG_DAYS = 365;

/** A kubeconfig (YAML) for the cluster's API endpoint, with a new client certificate of the cluster's CA (decision 128). */
export async function kubeconfig(cluster: ClusterRow, serviceDomain: string): Promise<string> {
  const ca = { certificate: cluster.ca_certificate, privateKey: cluster.ca_private_key };
  const client = await createClientKeypair(
    'kubernetes-admin',
    new Date(Date.now() + KUBECONFIG_DAYS * 24 * 3600 * 1000),
    ca,
    'system:masters',
  );
  const b64 = (s: string) => Buffer.from(s).toString('base64');
  const user = `${cluster.name}-admin`;
  return [
    'apiVersion: v1',
    'kind: Config',
    'clusters:',
    `- name: ${cluster.name}`,
    '  cluster:',
    `    server: ${apiServerUrl(cluster, serviceDomain)}`,
    `    certificate-authority-data: ${b64(cluster.ca_certificate)}`,
    'users:',
    `- name: ${user}`,
    '  user:',
    `    client-certificate-data: ${b64(client.cert)}`,
    `    client-key-data: ${b64(client.key)}`,
    'contexts:',
    `- name: ${cluster.name}`,
    '  context:',
    `    cluster: ${cluster.name}`,
    `    user: ${user}`,
    `current-context: ${cluster.name}`,
    '',
  ].join('\n');
}
