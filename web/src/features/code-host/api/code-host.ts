// The code host's queries and changes: the app's connection mode, installations, a chosen
// installation's repositories and a repository's cache entries.
import { queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { MAX_PAGE_SIZE } from '#shared/wire';
import { apiRequest } from '#web/lib/api-client.ts';

/** Lists refresh on their own: installations and repositories change through GitHub's webhooks. */
const REFRESH_MS = 5000;

export const githubAppQueryOptions = () =>
  queryOptions({
    queryKey: ['github', 'app'],
    queryFn: ({ signal }) => apiRequest('getGithubApp', { signal }),
  });

export const installationsQueryOptions = (projectId: string) =>
  queryOptions({
    queryKey: ['github', 'installations', projectId],
    queryFn: ({ signal }) =>
      apiRequest('listGithubInstallations', {
        params: { project_id: projectId },
        query: { page_size: String(MAX_PAGE_SIZE), order_column: 'name' },
        signal,
      }),
    refetchInterval: REFRESH_MS,
  });

/** All repositories of an installation (searched, sorted and paged on screen). */
export const repositoriesQueryOptions = (projectId: string, installation: string) =>
  queryOptions({
    queryKey: ['github', 'repositories', projectId, installation],
    queryFn: ({ signal }) =>
      apiRequest('listGithubRepositories', {
        params: { project_id: projectId, installation_reference: installation },
        query: { page_size: String(MAX_PAGE_SIZE) },
        signal,
      }),
    refetchInterval: REFRESH_MS,
  });

export const cacheEntriesQueryOptions = (
  projectId: string,
  installation: string,
  repository: string,
) =>
  queryOptions({
    queryKey: ['github', 'cache', projectId, installation, repository],
    queryFn: ({ signal }) =>
      apiRequest('listGithubCacheEntries', {
        params: {
          project_id: projectId,
          installation_reference: installation,
          repository_reference: repository,
        },
        query: { page_size: String(MAX_PAGE_SIZE) },
        signal,
      }),
    refetchInterval: REFRESH_MS,
  });

export const useGithubApp = () => useQuery(githubAppQueryOptions());
export const useInstallations = (projectId: string) =>
  useQuery(installationsQueryOptions(projectId));
export const useRepositories = (projectId: string, installation: string | undefined) =>
  useQuery({
    ...repositoriesQueryOptions(projectId, installation ?? ''),
    enabled: installation !== undefined,
  });
export const useCacheEntries = (projectId: string, installation: string, repository: string) =>
  useQuery(cacheEntriesQueryOptions(projectId, installation, repository));

/** Connects an installation: the simulated provider's demo (no ID) or the GitHub App's installation by its ID. */
export function useConnectInstallation(projectId: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (installationId?: number) =>
      apiRequest('connectGithubInstallation', {
        params: { project_id: projectId },
        body: installationId === undefined ? {} : { installation_id: installationId },
      }),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: ['github'] }),
  });
}

export function useDeleteCacheEntry(projectId: string, installation: string, repository: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (id: string) =>
      apiRequest('deleteGithubCacheEntry', {
        params: {
          project_id: projectId,
          installation_reference: installation,
          repository_reference: repository,
          cache_entry_id: id,
        },
      }),
    onSuccess: () =>
      queryClient.invalidateQueries({
        queryKey: cacheEntriesQueryOptions(projectId, installation, repository).queryKey,
      }),
  });
}
