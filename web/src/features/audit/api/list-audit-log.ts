import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import type { AuditLog } from '#shared/api/audit';
import { apiRequest, type QueryInputOf } from '#web/lib/api-client.ts';

export type AuditLogQuery = NonNullable<QueryInputOf<'listAuditLog'>>;

/** One page of the project's audit log (`listAuditLog`), newest first. */
export const auditLogQueryOptions = (projectId: string, query: AuditLogQuery) =>
  queryOptions({
    queryKey: ['audit', 'list', projectId, query],
    queryFn: ({ signal }): Promise<AuditLog> =>
      apiRequest('listAuditLog', { params: { project_id: projectId }, query, signal }),
  });

/** Keeps the current page while the next loads. */
export function useAuditLog(projectId: string, query: AuditLogQuery) {
  return useQuery({ ...auditLogQueryOptions(projectId, query), placeholderData: keepPreviousData });
}
