import { queryOptions, useQuery } from '@tanstack/react-query';
import { MAX_PAGE_SIZE } from '#shared/pagination';
import { apiRequest } from '../../../lib/api-client.ts';

// The subnet picker of the create form. Features do not import each other, so Compute asks
// for the subnets itself, under a key of its own (fresh on every visit of the form).
export function listLocationPrivateSubnets(projectId: string, location: string, signal?: AbortSignal) {
  return apiRequest('listLocationPrivateSubnets', {
    params: { project_id: projectId, location_name: location },
    query: { page_size: String(MAX_PAGE_SIZE), order_column: 'name' },
    signal,
  });
}

export const subnetOptionsQueryOptions = (projectId: string, location: string) =>
  queryOptions({
    queryKey: ['vm', 'subnet-options', projectId, location],
    queryFn: ({ signal }) => listLocationPrivateSubnets(projectId, location, signal),
    staleTime: 0,
  });

export function useSubnetOptions(projectId: string, location: string) {
  return useQuery(subnetOptionsQueryOptions(projectId, location));
}
