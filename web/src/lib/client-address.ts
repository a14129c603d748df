import { useQuery } from '@tanstack/react-query';
import { apiRequest } from './api-client.ts';

/** The address the server sees this browser's requests come from: the rule forms' "My IP". */
export function useClientAddress() {
  return useQuery({
    queryKey: ['account', 'client-address'],
    queryFn: ({ signal }) => apiRequest('getClientAddress', { signal }),
    staleTime: 5 * 60_000,
    retry: false,
  }).data;
}
