import { createFileRoute, Link, useNavigate } from '@tanstack/react-router';
import { z } from 'zod';
import { VM_STATES, VM_TRANSITIONAL_STATES } from '#shared/api/vm';
import type { OrderColumn } from '#shared/pagination';
import { Button, buttonClass } from '../../../../../components/ui/button.tsx';
import { EmptyState } from '../../../../../components/ui/empty-state.tsx';
import { plusIcon } from '../../../../../components/ui/icons.tsx';
import { FilterSelect, inLocation, LocationSelect } from '../../../../../components/ui/location-select.tsx';
import { EmptyPage, ListStatus, matchText, Pager } from '../../../../../components/ui/pager.tsx';
import { SearchInput, useSearchBox } from '../../../../../components/ui/search-input.tsx';
import { useProject } from '../../../../../features/project/api/get-project.ts';
import { listVmsQueryOptions, useVms, type ListVmsQuery } from '../../../../../features/vm/api/list-vms.ts';
import { serverIcon } from '../../../../../features/vm/components/icons.tsx';
import { VmsTable } from '../../../../../features/vm/components/vms-table.tsx';
import { cursorPage, FIRST_PAGE, locationSearch, pageQuery, pagingSearch, querySearch, rangeText } from '../../../../../lib/list-search.ts';
import { useAnnounceTransitions } from '../../../../../lib/live.ts';
import { useTitle } from '../../../../../lib/use-title.ts';

// The list's state lives in the URL (decisions 012 and 020): search text, location and state
// filters, sort column, page size, and the cursor with the cursors of the pages before it.
const searchSchema = z.object({
  ...querySearch,
  ...locationSearch,
  state: z.enum(VM_STATES).optional().catch(undefined),
  ...pagingSearch,
});
type Search = z.infer<typeof searchSchema>;

/**
 * The location filter is the API's location list (paged by the server); the name search and
 * the state filter have no API parameter, so they load one page of the maximum size and
 * filter it here (decision 020).
 */
const vmsQuery = (search: Search): ListVmsQuery => pageQuery(search, !!(search.q || search.state));

export const Route = createFileRoute('/_authed/projects/$projectId/compute/')({
  validateSearch: searchSchema,
  loaderDeps: ({ search }) => ({ query: vmsQuery(search), location: search.location }),
  loader: ({ context, params, deps }) => context.queryClient.ensureQueryData(listVmsQueryOptions(params.projectId, deps.query, deps.location)),
  component: ComputePage,
});

const STATE_OPTIONS = VM_STATES.map((st) => ({ value: st, label: st }));

function ComputePage() {
  const { projectId } = Route.useParams();
  const { data: project } = useProject(projectId);
  useTitle('Compute', project.name);
  const search = Route.useSearch();
  const navigate = useNavigate({ from: Route.fullPath });
  const { data, isFetching } = useVms(projectId, vmsQuery(search), search.location);
  const searchBox = useSearchBox(search.q, (q) => void navigate({ search: (s) => ({ ...s, q, ...FIRST_PAGE }), replace: true }));

  const items = data?.items ?? [];
  useAnnounceTransitions(data?.items, VM_TRANSITIONAL_STATES, 'VM');
  const count = data?.count ?? 0;
  const needle = search.q?.trim().toLowerCase();
  const filtering = !!needle || !!search.state;
  const shown = items.filter((vm) => (!needle || vm.name.toLowerCase().includes(needle)) && (!search.state || vm.state === search.state));
  const page = cursorPage(search, items, count, !filtering);
  const unfiltered = count === 0 && !filtering && !search.location;

  const setSort = (column: OrderColumn) => navigate({ search: (s) => ({ ...s, sort: column, ...FIRST_PAGE }) });
  const clearFilters = () => {
    searchBox.clear();
    void navigate({ search: (s) => ({ ...s, q: undefined, state: undefined, location: undefined, ...FIRST_PAGE }) });
  };

  const createLink = (label: string) => (
    <Link to="/projects/$projectId/compute/new" params={{ projectId }} search={search.location ? { location: search.location } : {}} className={buttonClass('primary')}>
      {plusIcon}
      {label}
    </Link>
  );

  return (
    <div className="space-y-6">
      <div className="flex flex-wrap items-end justify-between gap-4">
        <div>
          <h1 className="text-2xl font-semibold tracking-tight">Virtual machines</h1>
          <p className="mt-1 text-slate-600 dark:text-slate-400">Linux servers with a private network, public IPv6 and an optional public IPv4 address.</p>
        </div>
        {unfiltered ? null : createLink('Create VM')}
      </div>

      {unfiltered ? (
        <EmptyState title="No virtual machines yet" icon={serverIcon} action={createLink('Create VM')}>
          A virtual machine is a Linux server you reach over SSH. Choose a location, a size and an image; it is running in a few seconds. Prices start at $26.00 a month.
        </EmptyState>
      ) : (
        <>
          <div className="flex flex-wrap items-center gap-3" role="search" aria-label="Filter virtual machines">
            <SearchInput label="Search VMs by name" {...searchBox} />
            <LocationSelect value={search.location} onChange={(location) => navigate({ search: (s) => ({ ...s, location, ...FIRST_PAGE }) })} />
            <FilterSelect
              label="State"
              allLabel="All states"
              options={STATE_OPTIONS}
              value={search.state}
              onChange={(state) => navigate({ search: (s) => ({ ...s, state, ...FIRST_PAGE }) })}
            />
            <ListStatus fetching={isFetching} className="ml-auto">
              {filtering ? matchText(shown.length, count, 'VM matches', 'VMs match') : rangeText(page, items.length)}
            </ListStatus>
          </div>

          {shown.length ? (
            <VmsTable projectId={projectId} items={shown} sort={page.sort} onSort={setSort} />
          ) : filtering || search.location ? (
            <EmptyState title="No matching virtual machines" action={<Button variant="secondary" onClick={clearFilters}>Clear filters</Button>}>
              No VM matches {needle ? `“${search.q}”` : 'these filters'}
              {inLocation(search.location)}.
            </EmptyState>
          ) : (
            <EmptyPage what="VMs" onFirstPage={() => navigate({ search: (s) => ({ ...s, ...FIRST_PAGE }) })} />
          )}

          {!filtering && count > 0 ? <Pager page={page} onChange={(change) => navigate({ search: (s) => ({ ...s, ...change }) })} /> : null}
        </>
      )}
    </div>
  );
}
