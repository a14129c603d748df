import { keepPreviousData, queryOptions, useQuery, type QueryClient } from '@tanstack/react-query';
import type { LoadBalancer, LoadBalancerList } from '#shared/api/load-balancer';
import { apiRequest, type QueryInputOf } from '#web/lib/api-client.ts';
import { pollWhile } from '#web/lib/live.ts';
import {
  getLoadBalancerQueryOptions,
  isChanging,
  loadBalancerDetailKey,
} from './get-load-balancer.ts';

export type ListLoadBalancersQuery = NonNullable<QueryInputOf<'listLoadBalancers'>> & {
  /** One location (`listLocationLoadBalancers`), or all of them. */
  location?: string;
};

export function listLoadBalancers(
  projectId: string,
  { location, ...query }: ListLoadBalancersQuery,
  signal?: AbortSignal,
) {
  return location
    ? apiRequest('listLocationLoadBalancers', {
        params: { project_id: projectId, location },
        query,
        signal,
      })
    : apiRequest('listLoadBalancers', { params: { project_id: projectId }, query, signal });
}

/** Every load balancer list of a project is under `listLoadBalancersQueryOptions(projectId).queryKey`. */
export const listLoadBalancersQueryOptions = (
  projectId: string,
  query: ListLoadBalancersQuery = {},
) =>
  queryOptions({
    queryKey: ['load-balancer', 'list', projectId, query],
    queryFn: ({ signal }) => listLoadBalancers(projectId, query, signal),
  });

/** Keeps the current page while the next loads, and polls while a row is changing. */
export function useLoadBalancers(projectId: string, query: ListLoadBalancersQuery) {
  return useQuery({
    ...listLoadBalancersQueryOptions(projectId, query),
    placeholderData: keepPreviousData,
    refetchInterval: pollWhile((list: LoadBalancerList) => list.items.some(isChanging)),
  });
}

/** After a change: the answered load balancer goes into its detail query, the rest refetch. */
export async function loadBalancerChanged(
  queryClient: QueryClient,
  projectId: string,
  lb?: LoadBalancer,
) {
  if (lb)
    queryClient.setQueryData(
      getLoadBalancerQueryOptions({ projectId, location: lb.location, lb: lb.name }).queryKey,
      lb,
    );
  await Promise.all([
    queryClient.invalidateQueries({ queryKey: listLoadBalancersQueryOptions(projectId).queryKey }),
    queryClient.invalidateQueries({ queryKey: loadBalancerDetailKey(projectId) }),
  ]);
}
