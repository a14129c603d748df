import { useQuery } from '@tanstack/react-query';
import { Link, useParams } from '@tanstack/react-router';
import { Menu, menuItemClass, MenuLabel, MenuSeparator } from '#web/components/ui/menu.tsx';
import { plusIcon } from '#web/components/ui/icons.tsx';
import { getProjectQueryOptions } from '../api/get-project.ts';
import { useProjects } from '../api/list-projects.ts';

const SWITCHER_SIZE = 50;

/** The header's project menu: the caller's projects by name, "All projects", "Create project". */
export function ProjectSwitcher() {
  const { projectId } = useParams({ strict: false });
  const current = useQuery({ ...getProjectQueryOptions(projectId ?? ''), enabled: !!projectId });
  const list = useProjects({ order_column: 'name', page_size: String(SWITCHER_SIZE) });
  const items = list.data?.items ?? [];
  const name = projectId ? current.data?.name : undefined;

  return (
    <Menu
      menuLabel="Projects"
      widthClass="w-72"
      buttonClassName="inline-flex h-9 max-w-36 items-center sm:max-w-64 gap-2 rounded-md border border-slate-300 bg-white px-3 text-sm font-medium text-slate-800 shadow-sm hover:bg-slate-50 dark:border-slate-700 dark:bg-slate-900 dark:text-slate-100 dark:hover:bg-slate-800"
      button={
        <>
          <span className="sr-only">Switch project. Current project: </span>
          <span className="truncate">{name ?? 'Select a project'}</span>
          <svg
            viewBox="0 0 20 20"
            fill="currentColor"
            className="size-4 shrink-0 text-slate-500"
            aria-hidden="true"
          >
            <path
              fillRule="evenodd"
              d="M10 3a.75.75 0 0 1 .55.24l3.25 3.5a.75.75 0 1 1-1.1 1.02L10 4.85 7.3 7.76a.75.75 0 0 1-1.1-1.02l3.25-3.5A.75.75 0 0 1 10 3Zm-3.76 9.2a.75.75 0 0 1 1.06.04l2.7 2.91 2.7-2.9a.75.75 0 1 1 1.1 1.02l-3.25 3.5a.75.75 0 0 1-1.1 0l-3.25-3.5a.75.75 0 0 1 .04-1.06Z"
              clipRule="evenodd"
            />
          </svg>
        </>
      }
    >
      <MenuLabel>Your projects</MenuLabel>
      {list.isPending ? (
        <p className="px-2.5 py-1.5 text-sm text-slate-600 dark:text-slate-400">Loading…</p>
      ) : null}
      {!list.isPending && items.length === 0 ? (
        <p className="px-2.5 py-1.5 text-sm text-slate-600 dark:text-slate-400">No projects yet.</p>
      ) : null}
      {items.map((p) => (
        <Link
          key={p.id}
          role="menuitemradio"
          aria-checked={p.id === projectId}
          tabIndex={-1}
          to="/projects/$projectId"
          params={{ projectId: p.id }}
          className={menuItemClass}
        >
          <span className="flex size-4 items-center justify-center" aria-hidden="true">
            {p.id === projectId ? (
              <svg
                viewBox="0 0 20 20"
                fill="currentColor"
                className="size-4 text-blue-600 dark:text-blue-400"
              >
                <path
                  fillRule="evenodd"
                  d="M16.7 5.3a1 1 0 0 1 0 1.4l-8 8a1 1 0 0 1-1.4 0l-4-4a1 1 0 1 1 1.4-1.4L8 12.58l7.3-7.3a1 1 0 0 1 1.4 0Z"
                  clipRule="evenodd"
                />
              </svg>
            ) : null}
          </span>
          <span className="truncate">{p.name}</span>
        </Link>
      ))}
      <MenuSeparator />
      <Link role="menuitem" tabIndex={-1} to="/projects" className={menuItemClass}>
        <span className="size-4" aria-hidden="true" />
        {list.data && list.data.count > items.length
          ? `All projects (${list.data.count})`
          : 'All projects'}
      </Link>
      <Link role="menuitem" tabIndex={-1} to="/projects/new" className={menuItemClass}>
        {plusIcon}
        Create project
      </Link>
    </Menu>
  );
}
