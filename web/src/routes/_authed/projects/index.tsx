import { createFileRoute, Link, useNavigate } from '@tanstack/react-router';
import { useState } from 'react';
import { z } from 'zod';
import { MAX_PAGE_SIZE, ORDER_COLUMNS, type OrderColumn } from '#shared/pagination';
import { Button, buttonClass, Spinner } from '../../../components/ui/button.tsx';
import { EmptyState } from '../../../components/ui/empty-state.tsx';
import { Input } from '../../../components/ui/input.tsx';
import { listProjectsQueryOptions, useProjects, type ListProjectsQuery } from '../../../features/project/api/list-projects.ts';
import { ProjectsTable } from '../../../features/project/components/projects-table.tsx';
import { useTitle } from '../../../lib/use-title.ts';

const PAGE_SIZES = [10, 25, 50, 100] as const;
const DEFAULT_SIZE = 10;

// The list's state lives in the URL: search text, sort column, page size, and the cursor
// (`after`) plus the cursors of the pages before it (`trail`), since the API pages forward
// only (decision 012).
const searchSchema = z.object({
  q: z.string().max(100).optional().catch(undefined),
  sort: z.enum(ORDER_COLUMNS).optional().catch(undefined),
  size: z.literal(PAGE_SIZES).optional().catch(undefined),
  after: z.string().min(1).max(63).optional().catch(undefined),
  trail: z.array(z.string().max(63)).max(500).optional().catch(undefined),
});
type Search = z.infer<typeof searchSchema>;

/**
 * The API has no name filter: a search loads the caller's projects in one page of the
 * maximum size and filters them here (decision 011).
 */
function pageQuery(search: Search): ListProjectsQuery {
  const order_column = search.sort ?? 'name';
  if (search.q) return { order_column, page_size: String(MAX_PAGE_SIZE) };
  return { order_column, page_size: String(search.size ?? DEFAULT_SIZE), start_after: search.after };
}

export const Route = createFileRoute('/_authed/projects/')({
  validateSearch: searchSchema,
  loaderDeps: ({ search }) => ({ query: pageQuery(search) }),
  loader: ({ context, deps }) => context.queryClient.ensureQueryData(listProjectsQueryOptions(deps.query)),
  component: ProjectsPage,
});

const plusIcon = (
  <svg viewBox="0 0 20 20" fill="currentColor" className="size-4" aria-hidden="true">
    <path d="M10.75 4.75a.75.75 0 0 0-1.5 0v4.5h-4.5a.75.75 0 0 0 0 1.5h4.5v4.5a.75.75 0 0 0 1.5 0v-4.5h4.5a.75.75 0 0 0 0-1.5h-4.5v-4.5Z" />
  </svg>
);

