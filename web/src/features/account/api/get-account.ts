import { queryOptions, useSuspenseQuery } from '@tanstack/react-query';
import { apiRequest } from '#web/lib/api-client.ts';

export const getAccountQueryOptions = () =>
  queryOptions({
    queryKey: ['account', 'overview'],
    queryFn: ({ signal }) => apiRequest('getAccount', { signal }),
  });

/** The route loader has loaded it already. */
export function useAccount() {
  return useSuspenseQuery(getAccountQueryOptions());
}
