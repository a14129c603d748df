// The overview's own read: the latest events (`GET P/events/recent`). Its key names the project
// but not as a list, so every event of the project's stream reads it again (lib/events.ts).
import { queryOptions, useQuery } from '@tanstack/react-query';
import { apiRequest } from '#web/lib/api-client.ts';

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
