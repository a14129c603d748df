import { queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { ConsoleTokenLoginBody } from '#shared/api/auth';
import { apiRequest } from '#web/lib/api-client.ts';
import { startSession } from './sign-in.ts';

/** How this console signs in: a token form is offered only in proxy mode (decision 238). */
export const signInMethodsQueryOptions = () =>
  queryOptions({
    queryKey: ['sign-in-methods'],
    queryFn: ({ signal }) => apiRequest('consoleSignInMethods', { signal }),
    // A server's mode does not change while the console is open.
    staleTime: Infinity,
  });

export function useSignInMethods() {
  return useQuery(signInMethodsQueryOptions());
}

export function useTokenSignIn() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: async (body: ConsoleTokenLoginBody) => {
      await apiRequest('consoleTokenLogin', { body });
      return startSession(queryClient);
    },
  });
}
