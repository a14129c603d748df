// A subnet's connections (the origin's connect and disconnect): the connected subnets, and the
// two changes, which refresh both subnets' lists.
import { queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { MAX_PAGE_SIZE } from '#shared/wire';
import { apiRequest } from '#web/lib/api-client.ts';
import type { SubnetRef } from './get-private-subnet.ts';

const at = ({ projectId, location, name }: SubnetRef) => ({
  project_id: projectId,
  location,
  private_subnet_reference: name,
});

/** Every connection list of a project is under this key. */
const connectedKey = (projectId: string) => ['private-subnet', 'connected', projectId] as const;

/** The subnets connected to one (at most the subnet quota: one page of the maximum size). */
export const connectedSubnetsQueryOptions = (ref: SubnetRef) =>
  queryOptions({
    queryKey: [...connectedKey(ref.projectId), ref.location, ref.name],
    queryFn: ({ signal }) =>
      apiRequest('listConnectedPrivateSubnets', {
        params: at(ref),
        query: { order_column: 'name', page_size: String(MAX_PAGE_SIZE) },
        signal,
      }),
  });

export function useConnectedSubnets(ref: SubnetRef) {
  return useQuery(connectedSubnetsQueryOptions(ref));
}

function useConnectionChange<I extends { ref: SubnetRef }>(
  mutationFn: (input: I) => Promise<unknown>,
) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn,
    onSuccess: (_, { ref }) =>
      queryClient.invalidateQueries({ queryKey: connectedKey(ref.projectId) }),
  });
}

export function useConnectSubnet() {
  return useConnectionChange(({ ref, subnetId }: { ref: SubnetRef; subnetId: string }) =>
    apiRequest('connectPrivateSubnet', {
      params: at(ref),
      body: { 'connected-subnet-id': subnetId },
    }),
  );
}

export function useDisconnectSubnet() {
  return useConnectionChange(({ ref, subnetId }: { ref: SubnetRef; subnetId: string }) =>
    apiRequest('disconnectPrivateSubnet', { params: { ...at(ref), private_subnet_id: subnetId } }),
  );
}
