import { useQuery, useQueryClient } from '@tanstack/react-query';
import { createFileRoute, Link, useNavigate } from '@tanstack/react-router';
import { useCallback, useMemo } from 'react';
import { LB_TRANSITIONAL_STATES } from '#shared/api/load-balancer-kind';
import { MAX_PAGE_SIZE } from '#shared/wire';
import { NotFoundPage } from '#web/components/layout/status-pages.tsx';
import { tableLinkClass } from '#web/components/ui/data-table.tsx';
import { CopyButton } from '#web/components/ui/copy-button.tsx';
import { DetailPage } from '#web/components/ui/detail-page.tsx';
import { ManagedByNotice, managedReason } from '#web/features/project/components/managed-by.tsx';
import { ManagedScope } from '#web/lib/project-access.ts';
import { forgetLoadBalancer } from '#web/features/load-balancer/api/change-load-balancer.ts';
import {
  getLoadBalancerQueryOptions,
  useLoadBalancer,
} from '#web/features/load-balancer/api/get-load-balancer.ts';
import { LoadBalancerVmsCard } from '#web/features/load-balancer/components/lb-vms-card.tsx';
import {
  CertificateCard,
  DeleteLoadBalancerCard,
  LoadBalancerConfigCard,
  RenameLoadBalancerCard,
} from '#web/features/load-balancer/components/lb-settings.tsx';
import { ALGORITHM_LABELS, portsText } from '#web/features/load-balancer/format.ts';
import { getPrivateSubnetQueryOptions } from '#web/features/private-subnet/api/get-private-subnet.ts';
import { useProject } from '#web/features/project/api/get-project.ts';
import { listVmsQueryOptions } from '#web/features/vm/api/list-vms.ts';
import { useLiveDetail } from '#web/lib/live.ts';
import { locationLabel } from '#web/lib/location.ts';
import { loadOrNotFound } from '#web/lib/not-found.ts';
import { useTitle } from '#web/lib/use-title.ts';
import { oneOf, searchParams } from '#web/lib/search-params.ts';

const TAB_IDS = ['vms', 'settings'] as const;

// A load balancer is addressed by location and name; the tab is in the URL (`?tab=`).
export const Route = createFileRoute(
  '/_authed/projects/$projectId/networking/load-balancers/$location/$lbName',
)({
  staticData: { crumb: (params) => params.lbName },
  validateSearch: searchParams({ tab: oneOf(TAB_IDS) }),
  loader: async ({ context, params }) => {
    await loadOrNotFound(
      context.queryClient.ensureQueryData(
        getLoadBalancerQueryOptions({
          projectId: params.projectId,
          location: params.location,
          lb: params.lbName,
        }),
      ),
      [404, 400],
    );
  },
  component: LoadBalancerPage,
  notFoundComponent: LoadBalancerNotFound,
});

