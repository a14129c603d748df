import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiRequest } from '#web/lib/api-client.ts';
import type { FirewallRef } from './get-firewall.ts';
import { firewallChanged } from './list-firewalls.ts';

export function detachSubnet({
  projectId,
  location,
  firewall,
  subnetId,
}: FirewallRef & { subnetId: string }) {
  return apiRequest('detachFirewallSubnet', {
    params: { project_id: projectId, location, firewall_reference: firewall },
    body: { private_subnet_id: subnetId },
  });
}

export function useDetachSubnet() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: detachSubnet,
    onSuccess: (firewall, { projectId }) => firewallChanged(queryClient, projectId, firewall),
  });
}
