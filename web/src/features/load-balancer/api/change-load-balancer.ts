// Every change of a load balancer: create, the configuration, its VMs, its certificate, its
// name and its delete. Each answers the load balancer (a delete nothing), which goes into the
// caches (list-load-balancers.ts).
import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { CreateLoadBalancerBody, UpdateLoadBalancerBody } from '#shared/api/load-balancer';
import { apiRequest } from '#web/lib/api-client.ts';
import {
  getLoadBalancerQueryOptions,
  lbParams,
  type LoadBalancerRef,
} from './get-load-balancer.ts';
import { listLoadBalancersQueryOptions, loadBalancerChanged } from './list-load-balancers.ts';

export type CreateLoadBalancerInput = {
  projectId: string;
  location: string;
  name: string;
} & CreateLoadBalancerBody;

export function createLoadBalancer({
  projectId,
  location,
  name,
  ...body
}: CreateLoadBalancerInput) {
  return apiRequest('createLoadBalancer', {
    params: { project_id: projectId, location, load_balancer_reference: name },
    body,
  });
}

export const updateLoadBalancer = ({
  body,
  ...ref
}: LoadBalancerRef & { body: UpdateLoadBalancerBody }) =>
  apiRequest('updateLoadBalancer', { params: lbParams(ref), body });
export const attachVm = ({ vmId, ...ref }: LoadBalancerRef & { vmId: string }) =>
  apiRequest('attachLoadBalancerVm', { params: lbParams(ref), body: { vm_id: vmId } });
export const detachVm = ({ vmId, ...ref }: LoadBalancerRef & { vmId: string }) =>
  apiRequest('detachLoadBalancerVm', { params: lbParams(ref), body: { vm_id: vmId } });
export const setCertificate = ({ enabled, ...ref }: LoadBalancerRef & { enabled: boolean }) =>
  apiRequest('toggleLoadBalancerSslCertificate', {
    params: lbParams(ref),
    body: { cert_enabled: enabled },
  });
export const renameLoadBalancer = ({ newName, ...ref }: LoadBalancerRef & { newName: string }) =>
  apiRequest('renameLoadBalancer', { params: lbParams(ref), body: { name: newName } });
export const deleteLoadBalancer = (ref: LoadBalancerRef) =>
  apiRequest('deleteLoadBalancer', { params: lbParams(ref) });

/** A mutation whose answer is the load balancer, put into the caches. */
function useLbMutation<In extends { projectId: string }>(
  fn: (input: In) => ReturnType<typeof attachVm>,
) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: fn,
    onSuccess: (lb, { projectId }) => loadBalancerChanged(queryClient, projectId, lb),
  });
}

export const useCreateLoadBalancer = () => useLbMutation(createLoadBalancer);
export const useUpdateLoadBalancer = () => useLbMutation(updateLoadBalancer);
export const useAttachVm = () => useLbMutation(attachVm);
export const useDetachVm = () => useLbMutation(detachVm);
export const useSetCertificate = () => useLbMutation(setCertificate);
export const useRenameLoadBalancer = () => useLbMutation(renameLoadBalancer);

export function useDeleteLoadBalancer() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: deleteLoadBalancer,
    // The answer is empty (204): the cached detail is set to `deleting` here, so its page polls
    // until the load balancer is gone and says it was deleted (however fast the worker is).
    onSuccess: async (_, ref) => {
      queryClient.setQueryData(getLoadBalancerQueryOptions(ref).queryKey, (lb) =>
        lb ? { ...lb, state: 'deleting' } : lb,
      );
      await queryClient.invalidateQueries({
        queryKey: listLoadBalancersQueryOptions(ref.projectId).queryKey,
      });
    },
  });
}

/** Drops a deleted load balancer's detail query once its page has been left (no refetch of a 404). */
export function forgetLoadBalancer(
  queryClient: ReturnType<typeof useQueryClient>,
  ref: LoadBalancerRef,
) {
  queryClient.removeQueries({ queryKey: getLoadBalancerQueryOptions(ref).queryKey });
}
