import { createFileRoute, Link, useNavigate } from '@tanstack/react-router';
import { z } from 'zod';
import type { OrderColumn } from '#shared/pagination';
import { Button, buttonClass } from '../../../components/ui/button.tsx';
import { EmptyState } from '../../../components/ui/empty-state.tsx';
import { plusIcon } from '../../../components/ui/icons.tsx';
import { EmptyPage, ListStatus, matchText, Pager } from '../../../components/ui/pager.tsx';
import { SearchInput, useSearchBox } from '../../../components/ui/search-input.tsx';
import { listProjectsQueryOptions, useProjects, type ListProjectsQuery } from '../../../features/project/api/list-projects.ts';
import { ProjectsTable } from '../../../features/project/components/projects-table.tsx';
import { FIRST_PAGE, nameSearchedList, pageQuery, pagingSearch, querySearch, rangeText } from '../../../lib/list-search.ts';
import { useTitle } from '../../../lib/use-title.ts';

// The list's state lives in the URL: search text, sort column, page size, and the cursor
// (`after`) plus the cursors of the pages before it (`trail`), since the API pages forward
// only (decision 012).
const searchSchema = z.object({ ...querySearch, ...pagingSearch });
type Search = z.infer<typeof searchSchema>;

/**
 * The API has no name filter: a search loads the caller's projects in one page of the
 * maximum size and filters them here (decision 011).
 */
const projectsQuery = (search: Search): ListProjectsQuery => pageQuery(search, !!search.q);

export const Route = createFileRoute('/_authed/projects/')({
  validateSearch: searchSchema,
  loaderDeps: ({ search }) => ({ query: projectsQuery(search) }),
  loader: ({ context, deps }) => context.queryClient.ensureQueryData(listProjectsQueryOptions(deps.query)),
  component: ProjectsPage,
});

function ProjectsPage() {
  useTitle('Projects');
  const search = Route.useSearch();
  const navigate = useNavigate({ from: Route.fullPath });
  const { data, isFetching } = useProjects(projectsQuery(search));
  const searchBox = useSearchBox(search.q, (q) => void navigate({ search: (s) => ({ ...s, q, ...FIRST_PAGE }), replace: true }));

  const { items, count, needle, shown, page } = nameSearchedList(search, data);

  const setSort = (column: OrderColumn) => navigate({ search: (s) => ({ ...s, sort: column, ...FIRST_PAGE }) });

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
            <SearchInput label="Search projects by name" {...searchBox} />
            <ListStatus fetching={isFetching}>{needle ? matchText(shown.length, count, 'project matches', 'projects match') : rangeText(page, items.length)}</ListStatus>
          </div>

          <div className="mt-3">
            {shown.length ? (
              <ProjectsTable items={shown} sort={page.sort} onSort={setSort} />
            ) : needle ? (
              <EmptyState
                title="No matching projects"
                action={
                  <Button
                    variant="secondary"
                    onClick={() => {
                      searchBox.clear();
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
              <EmptyPage what="Projects" onFirstPage={() => navigate({ search: (s) => ({ ...s, ...FIRST_PAGE }) })} />
            )}
          </div>

          {!needle ? <Pager className="mt-4" page={page} onChange={(change) => navigate({ search: (s) => ({ ...s, ...change }) })} /> : null}
        </>
      )}
    </main>
  );
}
