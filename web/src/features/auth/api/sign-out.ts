import { useMutation, useQueryClient } from '@tanstack/react-query';
import { useRouter } from '@tanstack/react-router';
import { apiRequest, setCsrfToken } from '#web/lib/api-client.ts';
import { sessionQueryOptions } from './get-session.ts';

export function signOut() {
  return apiRequest('consoleLogout', {});
}

export function useSignOut() {
  const queryClient = useQueryClient();
  const router = useRouter();
  return useMutation({
    mutationFn: signOut,
    onSettled: async () => {
      // Signed out locally even when the request failed (the cookie may be gone already).
      // Leave the signed-in pages first, then forget their data, so that nothing on screen
      // refetches without a session.
      setCsrfToken(null);
      queryClient.setQueryData(sessionQueryOptions().queryKey, null);
      await router.navigate({ to: '/login', replace: true });
      queryClient.removeQueries({
        predicate: (q) => q.queryKey[0] !== sessionQueryOptions().queryKey[0],
      });
    },
  });
}
