// A Kubernetes cluster: its reference, its query keys, the detail and list queries, and the
// mutations (create, rename, upgrade, delete, node pools, node retire). Every mutation that
// answers the cluster puts it in the cache; the others refetch it, so the page is live.
import {
  keepPreviousData,
  queryOptions,
  useMutation,
  useQuery,
  useQueryClient,
  useSuspenseQuery,
  type QueryClient,
} from '@tanstack/react-query';
import type { KubernetesCluster } from '#shared/api/kubernetes';
import { KUBERNETES_TRANSITIONAL_STATES } from '#shared/api/kubernetes-kind';
import type { BodyInputOf } from '#shared/routes';
import { apiRequest, urlFor, type QueryInputOf } from '#web/lib/api-client.ts';
import { pollWhile } from '#web/lib/live.ts';

export interface KcRef {
  projectId: string;
  location: string;
  name: string;
}

export const kcParams = ({ projectId, location, name }: KcRef) => ({
  project_id: projectId,
  location,
  kubernetes_cluster_reference: name,
});

/** Every query of one cluster (its detail, its metrics) is under this key. */
export const kcKey = (ref: KcRef) =>
  ['kubernetes', 'detail', ref.projectId, ref.location, ref.name] as const;
const listKey = (projectId: string) => ['kubernetes', 'list', projectId] as const;

/** The states a cluster passes through (the pages poll and announce their end). */
export const KC_TRANSITIONAL_STATES: readonly string[] = KUBERNETES_TRANSITIONAL_STATES;
export const isChanging = (state: string) => KC_TRANSITIONAL_STATES.includes(state);

/** A cluster as the live helpers watch it (`display_state` is its state). */
export const watched = (kc: Pick<KubernetesCluster, 'id' | 'name' | 'display_state'>) => ({
  id: kc.id,
  name: kc.name,
  state: kc.display_state,
});

/** Nodes still coming or going: a pool whose VMs are fewer or more than its count, or a VM not running. */
export function nodesMoving(kc: KubernetesCluster): boolean {
  return (
    kc.nodepools.some(
      (np) => np.vms.length !== np.node_count || np.vms.some((vm) => vm.state !== 'running'),
    ) || kc.cp_vms.some((vm) => vm.state !== 'running')
  );
}

export const getClusterQueryOptions = (ref: KcRef) =>
  queryOptions({
    queryKey: kcKey(ref),
    queryFn: ({ signal }) => apiRequest('getKubernetesCluster', { params: kcParams(ref), signal }),
  });

/** Loaded by the route; polls while the cluster or one of its nodes is changing. */
export function useCluster(ref: KcRef) {
  return useSuspenseQuery({
    ...getClusterQueryOptions(ref),
    refetchInterval: pollWhile(
      (kc: KubernetesCluster) => isChanging(kc.display_state) || nodesMoving(kc),
    ),
    retry: false,
  });
}

export type ListClustersQuery = NonNullable<QueryInputOf<'listKubernetesClusters'>>;

export const listClustersQueryOptions = (
  projectId: string,
  query: ListClustersQuery = {},
  location?: string,
) =>
  queryOptions({
    queryKey: [...listKey(projectId), location ? { ...query, location } : query],
    queryFn: ({ signal }) =>
      location
        ? apiRequest('listLocationKubernetesClusters', {
            params: { project_id: projectId, location },
            query,
            signal,
          })
        : apiRequest('listKubernetesClusters', {
            params: { project_id: projectId },
            query,
            signal,
          }),
  });

export function useClusterList(projectId: string, query: ListClustersQuery, location?: string) {
  return useQuery({
    ...listClustersQueryOptions(projectId, query, location),
    placeholderData: keepPreviousData,
    refetchInterval: pollWhile((list: { items: KubernetesCluster[] }) =>
      list.items.some((kc) => isChanging(kc.display_state)),
    ),
  });
}

