// What a Kubernetes cluster does (decisions 125–130). Its nodes are VMs of the VM service
// (service_of = the cluster: outside the customer's VM list and VM quota), in a private subnet
// made for it; its services load balancer is a load balancer of the load balancer service.
// Changes of nodes are converged by the worker one node at a time (kubernetes.jobs.ts).
import type { z } from 'zod';
import { kubernetesClusterKind, type createKubernetesClusterBodySchema, type createNodepoolBodySchema } from '#shared/api/kubernetes';
import { DEFAULT_BOOT_IMAGE, nextKubernetesVersion, isKubernetesLocation, KUBERNETES_LOCATION_MESSAGE } from '#shared/catalog';
import { newId } from '#shared/ids';
import type { Quotas } from '../../config.ts';
import { forUpdate } from '../../db/locks.ts';
import type { Tx } from '../../db/transaction.ts';
import { ApiError, invalidRequest } from '../../errors.ts';
import { enqueueJob } from '../../lifecycle/jobs.ts';
import { createClientKeypair } from '../certs.ts';
import { createLoadBalancer, deleteLoadBalancer } from '../load-balancer/load-balancer.service.ts';
import { insertSubnet } from '../private-subnet/private-subnet.store.ts';
import { assertBelowQuota, assertChildNameFree, assertNameFree, assertProjectQuota } from '../scoped.ts';
import { createVm, deleteVm } from '../vm/vm.service.ts';
import { serviceVms } from '../vm/vm.store.ts';
import { apiServerUrl, listNodes, type ClusterRow, type NodepoolRow } from './kubernetes.store.ts';
import { clusterTakesChanges, KUBERNETES_CHANGES_FROM } from '#shared/api/kubernetes-kind';

export type NewCluster = z.output<typeof createKubernetesClusterBodySchema> & { id: string; projectId: string; location: string; name: string };
export type NewNodepool = z.output<typeof createNodepoolBodySchema> & { name: string };

/** The key the nodes are made with: nobody logs into them (the origin manages them too). */
const SERVICE_KEY = 'ssh-ed25519 AAAAC3NzaC1lZDI1NTE5AAAAIKubernetesNodeKeyManagedByTheClusterXXXXXXXX kubernetes-node';

/** A new node (a VM serving the cluster) in the control plane (no pool) or in a pool. */
export async function addNode(tx: Tx, cluster: ClusterRow, pool: NodepoolRow | null, quotas: Quotas) {
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
    .values({ vm_id: vm.id, kubernetes_cluster_id: cluster.id, nodepool_id: pool?.id ?? null, retiring: 0, created_at: vm.created_at })
    .execute();
  return vm;
}

/** 400 naming the location outside the locations where clusters run (behaviour.md §7). */
export function assertKubernetesLocation(location: string): void {
  if (!isKubernetesLocation(location)) throw invalidRequest({ location: KUBERNETES_LOCATION_MESSAGE }, KUBERNETES_LOCATION_MESSAGE);
}

/**
 * A new cluster (creating): its CA, its subnet, its services load balancer, its control-plane
 * nodes and its first node pool `<name>-np` with its workers, and its create job; within the
 * project's quotas of clusters, subnets and load balancers.
 */
export async function createCluster(tx: Tx, cluster: NewCluster, ca: { certificate: string; privateKey: string }, quotas: Quotas): Promise<ClusterRow> {
  assertKubernetesLocation(cluster.location);
  await assertProjectQuota(tx, kubernetesClusterKind, cluster.projectId, quotas);
  await assertNameFree(tx, 'kubernetes_cluster', cluster.projectId, cluster.location, cluster.name);
  const { id } = cluster;
  const subnet = await insertSubnet(tx, { projectId: cluster.projectId, location: cluster.location, name: `${id}-subnet` }, quotas);
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
    },
    quotas,
  );
  row.load_balancer_id = lb.id;
  await tx.updateTable('kubernetes_cluster').set({ load_balancer_id: lb.id }).where('id', '=', id).execute();
  for (let i = 0; i < row.cp_node_count; i++) await addNode(tx, row, null, quotas);
  const pool = await insertNodepool(tx, row, { name: `${cluster.name}-np`, node_size: cluster.worker_size, node_count: cluster.worker_nodes }, quotas);
  for (let i = 0; i < pool.node_count; i++) await addNode(tx, row, pool, quotas);
  await enqueueJob(tx, 'kubernetes.converge', id);
  return row;
}

