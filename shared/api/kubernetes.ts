// Kubernetes clusters and their node pools: the contract (api-spec.md "Kubernetes cluster",
// behaviour.md §7, §8, §10, and the origin's clients for every operation the spec does not
// list; decisions 125–130).
import { z } from 'zod';
import { metricsAnswer, metricsQuery } from './metrics.ts';
import {
  DEFAULT_KUBERNETES_NODE_SIZE,
  DEFAULT_KUBERNETES_VERSION,
  KUBERNETES_CP_NODE_COUNTS,
  KUBERNETES_NAME_MAX,
  KUBERNETES_NODE_SIZE_NAMES,
  KUBERNETES_VERSIONS,
} from '../catalog.ts';
import { wireInt } from '../coerce.ts';
import { idPattern } from '../ids.ts';
import { referenceSchema, resourceName } from '../names.ts';
import { listSchema, paginationQuerySchema } from '../pagination.ts';
import {
  current,
  currentLoc,
  inLocation,
  inProject,
  P,
  resourceKind,
  route,
  type RouteList,
} from '../route-helpers.ts';
import { vmSummarySchema } from './vm.ts';
import { KUBERNETES_TRANSITIONAL_STATES, KUBERNETES_CLUSTER_WORDS } from './kubernetes-kind.ts';

export {
  KUBERNETES_DISPLAY_STATES,
  KUBERNETES_TRANSITIONAL_STATES,
  type KubernetesDisplayState,
} from './kubernetes-kind.ts';

export const kubernetesClusterKind = resourceKind({
  idKind: 'kubernetesCluster',
  table: 'kubernetes_cluster',
  ...KUBERNETES_CLUSTER_WORDS,
  transitionalStates: KUBERNETES_TRANSITIONAL_STATES,
  children: ['nodePool'],
  inLocation: true,
  quota: { setting: 'KUBERNETES_CLUSTER_QUOTA', default: 10 },
  childQuota: { setting: 'KUBERNETES_NODEPOOL_QUOTA', default: 10, plural: 'node pools' },
});

/** A node (a VM) as a cluster shows it: the spec's VM summary plus its boot image and maintenance window hour. */
export const kubernetesVmSchema = vmSummarySchema
  .extend({ boot_image: z.string(), maintenance_window_start_at: z.number().int() })
  .meta({ id: 'KubernetesVm' });
export type KubernetesVm = z.infer<typeof kubernetesVmSchema>;

/** The spec's node pool; every field required (decision 125). */
export const nodepoolSchema = z
  .strictObject({
    id: z.string().regex(idPattern('nodePool')),
    kubernetes_cluster_id: z.string().regex(idPattern('kubernetesCluster')),
    name: z.string(),
    node_count: z.number().int(),
    node_size: z.string(),
    version: z.string(),
    vms: z.array(kubernetesVmSchema),
  })
  .meta({ id: 'KubernetesNodepool' });
export type Nodepool = z.infer<typeof nodepoolSchema>;

/** The spec's cluster; every field required, no others (decision 125). */
export const kubernetesClusterSchema = z
  .strictObject({
    id: z.string().regex(idPattern('kubernetesCluster')),
    name: z.string(),
    location: z.string(),
    version: z.string(),
    node_size: z.string(),
    cp_node_count: z.number().int(),
    cp_vms: z.array(kubernetesVmSchema),
    display_state: z.string(),
    nodepools: z.array(nodepoolSchema),
    services_load_balancer_url: z.string(),
    /** Why the cluster is `failed` (an addition to the spec's record); null otherwise. */
    state_reason: z.string().nullable(),
  })
  .meta({ id: 'KubernetesCluster' });
export type KubernetesCluster = z.infer<typeof kubernetesClusterSchema>;

export const kubernetesClusterListSchema = listSchema(kubernetesClusterSchema).meta({
  id: 'KubernetesClusterList',
});
export type KubernetesClusterList = z.infer<typeof kubernetesClusterListSchema>;

/** Names of clusters and node pools: the name pattern, at most 40 characters. */
export const kubernetesClusterNameSchema = resourceName('kubernetesCluster', KUBERNETES_NAME_MAX);
export const nodepoolNameSchema = resourceName('nodePool', KUBERNETES_NAME_MAX);

/** The origin's message (`Validation.validate_kubernetes_version`), newest first as it lists them. */
const versionMessage = (v: unknown) =>
  `Kubernetes version "${typeof v === 'string' ? v : String(v)}" is not supported. Available versions: ${[...KUBERNETES_VERSIONS].reverse().join(', ')}`;
