import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiRequest } from '#web/lib/api-client.ts';
import { getPrivateSubnetQueryOptions } from './get-private-subnet.ts';
import { listPrivateSubnetsQueryOptions } from './list-private-subnets.ts';

export interface CreatePrivateSubnetInput {
  projectId: string;
  location: string;
  name: string;
  /** Attach this firewall instead of creating `<name>-default`. */
  firewallId?: string;
}

export function createPrivateSubnet({
  projectId,
  location,
  name,
  firewallId,
}: CreatePrivateSubnetInput) {
  return apiRequest('createPrivateSubnet', {
    params: { project_id: projectId, location_name: location, ps_name: name },
    body: firewallId ? { firewall_id: firewallId } : undefined,
  });
}

export function useCreatePrivateSubnet() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: createPrivateSubnet,
    onSuccess: async (subnet, { projectId }) => {
      queryClient.setQueryData(
        getPrivateSubnetQueryOptions({ projectId, location: subnet.location, name: subnet.name })
          .queryKey,
        subnet,
      );
      await queryClient.invalidateQueries({
        queryKey: listPrivateSubnetsQueryOptions(projectId).queryKey,
      });
    },
  });
}
