import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiRequest } from '../../../lib/api-client.ts';
import { getVmQueryOptions, type VmRef } from './get-vm.ts';
import { listVmsQueryOptions } from './list-vms.ts';

export function restartVm({ projectId, location, name }: VmRef) {
  return apiRequest('restartVm', { params: { project_id: projectId, location: location, vm_reference: name } });
}

/** Answers the VM in its new (changing) state; the detail query then polls until it settles. */
export function useRestartVm() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: restartVm,
    onSuccess: async (vm, ref) => {
      queryClient.setQueryData(getVmQueryOptions(ref).queryKey, vm);
      await queryClient.invalidateQueries({ queryKey: listVmsQueryOptions(ref.projectId).queryKey });
    },
  });
}
