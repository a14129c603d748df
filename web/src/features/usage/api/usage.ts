// A project's usage and spend (GET P/usage) and its spend alert (P/spend-alert, admins only).
// The usage query's key names the project, so every event of the project reads it again
// (web/src/lib/events.ts): a resource's cost follows its state.
import { queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { apiRequest } from '#web/lib/api-client.ts';

/** The current month, UTC, as the API counts it: `YYYY-MM`. */
export const currentMonth = (now = Date.now()) => new Date(now).toISOString().slice(0, 7);

export const usageQueryOptions = (projectId: string, month: string) =>
  queryOptions({
    queryKey: ['usage', projectId, month],
    queryFn: ({ signal }) =>
      apiRequest('getUsage', { params: { project_id: projectId }, query: { month }, signal }),
  });

export function useUsage(projectId: string, month: string) {
  return useQuery(usageQueryOptions(projectId, month));
}

const alertKey = (projectId: string) => ['spend-alert', projectId] as const;

export const spendAlertQueryOptions = (projectId: string) =>
  queryOptions({
    queryKey: alertKey(projectId),
    queryFn: ({ signal }) =>
      apiRequest('getSpendAlert', { params: { project_id: projectId }, signal }),
  });

export function useSpendAlert(projectId: string, enabled: boolean) {
  return useQuery({ ...spendAlertQueryOptions(projectId), enabled });
}

export function useSetSpendAlert(projectId: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (thresholdUsd: number) =>
      apiRequest('setSpendAlert', {
        params: { project_id: projectId },
        body: { threshold_usd: thresholdUsd },
      }),
    onSuccess: (alert) => queryClient.setQueryData(alertKey(projectId), alert),
  });
}

export function useClearSpendAlert(projectId: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: () => apiRequest('deleteSpendAlert', { params: { project_id: projectId } }),
    onSuccess: () =>
      queryClient.setQueryData(alertKey(projectId), { threshold_usd: null, alerted_month: null }),
  });
}
