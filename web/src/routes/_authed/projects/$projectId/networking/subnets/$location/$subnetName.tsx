import { useQueryClient } from '@tanstack/react-query';
import { createFileRoute, Link, useNavigate } from '@tanstack/react-router';
import { useCallback, useMemo } from 'react';
import { z } from 'zod';
import { NotFoundPage } from '../../../../../../../components/layout/status-pages.tsx';
import { CopyButton } from '../../../../../../../components/ui/copy-button.tsx';
import { StateBadge } from '../../../../../../../components/ui/state-badge.tsx';
import { TabList, TabPanel } from '../../../../../../../components/ui/tabs.tsx';
import { toast } from '../../../../../../../components/ui/toast.tsx';
import { AttachedFirewalls } from '../../../../../../../features/firewall/components/attached-firewalls.tsx';
import { dropPrivateSubnetFromLists, forgetPrivateSubnet } from '../../../../../../../features/private-subnet/api/delete-private-subnet.ts';
import { getPrivateSubnetQueryOptions, usePrivateSubnet } from '../../../../../../../features/private-subnet/api/get-private-subnet.ts';
import { SubnetNics } from '../../../../../../../features/private-subnet/components/subnet-nics.tsx';
import { SubnetOverview } from '../../../../../../../features/private-subnet/components/subnet-overview.tsx';
import { DeleteSubnetCard, RenameSubnetCard } from '../../../../../../../features/private-subnet/components/subnet-settings.tsx';
import { locationLabel } from '../../../../../../../features/private-subnet/format.ts';
import { useProject } from '../../../../../../../features/project/api/get-project.ts';
import { loadOrNotFound } from '../../../../../../../lib/not-found.ts';
import { useLeaveWhenGone } from '../../../../../../../lib/live.ts';
import { useTitle } from '../../../../../../../lib/use-title.ts';
import { backLinkClass } from '../../../../../../../components/ui/back-link.ts';

const TAB_IDS = ['overview', 'nics', 'firewalls', 'settings'] as const;
type Tab = (typeof TAB_IDS)[number];

// A subnet is addressed by location and name, like the API; the tab is in the URL (`?tab=`).
export const Route = createFileRoute('/_authed/projects/$projectId/networking/subnets/$location/$subnetName')({
  staticData: { crumb: (params) => params.subnetName },
  validateSearch: z.object({ tab: z.enum(TAB_IDS).optional().catch(undefined) }),
  loader: async ({ context, params }) => {
    // An unknown location or subnet, or a malformed name: "not found".
    await loadOrNotFound(context.queryClient.ensureQueryData(getPrivateSubnetQueryOptions({ projectId: params.projectId, location: params.location, name: params.subnetName })), [404, 400]);
  },
  component: SubnetPage,
  notFoundComponent: SubnetNotFound,
});

function SubnetPage() {
  const { projectId, location, subnetName } = Route.useParams();
  const { tab = 'overview' } = Route.useSearch();
  const navigate = useNavigate({ from: Route.fullPath });
  const queryClient = useQueryClient();
  const { data: project } = useProject(projectId);
  const ref = useMemo(() => ({ projectId, location, name: subnetName }), [projectId, location, subnetName]);
  const { data: subnet, error } = usePrivateSubnet(ref);
  useTitle(subnet.name, 'Subnets', project.name);
  // After a delete the page shows `deleting` (polling) until the subnet is gone; then it says
  // so and goes back to the list, which no longer holds it (so it is announced once).
  const leave = useCallback(() => {
    dropPrivateSubnetFromLists(queryClient, ref);
    void navigate({ to: '/projects/$projectId/networking/subnets', params: { projectId }, replace: true }).then(() => forgetPrivateSubnet(queryClient, ref));
  }, [navigate, projectId, queryClient, ref]);
  useLeaveWhenGone(error, subnet.state, 'Private subnet', subnetName, leave);

  const tabs = [
    { id: 'overview', label: 'Overview' },
    { id: 'nics', label: 'NICs', count: subnet.nics.length },
    { id: 'firewalls', label: 'Firewalls', count: subnet.firewalls.length },
    { id: 'settings', label: 'Settings' },
  ] as const;

  return (
    <div>
      <Link to="/projects/$projectId/networking/subnets" params={{ projectId }} className={backLinkClass}>
        ← Subnets
      </Link>
      <div className="mt-2 flex flex-wrap items-center gap-3">
        <h1 className="text-2xl font-semibold tracking-tight">{subnet.name}</h1>
        <StateBadge state={subnet.state} />
      </div>
      <p className="mt-1 flex flex-wrap items-center gap-x-2 text-sm text-slate-600 dark:text-slate-400">
        <span>Private subnet in {locationLabel(subnet.location)}</span>
        <span aria-hidden="true">·</span>
        <span className="inline-flex items-center font-mono">
          {subnet.net4}
          <CopyButton value={subnet.net4} label="Copy the IPv4 range" className="p-1" />
        </span>
      </p>

      <div className="mt-6">
        <TabList<Tab> label="Subnet sections" idPrefix="subnet" tabs={tabs} active={tab} defaultTab="overview" />
        {tab === 'overview' ? (
          <TabPanel idPrefix="subnet" tab="overview">
            <SubnetOverview subnet={subnet} />
          </TabPanel>
        ) : tab === 'nics' ? (
          <TabPanel idPrefix="subnet" tab="nics">
            <SubnetNics
              subnet={subnet}
              vmLink={(vmName) => (
                <Link
                  to="/projects/$projectId/compute/$location/$vmName"
                  params={{ projectId, location: subnet.location, vmName }}
                  className="font-medium text-blue-700 hover:underline dark:text-blue-400"
                >
                  {vmName}
                </Link>
              )}
            />
          </TabPanel>
        ) : tab === 'firewalls' ? (
          <TabPanel idPrefix="subnet" tab="firewalls">
            <AttachedFirewalls projectId={projectId} location={subnet.location} firewalls={subnet.firewalls} />
          </TabPanel>
        ) : (
          <TabPanel idPrefix="subnet" tab="settings">
            <RenameSubnetCard
              key={subnet.name}
              projectId={projectId}
              subnet={subnet}
              onRenamed={(name) =>
                navigate({
                  to: '/projects/$projectId/networking/subnets/$location/$subnetName',
                  params: { projectId, location, subnetName: name },
                  search: { tab: 'settings' },
                  replace: true,
                })
              }
            />
            <DeleteSubnetCard
              projectId={projectId}
              subnet={subnet}
              onDeleted={() => toast.success('Deleting subnet', `${subnet.name} is being deleted.`)}
            />
          </TabPanel>
        )}
      </div>
    </div>
  );
}

function SubnetNotFound() {
  const { projectId } = Route.useParams();
  return (
    <NotFoundPage title="Subnet not found">
      <p>
        This private subnet does not exist in this project, or it was deleted.{' '}
        <Link to="/projects/$projectId/networking/subnets" params={{ projectId }} className="text-blue-700 underline dark:text-blue-400">
          Back to the subnets
        </Link>
      </p>
    </NotFoundPage>
  );
}
