import { queryOptions, useMutation, useQueryClient, useSuspenseQuery } from '@tanstack/react-query';
import { apiRequest } from '#web/lib/api-client.ts';

export const listSessionsQueryOptions = () =>
  queryOptions({
    queryKey: ['account', 'sessions'],
    queryFn: ({ signal }) => apiRequest('listAccountSessions', { signal }),
  });

/** The route loader has loaded it already. */
export function useAccountSessions() {
  return useSuspenseQuery(listSessionsQueryOptions());
}

export function useRevokeSession() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (sessionId: string) =>
      apiRequest('revokeAccountSession', { params: { session_id: sessionId } }),
    onSettled: () =>
      queryClient.invalidateQueries({ queryKey: listSessionsQueryOptions().queryKey }),
  });
}

export function useRevokeOtherSessions() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: () => apiRequest('revokeOtherAccountSessions', {}),
    onSettled: () =>
      queryClient.invalidateQueries({ queryKey: listSessionsQueryOptions().queryKey }),
  });
}
