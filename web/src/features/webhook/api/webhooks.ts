// A project's webhooks (decision 218): the list, the deliveries of one (refreshed while one is
// pending), and the changes. The answers holding a secret (register, rotate) are never cached.
import {
  keepPreviousData,
  queryOptions,
  useMutation,
  useQuery,
  useQueryClient,
} from '@tanstack/react-query';
import type {
  RegisterWebhookBody,
  UpdateWebhookBody,
  WebhookDeliveryList,
} from '#shared/api/webhook';
import { apiRequest, type QueryInputOf } from '#web/lib/api-client.ts';

export type ListWebhooksQuery = NonNullable<QueryInputOf<'listWebhooks'>>;

const webhooksKey = (projectId: string) => ['webhook', projectId] as const;

/** Every webhook list of a project is under `listWebhooksQueryOptions(projectId).queryKey`. */
export const listWebhooksQueryOptions = (projectId: string, query: ListWebhooksQuery = {}) =>
  queryOptions({
    queryKey: [...webhooksKey(projectId), 'list', query],
    queryFn: ({ signal }) =>
      apiRequest('listWebhooks', { params: { project_id: projectId }, query, signal }),
  });

export function useWebhooks(projectId: string, query: ListWebhooksQuery, enabled = true) {
  return useQuery({
    ...listWebhooksQueryOptions(projectId, query),
    placeholderData: keepPreviousData,
    enabled,
  });
}

/** How often the deliveries refresh: often while one is pending, now and then otherwise. */
const PENDING_POLL_MS = 1000;
const IDLE_POLL_MS = 5000;

export const webhookDeliveriesQueryOptions = (
  projectId: string,
  webhookId: string,
  paginationKey?: string,
) =>
  queryOptions({
    queryKey: [...webhooksKey(projectId), 'deliveries', webhookId, paginationKey ?? ''],
    queryFn: ({ signal }) =>
      apiRequest('listWebhookDeliveries', {
        params: { project_id: projectId, webhook_reference: webhookId },
        query: { pagination_key: paginationKey },
        signal,
      }),
    refetchInterval: (q) =>
      (q.state.data as WebhookDeliveryList | undefined)?.items.some((d) => d.state === 'pending')
        ? PENDING_POLL_MS
        : IDLE_POLL_MS,
  });

export function useWebhookDeliveries(projectId: string, webhookId: string, paginationKey?: string) {
  return useQuery({
    ...webhookDeliveriesQueryOptions(projectId, webhookId, paginationKey),
    placeholderData: keepPreviousData,
  });
}

function useWebhooksChanged() {
  const queryClient = useQueryClient();
  return (projectId: string) => queryClient.invalidateQueries({ queryKey: webhooksKey(projectId) });
}

const at = (projectId: string, webhookId: string) => ({
  project_id: projectId,
  webhook_reference: webhookId,
});

export function useRegisterWebhook() {
  const changed = useWebhooksChanged();
  return useMutation({
    mutationFn: ({ projectId, body }: { projectId: string; body: RegisterWebhookBody }) =>
      apiRequest('registerWebhook', { params: { project_id: projectId }, body }),
    onSuccess: (_, { projectId }) => changed(projectId),
  });
}

export function useUpdateWebhook() {
  const changed = useWebhooksChanged();
  return useMutation({
    mutationFn: ({
      projectId,
      webhookId,
      body,
    }: {
      projectId: string;
      webhookId: string;
      body: UpdateWebhookBody;
    }) => apiRequest('updateWebhook', { params: at(projectId, webhookId), body }),
    onSuccess: (_, { projectId }) => changed(projectId),
  });
}

export function useDeleteWebhook() {
  const changed = useWebhooksChanged();
  return useMutation({
    mutationFn: ({ projectId, webhookId }: { projectId: string; webhookId: string }) =>
      apiRequest('deleteWebhook', { params: at(projectId, webhookId) }),
    onSuccess: (_, { projectId }) => changed(projectId),
  });
}

export function useRotateWebhookSecret() {
  const changed = useWebhooksChanged();
  return useMutation({
    mutationFn: ({
      projectId,
      webhookId,
      keepPrevious,
    }: {
      projectId: string;
      webhookId: string;
      keepPrevious: boolean;
    }) =>
      apiRequest('rotateWebhookSecret', {
        params: at(projectId, webhookId),
        body: { keep_previous: keepPrevious },
      }),
    onSuccess: (_, { projectId }) => changed(projectId),
  });
}

export function useTestWebhook() {
  const changed = useWebhooksChanged();
  return useMutation({
    mutationFn: ({ projectId, webhookId }: { projectId: string; webhookId: string }) =>
      apiRequest('testWebhook', { params: at(projectId, webhookId) }),
    onSuccess: (_, { projectId }) => changed(projectId),
  });
}
