import { queryOptions } from '@tanstack/react-query';
import { apiRequest } from '#web/lib/api-client.ts';
import type { VmRef } from './get-vm.ts';

/** The VM's metrics over a period (the Metrics tab's charts). */
export const vmMetricsQueryOptions = (ref: VmRef, query: { start: string; end: string }) =>
  queryOptions({
    queryKey: ['vm', 'metrics', ref.projectId, ref.location, ref.name, query],
    queryFn: ({ signal }) =>
      apiRequest('getVmMetrics', {
        params: { project_id: ref.projectId, location: ref.location, vm_reference: ref.name },
        query,
        signal,
      }),
  });