const CP_MESSAGE = (field: string) => `${field} must be ${KUBERNETES_CP_NODE_COUNTS.join(' or ')}.`;
const sizeSchema = (field: string) =>
  z.enum(KUBERNETES_NODE_SIZE_NAMES, {
    error: `${field} must be one of ${KUBERNETES_NODE_SIZE_NAMES.join(', ')}.`,
  });
/**
 * Node counts: any positive integer, digits as a string too (the origin's `pos_int`); the most
 * a pool may hold is a limit the service enforces as quotas are (behaviour.md §10, §13).
 */
const NODE_COUNT_MESSAGE = (field: string) => `${field} must be a positive integer.`;
const nodeCountSchema = (field: string) =>
  wireInt(NODE_COUNT_MESSAGE(field)).pipe(z.number().min(1, NODE_COUNT_MESSAGE(field)));
const cpCountSchema = (field: string) =>
  wireInt(CP_MESSAGE(field)).pipe(
    z.literal(KUBERNETES_CP_NODE_COUNTS, { error: CP_MESSAGE(field) }),
  );

/**
 * The origin's create body (behaviour.md §10): `cp_node_count` is a synonym of `cp_nodes`
 * (both given: they must agree). The service reads `cp_nodes ?? cp_node_count ?? 1`.
 */
export const createKubernetesClusterBodySchema = z
  .strictObject({
    version: z
      .enum(KUBERNETES_VERSIONS, { error: (i) => versionMessage(i.input) })
      .default(DEFAULT_KUBERNETES_VERSION),
    cp_nodes: cpCountSchema('cp_nodes').optional(),
    cp_node_count: cpCountSchema('cp_node_count').optional(),
    node_size: sizeSchema('node_size').default(DEFAULT_KUBERNETES_NODE_SIZE),
    worker_size: sizeSchema('worker_size').default(DEFAULT_KUBERNETES_NODE_SIZE),
    worker_nodes: nodeCountSchema('worker_nodes').default(1),
  })
  .superRefine((b, ctx) => {
    if (b.cp_nodes !== undefined && b.cp_node_count !== undefined && b.cp_nodes !== b.cp_node_count)
      ctx.addIssue({
        code: 'custom',
        path: ['cp_node_count'],
        message: 'cp_node_count is a synonym of cp_nodes: give one, or the same value in both.',
      });
  })
  .meta({ id: 'CreateKubernetesClusterBody' });
export type CreateKubernetesClusterBody = z.input<typeof createKubernetesClusterBodySchema>;

export const renameKubernetesClusterBodySchema = z
  .strictObject({ name: kubernetesClusterNameSchema })
  .meta({ id: 'RenameKubernetesClusterBody' });
export const renameNodepoolBodySchema = z
  .strictObject({ name: nodepoolNameSchema })
  .meta({ id: 'RenameKubernetesNodepoolBody' });

/** A node pool's create body, as the origin's SDK sends it: the name in the body (the size and count may be left out). */
export const createNodepoolBodySchema = z
  .strictObject({
    name: nodepoolNameSchema,
    node_size: sizeSchema('node_size').default(DEFAULT_KUBERNETES_NODE_SIZE),
    node_count: nodeCountSchema('node_count').default(1),
  })
  .meta({ id: 'CreateKubernetesNodepoolBody' });
export type CreateNodepoolBody = z.input<typeof createNodepoolBodySchema>;

export const resizeNodepoolBodySchema = z
  .strictObject({ node_count: nodeCountSchema('node_count') })
  .meta({ id: 'ResizeKubernetesNodepoolBody' });

// Metrics (decision 130): series as the origin serves them, [unix seconds, "value"] pairs, with
// the origin's keys (`lib/metrics.rb` KUBERNETES_METRICS).
export const KUBERNETES_METRIC_KEYS = [
  'cpu_usage',
  'load_average',
  'memory_usage',
  'disk_usage',
  'disk_io',
  'network_traffic',
  'api_request_rate',
  'api_request_latency',
  'api_inflight_requests',
  'pending_pods',
  'cluster_database_size',
  'cluster_objects',
] as const;
export const kubernetesMetricsQuerySchema = metricsQuery(KUBERNETES_METRIC_KEYS);
export const kubernetesMetricsSchema = metricsAnswer('KubernetesClusterMetrics');
export type KubernetesMetrics = z.infer<typeof kubernetesMetricsSchema>;

/** The kubeconfig's media type and file name (as the origin answers it). */
export const KUBECONFIG_MEDIA_TYPE = 'text/yaml';
export const kubeconfigFileName = (clusterName: string) => `${clusterName}-kubeconfig.yaml`;

