// The overview's own reads: the month's spend (`GET P/usage`) and the latest events
// (`GET P/events/recent`). Their keys name the project but not as a list, so every event of
// the project's stream reads them again (lib/events.ts): spend and activity stay current.
import { queryOptions, useQuery } from '@tanstack/react-query';
import { apiRequest } from '#web/lib/api-client.ts';

/** The current month's usage, spend and forecast. */
export const usageQueryOptions = (projectId: string) =>
  queryOptions({
    queryKey: ['usage', 'month', projectId],
    queryFn: ({ signal }) =>
      apiRequest('getUsage', { params: { project_id: projectId }, query: {}, signal }),
  });

export const useUsage = (projectId: string) => useQuery(usageQueryOptions(projectId));

/** How many of the latest events the overview shows. */
export const RECENT_EVENTS = 8;

export const recentEventsQueryOptions = (projectId: string) =>
  queryOptions({
    queryKey: ['events', 'recent', projectId],
    queryFn: ({ signal }) =>
      apiRequest('listRecentProjectEvents', {
        params: { project_id: projectId },
        query: { limit: String(RECENT_EVENTS) },
        signal,
      }),
  });

export const useRecentEvents = (projectId: string) => useQuery(recentEventsQueryOptions(projectId));
