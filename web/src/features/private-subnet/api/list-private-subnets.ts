import { keepPreviousData, queryOptions, useQuery, type QueryClient } from '@tanstack/react-query';
import type { PrivateSubnetList } from '#shared/api/private-subnet';
import { apiRequest, type QueryInputOf } from '../../../lib/api-client.ts';
import { pollWhile } from '../../../lib/live.ts';
import { isTransitional } from '../format.ts';
import { privateSubnetDetailKey } from './get-private-subnet.ts';

export type ListPrivateSubnetsQuery = NonNullable<QueryInputOf<'listPrivateSubnets'>> & {
  /** One location (`listLocationPrivateSubnets`), or all of them. */
  location?: string;
};

export function listPrivateSubnets(projectId: string, { location, ...query }: ListPrivateSubnetsQuery, signal?: AbortSignal) {
  return location
    ? apiRequest('listLocationPrivateSubnets', { params: { project_id: projectId, location_name: location }, query, signal })
    : apiRequest('listPrivateSubnets', { params: { project_id: projectId }, query, signal });
}

/**
 * Every subnet list of a project is under `listPrivateSubnetsQueryOptions(projectId).queryKey`
 * (its query `{}` matches any query), so mutations invalidate all pages, sorts and locations.
 */
export const listPrivateSubnetsQueryOptions = (projectId: string, query: ListPrivateSubnetsQuery = {}) =>
  queryOptions({
    queryKey: ['private-subnet', 'list', projectId, query],
    queryFn: ({ signal }) => listPrivateSubnets(projectId, query, signal),
    // Poll only while a subnet on this page is being deleted.
    refetchInterval: pollWhile((list: PrivateSubnetList) => list.items.some((s) => isTransitional(s.state))),
  });

export function usePrivateSubnets(projectId: string, query: ListPrivateSubnetsQuery) {
  return useQuery({ ...listPrivateSubnetsQueryOptions(projectId, query), placeholderData: keepPreviousData });
}

/** For other features' routes: something they changed shows in subnet lists and details. */
export function invalidatePrivateSubnets(queryClient: QueryClient, projectId: string) {
  return Promise.all([
    queryClient.invalidateQueries({ queryKey: listPrivateSubnetsQueryOptions(projectId).queryKey }),
    queryClient.invalidateQueries({ queryKey: privateSubnetDetailKey(projectId) }),
  ]);
}
