import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { CreateProjectBody } from '#shared/api/project';
import { apiRequest } from '#web/lib/api-client.ts';
import { getProjectQueryOptions } from './get-project.ts';
import { listProjectsQueryOptions } from './list-projects.ts';

export function createProject(body: CreateProjectBody) {
  return apiRequest('createProject', { body });
}

export function useCreateProject() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: createProject,
    onSuccess: async (project) => {
      queryClient.setQueryData(getProjectQueryOptions(project.id).queryKey, project);
      await queryClient.invalidateQueries({ queryKey: listProjectsQueryOptions().queryKey });
    },
  });
}
