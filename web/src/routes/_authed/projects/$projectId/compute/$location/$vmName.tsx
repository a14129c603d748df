import { useQueryClient } from '@tanstack/react-query';
import { createFileRoute, Link, useNavigate } from '@tanstack/react-router';
import { useCallback, useMemo } from 'react';
import { z } from 'zod';
import { VM_TRANSITIONAL_STATES } from '#shared/api/vm';
import { NotFoundPage } from '../../../../../../components/layout/status-pages.tsx';
import { StateBadge } from '../../../../../../components/ui/state-badge.tsx';
import { TabList, TabPanel } from '../../../../../../components/ui/tabs.tsx';
import { useProject } from '../../../../../../features/project/api/get-project.ts';
import { forgetVm } from '../../../../../../features/vm/api/delete-vm.ts';
import { getVmQueryOptions, useVm } from '../../../../../../features/vm/api/get-vm.ts';
import { VmActions } from '../../../../../../features/vm/components/vm-actions.tsx';
import { VmNetworking } from '../../../../../../features/vm/components/vm-networking.tsx';
import { VmOverview } from '../../../../../../features/vm/components/vm-overview.tsx';
import { DeleteVmCard, RenameVmCard } from '../../../../../../features/vm/components/vm-settings.tsx';
import { locationDisplayName, sizeSpec } from '../../../../../../features/vm/format.ts';
import { useAnnounceTransitions, useLeaveWhenGone } from '../../../../../../lib/live.ts';
import { loadOrNotFound } from '../../../../../../lib/not-found.ts';
import { useTitle } from '../../../../../../lib/use-title.ts';
import { backLinkClass } from '../../../../../../components/ui/back-link.ts';

const TABS = [
  { id: 'overview', label: 'Overview' },
  { id: 'networking', label: 'Networking' },
  { id: 'settings', label: 'Settings' },
] as const;
type Tab = (typeof TABS)[number]['id'];

// A VM is addressed by location and name, like the API; the tab is in the URL (`?tab=`).
export const Route = createFileRoute('/_authed/projects/$projectId/compute/$location/$vmName')({
  staticData: { crumb: (params) => params.vmName },
  validateSearch: z.object({ tab: z.enum(['overview', 'networking', 'settings']).optional().catch(undefined) }),
  loader: async ({ context, params }) => {
    await loadOrNotFound(context.queryClient.ensureQueryData(getVmQueryOptions({ projectId: params.projectId, location: params.location, name: params.vmName })));
  },
  component: VmPage,
  notFoundComponent: VmNotFound,
});

function VmPage() {
  const { projectId, location, vmName } = Route.useParams();
  const { tab = 'overview' } = Route.useSearch();
  const { data: project } = useProject(projectId);
  const vmRef = useMemo(() => ({ projectId, location, name: vmName }), [projectId, location, vmName]);
  const { data: vm, error } = useVm(vmRef);
  const navigate = useNavigate();
  const queryClient = useQueryClient();
  useTitle(vm.name, 'Compute', project.name);
  useAnnounceTransitions(useMemo(() => [vm], [vm]), VM_TRANSITIONAL_STATES, 'VM');

  // Gone while the page was open (deleted here or elsewhere): say so and go back to the list.
  const leave = useCallback(() => {
    void navigate({ to: '/projects/$projectId/compute', params: { projectId }, replace: true }).then(() => forgetVm(queryClient, vmRef));
  }, [navigate, projectId, queryClient, vmRef]);
  useLeaveWhenGone(error, vm.state, 'VM', vmName, leave);

  const spec = sizeSpec(vm.size);
  return (
    <div className="space-y-6">
      <div>
        <Link to="/projects/$projectId/compute" params={{ projectId }} className={backLinkClass}>
          ← Virtual machines
        </Link>
        <div className="mt-2 flex flex-wrap items-start justify-between gap-4">
          <div className="min-w-0">
            <div className="flex flex-wrap items-center gap-3">
              <h1 className="truncate text-2xl font-semibold tracking-tight">{vm.name}</h1>
              <span data-testid="vm-state">
                <StateBadge state={vm.state} />
              </span>
            </div>
            <p className="mt-1 text-sm text-slate-600 dark:text-slate-400">
              {locationDisplayName(vm.location)} · {vm.size}
              {spec ? ` (${spec})` : ''} · {vm.ip4 ?? vm.ip6 ?? 'no public address'}
            </p>
          </div>
          <VmActions vm={vm} vmRef={vmRef} />
        </div>
      </div>

      <div>
        <TabList<Tab> tabs={TABS} active={tab} defaultTab="overview" label="VM sections" idPrefix="vm" />
        <TabPanel idPrefix="vm" tab={tab}>
          {tab === 'overview' ? <VmOverview vm={vm} /> : null}
          {tab === 'networking' ? <VmNetworking vm={vm} projectId={projectId} /> : null}
          {tab === 'settings' ? (
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
          ) : null}
        </TabPanel>
      </div>
    </div>
  );
}

function VmNotFound() {
  const { projectId, location, vmName } = Route.useParams();
  return (
    <NotFoundPage title="VM not found">
      <p>
        There is no VM named <strong>{vmName}</strong> in {locationDisplayName(location)} in this project. It may have been deleted or renamed.
      </p>
      <p className="mt-3">
        <Link to="/projects/$projectId/compute" params={{ projectId }} className="text-blue-700 hover:underline dark:text-blue-400">
          Back to the virtual machines
        </Link>
      </p>
    </NotFoundPage>
  );
}
