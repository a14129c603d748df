import { queryOptions, useQuery } from '@tanstack/react-query';
import type { Owner } from '#shared/api/owned-by';
import { apiRequest } from './api-client.ts';

/** `GET P/object-info/{id}`: its `owned_by` says what an object was made for (decision 287). */
export const objectInfoQueryOptions = (projectId: string, id: string) =>
  queryOptions({
    queryKey: ['project', projectId, 'object-info', id],
    queryFn: ({ signal }) =>
      apiRequest('getObjectInfo', { params: { project_id: projectId, object_id: id }, signal }),
    staleTime: 60_000,
  });

/**
 * The owner of an object whose record does not say (a private subnet: the spec's record takes
 * no extra field); null for the user's own, undefined while unknown.
 */
export function useObjectOwner(
  projectId: string,
  id: string | undefined,
): Owner | null | undefined {
  const q = useQuery({ ...objectInfoQueryOptions(projectId, id ?? ''), enabled: Boolean(id) });
  return q.data ? q.data.owned_by : undefined;
}
