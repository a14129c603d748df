import { createFileRoute, Link, useNavigate } from '@tanstack/react-router';
import { useState } from 'react';
import { z } from 'zod';
import { VM_STATES, VM_TRANSITIONAL_STATES } from '#shared/api/vm';
import { LOCATION_NAMES, LOCATIONS } from '#shared/catalog';
import { MAX_PAGE_SIZE, ORDER_COLUMNS, type OrderColumn } from '#shared/pagination';
import { Button, buttonClass, Spinner } from '../../../../../components/ui/button.tsx';
import { EmptyState } from '../../../../../components/ui/empty-state.tsx';
import { Input } from '../../../../../components/ui/input.tsx';
import { useProject } from '../../../../../features/project/api/get-project.ts';
import { listVmsQueryOptions, useVms, type ListVmsQuery } from '../../../../../features/vm/api/list-vms.ts';
import { plusIcon, serverIcon } from '../../../../../features/vm/components/icons.tsx';
import { VmsTable } from '../../../../../features/vm/components/vms-table.tsx';
import { useAnnounceTransitions } from '../../../../../lib/live.ts';
import { useTitle } from '../../../../../lib/use-title.ts';

const PAGE_SIZES = [10, 25, 50, 100] as const;
const DEFAULT_SIZE = 10;

// The list's state lives in the URL (decisions 012 and 020): search text, location and state
// filters, sort column, page size, and the cursor with the cursors of the pages before it.
const searchSchema = z.object({
  q: z.string().max(100).optional().catch(undefined),
  location: z.enum(LOCATION_NAMES).optional().catch(undefined),
  state: z.enum(VM_STATES).optional().catch(undefined),
  sort: z.enum(ORDER_COLUMNS).optional().catch(undefined),
  size: z.literal(PAGE_SIZES).optional().catch(undefined),
  after: z.string().min(1).max(63).optional().catch(undefined),
  trail: z.array(z.string().max(63)).max(500).optional().catch(undefined),
});
type Search = z.infer<typeof searchSchema>;

/**
 * The location filter is the API's location list (paged by the server); the name search and
 * the state filter have no API parameter, so they load one page of the maximum size and
 * filter it here (decision 020).
 */
function pageQuery(search: Search): ListVmsQuery {
  const order_column = search.sort ?? 'name';
  if (search.q || search.state) return { order_column, page_size: String(MAX_PAGE_SIZE) };
  return { order_column, page_size: String(search.size ?? DEFAULT_SIZE), start_after: search.after };
}

export const Route = createFileRoute('/_authed/projects/$projectId/compute/')({
  validateSearch: searchSchema,
  loaderDeps: ({ search }) => ({ query: pageQuery(search), location: search.location }),
  loader: ({ context, params, deps }) => context.queryClient.ensureQueryData(listVmsQueryOptions(params.projectId, deps.query, deps.location)),
  component: ComputePage,
});

const selectClass =
  'h-9 rounded-md border border-slate-300 bg-white px-2 text-sm text-slate-900 shadow-sm dark:border-slate-700 dark:bg-slate-900 dark:text-slate-100';

