import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import { apiRequest } from '#web/lib/api-client.ts';

/** The development outbox, newest first; `to` filters by recipient. A 404 means it is off (SMTP configured). */
export const outboxQueryOptions = (to?: string) =>
  queryOptions({
    queryKey: ['outbox', to ?? ''],
    queryFn: ({ signal }) => apiRequest('listOutbox', { query: { to }, signal }),
    placeholderData: keepPreviousData,
    // New mail shows up by itself while the page is open.
    refetchInterval: 5_000,
  });

export function useOutbox(to?: string) {
  return useQuery(outboxQueryOptions(to));
}
