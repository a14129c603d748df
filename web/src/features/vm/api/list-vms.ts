import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import type { VmList } from '#shared/api/vm';
import { VM_TRANSITIONAL_STATES } from '#shared/api/vm-kind';
import { apiRequest, type QueryInputOf } from '#web/lib/api-client.ts';
import { pollWhile } from '#web/lib/live.ts';

export type ListVmsQuery = NonNullable<QueryInputOf<'listVms'>>;

/** The project's VMs in all locations (`listVms`). */
export function listVms(projectId: string, query: ListVmsQuery, signal?: AbortSignal) {
  return apiRequest('listVms', { params: { project_id: projectId }, query, signal });
}

/** The project's VMs in one location (`listLocationVms`): the list's location filter. */
export function listLocationVms(
  projectId: string,
  location: string,
  query: ListVmsQuery,
  signal?: AbortSignal,
) {
  return apiRequest('listLocationVms', {
    params: { project_id: projectId, location_name: location },
    query,
    signal,
  });
}

/**
 * Every VM list of a project is under `listVmsQueryOptions(projectId).queryKey` (its query
 * `{}` matches any, the location filter included), so a mutation invalidates every page, sort
 * and filter at once.
 */
export const listVmsQueryOptions = (
  projectId: string,
  query: ListVmsQuery = {},
  location?: string,
) =>
  queryOptions({
    queryKey: ['vm', 'list', projectId, location ? { ...query, location } : query],
    queryFn: ({ signal }): Promise<VmList> =>
      location
        ? listLocationVms(projectId, location, query, signal)
        : listVms(projectId, query, signal),
  });

const anyTransitional = (list: VmList) =>
  list.items.some((vm) => VM_TRANSITIONAL_STATES.includes(vm.state));

/** Keeps the current page while the next loads, and polls while a row is changing state. */
export function useVms(projectId: string, query: ListVmsQuery, location?: string) {
  return useQuery({
    ...listVmsQueryOptions(projectId, query, location),
    placeholderData: keepPreviousData,
    refetchInterval: pollWhile(anyTransitional),
  });
}