/** After a change: the answered cluster becomes the cached detail (else it is refetched), and every list of the project is refetched. */
async function settle(queryClient: QueryClient, ref: KcRef, kc?: KubernetesCluster) {
  if (kc) queryClient.setQueryData(kcKey({ ...ref, location: kc.location, name: kc.name }), kc);
  else await queryClient.invalidateQueries({ queryKey: kcKey(ref) });
  await queryClient.invalidateQueries({ queryKey: listKey(ref.projectId) });
}

export function useCreateCluster() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ ref, body }: { ref: KcRef; body: BodyInputOf<'createKubernetesCluster'> }) =>
      apiRequest('createKubernetesCluster', { params: kcParams(ref), body }),
    onSuccess: (kc, { ref }) => settle(queryClient, ref, kc),
  });
}

export function useUpgradeCluster() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (ref: KcRef) => apiRequest('upgradeKubernetesCluster', { params: kcParams(ref) }),
    onSuccess: (kc, ref) => settle(queryClient, ref, kc),
  });
}

export function useRenameCluster() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ ref, name }: { ref: KcRef; name: string }) =>
      apiRequest('renameKubernetesCluster', { params: kcParams(ref), body: { name } }),
    onSuccess: (kc, { ref }) => settle(queryClient, ref, kc),
  });
}

/** The cluster goes `deleting`, then away: the cached detail is set to `deleting` so its page polls until the 404. */
export function useDeleteCluster() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (ref: KcRef) => apiRequest('deleteKubernetesCluster', { params: kcParams(ref) }),
    onSuccess: async (_, ref) => {
      queryClient.setQueryData(kcKey(ref), (kc: KubernetesCluster | undefined) =>
        kc ? { ...kc, display_state: 'deleting' } : kc,
      );
      await settle(queryClient, ref);
    },
  });
}

export function useRetireNode() {
  const queryClient = useQueryClient();
  return useMutation({
    // Answers the node's pool (one node fewer), as the origin does: the cluster is read afresh.
    mutationFn: ({ ref, node }: { ref: KcRef; node: string }) =>
      apiRequest('retireKubernetesNode', { params: { ...kcParams(ref), node_name: node } }),
    onSuccess: (_np, { ref }) => settle(queryClient, ref),
  });
}

const npParams = (ref: KcRef, pool: string) => ({ ...kcParams(ref), nodepool_reference: pool });

export function useCreateNodepool() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ ref, body }: { ref: KcRef; body: BodyInputOf<'createKubernetesNodepool'> }) =>
      apiRequest('createKubernetesNodepool', { params: kcParams(ref), body }),
    onSuccess: (_np, { ref }) => settle(queryClient, ref),
  });
}

export function useResizeNodepool() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ ref, pool, count }: { ref: KcRef; pool: string; count: number }) =>
      apiRequest('resizeKubernetesNodepool', {
        params: npParams(ref, pool),
        body: { node_count: count },
      }),
    onSuccess: (_np, { ref }) => settle(queryClient, ref),
  });
}

export function useUpgradeNodepool() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ ref, pool }: { ref: KcRef; pool: string }) =>
      apiRequest('upgradeKubernetesNodepool', { params: npParams(ref, pool) }),
    onSuccess: (_np, { ref }) => settle(queryClient, ref),
  });
}

export function useDeleteNodepool() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ ref, pool }: { ref: KcRef; pool: string }) =>
      apiRequest('deleteKubernetesNodepool', { params: npParams(ref, pool) }),
    onSuccess: (_, { ref }) => settle(queryClient, ref),
  });
}

export const clusterMetricsQueryOptions = (ref: KcRef, query: { start: string; end: string }) =>
  queryOptions({
    queryKey: [...kcKey(ref), 'metrics', query],
    queryFn: ({ signal }) =>
      apiRequest('getKubernetesClusterMetrics', { params: kcParams(ref), query, signal }),
  });

/** Drops every cached query of a cluster that is gone or renamed, once its page has been left. */
export function forgetCluster(queryClient: QueryClient, ref: KcRef) {
  queryClient.removeQueries({ queryKey: kcKey(ref) });
}

/** The address of the kubeconfig file (a download: the browser sends the session cookie). */
export const kubeconfigUrl = (ref: KcRef) =>
  urlFor('getKubernetesClusterKubeconfig', kcParams(ref));
