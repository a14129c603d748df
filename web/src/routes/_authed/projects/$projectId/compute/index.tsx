import { createFileRoute } from '@tanstack/react-router';
import type { VmListItem } from '#shared/api/vm';
import { VM_STATES, VM_TRANSITIONAL_STATES, VM_WORDS } from '#shared/api/vm-kind';
import {
  idColumn,
  locationColumn,
  nameColumn,
  stateColumn,
  type Column,
} from '#web/components/ui/data-table.tsx';
import { ResourceList } from '#web/components/ui/resource-list.tsx';
import { useProject } from '#web/features/project/api/get-project.ts';
import { listVmsQueryOptions, useVms, type ListVmsQuery } from '#web/features/vm/api/list-vms.ts';
import { serverIcon } from '#web/features/vm/components/icons.tsx';
import { VmPublicAddresses, VmSize } from '#web/features/vm/components/vm-cells.tsx';
import { pageQuery, stateFilter, stateListSearch } from '#web/lib/list-search.ts';
import { useTitle } from '#web/lib/use-title.ts';

// Decision 020: the list's state is in the URL, with a state filter besides the location.
const searchSchema = stateListSearch(VM_STATES);
type Search = ReturnType<typeof searchSchema>;

/** The location is the API's; the name search and the state filter load one page of the maximum size and filter it. */
const vmsQuery = (search: Search): ListVmsQuery => pageQuery(search, !!(search.q || search.state));

const filters = [stateFilter<VmListItem>(VM_STATES)];

export const Route = createFileRoute('/_authed/projects/$projectId/compute/')({
  validateSearch: searchSchema,
  loaderDeps: ({ search }) => ({ query: vmsQuery(search), location: search.location }),
  loader: ({ context, params, deps }) =>
    context.queryClient.ensureQueryData(
      listVmsQueryOptions(params.projectId, deps.query, deps.location),
    ),
  component: ComputePage,
});

function ComputePage() {
  const { projectId } = Route.useParams();
  useTitle('Compute', useProject(projectId).data.name);
  const search = Route.useSearch();
  const { data, isFetching } = useVms(projectId, vmsQuery(search), search.location);
  const columns: Column<VmListItem>[] = [
    nameColumn((vm) => ({
      to: '/projects/$projectId/compute/$location/$vmName',
      params: { projectId, location: vm.location, vmName: vm.name },
    })),
    stateColumn(),
    locationColumn(),
    { header: 'Size', cell: (vm) => <VmSize size={vm.size} /> },
    {
      header: 'Public addresses',
      className: 'max-w-72 pr-6',
      cell: (vm) => <VmPublicAddresses vm={vm} />,
    },
    idColumn('hidden xl:table-cell'),
  ];
  return (
    <ResourceList
      words={{ ...VM_WORDS, title: 'virtual machines' }}
      heading={{
        title: 'Virtual machines',
        description:
          'Linux servers with a private network, public IPv6 and an optional public IPv4 address.',
      }}
      empty={{
        title: 'No virtual machines yet',
        icon: serverIcon,
        text: 'A virtual machine is a Linux server you reach over SSH. Choose a location, a size and an image; it is running in a few seconds. Prices start at $26.00 a month.',
      }}
      create={{ to: '/projects/$projectId/compute/new', params: { projectId } }}
      columns={columns}
      search={search}
      data={data}
      fetching={isFetching}
      byLocation
      filters={filters}
      announce={{ states: VM_TRANSITIONAL_STATES, what: 'VM' }}
    />
  );
}
