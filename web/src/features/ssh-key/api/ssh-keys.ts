// The project's saved SSH public keys: the list (paged, by name or ID), and save, rename and
// delete, each refreshing every cached list.
import {
  keepPreviousData,
  queryOptions,
  useMutation,
  useQuery,
  useQueryClient,
} from '@tanstack/react-query';
import type { CreateSshPublicKeyBody } from '#shared/api/ssh-public-key';
import { MAX_PAGE_SIZE } from '#shared/wire';
import { apiRequest, type QueryInputOf } from '#web/lib/api-client.ts';

export type ListSshKeysQuery = NonNullable<QueryInputOf<'listSshPublicKeys'>>;

/** Every list of a project is under `sshKeysQueryOptions(projectId).queryKey` (its query `{}` matches any). */
export const sshKeysQueryOptions = (projectId: string, query: ListSshKeysQuery = {}) =>
  queryOptions({
    queryKey: ['ssh-public-key', 'list', projectId, query],
    queryFn: ({ signal }) =>
      apiRequest('listSshPublicKeys', { params: { project_id: projectId }, query, signal }),
  });

/** All the keys by name, refetched on every visit (the VM create form's picker). */
export const allSshKeysQueryOptions = (projectId: string) => ({
  ...sshKeysQueryOptions(projectId, { order_column: 'name', page_size: String(MAX_PAGE_SIZE) }),
  staleTime: 0,
});

export function useSshKeys(projectId: string, query: ListSshKeysQuery) {
  return useQuery({ ...sshKeysQueryOptions(projectId, query), placeholderData: keepPreviousData });
}

function useRefreshingMutation<I extends { projectId: string }, R>(
  mutationFn: (input: I) => Promise<R>,
) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn,
    onSuccess: (_, { projectId }) =>
      queryClient.invalidateQueries({ queryKey: sshKeysQueryOptions(projectId).queryKey }),
  });
}

export function useCreateSshKey() {
  return useRefreshingMutation(
    ({ projectId, body }: { projectId: string; body: CreateSshPublicKeyBody }) =>
      apiRequest('createSshPublicKey', { params: { project_id: projectId }, body }),
  );
}

export function useRenameSshKey() {
  return useRefreshingMutation(
    ({ projectId, id, name }: { projectId: string; id: string; name: string }) =>
      apiRequest('renameSshPublicKey', {
        params: { project_id: projectId, ssh_public_key_reference: id },
        body: { name },
      }),
  );
}

export function useDeleteSshKey() {
  return useRefreshingMutation(({ projectId, id }: { projectId: string; id: string }) =>
    apiRequest('deleteSshPublicKey', {
      params: { project_id: projectId, ssh_public_key_reference: id },
    }),
  );
}
