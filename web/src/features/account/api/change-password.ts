import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { ChangePasswordBody } from '#shared/api/account';
import { apiRequest } from '#web/lib/api-client.ts';
import { listSessionsQueryOptions } from './sessions.ts';

export function useChangePassword() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (body: ChangePasswordBody) => apiRequest('changePassword', { body }),
    // Every other session was signed out.
    onSuccess: () =>
      queryClient.invalidateQueries({ queryKey: listSessionsQueryOptions().queryKey }),
  });
}
