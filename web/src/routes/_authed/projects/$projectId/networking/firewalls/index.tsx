import { createFileRoute, Link, useNavigate } from '@tanstack/react-router';
import { z } from 'zod';
import type { OrderColumn } from '#shared/pagination';
import { buttonClass } from '../../../../../../components/ui/button.tsx';
import { plusIcon } from '../../../../../../components/ui/icons.tsx';
import { inLocation, LocationSelect } from '../../../../../../components/ui/location-select.tsx';
import { ResourceList } from '../../../../../../components/ui/resource-list.tsx';
import { useSearchBox } from '../../../../../../components/ui/search-input.tsx';
import { useProject } from '../../../../../../features/project/api/get-project.ts';
import { listFirewallsQueryOptions, useFirewalls, type ListFirewallsQuery } from '../../../../../../features/firewall/api/list-firewalls.ts';
import { FirewallsTable } from '../../../../../../features/firewall/components/firewalls-table.tsx';
import { FIRST_PAGE, locationSearch, nameSearchedList, pageQuery, pagingSearch, querySearch } from '../../../../../../lib/list-search.ts';
import { useTitle } from '../../../../../../lib/use-title.ts';

// The list's state lives in the URL, like the projects and subnets lists (decisions 011, 012):
// search text, location, sort column, page size, and the cursor with the cursors of the pages before it.
const searchSchema = z.object({ ...querySearch, ...locationSearch, ...pagingSearch });
type Search = z.infer<typeof searchSchema>;

/** The API has no name filter: a search loads one page of the maximum size and filters it here. */
const firewallsQuery = (search: Search): ListFirewallsQuery => ({ location: search.location, ...pageQuery(search, !!search.q) });

export const Route = createFileRoute('/_authed/projects/$projectId/networking/firewalls/')({
  validateSearch: searchSchema,
  loaderDeps: ({ search }) => ({ query: firewallsQuery(search) }),
  loader: ({ context, params, deps }) => context.queryClient.ensureQueryData(listFirewallsQueryOptions(params.projectId, deps.query)),
  component: FirewallsPage,
});

function FirewallsPage() {
  const { projectId } = Route.useParams();
  const { data: project } = useProject(projectId);
  useTitle('Firewalls', project.name);
  const search = Route.useSearch();
  const navigate = useNavigate({ from: Route.fullPath });
  const { data, isFetching } = useFirewalls(projectId, firewallsQuery(search));
  const searchBox = useSearchBox(search.q, (q) => void navigate({ search: (s) => ({ ...s, q, ...FIRST_PAGE }), replace: true }));

  const list = nameSearchedList(search, data);

  const setSort = (column: OrderColumn) => navigate({ search: (s) => ({ ...s, sort: column, ...FIRST_PAGE }) });
  return (
    <ResourceList
      singular="firewall"
      plural="firewalls"
      empty={{
        title: 'No firewalls yet',
        icon: (
          <svg viewBox="0 0 24 24" fill="none" stroke="currentColor" strokeWidth="1.5" className="size-12" aria-hidden="true">
            <path d="M12 3l7.5 3v5.25c0 4.5-3.2 8.3-7.5 9.75-4.3-1.45-7.5-5.25-7.5-9.75V6L12 3z" strokeLinecap="round" strokeLinejoin="round" />
          </svg>
        ),
        text: (
          <>
            A firewall is a set of inbound rules for the VMs of the subnets it is attached to. Every new subnet gets a default
            firewall that allows all traffic; create your own to allow only what you need.
          </>
        ),
      }}
      createAction={
        <Link to="/projects/$projectId/networking/firewalls/new" params={{ projectId }} search={search.location ? { location: search.location } : {}} className={buttonClass('primary')}>
          {plusIcon}
          Create firewall
        </Link>
      }
      filters={<LocationSelect value={search.location} onChange={(location) => navigate({ search: (s) => ({ ...s, location, ...FIRST_PAGE }) })} />}
      searchBox={searchBox}
      query={search.q}
      filterLabel={inLocation(search.location)}
      fetching={isFetching}
      list={list}
      filtered={!!list.needle || !!search.location}
      table={<FirewallsTable projectId={projectId} items={list.shown} sort={list.page.sort} onSort={setSort} />}
      onClearFilters={() => void navigate({ search: (s) => ({ ...s, q: undefined, location: undefined, ...FIRST_PAGE }) })}
      onPage={(change) => void navigate({ search: (s) => ({ ...s, ...change }) })}
    />
  );
}
