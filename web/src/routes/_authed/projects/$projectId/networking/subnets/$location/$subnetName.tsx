import { useQueryClient } from '@tanstack/react-query';
import { createFileRoute, Link, useNavigate } from '@tanstack/react-router';
import { useCallback, useMemo } from 'react';
import { NotFoundPage } from '#web/components/layout/status-pages.tsx';
import { CopyButton } from '#web/components/ui/copy-button.tsx';
import { tableLinkClass } from '#web/components/ui/data-table.tsx';
import { DetailPage } from '#web/components/ui/detail-page.tsx';
import { ManagedByNotice, managedReason } from '#web/features/project/components/managed-by.tsx';
import { ManagedScope } from '#web/lib/project-access.ts';
import { AttachedFirewalls } from '#web/features/firewall/components/attached-firewalls.tsx';
import {
  dropPrivateSubnetFromLists,
  forgetPrivateSubnet,
} from '#web/features/private-subnet/api/delete-private-subnet.ts';
import {
  getPrivateSubnetQueryOptions,
  usePrivateSubnet,
} from '#web/features/private-subnet/api/get-private-subnet.ts';
import { TRANSITIONAL_SUBNET_STATES } from '#web/features/private-subnet/format.ts';
import { useConnectedSubnets } from '#web/features/private-subnet/api/connected-subnets.ts';
import { ConnectedSubnets } from '#web/features/private-subnet/components/connected-subnets.tsx';
import { SubnetNics } from '#web/features/private-subnet/components/subnet-nics.tsx';
import { SubnetOverview } from '#web/features/private-subnet/components/subnet-overview.tsx';
import {
  DeleteSubnetCard,
  RenameSubnetCard,
} from '#web/features/private-subnet/components/subnet-settings.tsx';
import { locationLabel } from '#web/lib/location.ts';
import { useProject } from '#web/features/project/api/get-project.ts';
import { useObjectOwner } from '#web/lib/object-owner.ts';
import { loadOrNotFound } from '#web/lib/not-found.ts';
import { useLiveDetail } from '#web/lib/live.ts';
import { useTitle } from '#web/lib/use-title.ts';
import { oneOf, searchParams } from '#web/lib/search-params.ts';

const TAB_IDS = ['overview', 'nics', 'firewalls', 'connected', 'settings'] as const;

// A subnet is addressed by location and name, like the API; the tab is in the URL (`?tab=`).
export const Route = createFileRoute(
  '/_authed/projects/$projectId/networking/subnets/$location/$subnetName',
)({
  staticData: { crumb: (params) => params.subnetName },
  validateSearch: searchParams({ tab: oneOf(TAB_IDS) }),
  loader: async ({ context, params }) => {
    // An unknown location or subnet, or a malformed name: "not found".
    await loadOrNotFound(
      context.queryClient.ensureQueryData(
        getPrivateSubnetQueryOptions({
          projectId: params.projectId,
          location: params.location,
          name: params.subnetName,
        }),
      ),
      [404, 400],
    );
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
  const ref = useMemo(
    () => ({ projectId, location, name: subnetName }),
    [projectId, location, subnetName],
  );
  const { data: subnet, error } = usePrivateSubnet(ref);
  useTitle(subnet.name, 'Subnets', project.name);
  // After a delete the page shows `deleting` (polling) until the subnet is gone; then it says
  // so and goes back to the list, which no longer holds it (so it is announced once).
  const leave = useCallback(() => {
    dropPrivateSubnetFromLists(queryClient, ref);
    void navigate({
      to: '/projects/$projectId/networking/subnets',
      params: { projectId },
      replace: true,
    }).then(() => forgetPrivateSubnet(queryClient, ref));
  }, [navigate, projectId, queryClient, ref]);
  useLiveDetail(subnet, error, TRANSITIONAL_SUBNET_STATES, 'Private subnet', leave);
  const connected = useConnectedSubnets(ref);

  const tabs = [
    { id: 'overview', label: 'Overview' },
    { id: 'nics', label: 'NICs', count: subnet.nics.length },
    { id: 'firewalls', label: 'Firewalls', count: subnet.firewalls.length },
    { id: 'connected', label: 'Connected subnets', count: connected.data?.count },
    { id: 'settings', label: 'Settings' },
  ] as const;

  const owner = useObjectOwner(projectId, subnet.id);
  return (
    <ManagedScope.Provider value={owner ? managedReason(owner) : undefined}>
      <DetailPage
        notice={
          owner ? (
            <ManagedByNotice
              owner={owner}
              projectId={projectId}
              location={subnet.location}
              what="private subnet"
            />
          ) : undefined
        }
        back={{
          link: { to: '/projects/$projectId/networking/subnets', params: { projectId } },
          label: 'Subnets',
        }}
        title={subnet.name}
        state={subnet.state}
        meta={
          <p className="mt-1 flex flex-wrap items-center gap-x-2 text-sm text-slate-600 dark:text-slate-400">
            <span>Private subnet in {locationLabel(subnet.location)}</span>
            <span aria-hidden="true">·</span>
            <span className="inline-flex items-center font-mono">
              {subnet.net4}
              <CopyButton value={subnet.net4} label="Copy the IPv4 range" className="p-1" />
            </span>
          </p>
        }
        idPrefix="subnet"
        tabsLabel="Subnet sections"
        tabs={tabs}
        tab={tab}
        panels={{
          overview: <SubnetOverview subnet={subnet} />,
          nics: (
            <SubnetNics
              subnet={subnet}
              vmLink={(vmName) => (
                <Link
                  to="/projects/$projectId/compute/$location/$vmName"
                  params={{ projectId, location: subnet.location, vmName }}
                  className={tableLinkClass}
                >
                  {vmName}
                </Link>
              )}
            />
          ),
          firewalls: (
            <AttachedFirewalls
              projectId={projectId}
              location={subnet.location}
              firewalls={subnet.firewalls}
            />
          ),
          connected: <ConnectedSubnets subnetRef={ref} subnet={subnet} />,
          settings: (
            <>
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
              <DeleteSubnetCard projectId={projectId} subnet={subnet} />
            </>
          ),
        }}
      />
    </ManagedScope.Provider>
  );
}

function SubnetNotFound() {
  const { projectId } = Route.useParams();
  return (
    <NotFoundPage title="Subnet not found">
      <p>
        This private subnet does not exist in this project, or it was deleted.{' '}
        <Link
          to="/projects/$projectId/networking/subnets"
          params={{ projectId }}
          className="text-blue-700 underline dark:text-blue-400"
        >
          Back to the subnets
        </Link>
      </p>
    </NotFoundPage>
  );
}
