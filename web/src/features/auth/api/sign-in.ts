import { useMutation, useQueryClient, type QueryClient } from '@tanstack/react-query';
import type { ConsoleLoginBody } from '#shared/api/auth';
import { apiRequest } from '#web/lib/api-client.ts';
import { sessionQueryOptions } from './get-session.ts';

export function signIn(body: ConsoleLoginBody) {
  return apiRequest('consoleLogin', { body });
}

/** After any sign-in: forget the previous account's data, then load the new session. */
export async function startSession(queryClient: QueryClient) {
  queryClient.clear();
  return queryClient.fetchQuery(sessionQueryOptions());
}

export function useSignIn() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: async (body: ConsoleLoginBody) => {
      await signIn(body);
      return startSession(queryClient);
    },
  });
}
