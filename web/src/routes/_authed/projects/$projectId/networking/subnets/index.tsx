import { createFileRoute } from '@tanstack/react-router';
import type { PrivateSubnet } from '#shared/api/private-subnet';
import {
  countColumn,
  idColumn,
  locationColumn,
  nameColumn,
  stateColumn,
  type Column,
} from '#web/components/ui/data-table.tsx';
import { ResourceList } from '#web/components/ui/resource-list.tsx';
import {
  listPrivateSubnetsQueryOptions,
  usePrivateSubnets,
  type ListPrivateSubnetsQuery,
} from '#web/features/private-subnet/api/list-private-subnets.ts';
import { subnetIcon } from '#web/features/private-subnet/components/icons.tsx';
import { TRANSITIONAL_SUBNET_STATES } from '#web/features/private-subnet/format.ts';
import { useProject } from '#web/features/project/api/get-project.ts';
import { locationSearch, pageQuery, pagingSearch, querySearch } from '#web/lib/list-search.ts';
import { useTitle } from '#web/lib/use-title.ts';
import { searchParams } from '#web/lib/search-params.ts';
import { PRIVATE_SUBNET_SHORT_WORDS } from '#shared/api/private-subnet-kind';

const searchSchema = searchParams({ ...querySearch, ...locationSearch, ...pagingSearch });

/** The API has no name filter: a search loads one page of the maximum size and filters it here. */
const subnetsQuery = (search: ReturnType<typeof searchSchema>): ListPrivateSubnetsQuery => ({
  location: search.location,
  ...pageQuery(search, !!search.q),
});

export const Route = createFileRoute('/_authed/projects/$projectId/networking/subnets/')({
  validateSearch: searchSchema,
  loaderDeps: ({ search }) => ({ query: subnetsQuery(search) }),
  loader: ({ context, params, deps }) =>
    context.queryClient.ensureQueryData(
      listPrivateSubnetsQueryOptions(params.projectId, deps.query),
    ),
  component: SubnetsPage,
});

const mono = 'font-mono text-xs whitespace-nowrap';

function SubnetsPage() {
  const { projectId } = Route.useParams();
  useTitle('Subnets', useProject(projectId).data.name);
  const search = Route.useSearch();
  const { data, isFetching } = usePrivateSubnets(projectId, subnetsQuery(search));
  const columns: Column<PrivateSubnet>[] = [
    nameColumn((s) => ({
      to: '/projects/$projectId/networking/subnets/$location/$subnetName',
      params: { projectId, location: s.location, subnetName: s.name },
    })),
    locationColumn(),
    stateColumn(),
    { header: 'IPv4 range', cellClassName: mono, cell: (s) => s.net4 },
    { header: 'IPv6 range', cellClassName: mono, cell: (s) => s.net6 },
    countColumn('NICs', (s) => s.nics.length),
    idColumn('hidden xl:table-cell'),
  ];
  return (
    <ResourceList
      words={PRIVATE_SUBNET_SHORT_WORDS}
      empty={{
        title: 'No private subnets yet',
        icon: subnetIcon,
        text: 'A private subnet is a network for your VMs in one location, with its own IPv4 and IPv6 ranges and a firewall. VMs created without one join a default subnet.',
      }}
      create={{ to: '/projects/$projectId/networking/subnets/new', params: { projectId } }}
      columns={columns}
      search={search}
      data={data}
      fetching={isFetching}
      byLocation
      announce={{ states: TRANSITIONAL_SUBNET_STATES, what: 'Private subnet' }}
    />
  );
}
