import { queryOptions, useQueries, useSuspenseQuery } from '@tanstack/react-query';
import { apiRequest } from '#web/lib/api-client.ts';

export interface FirewallRef {
  projectId: string;
  location: string;
  /** A name or an ID. */
  firewall: string;
}

export function getFirewall({ projectId, location, firewall }: FirewallRef, signal?: AbortSignal) {
  return apiRequest('getFirewall', {
    params: { project_id: projectId, location, firewall_reference: firewall },
    signal,
  });
}

/** Every firewall detail of a project is under `firewallDetailKey(projectId)`. */
export const firewallDetailKey = (projectId: string) => ['firewall', 'detail', projectId] as const;

export const getFirewallQueryOptions = (ref: FirewallRef) =>
  queryOptions({
    queryKey: [...firewallDetailKey(ref.projectId), ref.location, ref.firewall],
    queryFn: ({ signal }) => getFirewall(ref, signal),
  });

/** The route loader has loaded it already. */
export function useFirewall(ref: FirewallRef) {
  return useSuspenseQuery(getFirewallQueryOptions(ref));
}

/** Several firewalls by ID (a subnet's attached firewalls). */
export function useFirewallsById(projectId: string, location: string, ids: string[]) {
  return useQueries({
    queries: ids.map((id) => getFirewallQueryOptions({ projectId, location, firewall: id })),
  });
}
