import { keepPreviousData, queryOptions, useQuery, type QueryClient } from '@tanstack/react-query';
import type { FirewallDetail } from '#shared/api/firewall';
import { apiRequest, type QueryInputOf } from '#web/lib/api-client.ts';
import { firewallDetailKey, getFirewallQueryOptions } from './get-firewall.ts';

export type ListFirewallsQuery = NonNullable<QueryInputOf<'listFirewalls'>> & {
  /** One location (`listLocationFirewalls`), or all of them. */
  location?: string;
};

export function listFirewalls(
  projectId: string,
  { location, ...query }: ListFirewallsQuery,
  signal?: AbortSignal,
) {
  return location
    ? apiRequest('listLocationFirewalls', {
        params: { project_id: projectId, location },
        query,
        signal,
      })
    : apiRequest('listFirewalls', { params: { project_id: projectId }, query, signal });
}

/** Every firewall list of a project is under `listFirewallsQueryOptions(projectId).queryKey`. */
export const listFirewallsQueryOptions = (projectId: string, query: ListFirewallsQuery = {}) =>
  queryOptions({
    queryKey: ['firewall', 'list', projectId, query],
    queryFn: ({ signal }) => listFirewalls(projectId, query, signal),
  });

export function useFirewalls(projectId: string, query: ListFirewallsQuery) {
  return useQuery({
    ...listFirewallsQueryOptions(projectId, query),
    placeholderData: keepPreviousData,
  });
}

/** For other features' routes: something they changed shows in firewall lists and details. */
export function invalidateFirewalls(queryClient: QueryClient, projectId: string) {
  return Promise.all([
    queryClient.invalidateQueries({ queryKey: listFirewallsQueryOptions(projectId).queryKey }),
    queryClient.invalidateQueries({ queryKey: firewallDetailKey(projectId) }),
  ]);
}

/** After a change: the answered firewall goes into its detail query, the rest refetch. */
export async function firewallChanged(
  queryClient: QueryClient,
  projectId: string,
  firewall?: FirewallDetail,
) {
  if (firewall)
    queryClient.setQueryData(
      getFirewallQueryOptions({ projectId, location: firewall.location, firewall: firewall.name })
        .queryKey,
      firewall,
    );
  await invalidateFirewalls(queryClient, projectId);
}
