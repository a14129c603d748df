import { createFileRoute, Link } from '@tanstack/react-router';
import type { Firewall } from '#shared/api/firewall';
import {
  countColumn,
  idColumn,
  locationColumn,
  nameColumn,
  tableLinkClass,
  type Column,
} from '#web/components/ui/data-table.tsx';
import { ResourceList } from '#web/components/ui/resource-list.tsx';
import { withManagedMark } from '#web/features/project/components/managed-by.tsx';
import {
  listFirewallsQueryOptions,
  useFirewalls,
  type ListFirewallsQuery,
} from '#web/features/firewall/api/list-firewalls.ts';
import { firewallIcon } from '#web/features/firewall/components/icons.tsx';
import { usePrivateSubnets } from '#web/features/private-subnet/api/list-private-subnets.ts';
import { useProject } from '#web/features/project/api/get-project.ts';
import { MAX_PAGE_SIZE } from '#shared/wire';
import { locationSearch, pageQuery, pagingSearch, querySearch } from '#web/lib/list-search.ts';
import { useTitle } from '#web/lib/use-title.ts';
import { searchParams } from '#web/lib/search-params.ts';
import { FIREWALL_WORDS } from '#shared/api/firewall-kind';

const searchSchema = searchParams({ ...querySearch, ...locationSearch, ...pagingSearch });

/** The API has no name filter: a search loads one page of the maximum size and filters it here. */
const firewallsQuery = (search: ReturnType<typeof searchSchema>): ListFirewallsQuery => ({
  location: search.location,
  ...pageQuery(search, !!search.q),
});

export const Route = createFileRoute('/_authed/projects/$projectId/networking/firewalls/')({
  validateSearch: searchSchema,
  loaderDeps: ({ search }) => ({ query: firewallsQuery(search) }),
  loader: ({ context, params, deps }) =>
    context.queryClient.ensureQueryData(listFirewallsQueryOptions(params.projectId, deps.query)),
  component: FirewallsPage,
});

function FirewallsPage() {
  const { projectId } = Route.useParams();
  useTitle('Firewalls', useProject(projectId).data.name);
  const search = Route.useSearch();
  const { data, isFetching } = useFirewalls(projectId, firewallsQuery(search));
  // The list answers firewalls without their subnets (as the origin's); the subnets' records
  // name their firewalls.
  const subnets = usePrivateSubnets(projectId, {
    order_column: 'name',
    page_size: String(MAX_PAGE_SIZE),
  }).data?.items;
  const attachedTo = (firewallId: string) =>
    subnets?.filter((subnet) => subnet.firewalls.some((f) => f.id === firewallId));
  const columns: Column<Firewall>[] = [
    withManagedMark(
      nameColumn((f) => ({
        to: '/projects/$projectId/networking/firewalls/$location/$firewallName',
        params: { projectId, location: f.location, firewallName: f.name },
      })),
      projectId,
    ),
    locationColumn(),
    {
      header: 'Description',
      className: 'hidden max-w-sm lg:table-cell',
      cell: (f) =>
        f.description ? (
          <span className="line-clamp-2">{f.description}</span>
        ) : (
          <span className="text-slate-600 dark:text-slate-400">—</span>
        ),
    },
    countColumn('Rules', (f) => f.firewall_rules.length),
    {
      // Rules add up over a subnet's firewalls: where each applies matters as much as what.
      header: 'Attached to',
      className: 'max-w-xs',
      cell: (f) => {
        const attached = attachedTo(f.id);
        if (!attached) return <span className="text-slate-600 dark:text-slate-400">…</span>;
        return attached.length ? (
          <ul className="flex flex-wrap gap-x-2">
            {attached.map((subnet) => (
              <li key={subnet.id}>
                <Link
                  to="/projects/$projectId/networking/subnets/$location/$subnetName"
                  params={{ projectId, location: subnet.location, subnetName: subnet.name }}
                  className={tableLinkClass}
                >
                  {subnet.name}
                </Link>
              </li>
            ))}
          </ul>
        ) : (
          <span className="text-slate-600 dark:text-slate-400">Not attached</span>
        );
      },
    },
    idColumn('hidden xl:table-cell'),
  ];
  return (
    <ResourceList
      words={FIREWALL_WORDS}
      empty={{
        title: 'No firewalls yet',
        icon: firewallIcon,
        text: 'A firewall is a set of inbound rules for the VMs of the subnets it is attached to. Every new subnet gets a default firewall that allows all traffic; create your own to allow only what you need.',
      }}
      create={{ to: '/projects/$projectId/networking/firewalls/new', params: { projectId } }}
      columns={columns}
      search={search}
      data={data}
      fetching={isFetching}
      byLocation
    />
  );
}
