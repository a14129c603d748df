import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { CreateFirewallRuleBody } from '#shared/api/firewall';
import { apiRequest } from '#web/lib/api-client.ts';
import type { FirewallRef } from './get-firewall.ts';
import { firewallChanged } from './list-firewalls.ts';

/** The server picks the rule's ID. */
export function createFirewallRule({
  projectId,
  location,
  firewall,
  body,
}: FirewallRef & { body: CreateFirewallRuleBody }) {
  return apiRequest('createFirewallRule', {
    params: { project_id: projectId, location, firewall_reference: firewall },
    body,
  });
}

export function useCreateFirewallRule() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: createFirewallRule,
    onSuccess: (_, { projectId }) => firewallChanged(queryClient, projectId),
  });
}