function ProjectsPage() {
  useTitle('Projects');
  const search = Route.useSearch();
  const navigate = useNavigate({ from: Route.fullPath });
  const { data, isFetching } = useProjects(pageQuery(search));
  const [q, setQ] = useState(search.q ?? '');

  const sort = search.sort ?? 'name';
  const size = search.size ?? DEFAULT_SIZE;
  const trail = search.trail ?? [];
  const items = data?.items ?? [];
  const count = data?.count ?? 0;
  const needle = search.q?.trim().toLowerCase();
  const shown = needle ? items.filter((p) => p.name.toLowerCase().includes(needle)) : items;
  const first = trail.length * size;
  const hasNext = !needle && items.length === size && first + items.length < count;

  const setSort = (column: OrderColumn) =>
    navigate({ search: (s) => ({ ...s, sort: column, after: undefined, trail: undefined }) });
  const next = () => {
    const last = items[items.length - 1];
    if (!last) return;
    void navigate({ search: (s) => ({ ...s, after: sort === 'name' ? last.name : last.id, trail: [...trail, search.after ?? ''] }) });
  };
  const previous = () =>
    navigate({ search: (s) => ({ ...s, after: trail[trail.length - 1] || undefined, trail: trail.length > 1 ? trail.slice(0, -1) : undefined }) });

  return (
    <main id="main" className="mx-auto w-full max-w-6xl px-4 py-8 sm:px-6">
      <div className="flex flex-wrap items-end justify-between gap-4">
        <div>
          <h1 className="text-2xl font-semibold tracking-tight">Projects</h1>
          <p className="mt-1 text-slate-600 dark:text-slate-400">Projects group your resources and the people who can use them.</p>
        </div>
        <Link to="/projects/new" className={buttonClass('primary')}>
          {plusIcon}
          Create project
        </Link>
      </div>

      {count === 0 && !needle ? (
        <div className="mt-8">
          <EmptyState
            title="No projects yet"
            icon={
              <svg viewBox="0 0 24 24" fill="none" stroke="currentColor" strokeWidth="1.5" className="size-12" aria-hidden="true">
                <path d="M2.25 12.75V12A2.25 2.25 0 0 1 4.5 9.75h15A2.25 2.25 0 0 1 21.75 12v.75m-8.69-6.44-2.12-2.12a1.5 1.5 0 0 0-1.06-.44H4.5A2.25 2.25 0 0 0 2.25 6v12a2.25 2.25 0 0 0 2.25 2.25h15A2.25 2.25 0 0 0 21.75 18V9a2.25 2.25 0 0 0-2.25-2.25h-5.38a1.5 1.5 0 0 1-1.06-.44Z" strokeLinecap="round" strokeLinejoin="round" />
              </svg>
            }
            action={
              <Link to="/projects/new" className={buttonClass('primary')}>
                {plusIcon}
                Create your first project
              </Link>
            }
          >
            A project holds your virtual machines, networks, databases and Kubernetes clusters. Create one to get started.
          </EmptyState>
        </div>
      ) : (
        <>
          <div className="mt-6 flex flex-wrap items-center justify-between gap-3">
            <div className="relative w-full max-w-xs">
              <svg viewBox="0 0 20 20" fill="currentColor" className="pointer-events-none absolute top-2.5 left-2.5 size-4 text-slate-500" aria-hidden="true">
                <path fillRule="evenodd" d="M9 3.5a5.5 5.5 0 1 0 0 11 5.5 5.5 0 0 0 0-11ZM2 9a7 7 0 1 1 12.45 4.39l3.08 3.08a.75.75 0 1 1-1.06 1.06l-3.08-3.08A7 7 0 0 1 2 9Z" clipRule="evenodd" />
              </svg>
              <Input
                type="search"
                aria-label="Search projects by name"
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
            <p className="flex items-center gap-2 text-sm text-slate-600 dark:text-slate-400" aria-live="polite">
              {isFetching ? <Spinner className="text-slate-500" /> : null}
              {needle
                ? `${shown.length} of ${count} ${count === 1 ? 'project matches' : 'projects match'}`
                : count
                  ? `Showing ${items.length ? first + 1 : 0}–${first + items.length} of ${count}`
                  : ''}
            </p>
          </div>

          <div className="mt-3">
            {shown.length ? (
              <ProjectsTable items={shown} sort={sort} onSort={setSort} />
            ) : needle ? (
              <EmptyState
                title="No matching projects"
                action={
                  <Button
                    variant="secondary"
                    onClick={() => {
                      setQ('');
                      void navigate({ search: (s) => ({ ...s, q: undefined }) });
                    }}
                  >
                    Clear search
                  </Button>
                }
              >
                No project name contains “{search.q}”.
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
                Projects were deleted since this page was opened.
              </EmptyState>
            )}
          </div>

          {!needle ? (
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
                <span className="text-sm text-slate-600 dark:text-slate-400">Page {trail.length + 1} of {Math.max(1, Math.ceil(count / size))}</span>
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
    </main>
  );
}
