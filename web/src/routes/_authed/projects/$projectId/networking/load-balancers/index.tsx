import { createFileRoute } from '@tanstack/react-router';
import type { LoadBalancer } from '#shared/api/load-balancer';
import { LB_TRANSITIONAL_STATES, LOAD_BALANCER_WORDS } from '#shared/api/load-balancer-kind';
import {
  countColumn,
  idColumn,
  locationColumn,
  nameColumn,
  stateColumn,
  type Column,
} from '#web/components/ui/data-table.tsx';
import { ResourceList } from '#web/components/ui/resource-list.tsx';
import { withManagedMark } from '#web/features/project/components/managed-by.tsx';
import {
  listLoadBalancersQueryOptions,
  useLoadBalancers,
  type ListLoadBalancersQuery,
} from '#web/features/load-balancer/api/list-load-balancers.ts';
import { loadBalancerIcon } from '#web/features/load-balancer/components/icons.tsx';
import { portsText } from '#web/features/load-balancer/format.ts';
import { useProject } from '#web/features/project/api/get-project.ts';
import { locationSearch, pageQuery, pagingSearch, querySearch } from '#web/lib/list-search.ts';
import { useTitle } from '#web/lib/use-title.ts';
import { searchParams } from '#web/lib/search-params.ts';

const searchSchema = searchParams({ ...querySearch, ...locationSearch, ...pagingSearch });

/** The API has no name filter: a search loads one page of the maximum size and filters it here. */
const lbQuery = (search: ReturnType<typeof searchSchema>): ListLoadBalancersQuery => ({
  location: search.location,
  ...pageQuery(search, !!search.q),
});

export const Route = createFileRoute('/_authed/projects/$projectId/networking/load-balancers/')({
  validateSearch: searchSchema,
  loaderDeps: ({ search }) => ({ query: lbQuery(search) }),
  loader: ({ context, params, deps }) =>
    context.queryClient.ensureQueryData(
      listLoadBalancersQueryOptions(params.projectId, deps.query),
    ),
  component: LoadBalancersPage,
});

function LoadBalancersPage() {
  const { projectId } = Route.useParams();
  useTitle('Load balancers', useProject(projectId).data.name);
  const search = Route.useSearch();
  const { data, isFetching } = useLoadBalancers(projectId, lbQuery(search));
  const columns: Column<LoadBalancer>[] = [
    withManagedMark(
      nameColumn((lb) => ({
        to: '/projects/$projectId/networking/load-balancers/$location/$lbName',
        params: { projectId, location: lb.location, lbName: lb.name },
      })),
      projectId,
    ),
    stateColumn(),
    locationColumn(),
    { header: 'Ports', cell: (lb) => <span className="font-mono text-xs">{portsText(lb)}</span> },
    { header: 'Subnet', cell: (lb) => lb.subnet },
    countColumn('VMs', (lb) => lb.vms.length),
    idColumn('hidden 2xl:table-cell'),
  ];
  return (
    <ResourceList
      words={LOAD_BALANCER_WORDS}
      empty={{
        title: 'No load balancers yet',
        icon: loadBalancerIcon,
        text: 'A load balancer gives a hostname to a port of the VMs of one subnet and spreads the traffic over those whose health check is up.',
      }}
      create={{ to: '/projects/$projectId/networking/load-balancers/new', params: { projectId } }}
      columns={columns}
      search={search}
      data={data}
      fetching={isFetching}
      byLocation
      announce={{ states: LB_TRANSITIONAL_STATES, what: 'Load balancer' }}
    />
  );
}
