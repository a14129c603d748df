import { createFileRoute, Link, useNavigate } from '@tanstack/react-router';
import { z } from 'zod';
import type { OrderColumn } from '#shared/pagination';
import { buttonClass } from '../../../../../../components/ui/button.tsx';
import { plusIcon } from '../../../../../../components/ui/icons.tsx';
import { inLocation, LocationSelect } from '../../../../../../components/ui/location-select.tsx';
import { ResourceList } from '../../../../../../components/ui/resource-list.tsx';
import { useSearchBox } from '../../../../../../components/ui/search-input.tsx';
import { useProject } from '../../../../../../features/project/api/get-project.ts';
import { listPrivateSubnetsQueryOptions, usePrivateSubnets, type ListPrivateSubnetsQuery } from '../../../../../../features/private-subnet/api/list-private-subnets.ts';
import { SubnetsTable } from '../../../../../../features/private-subnet/components/subnets-table.tsx';
import { TRANSITIONAL_SUBNET_STATES } from '../../../../../../features/private-subnet/format.ts';
import { FIRST_PAGE, locationSearch, nameSearchedList, pageQuery, pagingSearch, querySearch } from '../../../../../../lib/list-search.ts';
import { useAnnounceTransitions } from '../../../../../../lib/live.ts';
import { useTitle } from '../../../../../../lib/use-title.ts';

// The list's state lives in the URL, like the projects list (decisions 011, 012): search text,
// location, sort column, page size, and the cursor with the cursors of the pages before it.
const searchSchema = z.object({ ...querySearch, ...locationSearch, ...pagingSearch });
type Search = z.infer<typeof searchSchema>;

/** The API has no name filter: a search loads one page of the maximum size and filters it here. */
const subnetsQuery = (search: Search): ListPrivateSubnetsQuery => ({ location: search.location, ...pageQuery(search, !!search.q) });

export const Route = createFileRoute('/_authed/projects/$projectId/networking/subnets/')({
  validateSearch: searchSchema,
  loaderDeps: ({ search }) => ({ query: subnetsQuery(search) }),
  loader: ({ context, params, deps }) => context.queryClient.ensureQueryData(listPrivateSubnetsQueryOptions(params.projectId, deps.query)),
  component: SubnetsPage,
});

function SubnetsPage() {
  const { projectId } = Route.useParams();
  const { data: project } = useProject(projectId);
  useTitle('Subnets', project.name);
  const search = Route.useSearch();
  const navigate = useNavigate({ from: Route.fullPath });
  const { data, isFetching } = usePrivateSubnets(projectId, subnetsQuery(search));
  const searchBox = useSearchBox(search.q, (q) => void navigate({ search: (s) => ({ ...s, q, ...FIRST_PAGE }), replace: true }));

  useAnnounceTransitions(data?.items, TRANSITIONAL_SUBNET_STATES, 'Private subnet');
  const list = nameSearchedList(search, data);

  const setSort = (column: OrderColumn) => navigate({ search: (s) => ({ ...s, sort: column, ...FIRST_PAGE }) });
  return (
    <ResourceList
      singular="subnet"
      plural="subnets"
      empty={{
        title: 'No private subnets yet',
        icon: (
          <svg viewBox="0 0 24 24" fill="none" stroke="currentColor" strokeWidth="1.5" className="size-12" aria-hidden="true">
            <path d="M12 3v6M12 15v6M5 9h14v6H5zM3 21h18" strokeLinecap="round" strokeLinejoin="round" />
          </svg>
        ),
        text: (
          <>
            A private subnet is a network for your VMs in one location, with its own IPv4 and IPv6 ranges and a firewall. VMs
            created without one join a default subnet.
          </>
        ),
      }}
      createAction={
        <Link to="/projects/$projectId/networking/subnets/new" params={{ projectId }} search={search.location ? { location: search.location } : {}} className={buttonClass('primary')}>
          {plusIcon}
          Create subnet
        </Link>
      }
      filters={<LocationSelect value={search.location} onChange={(location) => navigate({ search: (s) => ({ ...s, location, ...FIRST_PAGE }) })} />}
      searchBox={searchBox}
      query={search.q}
      filterLabel={inLocation(search.location)}
      fetching={isFetching}
      list={list}
      filtered={!!list.needle || !!search.location}
      table={<SubnetsTable projectId={projectId} items={list.shown} sort={list.page.sort} onSort={setSort} />}
      onClearFilters={() => void navigate({ search: (s) => ({ ...s, q: undefined, location: undefined, ...FIRST_PAGE }) })}
      onPage={(change) => void navigate({ search: (s) => ({ ...s, ...change }) })}
    />
  );
}
