import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiRequest } from '#web/lib/api-client.ts';
import { getProjectQueryOptions } from './get-project.ts';
import { listProjectsQueryOptions } from './list-projects.ts';

export function deleteProject(projectId: string) {
  return apiRequest('deleteProject', { params: { project_id: projectId }, query: {} });
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
