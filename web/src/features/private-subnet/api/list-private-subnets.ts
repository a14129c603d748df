import { keepPreviousData, queryOptions, useQuery, type QueryClient } from '@tanstack/react-query';
import type { PrivateSubnetList } from '#shared/api/private-subnet';
import { MAX_PAGE_SIZE } from '#shared/wire';
import { apiRequest, type QueryInputOf } from '#web/lib/api-client.ts';
import { pollWhile } from '#web/lib/live.ts';
import { isTransitional } from '../format.ts';
import { privateSubnetDetailKey } from './get-private-subnet.ts';

export type ListPrivateSubnetsQuery = NonNullable<QueryInputOf<'listPrivateSubnets'>> & {
  /** One location (`listLocationPrivateSubnets`), or all of them. */
  location?: string;
};

export function listPrivateSubnets(
  projectId: string,
  { location, ...query }: ListPrivateSubnetsQuery,
  signal?: AbortSignal,
) {
  return location
    ? apiRequest('listLocationPrivateSubnets', {
        params: { project_id: projectId, location_name: location },
        query,
        signal,
      })
    : apiRequest('listPrivateSubnets', { params: { project_id: projectId }, query, signal });
}

/**
 * Every subnet list of a project is under `listPrivateSubnetsQueryOptions(projectId).queryKey`
 * (its query `{}` matches any query), so mutations invalidate all pages, sorts and locations.
 */
export const listPrivateSubnetsQueryOptions = (
  projectId: string,
  query: ListPrivateSubnetsQuery = {},
) =>
  queryOptions({
    queryKey: ['private-subnet', 'list', projectId, query],
    queryFn: ({ signal }) => listPrivateSubnets(projectId, query, signal),
    // Poll only while a subnet on this page is being deleted.
    refetchInterval: pollWhile((list: PrivateSubnetList) =>
      list.items.some((s) => isTransitional(s.state)),
    ),
  });

/**
 * All the subnets of one location by name, refetched on every visit (for pickers: a VM's subnet,
 * the subnets a firewall may attach).
 */
export const locationPrivateSubnetsQueryOptions = (projectId: string, location: string) => ({
  ...listPrivateSubnetsQueryOptions(projectId, {
    location,
    order_column: 'name',
    page_size: String(MAX_PAGE_SIZE),
  }),
  staleTime: 0,
});

export function usePrivateSubnets(projectId: string, query: ListPrivateSubnetsQuery) {
  return useQuery({
    ...listPrivateSubnetsQueryOptions(projectId, query),
    placeholderData: keepPreviousData,
  });
}

/** For other features' routes: something they changed shows in subnet lists and details. */
export function invalidatePrivateSubnets(queryClient: QueryClient, projectId: string) {
  return Promise.all([
    queryClient.invalidateQueries({ queryKey: listPrivateSubnetsQueryOptions(projectId).queryKey }),
    queryClient.invalidateQueries({ queryKey: privateSubnetDetailKey(projectId) }),
  ]);
}
