import { useQueryClient } from '@tanstack/react-query';
import { createFileRoute, Link, useNavigate } from '@tanstack/react-router';
import { useCallback, useMemo } from 'react';
import type { Vm } from '#shared/api/vm';
import { VM_TRANSITIONAL_STATES } from '#shared/api/vm-kind';
import { NotFoundPage } from '#web/components/layout/status-pages.tsx';
import { DetailPage } from '#web/components/ui/detail-page.tsx';
import { AttachedFirewalls } from '#web/features/firewall/components/attached-firewalls.tsx';
import { useProject } from '#web/features/project/api/get-project.ts';
import { useSubnetGuard } from '#web/features/private-subnet/api/subnet-guard.ts';
import { forgetVm } from '#web/features/vm/api/delete-vm.ts';
import { getVmQueryOptions, useVm } from '#web/features/vm/api/get-vm.ts';
import { FailureNotice } from '#web/features/retry/failure-notice.tsx';
import { VmActions } from '#web/features/vm/components/vm-actions.tsx';
import { VmPrivateNetwork } from '#web/features/vm/components/vm-networking.tsx';
import { VmMetrics } from '#web/features/vm/components/vm-metrics.tsx';
import { VmOverview } from '#web/features/vm/components/vm-overview.tsx';
import { ResourceCost } from '#web/features/usage/components/resource-cost.tsx';
import { ResizingNotice } from '#web/features/vm/components/vm-resize.tsx';
import { DeleteVmCard, RenameVmCard } from '#web/features/vm/components/vm-settings.tsx';
import { sizeSpec } from '#web/features/vm/format.ts';
import { useLiveDetail } from '#web/lib/live.ts';
import { locationLabel } from '#web/lib/location.ts';
import { loadOrNotFound } from '#web/lib/not-found.ts';
import { useTitle } from '#web/lib/use-title.ts';
import { oneOf, searchParams } from '#web/lib/search-params.ts';

const TABS = [
  { id: 'overview', label: 'Overview' },
  { id: 'networking', label: 'Networking' },
  { id: 'metrics', label: 'Metrics' },
  { id: 'settings', label: 'Settings' },
] as const;

// A VM is addressed by location and name, like the API; the tab is in the URL (`?tab=`).
export const Route = createFileRoute('/_authed/projects/$projectId/compute/$location/$vmName')({
  staticData: { crumb: (params) => params.vmName },
  validateSearch: searchParams({ tab: oneOf(['overview', 'networking', 'metrics', 'settings']) }),
  loader: async ({ context, params }) => {
    await loadOrNotFound(
      context.queryClient.ensureQueryData(
        getVmQueryOptions({
          projectId: params.projectId,
          location: params.location,
          name: params.vmName,
        }),
      ),
    );
  },
  component: VmPage,
  notFoundComponent: VmNotFound,
});

function VmPage() {
  const { projectId, location, vmName } = Route.useParams();
  const { tab = 'overview' } = Route.useSearch();
  const { data: project } = useProject(projectId);
  const vmRef = useMemo(
    () => ({ projectId, location, name: vmName }),
    [projectId, location, vmName],
  );
  const { data: vm, error } = useVm(vmRef);
  const navigate = useNavigate();
  const queryClient = useQueryClient();
  useTitle(vm.name, 'Compute', project.name);

  // Gone while the page was open (deleted here or elsewhere): say so and go back to the list.
  const leave = useCallback(() => {
    void navigate({
      to: '/projects/$projectId/compute',
      params: { projectId },
      replace: true,
    }).then(() => forgetVm(queryClient, vmRef));
  }, [navigate, projectId, queryClient, vmRef]);
  useLiveDetail(vm, error, VM_TRANSITIONAL_STATES, 'VM', leave);

  const spec = sizeSpec(vm.size);
  return (
    <DetailPage
      back={{
        link: { to: '/projects/$projectId/compute', params: { projectId } },
        label: 'Virtual machines',
      }}
      title={vm.name}
      state={vm.state}
      meta={
        <p className="mt-1 text-sm text-slate-600 dark:text-slate-400">
          {locationLabel(vm.location)} · {vm.size}
          {spec ? ` (${spec})` : ''} · {vm.ip4 ?? vm.ip6 ?? 'no public address'}
        </p>
      }
      notice={
        vm.state === 'failed' ? (
          <FailureNotice
            projectId={projectId}
            objectId={vm.id}
            what="VM"
            name={vm.name}
            reason={vm.state_reason}
            onRetried={() =>
              queryClient.invalidateQueries({ queryKey: getVmQueryOptions(vmRef).queryKey })
            }
          />
        ) : (
          <ResizingNotice vm={vm} />
        )
      }
      actions={<VmActions vm={vm} vmRef={vmRef} />}
      idPrefix="vm"
      tabsLabel="VM sections"
      tabs={TABS}
      tab={tab}
      panels={{
        overview: (
          <>
            <VmOverview vm={vm} />
            <ResourceCost projectId={projectId} resourceId={vm.id} what="VM" />
          </>
        ),
        networking: (
          <>
            <VmPrivateNetwork vm={vm} projectId={projectId} />
            <VmFirewalls projectId={projectId} vm={vm} />
          </>
        ),
        metrics: <VmMetrics vmRef={vmRef} />,
        settings: (
          <>
            <RenameVmCard
              key={vm.id}
              vm={vm}
              vmRef={vmRef}
              onRenamed={(name) =>
                void navigate({
                  to: '/projects/$projectId/compute/$location/$vmName',
                  params: { projectId, location, vmName: name },
                  search: { tab: 'settings' },
                  replace: true,
                }).then(() => forgetVm(queryClient, vmRef))
              }
            />
            <DeleteVmCard vm={vm} vmRef={vmRef} />
          </>
        ),
      }}
    />
  );
}

function VmNotFound() {
  const { projectId, location, vmName } = Route.useParams();
  return (
    <NotFoundPage title="VM not found">
      <p>
        There is no VM named <strong>{vmName}</strong> in {locationLabel(location)} in this project.
        It may have been deleted or renamed.
      </p>
      <p className="mt-3">
        <Link
          to="/projects/$projectId/compute"
          params={{ projectId }}
          className="text-blue-700 hover:underline dark:text-blue-400"
        >
          Back to the virtual machines
        </Link>
      </p>
    </NotFoundPage>
  );
}

/** The firewalls of the VM's subnet, what they let in together, and the allow-all warning. */
function VmFirewalls({ projectId, vm }: { projectId: string; vm: Vm }) {
  const subnet = useSubnetGuard(projectId, vm.location, vm.subnet);
  return (
    <AttachedFirewalls
      projectId={projectId}
      location={vm.location}
      firewalls={vm.firewalls}
      subnet={subnet}
      effective
    />
  );
}
