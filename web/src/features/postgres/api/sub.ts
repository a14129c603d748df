// The parts of a database each tab reads and changes: firewall rules, configuration, backups,
// servers, metrics, logs, upgrade status, and the capabilities the create form is built from.
import {
  keepPreviousData,
  queryOptions,
  useMutation,
  useQuery,
  useQueryClient,
} from '@tanstack/react-query';
import type { BodyInputOf } from '#shared/routes';
import { apiRequest, type QueryInputOf } from '#web/lib/api-client.ts';
import { pollIf } from '#web/lib/live.ts';
import { pgKey, pgParams, type PgRef } from './postgres.ts';

export const capabilitiesQueryOptions = (projectId: string) =>
  queryOptions({
    queryKey: ['postgres', 'capabilities', projectId],
    queryFn: ({ signal }) =>
      apiRequest('getPostgresCapabilities', { params: { project_id: projectId }, signal }),
    staleTime: 5 * 60_000,
  });

export function useCapabilities(projectId: string) {
  return useQuery(capabilitiesQueryOptions(projectId));
}

// Firewall rules: the detail carries them (one entry per port); changes refetch it.
export function useCreatePgRule() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ ref, body }: { ref: PgRef; body: BodyInputOf<'createPostgresFirewallRule'> }) =>
      apiRequest('createPostgresFirewallRule', { params: pgParams(ref), body }),
    onSuccess: (_, { ref }) => queryClient.invalidateQueries({ queryKey: pgKey(ref) }),
  });
}

export function useUpdatePgRule() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({
      ref,
      ruleId,
      body,
    }: {
      ref: PgRef;
      ruleId: string;
      body: BodyInputOf<'updatePostgresFirewallRule'>;
    }) =>
      apiRequest('updatePostgresFirewallRule', {
        params: { ...pgParams(ref), postgres_firewall_rule_id: ruleId },
        body,
      }),
    onSuccess: (_, { ref }) => queryClient.invalidateQueries({ queryKey: pgKey(ref) }),
  });
}

export function useDeletePgRule() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ ref, ruleId }: { ref: PgRef; ruleId: string }) =>
      apiRequest('deletePostgresFirewallRule', {
        params: { ...pgParams(ref), postgres_firewall_rule_id: ruleId },
      }),
    onSuccess: (_, { ref }) => queryClient.invalidateQueries({ queryKey: pgKey(ref) }),
  });
}

// Configuration.
const configKey = (ref: PgRef) => [...pgKey(ref), 'config'] as const;

export function usePgConfig(ref: PgRef) {
  return useQuery({
    queryKey: configKey(ref),
    queryFn: ({ signal }) => apiRequest('getPostgresConfig', { params: pgParams(ref), signal }),
  });
}

export function useUpdatePgConfig() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ ref, body }: { ref: PgRef; body: BodyInputOf<'updatePostgresConfig'> }) =>
      apiRequest('updatePostgresConfig', { params: pgParams(ref), body }),
    onSuccess: (config, { ref }) => queryClient.setQueryData(configKey(ref), config),
  });
}

// Backups and servers.
export function usePgBackups(ref: PgRef) {
  return useQuery({
    queryKey: [...pgKey(ref), 'backups'],
    queryFn: ({ signal }) => apiRequest('listPostgresBackups', { params: pgParams(ref), signal }),
  });
}

export function usePgServers(ref: PgRef, changing: boolean) {
  return useQuery({
    queryKey: [...pgKey(ref), 'servers'],
    queryFn: ({ signal }) => apiRequest('listPostgresServers', { params: pgParams(ref), signal }),
    refetchInterval: pollIf(changing),
  });
}

// Metrics and logs.
export type MetricsQuery = NonNullable<QueryInputOf<'getPostgresMetrics'>>;
export const pgMetricsQueryOptions = (ref: PgRef, query: MetricsQuery) =>
  queryOptions({
    queryKey: [...pgKey(ref), 'metrics', query],
    queryFn: ({ signal }) =>
      apiRequest('getPostgresMetrics', { params: pgParams(ref), query, signal }),
  });

export type LogsQuery = NonNullable<QueryInputOf<'getPostgresLogs'>>;
export function usePgLogs(ref: PgRef, query: LogsQuery) {
  return useQuery({
    queryKey: [...pgKey(ref), 'logs', query],
    queryFn: ({ signal }) =>
      apiRequest('getPostgresLogs', { params: pgParams(ref), query, signal }),
    placeholderData: keepPreviousData,
    // The newest page follows new lines; older pages stay put.
    refetchInterval: query.pagination_key ? false : 15_000,
  });
}

// Major version upgrade.
const upgradeKey = (ref: PgRef) => [...pgKey(ref), 'upgrade'] as const;
/** The upgrade's progress: asked only while one runs (the API answers 400 "not upgrading" otherwise, as the origin's). */
export function usePgUpgrade(ref: PgRef, upgrading: boolean) {
  return useQuery({
    queryKey: upgradeKey(ref),
    queryFn: ({ signal }) => apiRequest('getPostgresUpgrade', { params: pgParams(ref), signal }),
    enabled: upgrading,
    refetchInterval: pollIf(upgrading),
  });
}

export function useStartUpgrade() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (ref: PgRef) => apiRequest('upgradePostgresDatabase', { params: pgParams(ref) }),
    onSuccess: async (status, ref) => {
      queryClient.setQueryData(upgradeKey(ref), status);
      await queryClient.invalidateQueries({ queryKey: pgKey(ref), exact: true });
    },
  });
}
