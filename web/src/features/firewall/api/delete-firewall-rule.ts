import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiRequest } from '#web/lib/api-client.ts';
import type { FirewallRef } from './get-firewall.ts';
import { firewallChanged } from './list-firewalls.ts';

export function deleteFirewallRule({
  projectId,
  location,
  firewall,
  ruleId,
}: FirewallRef & { ruleId: string }) {
  return apiRequest('deleteFirewallRule', {
    params: {
      project_id: projectId,
      location,
      firewall_reference: firewall,
      firewall_rule_id: ruleId,
    },
  });
}

export function useDeleteFirewallRule() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: deleteFirewallRule,
    onSuccess: (_, { projectId }) => firewallChanged(queryClient, projectId),
  });
}
