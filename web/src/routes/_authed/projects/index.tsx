import { createFileRoute } from '@tanstack/react-router';
import type { Project } from '#shared/api/project';
import { CopyButton } from '#web/components/ui/copy-button.tsx';
import { idColumn, nameColumn, type Column } from '#web/components/ui/data-table.tsx';
import { ResourceList } from '#web/components/ui/resource-list.tsx';
import {
  listProjectsQueryOptions,
  useProjects,
  type ListProjectsQuery,
} from '#web/features/project/api/list-projects.ts';
import { projectIcon } from '#web/features/project/components/icons.tsx';
import { formatCredit, formatDiscount } from '#web/features/project/format.ts';
import { pageQuery, pagingSearch, querySearch } from '#web/lib/list-search.ts';
import { useTitle } from '#web/lib/use-title.ts';
import { searchParams } from '#web/lib/search-params.ts';

const searchSchema = searchParams({ ...querySearch, ...pagingSearch });

/** The API has no name filter: a search loads the caller's projects in one page of the maximum size and filters them here (decision 011). */
const projectsQuery = (search: ReturnType<typeof searchSchema>): ListProjectsQuery =>
  pageQuery(search, !!search.q);

export const Route = createFileRoute('/_authed/projects/')({
  validateSearch: searchSchema,
  loaderDeps: ({ search }) => ({ query: projectsQuery(search) }),
  loader: ({ context, deps }) =>
    context.queryClient.ensureQueryData(listProjectsQueryOptions(deps.query)),
  component: ProjectsPage,
});

const columns: Column<Project>[] = [
  nameColumn((p) => ({ to: '/projects/$projectId', params: { projectId: p.id } }), 'w-1/3'),
  idColumn(undefined, (p) => (
    <span className="inline-flex items-center gap-1">
      <code>{p.id}</code>
      <CopyButton value={p.id} label={`Copy ID of ${p.name}`} />
    </span>
  )),
  {
    header: 'Credit',
    className: 'text-right',
    cellClassName: 'tabular-nums',
    cell: (p) => formatCredit(p.credit),
  },
  {
    header: 'Discount',
    className: 'text-right',
    cellClassName: 'tabular-nums',
    cell: (p) => formatDiscount(p.discount),
  },
];

function ProjectsPage() {
  useTitle('Projects');
  const search = Route.useSearch();
  const { data, isFetching } = useProjects(projectsQuery(search));
  return (
    <main id="main" className="mx-auto w-full max-w-6xl px-4 py-8 sm:px-6">
      <ResourceList
        words={{ singular: 'project', plural: 'projects' }}
        heading={{
          title: 'Projects',
          description: 'Projects group your resources and the people who can use them.',
        }}
        empty={{
          title: 'No projects yet',
          icon: projectIcon,
          text: 'A project holds your virtual machines, networks, databases and Kubernetes clusters. Create one to get started.',
          action: 'Create your first project',
        }}
        create={{ to: '/projects/new' }}
        columns={columns}
        search={search}
        data={data}
        fetching={isFetching}
      />
    </main>
  );
}
