import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiRequest } from '#web/lib/api-client.ts';
import { getVmQueryOptions, type VmRef } from './get-vm.ts';
import { listVmsQueryOptions } from './list-vms.ts';

/** The operations that change a VM's power state; they take the same parameters and answer the VM. */
export type VmAction = 'restartVm' | 'stopVm' | 'startVm';

export function vmAction(operation: VmAction, { projectId, location, name }: VmRef) {
  return apiRequest(operation, {
    params: { project_id: projectId, location: location, vm_reference: name },
  });
}

/** Answers the VM in its new (changing) state; the detail query then polls until it settles. */
export function useVmAction(operation: VmAction) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (ref: VmRef) => vmAction(operation, ref),
    onSuccess: async (vm, ref) => {
      queryClient.setQueryData(getVmQueryOptions(ref).queryKey, vm);
      await queryClient.invalidateQueries({
        queryKey: listVmsQueryOptions(ref.projectId).queryKey,
      });
    },
  });
}
