import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { BodyInputOf } from '#shared/routes';
import { apiRequest } from '#web/lib/api-client.ts';
import { getVmQueryOptions, type VmRef } from './get-vm.ts';
import { listVmsQueryOptions } from './list-vms.ts';

/** Answers the VM in `resizing` at its new size; the detail query then polls until it runs again. */
export function useResizeVm() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ ref, size }: { ref: VmRef; size: BodyInputOf<'resizeVm'>['size'] }) =>
      apiRequest('resizeVm', {
        params: { project_id: ref.projectId, location: ref.location, vm_reference: ref.name },
        body: { size },
      }),
    onSuccess: async (vm, { ref }) => {
      queryClient.setQueryData(getVmQueryOptions(ref).queryKey, vm);
      await queryClient.invalidateQueries({
        queryKey: listVmsQueryOptions(ref.projectId).queryKey,
      });
    },
  });
}
