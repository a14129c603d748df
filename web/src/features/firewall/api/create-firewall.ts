import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiRequest } from '#web/lib/api-client.ts';
import { firewallChanged } from './list-firewalls.ts';

export interface CreateFirewallInput {
  projectId: string;
  location: string;
  name: string;
  description: string;
}

export function createFirewall({ projectId, location, name, description }: CreateFirewallInput) {
  return apiRequest('createFirewall', {
    params: { project_id: projectId, location, firewall_reference: name },
    body: { description },
  });
}

export function useCreateFirewall() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: createFirewall,
    onSuccess: (firewall, { projectId }) => firewallChanged(queryClient, projectId, firewall),
  });
}