async function insertNodepool(tx: Tx, cluster: ClusterRow, p: NewNodepool, quotas: Quotas): Promise<NodepoolRow> {
  const { n } = await tx
    .selectFrom('kubernetes_nodepool')
    .select((eb) => eb.fn.countAll<number>().as('n'))
    .where('kubernetes_cluster_id', '=', cluster.id)
    .executeTakeFirstOrThrow();
  assertBelowQuota(quotas, kubernetesClusterKind.childQuota!, Number(n), 'This cluster', kubernetesClusterKind.childQuota!.plural);
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

/**
 * The cluster, locked for the rest of the transaction, moved from `running` to `to`; 409 from
 * any other state (one change at a time: decision 126).
 */
async function startChange(tx: Tx, cluster: ClusterRow, to: 'updating' | 'upgrading', what: string): Promise<ClusterRow> {
  const now = await forUpdate(tx, tx.selectFrom('kubernetes_cluster').selectAll().where('id', '=', cluster.id)).executeTakeFirst();
  if (!now) throw new ApiError('ResourceNotFound', 'Sorry, we couldn’t find the Kubernetes cluster you’re looking for.');
  if (!clusterTakesChanges(now.display_state)) throw new ApiError('Conflict', `The Kubernetes cluster is ${now.display_state}; it must be ${KUBERNETES_CHANGES_FROM} to ${what}.`);
  await tx.updateTable('kubernetes_cluster').set({ display_state: to }).where('id', '=', cluster.id).execute();
  return { ...now, display_state: to };
}

/** Upgrade (behaviour.md §10): the cluster moves to the next minor version, its node pools follow in the job; 409 at the newest or while busy. */
export async function upgradeCluster(tx: Tx, cluster: ClusterRow): Promise<ClusterRow> {
  const next = nextKubernetesVersion(cluster.version);
  if (!next) throw new ApiError('Conflict', `The Kubernetes cluster is at ${cluster.version}, the newest version.`);
  const now = await startChange(tx, cluster, 'upgrading', 'upgrade');
  if (now.version !== cluster.version) throw new ApiError('Conflict', 'The Kubernetes cluster was upgraded meanwhile.');
  await tx.updateTable('kubernetes_cluster').set({ version: next }).where('id', '=', cluster.id).execute();
  await enqueueJob(tx, 'kubernetes.upgrade', cluster.id);
  return { ...now, version: next };
}

/** A node pool's upgrade to the cluster's version (the origin's); 409 when it is there already or the cluster is busy. */
export async function upgradeNodepool(tx: Tx, cluster: ClusterRow, pool: NodepoolRow): Promise<NodepoolRow> {
  if (pool.version === cluster.version) throw new ApiError('Conflict', `The node pool is at ${pool.version}, the cluster's version.`);
  await startChange(tx, cluster, 'upgrading', 'upgrade a node pool');
  await enqueueJob(tx, 'kubernetes.upgrade', cluster.id);
  return pool;
}

/** A new node pool; its workers are added one by one by the worker. */
export async function createNodepool(tx: Tx, cluster: ClusterRow, nodepool: NewNodepool, quotas: Quotas): Promise<NodepoolRow> {
  const now = await startChange(tx, cluster, 'updating', 'add a node pool');
  const pool = await insertNodepool(tx, now, nodepool, quotas);
  await enqueueJob(tx, 'kubernetes.converge', cluster.id);
  return pool;
}

/** A new target node count; the worker adds or removes workers one by one until the pool has it. */
export async function resizeNodepool(tx: Tx, cluster: ClusterRow, pool: NodepoolRow, nodeCount: number): Promise<NodepoolRow> {
  await startChange(tx, cluster, 'updating', 'resize a node pool');
  await tx.updateTable('kubernetes_nodepool').set({ node_count: nodeCount }).where('id', '=', pool.id).execute();
  await enqueueJob(tx, 'kubernetes.converge', cluster.id);
  return { ...pool, node_count: nodeCount };
}

/** The pool goes at once; its workers are deleted by the VM service (the cluster is `updating` until they are gone). */
export async function deleteNodepool(tx: Tx, cluster: ClusterRow, pool: NodepoolRow): Promise<void> {
  await startChange(tx, cluster, 'updating', 'delete a node pool');
  const ids = (await listNodes(tx, [cluster.id])).filter((n) => n.nodepool_id === pool.id).map((n) => n.id);
  if (ids.length) for (const vm of await tx.selectFrom('vm').selectAll().where('id', 'in', ids).execute()) await deleteVm(tx, vm);
  await tx.deleteFrom('kubernetes_nodepool').where('id', '=', pool.id).execute();
  await enqueueJob(tx, 'kubernetes.converge', cluster.id);
}

/** Retire a node by its name: the worker makes its replacement, then deletes it. */
export async function retireNode(tx: Tx, cluster: ClusterRow, nodeName: string): Promise<ClusterRow> {
  const node = (await listNodes(tx, [cluster.id])).find((n) => n.name === nodeName);
  if (!node) throw new ApiError('ResourceNotFound', 'Sorry, we couldn’t find the node you’re looking for.');
  if (node.retiring || node.state === 'deleting') throw new ApiError('Conflict', `Node ${nodeName} is already being retired.`);
  const now = await startChange(tx, cluster, 'updating', 'retire a node');
  await tx.updateTable('kubernetes_node').set({ retiring: 1 }).where('vm_id', '=', node.id).execute();
  await enqueueJob(tx, 'kubernetes.converge', cluster.id);
  return now;
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
    const lb = await tx.selectFrom('load_balancer').selectAll().where('id', '=', cluster.load_balancer_id).executeTakeFirst();
    if (lb) await deleteLoadBalancer(tx, lb);
  }
}

/** How long a kubeconfig's client certificate is valid. */
const KUBECONFIG_DAYS = 365;

/** A kubeconfig (YAML) for the cluster's API endpoint, with a new client certificate of the cluster's CA (decision 128). */
export async function kubeconfig(cluster: ClusterRow, serviceDomain: string): Promise<string> {
  const ca = { certificate: cluster.ca_certificate, privateKey: cluster.ca_private_key };
  const client = await createClientKeypair('kubernetes-admin', new Date(Date.now() + KUBECONFIG_DAYS * 24 * 3600 * 1000), ca, 'system:masters');
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
