import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiRequest } from '#web/lib/api-client.ts';
import { getVmQueryOptions, type VmRef } from './get-vm.ts';
import { listVmsQueryOptions } from './list-vms.ts';

export function renameVm({ ref, name }: { ref: VmRef; name: string }) {
  return apiRequest('renameVm', {
    params: { project_id: ref.projectId, location: ref.location, vm_reference: ref.name },
    body: { name },
  });
}

export function useRenameVm() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: renameVm,
    onSuccess: async (vm, { ref }) => {
      // The detail is keyed by name: seed the new key; the old one is dropped by the page
      // once it has moved to the new address (so it does not refetch a name that is gone).
      queryClient.setQueryData(getVmQueryOptions({ ...ref, name: vm.name }).queryKey, vm);
      await queryClient.invalidateQueries({
        queryKey: listVmsQueryOptions(ref.projectId).queryKey,
      });
    },
  });
}