function LoadBalancerPage() {
  const { projectId, location, lbName } = Route.useParams();
  const { tab = 'vms' } = Route.useSearch();
  const navigate = useNavigate();
  const queryClient = useQueryClient();
  const { data: project } = useProject(projectId);
  const lbRef = useMemo(() => ({ projectId, location, lb: lbName }), [projectId, location, lbName]);
  const { data: lb, error } = useLoadBalancer(lbRef);
  useTitle(lb.name, 'Load balancers', project.name);

  // Gone while the page was open (deleted here or elsewhere): say so and go back to the list.
  const leave = useCallback(() => {
    void navigate({
      to: '/projects/$projectId/networking/load-balancers',
      params: { projectId },
      replace: true,
    }).then(() => forgetLoadBalancer(queryClient, lbRef));
  }, [navigate, projectId, queryClient, lbRef]);
  useLiveDetail(lb, error, LB_TRANSITIONAL_STATES, 'Load balancer', leave);

  // The VMs of its subnet, for the picker (subnets and VMs are other features): the subnet's
  // interfaces name its VMs; the location's VMs give their IDs and states.
  const subnet = useQuery({
    ...getPrivateSubnetQueryOptions({ projectId, location, name: lb.subnet }),
    staleTime: 0,
  });
  const vms = useQuery({
    ...listVmsQueryOptions(
      projectId,
      { order_column: 'name', page_size: String(MAX_PAGE_SIZE) },
      location,
    ),
    staleTime: 0,
  });
  const inSubnet = new Set((subnet.data?.nics ?? []).map((n) => n.vm_name));
  const vmOptions = (vms.data?.items ?? [])
    .filter((vm) => inSubnet.has(vm.name))
    .map((vm) => ({ id: vm.id, name: vm.name, state: vm.state, ip4: vm.ip4 }));

  const tabs = [
    { id: 'vms', label: 'VMs', count: lb.vms.length },
    { id: 'settings', label: 'Settings' },
  ] as const;

  const owner = lb.owned_by;
  return (
    <ManagedScope.Provider value={owner ? managedReason(owner) : undefined}>
      <DetailPage
        notice={
          owner ? (
            <ManagedByNotice
              owner={owner}
              projectId={projectId}
              location={lb.location}
              what="load balancer"
            />
          ) : undefined
        }
        back={{
          link: { to: '/projects/$projectId/networking/load-balancers', params: { projectId } },
          label: 'Load balancers',
        }}
        title={lb.name}
        state={lb.state}
        meta={
          <dl className="mt-3 flex flex-wrap items-center gap-x-6 gap-y-1 text-sm">
            <div className="flex items-center gap-1.5">
              <dt className="text-slate-600 dark:text-slate-400">Hostname</dt>
              <dd className="flex items-center font-mono text-xs">
                {lb.hostname}
                <CopyButton value={lb.hostname} label="Copy hostname" className="p-1" />
              </dd>
            </div>
            <div className="flex items-center gap-1.5">
              <dt className="text-slate-600 dark:text-slate-400">Ports</dt>
              <dd className="font-mono text-xs">{portsText(lb)}</dd>
            </div>
            <div className="flex items-center gap-1.5">
              <dt className="text-slate-600 dark:text-slate-400">Location</dt>
              <dd className="font-medium">{locationLabel(lb.location)}</dd>
            </div>
            <div className="flex items-center gap-1.5">
              <dt className="text-slate-600 dark:text-slate-400">Subnet</dt>
              <dd>
                <Link
                  to="/projects/$projectId/networking/subnets/$location/$subnetName"
                  params={{ projectId, location: lb.location, subnetName: lb.subnet }}
                  className={tableLinkClass}
                >
                  {lb.subnet}
                </Link>
              </dd>
            </div>
            <div className="flex items-center gap-1.5">
              <dt className="text-slate-600 dark:text-slate-400">Algorithm</dt>
              <dd className="font-medium">
                {ALGORITHM_LABELS[lb.algorithm as keyof typeof ALGORITHM_LABELS]?.title ??
                  lb.algorithm}
              </dd>
            </div>
            <div className="flex items-center gap-1.5">
              <dt className="text-slate-600 dark:text-slate-400">Health check</dt>
              <dd className="font-mono text-xs">
                {lb.health_check_protocol}{' '}
                {lb.health_check_protocol === 'tcp' ? '' : lb.health_check_endpoint}
              </dd>
            </div>
            <div className="flex items-center gap-1.5">
              <dt className="text-slate-600 dark:text-slate-400">SSL certificate</dt>
              <dd className="font-medium" data-testid="lb-cert">
                {lb.cert_enabled ? 'on' : 'off'}
              </dd>
            </div>
          </dl>
        }
        idPrefix="lb"
        tabsLabel="Load balancer sections"
        tabs={tabs}
        tab={tab}
        panels={{
          vms: (
            <LoadBalancerVmsCard
              lbRef={lbRef}
              lb={lb}
              vms={vmOptions}
              vmsLoading={subnet.isPending || vms.isPending}
            />
          ),
          settings: (
            <>
              <CertificateCard lbRef={lbRef} lb={lb} />
              <LoadBalancerConfigCard key={lb.id} lbRef={lbRef} lb={lb} />
              <RenameLoadBalancerCard
                key={`n-${lb.name}`}
                lbRef={lbRef}
                lb={lb}
                onRenamed={(name) =>
                  void navigate({
                    to: '/projects/$projectId/networking/load-balancers/$location/$lbName',
                    params: { projectId, location, lbName: name },
                    search: { tab: 'settings' },
                    replace: true,
                  }).then(() => forgetLoadBalancer(queryClient, lbRef))
                }
              />
              <DeleteLoadBalancerCard lbRef={lbRef} lb={lb} />
            </>
          ),
        }}
      />
    </ManagedScope.Provider>
  );
}

function LoadBalancerNotFound() {
  const { projectId } = Route.useParams();
  return (
    <NotFoundPage title="Load balancer not found">
      <p>
        This load balancer does not exist in this project, or it was deleted.{' '}
        <Link
          to="/projects/$projectId/networking/load-balancers"
          params={{ projectId }}
          className="text-blue-700 underline dark:text-blue-400"
        >
          Back to the load balancers
        </Link>
      </p>
    </NotFoundPage>
  );
}
