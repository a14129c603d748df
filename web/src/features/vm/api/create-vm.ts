import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { CreateVmBody } from '#shared/api/vm';
import { apiRequest } from '#web/lib/api-client.ts';
import { getVmQueryOptions } from './get-vm.ts';
import { listVmsQueryOptions } from './list-vms.ts';

export interface CreateVmInput {
  projectId: string;
  location: string;
  name: string;
  body: CreateVmBody;
}

export function createVm({ projectId, location, name, body }: CreateVmInput) {
  return apiRequest('createVm', {
    params: { project_id: projectId, location_name: location, vm_name: name },
    body,
  });
}

export function useCreateVm() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: createVm,
    onSuccess: async (vm, { projectId }) => {
      queryClient.setQueryData(
        getVmQueryOptions({ projectId, location: vm.location, name: vm.name }).queryKey,
        vm,
      );
      await queryClient.invalidateQueries({ queryKey: listVmsQueryOptions(projectId).queryKey });
    },
  });
}
