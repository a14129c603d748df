import { useQuery, useQueryClient } from '@tanstack/react-query';
import { createFileRoute, Link, useNavigate } from '@tanstack/react-router';
import { NotFoundPage } from '#web/components/layout/status-pages.tsx';
import { CopyButton } from '#web/components/ui/copy-button.tsx';
import { DetailPage } from '#web/components/ui/detail-page.tsx';
import { ManagedByNotice, managedReason } from '#web/features/project/components/managed-by.tsx';
import { ManagedScope } from '#web/lib/project-access.ts';
import { forgetFirewall } from '#web/features/firewall/api/delete-firewall.ts';
import { getFirewallQueryOptions, useFirewall } from '#web/features/firewall/api/get-firewall.ts';
import { FirewallSubnetsCard } from '#web/features/firewall/components/firewall-subnets-card.tsx';
import {
  DeleteFirewallCard,
  FirewallDescriptionCard,
  RenameFirewallCard,
} from '#web/features/firewall/components/firewall-settings.tsx';
import { RulesCard } from '#web/features/firewall/components/rules-card.tsx';
import { locationLabel } from '#web/lib/location.ts';
import {
  invalidatePrivateSubnets,
  locationPrivateSubnetsQueryOptions,
} from '#web/features/private-subnet/api/list-private-subnets.ts';
import { useProject } from '#web/features/project/api/get-project.ts';
import { loadOrNotFound } from '#web/lib/not-found.ts';
import { useTitle } from '#web/lib/use-title.ts';
import { oneOf, searchParams } from '#web/lib/search-params.ts';

const TAB_IDS = ['rules', 'subnets', 'settings'] as const;

// A firewall is addressed by location and name; the tab is in the URL (`?tab=`).
export const Route = createFileRoute(
  '/_authed/projects/$projectId/networking/firewalls/$location/$firewallName',
)({
  staticData: { crumb: (params) => params.firewallName },
  validateSearch: searchParams({ tab: oneOf(TAB_IDS) }),
  loader: async ({ context, params }) => {
    await loadOrNotFound(
      context.queryClient.ensureQueryData(
        getFirewallQueryOptions({
          projectId: params.projectId,
          location: params.location,
          firewall: params.firewallName,
        }),
      ),
      [404, 400],
    );
  },
  component: FirewallPage,
  notFoundComponent: FirewallNotFound,
});

function FirewallPage() {
  const { projectId, location, firewallName } = Route.useParams();
  const { tab = 'rules' } = Route.useSearch();
  const navigate = useNavigate({ from: Route.fullPath });
  const queryClient = useQueryClient();
  const { data: project } = useProject(projectId);
  const ref = { projectId, location, firewall: firewallName };
  const { data: firewall } = useFirewall(ref);
  useTitle(firewall.name, 'Firewalls', project.name);
  // Subnets of the same location, to attach (subnets are the private-subnet feature's).
  const subnets = useQuery(locationPrivateSubnetsQueryOptions(projectId, location));

  const tabs = [
    { id: 'rules', label: 'Rules', count: firewall.firewall_rules.length },
    { id: 'subnets', label: 'Subnets', count: firewall.private_subnets.length },
    { id: 'settings', label: 'Settings' },
  ] as const;

  const owner = firewall.owned_by;
  return (
    <ManagedScope.Provider value={owner ? managedReason(owner) : undefined}>
      <DetailPage
        notice={
          owner ? (
            <ManagedByNotice
              owner={owner}
              projectId={projectId}
              location={firewall.location}
              what="firewall"
            />
          ) : undefined
        }
        back={{
          link: { to: '/projects/$projectId/networking/firewalls', params: { projectId } },
          label: 'Firewalls',
        }}
        title={firewall.name}
        meta={
          <>
            <p className="mt-1 text-slate-600 dark:text-slate-400">
              {firewall.description || 'No description.'}
            </p>
            <dl className="mt-3 flex flex-wrap items-center gap-x-6 gap-y-1 text-sm">
              <div className="flex items-center gap-1.5">
                <dt className="text-slate-600 dark:text-slate-400">Location</dt>
                <dd className="font-medium">{locationLabel(firewall.location)}</dd>
              </div>
              <div className="flex items-center gap-1.5">
                <dt className="text-slate-600 dark:text-slate-400">ID</dt>
                <dd className="flex items-center font-mono text-xs">
                  {firewall.id}
                  <CopyButton value={firewall.id} label="Copy firewall ID" className="p-1" />
                </dd>
              </div>
            </dl>
          </>
        }
        idPrefix="firewall"
        tabsLabel="Firewall sections"
        tabs={tabs}
        tab={tab}
        panels={{
          rules: <RulesCard firewallRef={ref} firewall={firewall} />,
          subnets: (
            <FirewallSubnetsCard
              firewallRef={ref}
              firewall={firewall}
              subnets={(subnets.data?.items ?? []).map((s) => ({
                id: s.id,
                name: s.name,
                state: s.state,
              }))}
              subnetsLoading={subnets.isPending}
              onChanged={() => void invalidatePrivateSubnets(queryClient, projectId)}
            />
          ),
          settings: (
            <>
              <FirewallDescriptionCard
                key={`d-${firewall.description}`}
                firewallRef={ref}
                firewall={firewall}
              />
              <RenameFirewallCard
                key={`n-${firewall.name}`}
                firewallRef={ref}
                firewall={firewall}
                onRenamed={(name) =>
                  navigate({
                    to: '/projects/$projectId/networking/firewalls/$location/$firewallName',
                    params: { projectId, location, firewallName: name },
                    search: { tab: 'settings' },
                    replace: true,
                  })
                }
              />
              <DeleteFirewallCard
                firewallRef={ref}
                firewall={firewall}
                onDeleted={async () => {
                  await navigate({
                    to: '/projects/$projectId/networking/firewalls',
                    params: { projectId },
                  });
                  forgetFirewall(queryClient, ref);
                  void invalidatePrivateSubnets(queryClient, projectId);
                }}
              />
            </>
          ),
        }}
      />
    </ManagedScope.Provider>
  );
}

function FirewallNotFound() {
  const { projectId } = Route.useParams();
  return (
    <NotFoundPage title="Firewall not found">
      <p>
        This firewall does not exist in this project, or it was deleted.{' '}
        <Link
          to="/projects/$projectId/networking/firewalls"
          params={{ projectId }}
          className="text-blue-700 underline dark:text-blue-400"
        >
          Back to the firewalls
        </Link>
      </p>
    </NotFoundPage>
  );
}
