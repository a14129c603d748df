import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import { apiRequest, type QueryInputOf } from '#web/lib/api-client.ts';

export type ListProjectsQuery = NonNullable<QueryInputOf<'listProjects'>>;

export function listProjects(query: ListProjectsQuery, signal?: AbortSignal) {
  return apiRequest('listProjects', { query, signal });
}

/**
 * Every project list is under `listProjectsQueryOptions().queryKey` (its query is `{}`, which
 * matches any query), so mutations invalidate all pages and sorts at once.
 */
export const listProjectsQueryOptions = (query: ListProjectsQuery = {}) =>
  queryOptions({
    queryKey: ['project', 'list', query],
    queryFn: ({ signal }) => listProjects(query, signal),
  });

export function useProjects(query: ListProjectsQuery) {
  // Keep showing the current page while the next one loads (no flash of an empty table).
  return useQuery({ ...listProjectsQueryOptions(query), placeholderData: keepPreviousData });
}
