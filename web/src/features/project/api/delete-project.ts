import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { kinds } from '#shared/routes';
import { apiRequest, ApiError } from '#web/lib/api-client.ts';
import { getProjectQueryOptions } from './get-project.ts';
import { listProjectsQueryOptions } from './list-projects.ts';

/**
 * Deletes the project with everything in it (`?force=true`). The server answers once it is
 * gone, or 202 after its wait while the deletion goes on: then the request is sent again,
 * until the project answers 404.
 */
export async function deleteProject(projectId: string) {
  const params = { project_id: projectId };
  for (;;) {
    await apiRequest('deleteProject', { params, query: { force: 'true' } });
    try {
      await apiRequest('getProject', { params });
    } catch (err) {
      if (err instanceof ApiError && err.status === 404) return;
      throw err;
    }
  }
}

export function useDeleteProject() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: deleteProject,
    onSuccess: async () => {
      await queryClient.invalidateQueries({ queryKey: listProjectsQueryOptions().queryKey });
    },
    // The detail query is removed by the caller once it has left the project's pages,
    // so the page being left does not refetch a project that is gone.
  });
}

export function forgetProject(queryClient: ReturnType<typeof useQueryClient>, projectId: string) {
  queryClient.removeQueries({ queryKey: getProjectQueryOptions(projectId).queryKey });
}

/** Each kind's project-wide list, in the order a project is emptied (`kinds`): their counts are what it holds. */
const LISTS = {
  kubernetes_cluster: 'listKubernetesClusters',
  load_balancer: 'listLoadBalancers',
  postgres: 'listPostgresDatabases',
  vm: 'listVms',
  private_subnet: 'listPrivateSubnets',
  firewall: 'listFirewalls',
} as const satisfies Record<(typeof kinds)[number]['table'], string>;

/** How often the counts are read again while the project is being emptied. */
const HELD_REFRESH_MS = 1000;

/**
 * What the project holds, as its lists count it ("2 VMs"), read again every second while
 * `polling` (a deletion's progress).
 */
export function useProjectHoldings(projectId: string, polling: boolean) {
  return useQuery({
    // Not under 'project': the project's events (an object deleted) invalidate it too (lib/events.ts).
    queryKey: ['holdings', projectId],
    queryFn: async ({ signal }) => {
      const counts = await Promise.all(
        kinds.map(async (k) => {
          const { count } = await apiRequest(LISTS[k.table], {
            params: { project_id: projectId },
            query: { page_size: '1' },
            signal,
          });
          return { n: count, label: count === 1 ? k.singular : k.plural };
        }),
      );
      return counts.filter((c) => c.n > 0).map((c) => `${c.n} ${c.label}`);
    },
    refetchInterval: polling ? HELD_REFRESH_MS : false,
    retry: false,
  });
}
