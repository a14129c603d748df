import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiRequest } from '#web/lib/api-client.ts';
import type { FirewallRef } from './get-firewall.ts';
import { firewallChanged } from './list-firewalls.ts';

export function renameFirewall({
  projectId,
  location,
  firewall,
  newName,
}: FirewallRef & { newName: string }) {
  return apiRequest('renameFirewall', {
    params: { project_id: projectId, location, firewall_reference: firewall },
    body: { name: newName },
  });
}

export function useRenameFirewall() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: renameFirewall,
    onSuccess: (firewall, { projectId }) => firewallChanged(queryClient, projectId, firewall),
  });
}
