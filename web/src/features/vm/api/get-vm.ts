import { queryOptions, useSuspenseQuery } from '@tanstack/react-query';
import type { Vm } from '#shared/api/vm';
import { VM_TRANSITIONAL_STATES } from '#shared/api/vm-kind';
import { apiRequest } from '#web/lib/api-client.ts';
import { pollWhile } from '#web/lib/live.ts';

export interface VmRef {
  projectId: string;
  location: string;
  name: string;
}

export function getVm({ projectId, location, name }: VmRef, signal?: AbortSignal) {
  return apiRequest('getVm', {
    params: { project_id: projectId, location_name: location, vm_name: name },
    signal,
  });
}

export const getVmQueryOptions = (ref: VmRef) =>
  queryOptions({
    queryKey: ['vm', 'detail', ref.projectId, ref.location, ref.name],
    queryFn: ({ signal }) => getVm(ref, signal),
  });

/** The route loader has loaded it; polls while the VM is changing state. */
export function useVm(ref: VmRef) {
  return useSuspenseQuery({
    ...getVmQueryOptions(ref),
    refetchInterval: pollWhile((vm: Vm) => VM_TRANSITIONAL_STATES.includes(vm.state)),
    // A VM that is going away answers 404 at the end: the page handles that (no retries).
    retry: false,
  });
}
