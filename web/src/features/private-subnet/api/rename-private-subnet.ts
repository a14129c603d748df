import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiRequest } from '#web/lib/api-client.ts';
import { getPrivateSubnetQueryOptions, type SubnetRef } from './get-private-subnet.ts';
import { listPrivateSubnetsQueryOptions } from './list-private-subnets.ts';

export function renamePrivateSubnet({
  projectId,
  location,
  name,
  newName,
}: SubnetRef & { newName: string }) {
  return apiRequest('renamePrivateSubnet', {
    params: { project_id: projectId, location, private_subnet_reference: name },
    body: { name: newName },
  });
}

export function useRenamePrivateSubnet() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: renamePrivateSubnet,
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
