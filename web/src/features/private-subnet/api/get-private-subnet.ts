import { queryOptions, useSuspenseQuery } from '@tanstack/react-query';
import type { PrivateSubnet } from '#shared/api/private-subnet';
import { apiRequest } from '#web/lib/api-client.ts';
import { pollWhile } from '#web/lib/live.ts';
import { isTransitional } from '../format.ts';

export interface SubnetRef {
  projectId: string;
  location: string;
  name: string;
}

export function getPrivateSubnet({ projectId, location, name }: SubnetRef, signal?: AbortSignal) {
  return apiRequest('getPrivateSubnet', {
    params: { project_id: projectId, location_name: location, ps_name: name },
    signal,
  });
}

/** Every subnet detail of a project is under `privateSubnetDetailKey(projectId)`. */
export const privateSubnetDetailKey = (projectId: string) =>
  ['private-subnet', 'detail', projectId] as const;

export const getPrivateSubnetQueryOptions = (ref: SubnetRef) =>
  queryOptions({
    queryKey: [...privateSubnetDetailKey(ref.projectId), ref.location, ref.name],
    queryFn: ({ signal }) => getPrivateSubnet(ref, signal),
    refetchInterval: pollWhile((s: PrivateSubnet) => isTransitional(s.state)),
  });

/** The route loader has loaded it already. */
export function usePrivateSubnet(ref: SubnetRef) {
  return useSuspenseQuery(getPrivateSubnetQueryOptions(ref));
}
