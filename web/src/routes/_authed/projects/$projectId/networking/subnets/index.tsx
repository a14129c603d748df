import { createFileRoute, Link, useNavigate } from '@tanstack/react-router';
import { useState } from 'react';
import { z } from 'zod';
import { LOCATION_NAMES, LOCATIONS } from '#shared/catalog';
import { MAX_PAGE_SIZE, ORDER_COLUMNS, type OrderColumn } from '#shared/pagination';
import { Button, buttonClass, Spinner } from '../../../../../../components/ui/button.tsx';
import { EmptyState } from '../../../../../../components/ui/empty-state.tsx';
import { Input } from '../../../../../../components/ui/input.tsx';
import { useProject } from '../../../../../../features/project/api/get-project.ts';
import { listPrivateSubnetsQueryOptions, usePrivateSubnets, type ListPrivateSubnetsQuery } from '../../../../../../features/private-subnet/api/list-private-subnets.ts';
import { SubnetsTable } from '../../../../../../features/private-subnet/components/subnets-table.tsx';
import { TRANSITIONAL_SUBNET_STATES } from '../../../../../../features/private-subnet/format.ts';
import { useAnnounceTransitions } from '../../../../../../lib/live.ts';
import { useTitle } from '../../../../../../lib/use-title.ts';

const PAGE_SIZES = [10, 25, 50, 100] as const;
const DEFAULT_SIZE = 10;

// The list's state lives in the URL, like the projects list (decisions 011, 012): search text,
// location, sort column, page size, and the cursor with the cursors of the pages before it.
const searchSchema = z.object({
  q: z.string().max(100).optional().catch(undefined),
  location: z.enum(LOCATION_NAMES).optional().catch(undefined),
  sort: z.enum(ORDER_COLUMNS).optional().catch(undefined),
  size: z.literal(PAGE_SIZES).optional().catch(undefined),
  after: z.string().min(1).max(63).optional().catch(undefined),
  trail: z.array(z.string().max(63)).max(500).optional().catch(undefined),
});
type Search = z.infer<typeof searchSchema>;

/** The API has no name filter: a search loads one page of the maximum size and filters it here. */
function pageQuery(search: Search): ListPrivateSubnetsQuery {
  const order_column = search.sort ?? 'name';
  const location = search.location;
  if (search.q) return { location, order_column, page_size: String(MAX_PAGE_SIZE) };
  return { location, order_column, page_size: String(search.size ?? DEFAULT_SIZE), start_after: search.after };
}

export const Route = createFileRoute('/_authed/projects/$projectId/networking/subnets/')({
  validateSearch: searchSchema,
  loaderDeps: ({ search }) => ({ query: pageQuery(search) }),
  loader: ({ context, params, deps }) => context.queryClient.ensureQueryData(listPrivateSubnetsQueryOptions(params.projectId, deps.query)),
  component: SubnetsPage,
});

const plusIcon = (
  <svg viewBox="0 0 20 20" fill="currentColor" className="size-4" aria-hidden="true">
    <path d="M10.75 4.75a.75.75 0 0 0-1.5 0v4.5h-4.5a.75.75 0 0 0 0 1.5h4.5v4.5a.75.75 0 0 0 1.5 0v-4.5h4.5a.75.75 0 0 0 0-1.5h-4.5v-4.5Z" />
  </svg>
);

const selectClass =
  'h-9 rounded-md border border-slate-300 bg-white px-2.5 text-sm text-slate-900 shadow-sm dark:border-slate-700 dark:bg-slate-900 dark:text-slate-100';