const kcRef = z.strictObject({ ...currentLoc, kubernetes_cluster_reference: referenceSchema });
const npRef = z.strictObject({
  ...currentLoc,
  kubernetes_cluster_reference: referenceSchema,
  nodepool_reference: referenceSchema,
});
const nodeRef = z.strictObject({
  ...currentLoc,
  kubernetes_cluster_reference: referenceSchema,
  node_name: referenceSchema,
});
const KC = `${P}/location/{location}/kubernetes-cluster/{kubernetes_cluster_reference}`;
const NP = `${KC}/nodepool/{nodepool_reference}`;
const kc = { ...current, tag: 'Kubernetes Cluster' } as const;
const np = { ...current, tag: 'Kubernetes Nodepool' } as const;

export const kubernetesRoutes = {
  listKubernetesClusters: route({
    ...kc,
    method: 'get',
    path: `${P}/kubernetes-cluster`,
    summary: 'List the Kubernetes clusters of the project in all locations',
    params: inProject,
    query: paginationQuerySchema,
    response: kubernetesClusterListSchema,
  }),
  listLocationKubernetesClusters: route({
    ...kc,
    method: 'get',
    path: `${P}/location/{location}/kubernetes-cluster`,
    summary: 'List the Kubernetes clusters in a location',
    params: inLocation,
    query: paginationQuerySchema,
    response: kubernetesClusterListSchema,
  }),
  createKubernetesCluster: route({
    ...kc,
    method: 'post',
    path: KC,
    summary: 'Create a Kubernetes cluster with one node pool',
    params: kcRef,
    body: createKubernetesClusterBodySchema,
    response: kubernetesClusterSchema,
  }),
  getKubernetesCluster: route({
    ...kc,
    method: 'get',
    path: KC,
    summary: 'Get a Kubernetes cluster',
    params: kcRef,
    response: kubernetesClusterSchema,
  }),
  deleteKubernetesCluster: route({
    ...kc,
    method: 'delete',
    path: KC,
    summary: 'Delete a Kubernetes cluster with its nodes',
    params: kcRef,
  }),
  renameKubernetesCluster: route({
    ...kc,
    method: 'post',
    path: `${KC}/rename`,
    summary: 'Rename a Kubernetes cluster',
    params: kcRef,
    body: renameKubernetesClusterBodySchema,
    response: kubernetesClusterSchema,
  }),
  upgradeKubernetesCluster: route({
    ...kc,
    method: 'post',
    path: `${KC}/upgrade`,
    summary: 'Upgrade the cluster and its node pools to the next minor version',
    params: kcRef,
    response: kubernetesClusterSchema,
  }),
  getKubernetesClusterKubeconfig: route({
    ...kc,
    method: 'get',
    path: `${KC}/kubeconfig`,
    summary: 'Download a kubeconfig for the cluster (YAML)',
    params: kcRef,
    response: z.string(),
    responseType: KUBECONFIG_MEDIA_TYPE,
  }),
  getKubernetesClusterMetrics: route({
    ...kc,
    method: 'get',
    path: `${KC}/metrics`,
    summary: 'Metrics of the cluster',
    params: kcRef,
    query: kubernetesMetricsQuerySchema,
    response: kubernetesMetricsSchema,
  }),
  retireKubernetesNode: route({
    ...kc,
    method: 'post',
    path: `${KC}/node/{node_name}/retire`,
    summary: 'Retire a worker node: its pool shrinks by one (not its last node)',
    params: nodeRef,
    response: nodepoolSchema,
  }),
  createKubernetesNodepool: route({
    ...np,
    method: 'post',
    path: `${KC}/nodepool`,
    summary: 'Add a node pool to the cluster',
    params: kcRef,
    body: createNodepoolBodySchema,
    response: nodepoolSchema,
  }),
  renameKubernetesNodepool: route({
    ...np,
    method: 'post',
    path: `${NP}/rename`,
    summary: 'Rename a node pool',
    params: npRef,
    body: renameNodepoolBodySchema,
    response: nodepoolSchema,
  }),
  resizeKubernetesNodepool: route({
    ...np,
    method: 'post',
    path: `${NP}/resize`,
    summary: 'Resize a node pool (worker nodes are added or removed one by one)',
    params: npRef,
    body: resizeNodepoolBodySchema,
    response: nodepoolSchema,
  }),
  upgradeKubernetesNodepool: route({
    ...np,
    method: 'post',
    path: `${NP}/upgrade`,
    summary: "Upgrade a node pool to the cluster's version",
    params: npRef,
    response: nodepoolSchema,
  }),
  deleteKubernetesNodepool: route({
    ...np,
    method: 'delete',
    path: NP,
    summary: 'Delete a node pool with its nodes',
    params: npRef,
  }),
} as const satisfies RouteList;
