// Personal access tokens of a project (decision 180): the list, the issue (whose answer holds
// the secret, shown once and never cached) and the revoke.
import {
  keepPreviousData,
  queryOptions,
  useMutation,
  useQuery,
  useQueryClient,
} from '@tanstack/react-query';
import type { IssueTokenBody } from '#shared/api/token';
import { apiRequest, type QueryInputOf } from '#web/lib/api-client.ts';

export type ListTokensQuery = NonNullable<QueryInputOf<'listTokens'>>;

/** Every token list of a project is under `listTokensQueryOptions(projectId).queryKey`. */
export const listTokensQueryOptions = (projectId: string, query: ListTokensQuery = {}) =>
  queryOptions({
    queryKey: ['token', 'list', projectId, query],
    queryFn: ({ signal }) =>
      apiRequest('listTokens', { params: { project_id: projectId }, query, signal }),
  });

export function useTokens(projectId: string, query: ListTokensQuery) {
  return useQuery({
    ...listTokensQueryOptions(projectId, query),
    placeholderData: keepPreviousData,
  });
}

function useTokensChanged() {
  const queryClient = useQueryClient();
  return (projectId: string) =>
    queryClient.invalidateQueries({ queryKey: listTokensQueryOptions(projectId).queryKey });
}

export function useIssueToken() {
  const changed = useTokensChanged();
  return useMutation({
    mutationFn: ({ projectId, body }: { projectId: string; body: IssueTokenBody }) =>
      apiRequest('issueToken', { params: { project_id: projectId }, body }),
    onSuccess: (_, { projectId }) => changed(projectId),
  });
}

export function useRevokeToken() {
  const changed = useTokensChanged();
  return useMutation({
    mutationFn: ({ projectId, tokenId }: { projectId: string; tokenId: string }) =>
      apiRequest('deleteToken', { params: { project_id: projectId, token_id: tokenId } }),
    onSuccess: (_, { projectId }) => changed(projectId),
  });
}
