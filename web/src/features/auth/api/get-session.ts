import { queryOptions, useQuery } from '@tanstack/react-query';
import type { ConsoleSession } from '#shared/api/auth';
import { ApiError, apiRequest, setCsrfToken } from '#web/lib/api-client.ts';

/** The signed-in account and its CSRF token, or null when signed out. */
export async function getSession(signal?: AbortSignal): Promise<ConsoleSession | null> {
  try {
    const session = await apiRequest('consoleSession', { signal });
    setCsrfToken(session.csrf_token);
    return session;
  } catch (err) {
    if (err instanceof ApiError && err.isUnauthenticated) {
      setCsrfToken(null);
      return null;
    }
    throw err;
  }
}

export const sessionQueryOptions = () =>
  queryOptions({
    queryKey: ['session'],
    queryFn: ({ signal }) => getSession(signal),
    // Session loss is noticed by the 401 of the next API call; no polling needed.
    staleTime: Infinity,
  });

export function useSession() {
  return useQuery(sessionQueryOptions());
}