function ComputePage() {
  const { projectId } = Route.useParams();
  const { data: project } = useProject(projectId);
  useTitle('Compute', project.name);
  const search = Route.useSearch();
  const navigate = useNavigate({ from: Route.fullPath });
  const { data, isFetching } = useVms(projectId, pageQuery(search), search.location);
  const [q, setQ] = useState(search.q ?? '');

  const sort = search.sort ?? 'name';
  const size = search.size ?? DEFAULT_SIZE;
  const trail = search.trail ?? [];
  const items = data?.items ?? [];
  useAnnounceTransitions(data?.items, VM_TRANSITIONAL_STATES, 'VM');
  const count = data?.count ?? 0;
  const needle = search.q?.trim().toLowerCase();
  const filtering = !!needle || !!search.state;
  const shown = items.filter((vm) => (!needle || vm.name.toLowerCase().includes(needle)) && (!search.state || vm.state === search.state));
  const first = trail.length * size;
  const hasNext = !filtering && items.length === size && first + items.length < count;
  const unfiltered = count === 0 && !filtering && !search.location;

  const firstPage = { after: undefined, trail: undefined };
  const setSort = (column: OrderColumn) => navigate({ search: (s) => ({ ...s, sort: column, ...firstPage }) });
  const next = () => {
    const last = items[items.length - 1];
    if (!last) return;
    void navigate({ search: (s) => ({ ...s, after: sort === 'name' ? last.name : last.id, trail: [...trail, search.after ?? ''] }) });
  };
  const previous = () =>
    navigate({ search: (s) => ({ ...s, after: trail[trail.length - 1] || undefined, trail: trail.length > 1 ? trail.slice(0, -1) : undefined }) });
  const clearFilters = () => {
    setQ('');
    void navigate({ search: (s) => ({ ...s, q: undefined, state: undefined, location: undefined, ...firstPage }) });
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
            <div className="relative w-full max-w-xs">
              <svg viewBox="0 0 20 20" fill="currentColor" className="pointer-events-none absolute top-2.5 left-2.5 size-4 text-slate-500" aria-hidden="true">
                <path fillRule="evenodd" d="M9 3.5a5.5 5.5 0 1 0 0 11 5.5 5.5 0 0 0 0-11ZM2 9a7 7 0 1 1 12.45 4.39l3.08 3.08a.75.75 0 1 1-1.06 1.06l-3.08-3.08A7 7 0 0 1 2 9Z" clipRule="evenodd" />
              </svg>
              <Input
                type="search"
                aria-label="Search VMs by name"
                placeholder="Search by name"
                className="pl-8"
                value={q}
                onChange={(e) => {
                  const value = e.target.value;
                  setQ(value);
                  void navigate({ search: (s) => ({ ...s, q: value.trim() ? value : undefined, ...firstPage }), replace: true });
                }}
              />
            </div>
            <select
              aria-label="Location"
              className={selectClass}
              value={search.location ?? ''}
              onChange={(e) => navigate({ search: (s) => ({ ...s, location: (e.target.value || undefined) as Search['location'], ...firstPage }) })}
            >
              <option value="">All locations</option>
              {LOCATIONS.map((l) => (
                <option key={l.name} value={l.name}>
                  {l.displayName} ({l.name})
                </option>
              ))}
            </select>
            <select
              aria-label="State"
              className={selectClass}
              value={search.state ?? ''}
              onChange={(e) => navigate({ search: (s) => ({ ...s, state: (e.target.value || undefined) as Search['state'], ...firstPage }) })}
            >
              <option value="">All states</option>
              {VM_STATES.map((st) => (
                <option key={st} value={st}>
                  {st}
                </option>
              ))}
            </select>
            <p className="ml-auto flex items-center gap-2 text-sm text-slate-600 dark:text-slate-400" aria-live="polite">
              {isFetching ? <Spinner className="text-slate-500" /> : null}
              {filtering
                ? `${shown.length} of ${count} ${count === 1 ? 'VM matches' : 'VMs match'}`
                : count
                  ? `Showing ${items.length ? first + 1 : 0}–${first + items.length} of ${count}`
                  : ''}
            </p>
          </div>

          {shown.length ? (
            <VmsTable projectId={projectId} items={shown} sort={sort} onSort={setSort} />
          ) : filtering || search.location ? (
            <EmptyState title="No matching virtual machines" action={<Button variant="secondary" onClick={clearFilters}>Clear filters</Button>}>
              No VM matches {needle ? `“${search.q}”` : 'these filters'}
              {search.location ? ` in ${LOCATIONS.find((l) => l.name === search.location)?.displayName}` : ''}.
            </EmptyState>
          ) : (
            <EmptyState
              title="This page is empty"
              action={
                <Button variant="secondary" onClick={() => navigate({ search: (s) => ({ ...s, ...firstPage }) })}>
                  Back to the first page
                </Button>
              }
            >
              VMs were deleted since this page was opened.
            </EmptyState>
          )}

          {!filtering && count > 0 ? (
            <nav aria-label="Pagination" className="flex flex-wrap items-center justify-between gap-3">
              <label className="flex items-center gap-2 text-sm text-slate-600 dark:text-slate-400">
                Rows per page
                <select
                  value={size}
                  onChange={(e) => navigate({ search: (s) => ({ ...s, size: Number(e.target.value) as Search['size'], ...firstPage }) })}
                  className="h-8 rounded-md border border-slate-300 bg-white px-2 text-sm text-slate-900 dark:border-slate-700 dark:bg-slate-900 dark:text-slate-100"
                >
                  {PAGE_SIZES.map((n) => (
                    <option key={n} value={n}>
                      {n}
                    </option>
                  ))}
                </select>
              </label>
              <div className="flex items-center gap-2">
                <span className="text-sm text-slate-600 dark:text-slate-400">
                  Page {trail.length + 1} of {Math.max(1, Math.ceil(count / size))}
                </span>
                <Button variant="secondary" size="sm" onClick={previous} disabled={trail.length === 0}>
                  Previous
                </Button>
                <Button variant="secondary" size="sm" onClick={next} disabled={!hasNext}>
                  Next
                </Button>
              </div>
            </nav>
          ) : null}
        </>
      )}
    </div>
  );
}
