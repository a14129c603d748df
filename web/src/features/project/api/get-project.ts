import { queryOptions, useSuspenseQuery } from '@tanstack/react-query';
import { apiRequest } from '#web/lib/api-client.ts';

export function getProject(projectId: string, signal?: AbortSignal) {
  return apiRequest('getProject', { params: { project_id: projectId }, signal });
}

export const getProjectQueryOptions = (projectId: string) =>
  queryOptions({
    queryKey: ['project', 'detail', projectId],
    queryFn: ({ signal }) => getProject(projectId, signal),
  });

/** The route loader has loaded it already. */
export function useProject(projectId: string) {
  return useSuspenseQuery(getProjectQueryOptions(projectId));
}
