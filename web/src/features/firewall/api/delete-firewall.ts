import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiRequest } from '#web/lib/api-client.ts';
import { getFirewallQueryOptions, type FirewallRef } from './get-firewall.ts';
import { listFirewallsQueryOptions } from './list-firewalls.ts';

/** Deletes the firewall with its rules, detaching it from its subnets (204). */
export function deleteFirewall({ projectId, location, firewall }: FirewallRef) {
  return apiRequest('deleteFirewall', {
    params: { project_id: projectId, location, firewall_reference: firewall },
  });
}

export function useDeleteFirewall() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: deleteFirewall,
    onSuccess: async (_, { projectId }) => {
      await queryClient.invalidateQueries({
        queryKey: listFirewallsQueryOptions(projectId).queryKey,
      });
    },
  });
}

/** Drops a deleted firewall's detail query once its page has been left (no refetch of a 404). */
export function forgetFirewall(queryClient: ReturnType<typeof useQueryClient>, ref: FirewallRef) {
  queryClient.removeQueries({ queryKey: getFirewallQueryOptions(ref).queryKey });
}
