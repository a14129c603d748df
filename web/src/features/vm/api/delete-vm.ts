import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiRequest } from '#web/lib/api-client.ts';
import { getVmQueryOptions, type VmRef } from './get-vm.ts';
import { listVmsQueryOptions } from './list-vms.ts';

export function deleteVm({ projectId, location, name }: VmRef) {
  return apiRequest('deleteVm', {
    params: { project_id: projectId, location_name: location, vm_name: name },
  });
}

/**
 * The VM goes `deleting`, then away. The answer is empty (204), so the cached detail is set to
 * `deleting` here: its page then polls until the VM is gone (404) and says so.
 */
export function useDeleteVm() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: deleteVm,
    onSuccess: async (_, ref) => {
      queryClient.setQueryData(getVmQueryOptions(ref).queryKey, (vm) =>
        vm ? { ...vm, state: 'deleting' } : vm,
      );
      await queryClient.invalidateQueries({
        queryKey: listVmsQueryOptions(ref.projectId).queryKey,
      });
    },
  });
}

/** Drops the detail of a VM that is gone, once its page has been left. */
export function forgetVm(queryClient: ReturnType<typeof useQueryClient>, ref: VmRef) {
  queryClient.removeQueries({ queryKey: getVmQueryOptions(ref).queryKey, exact: true });
}
