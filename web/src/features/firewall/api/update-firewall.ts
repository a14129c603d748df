import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiRequest } from '#web/lib/api-client.ts';
import type { FirewallRef } from './get-firewall.ts';
import { firewallChanged } from './list-firewalls.ts';

export function updateFirewall({
  projectId,
  location,
  firewall,
  description,
}: FirewallRef & { description: string }) {
  return apiRequest('updateFirewall', {
    params: { project_id: projectId, location, firewall_reference: firewall },
    body: { description },
  });
}

export function useUpdateFirewall() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: updateFirewall,
    onSuccess: (firewall, { projectId }) => firewallChanged(queryClient, projectId, firewall),
  });
}