function SubnetsPage() {
  const { projectId } = Route.useParams();
  const { data: project } = useProject(projectId);
  useTitle('Subnets', project.name);
  const search = Route.useSearch();
  const navigate = useNavigate({ from: Route.fullPath });
  const { data, isFetching } = usePrivateSubnets(projectId, pageQuery(search));
  const [q, setQ] = useState(search.q ?? '');

  const sort = search.sort ?? 'name';
  const size = search.size ?? DEFAULT_SIZE;
  const trail = search.trail ?? [];
  const items = data?.items;
  useAnnounceTransitions(items, TRANSITIONAL_SUBNET_STATES, 'Private subnet');
  const list = items ?? [];
  const count = data?.count ?? 0;
  const needle = search.q?.trim().toLowerCase();
  const shown = needle ? list.filter((s) => s.name.toLowerCase().includes(needle)) : list;
  const first = trail.length * size;
  const hasNext = !needle && list.length === size && first + list.length < count;
  const filtered = !!needle || !!search.location;

  const setSort = (column: OrderColumn) => navigate({ search: (s) => ({ ...s, sort: column, after: undefined, trail: undefined }) });
  const next = () => {
    const last = list[list.length - 1];
    if (!last) return;
    void navigate({ search: (s) => ({ ...s, after: sort === 'name' ? last.name : last.id, trail: [...trail, search.after ?? ''] }) });
  };
  const previous = () =>
    navigate({ search: (s) => ({ ...s, after: trail[trail.length - 1] || undefined, trail: trail.length > 1 ? trail.slice(0, -1) : undefined }) });
  const createLink = (label: string) => (
    <Link to="/projects/$projectId/networking/subnets/new" params={{ projectId }} search={search.location ? { location: search.location } : {}} className={buttonClass('primary')}>
      {plusIcon}
      {label}
    </Link>
  );

  if (count === 0 && !filtered) {
    return (
      <EmptyState
        title="No private subnets yet"
        icon={
          <svg viewBox="0 0 24 24" fill="none" stroke="currentColor" strokeWidth="1.5" className="size-12" aria-hidden="true">
            <path d="M12 3v6M12 15v6M5 9h14v6H5zM3 21h18" strokeLinecap="round" strokeLinejoin="round" />
          </svg>
        }
        action={createLink('Create subnet')}
      >
        A private subnet is a network for your VMs in one location, with its own IPv4 and IPv6 ranges and a firewall. VMs
        created without one join a default subnet.
      </EmptyState>
    );
  }

  return (
    <div>
      <div className="flex flex-wrap items-center justify-between gap-3">
        <div className="flex flex-1 flex-wrap items-center gap-3">
          <div className="relative w-full max-w-xs">
            <svg viewBox="0 0 20 20" fill="currentColor" className="pointer-events-none absolute top-2.5 left-2.5 size-4 text-slate-500" aria-hidden="true">
              <path fillRule="evenodd" d="M9 3.5a5.5 5.5 0 1 0 0 11 5.5 5.5 0 0 0 0-11ZM2 9a7 7 0 1 1 12.45 4.39l3.08 3.08a.75.75 0 1 1-1.06 1.06l-3.08-3.08A7 7 0 0 1 2 9Z" clipRule="evenodd" />
            </svg>
            <Input
              type="search"
              aria-label="Search subnets by name"
              placeholder="Search by name"
              className="pl-8"
              value={q}
              onChange={(e) => {
                const value = e.target.value;
                setQ(value);
                void navigate({ search: (s) => ({ ...s, q: value.trim() ? value : undefined, after: undefined, trail: undefined }), replace: true });
              }}
            />
          </div>
          <select
            aria-label="Location"
            className={selectClass}
            value={search.location ?? ''}
            onChange={(e) => navigate({ search: (s) => ({ ...s, location: (e.target.value || undefined) as Search['location'], after: undefined, trail: undefined }) })}
          >
            <option value="">All locations</option>
            {LOCATIONS.map((l) => (
              <option key={l.name} value={l.name}>
                {l.displayName} ({l.name})
              </option>
            ))}
          </select>
        </div>
        {createLink('Create subnet')}
      </div>

      <p className="mt-3 flex min-h-5 items-center gap-2 text-sm text-slate-600 dark:text-slate-400" aria-live="polite">
        {isFetching ? <Spinner className="text-slate-500" /> : null}
        {needle ? `${shown.length} of ${count} ${count === 1 ? 'subnet matches' : 'subnets match'}` : count ? `Showing ${list.length ? first + 1 : 0}–${first + list.length} of ${count}` : ''}
      </p>

      <div className="mt-2">
        {shown.length ? (
          <SubnetsTable projectId={projectId} items={shown} sort={sort} onSort={setSort} />
        ) : filtered ? (
          <EmptyState
            title="No matching subnets"
            action={
              <Button
                variant="secondary"
                onClick={() => {
                  setQ('');
                  void navigate({ search: (s) => ({ ...s, q: undefined, location: undefined, after: undefined, trail: undefined }) });
                }}
              >
                Clear filters
              </Button>
            }
          >
            {needle ? `No subnet name contains “${search.q}”` : 'No subnets'}
            {search.location ? ` in ${LOCATIONS.find((l) => l.name === search.location)?.displayName}` : ''}.
          </EmptyState>
        ) : (
          <EmptyState
            title="This page is empty"
            action={
              <Button variant="secondary" onClick={() => navigate({ search: (s) => ({ ...s, after: undefined, trail: undefined }) })}>
                Back to the first page
              </Button>
            }
          >
            Subnets were deleted since this page was opened.
          </EmptyState>
        )}
      </div>

      {!needle && count > 0 ? (
        <nav aria-label="Pagination" className="mt-4 flex flex-wrap items-center justify-between gap-3">
          <label className="flex items-center gap-2 text-sm text-slate-600 dark:text-slate-400">
            Rows per page
            <select
              value={size}
              onChange={(e) => navigate({ search: (s) => ({ ...s, size: Number(e.target.value) as Search['size'], after: undefined, trail: undefined }) })}
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
    </div>
  );
}
