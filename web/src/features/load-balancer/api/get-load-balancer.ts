import { queryOptions, useSuspenseQuery } from '@tanstack/react-query';
import type { LoadBalancer } from '#shared/api/load-balancer';
import { LB_TRANSITIONAL_STATES } from '#shared/api/load-balancer-kind';
import { VM_TRANSITIONAL_STATES } from '#shared/api/vm-kind';
import { apiRequest } from '#web/lib/api-client.ts';
import { pollWhile } from '#web/lib/live.ts';

export interface LoadBalancerRef {
  projectId: string;
  location: string;
  /** A name or an ID. */
  lb: string;
}

export const lbParams = ({ projectId, location, lb }: LoadBalancerRef) => ({
  project_id: projectId,
  location,
  load_balancer_reference: lb,
});

export function getLoadBalancer(ref: LoadBalancerRef, signal?: AbortSignal) {
  return apiRequest('getLoadBalancer', { params: lbParams(ref), signal });
}

/** Every load balancer detail of a project is under `loadBalancerDetailKey(projectId)`. */
export const loadBalancerDetailKey = (projectId: string) =>
  ['load-balancer', 'detail', projectId] as const;

export const getLoadBalancerQueryOptions = (ref: LoadBalancerRef) =>
  queryOptions({
    queryKey: [...loadBalancerDetailKey(ref.projectId), ref.location, ref.lb],
    queryFn: ({ signal }) => getLoadBalancer(ref, signal),
  });

/** Whether the load balancer or one of its VMs is changing (their health follows). */
export const isChanging = (lb: LoadBalancer) =>
  LB_TRANSITIONAL_STATES.includes(lb.state) ||
  lb.vms.some((vm) => VM_TRANSITIONAL_STATES.includes(vm.state));

/** The route loader has loaded it; polls while it or one of its VMs is changing. */
export function useLoadBalancer(ref: LoadBalancerRef) {
  return useSuspenseQuery({
    ...getLoadBalancerQueryOptions(ref),
    refetchInterval: pollWhile(isChanging),
    // One that is going away answers 404 at the end: the page handles that (no retries).
    retry: false,
  });
}
