import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { PrivateSubnet, PrivateSubnetList } from '#shared/api/private-subnet';
import { apiRequest } from '#web/lib/api-client.ts';
import { getPrivateSubnetQueryOptions, type SubnetRef } from './get-private-subnet.ts';
import { listPrivateSubnetsQueryOptions } from './list-private-subnets.ts';

/** 204 once accepted: the subnet is `deleting`, then gone. 409 Conflict while VMs are attached. */
export function deletePrivateSubnet({ projectId, location, name }: SubnetRef) {
  return apiRequest('deletePrivateSubnet', {
    params: { project_id: projectId, location_name: location, ps_name: name },
  });
}

export function useDeletePrivateSubnet() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: deletePrivateSubnet,
    onSuccess: async (_, ref) => {
      // Show it `deleting` at once in every cached list (which then polls until it is gone and
      // announces it), even if the server is done before the next refetch.
      const mark = (s: PrivateSubnet) =>
        s.location === ref.location && s.name === ref.name ? { ...s, state: 'deleting' } : s;
      queryClient.setQueriesData<PrivateSubnetList>(
        { queryKey: listPrivateSubnetsQueryOptions(ref.projectId).queryKey },
        (list) => (list ? { ...list, items: list.items.map(mark) } : list),
      );
      queryClient.setQueryData(getPrivateSubnetQueryOptions(ref).queryKey, (s) =>
        s ? mark(s) : s,
      );
      await queryClient.invalidateQueries({
        queryKey: listPrivateSubnetsQueryOptions(ref.projectId).queryKey,
      });
    },
  });
}

/** Removes a subnet that is gone from every cached list (its page already announced it). */
export function dropPrivateSubnetFromLists(
  queryClient: ReturnType<typeof useQueryClient>,
  ref: SubnetRef,
) {
  queryClient.setQueriesData<PrivateSubnetList>(
    { queryKey: listPrivateSubnetsQueryOptions(ref.projectId).queryKey },
    (list) =>
      list
        ? {
            ...list,
            items: list.items.filter((s) => !(s.location === ref.location && s.name === ref.name)),
          }
        : list,
  );
}

/** Drops a deleted subnet's detail query once its page has been left (no refetch of a 404). */
export function forgetPrivateSubnet(
  queryClient: ReturnType<typeof useQueryClient>,
  ref: SubnetRef,
) {
  queryClient.removeQueries({ queryKey: getPrivateSubnetQueryOptions(ref).queryKey });
}
