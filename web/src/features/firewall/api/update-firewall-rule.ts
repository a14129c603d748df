import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { z } from 'zod';
import type { updateFirewallRuleBodySchema } from '#shared/api/firewall';
import { apiRequest } from '#web/lib/api-client.ts';
import type { FirewallRef } from './get-firewall.ts';
import { firewallChanged } from './list-firewalls.ts';

export function updateFirewallRule({
  projectId,
  location,
  firewall,
  ruleId,
  body,
}: FirewallRef & { ruleId: string; body: z.input<typeof updateFirewallRuleBodySchema> }) {
  return apiRequest('updateFirewallRule', {
    params: {
      project_id: projectId,
      location,
      firewall_reference: firewall,
      firewall_rule_id: ruleId,
    },
    body,
  });
}

export function useUpdateFirewallRule() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: updateFirewallRule,
    onSuccess: (_, { projectId }) => firewallChanged(queryClient, projectId),
  });
}
