// The frame of a project's pages: a sidebar of sections, breadcrumbs (the routes add theirs), the page.
import { useQueryClient } from '@tanstack/react-query';
import { Link, Outlet, useMatches } from '@tanstack/react-router';
import type { ReactNode } from 'react';
import type { Project } from '#shared/api/project';
import { InsideMain } from '#web/components/layout/status-pages.tsx';
import { Breadcrumbs, type Crumb } from '#web/components/ui/breadcrumbs.tsx';
import { cn } from '#web/lib/cn.ts';
import { type Connection, useConnection } from '#web/lib/connection.ts';
import { useProjectEvents } from '#web/lib/events.ts';

const icon = (d: string) => (
  <svg
    viewBox="0 0 24 24"
    fill="none"
    stroke="currentColor"
    strokeWidth="1.6"
    strokeLinecap="round"
    strokeLinejoin="round"
    className="size-[18px] shrink-0"
    aria-hidden="true"
  >
    <path d={d} />
  </svg>
);

const SECTIONS = [
  {
    to: '/projects/$projectId',
    label: 'Overview',
    icon: icon('M3 12l9-8 9 8M5 10v10h5v-6h4v6h5V10'),
  },
  {
    to: '/projects/$projectId/compute',
    label: 'Compute',
    icon: icon('M4 5h16v10H4zM8 19h8M12 15v4'),
  },
  {
    to: '/projects/$projectId/networking',
    label: 'Networking',
    icon: icon('M12 3v6M12 15v6M5 9h14v6H5zM3 21h18'),
  },
  {
    to: '/projects/$projectId/databases',
    label: 'Databases',
    icon: icon(
      'M4 6c0-1.7 3.6-3 8-3s8 1.3 8 3-3.6 3-8 3-8-1.3-8-3zm0 0v12c0 1.7 3.6 3 8 3s8-1.3 8-3V6M4 12c0 1.7 3.6 3 8 3s8-1.3 8-3',
    ),
  },
  {
    to: '/projects/$projectId/kubernetes',
    label: 'Kubernetes',
    icon: icon('M12 2l8.5 4.5v9L12 20l-8.5-4.5v-9zM12 8v4l3.5 2M12 12l-3.5 2'),
  },
  {
    to: '/projects/$projectId/usage',
    label: 'Usage',
    icon: icon('M4 20V10M10 20V4M16 20v-7M22 20H2'),
  },
  {
    to: '/projects/$projectId/code-host',
    label: 'Code host',
    icon: icon('M8 7l-5 5 5 5M16 7l5 5-5 5M14 4l-4 16'),
  },
] as const;

const SETTINGS = {
  to: '/projects/$projectId/settings',
  label: 'Settings',
  icon: icon(
    'M12 15a3 3 0 1 0 0-6 3 3 0 0 0 0 6zM19.4 15a1.7 1.7 0 0 0 .3 1.8l.1.1a2 2 0 1 1-2.8 2.8l-.1-.1a1.7 1.7 0 0 0-1.8-.3 1.7 1.7 0 0 0-1 1.5V21a2 2 0 1 1-4 0v-.1a1.7 1.7 0 0 0-1.1-1.5 1.7 1.7 0 0 0-1.8.3l-.1.1a2 2 0 1 1-2.8-2.8l.1-.1a1.7 1.7 0 0 0 .3-1.8 1.7 1.7 0 0 0-1.5-1H3a2 2 0 1 1 0-4h.1a1.7 1.7 0 0 0 1.5-1.1 1.7 1.7 0 0 0-.3-1.8l-.1-.1a2 2 0 1 1 2.8-2.8l.1.1a1.7 1.7 0 0 0 1.8.3H9a1.7 1.7 0 0 0 1-1.5V3a2 2 0 1 1 4 0v.1a1.7 1.7 0 0 0 1 1.5 1.7 1.7 0 0 0 1.8-.3l.1-.1a2 2 0 1 1 2.8 2.8l-.1.1a1.7 1.7 0 0 0-.3 1.8V9a1.7 1.7 0 0 0 1.5 1H21a2 2 0 1 1 0 4h-.1a1.7 1.7 0 0 0-1.5 1z',
  ),
} as const;

/** The sections and the settings, as pages to go to (the command palette's "Pages"). */
export const PROJECT_PAGES = [...SECTIONS, SETTINGS].map(({ to, label }) => ({ to, label }));

const navClass =
  'flex items-center gap-2.5 rounded-md px-2.5 py-1.5 text-sm text-slate-700 hover:bg-slate-200/60 hover:text-slate-900 aria-[current=page]:bg-blue-50 aria-[current=page]:font-medium aria-[current=page]:text-blue-800 dark:text-slate-300 dark:hover:bg-slate-800 dark:hover:text-white dark:aria-[current=page]:bg-blue-950 dark:aria-[current=page]:text-blue-200';

function SideLink({
  to,
  label,
  icon: i,
  projectId,
  exact,
}: {
  to: (typeof SECTIONS)[number]['to'] | typeof SETTINGS.to;
  label: string;
  icon: ReactNode;
  projectId: string;
  exact?: boolean;
}) {
  return (
    <Link
      to={to}
      params={{ projectId }}
      activeOptions={{ exact: !!exact, includeSearch: false }}
      className={navClass}
    >
      {i}
      {label}
    </Link>
  );
}

/**
 * The crumbs the matched routes contribute (`staticData.crumb`), each linking to its route's
 * path: "Compute", "Networking › Subnets › db-net", …
 */
function useRouteCrumbs(): Crumb[] {
  return useMatches().flatMap((m) => {
    const crumb = m.staticData.crumb;
    const label =
      typeof crumb === 'function' ? crumb(m.params as Record<string, string | undefined>) : crumb;
    return label ? [{ label, to: m.pathname }] : [];
  });
}

const NOTICES = {
  polling: 'Live updates paused — refreshing every few seconds',
  unreachable: "Can't reach the server — retrying; what you see may be out of date",
} as const;

const NOTICE_CLASSES = {
  polling:
    'mt-3 rounded-md border border-amber-300 bg-amber-50 px-3 py-2 text-sm text-amber-900 dark:border-amber-700 dark:bg-amber-950 dark:text-amber-100',
  unreachable:
    'mt-3 rounded-md border border-red-300 bg-red-50 px-3 py-2 text-sm font-medium text-red-900 dark:border-red-800 dark:bg-red-950 dark:text-red-100',
} as const;

/**
 * Says so while the project's event stream is down: the pages poll meanwhile, or, when the
 * server does not answer either, what is shown may be out of date. One status region, present
 * all along, so screen readers announce each change.
 */
function LiveStatus({ connection }: { connection: Connection }) {
  const notice = connection === 'polling' || connection === 'unreachable' ? connection : null;
  return (
    <p role="status" className={notice ? NOTICE_CLASSES[notice] : 'sr-only'}>
      {notice ? NOTICES[notice] : ''}
    </p>
  );
}

export function ProjectShell({ project }: { project: Project }) {
  const crumbs = useRouteCrumbs();
  useProjectEvents(useQueryClient(), project.id);
  const connection = useConnection();
  const stale = connection === 'unreachable';
  return (
    <div className="flex flex-1 flex-col md:flex-row">
      <aside className="border-b border-slate-200 bg-slate-100/60 md:w-56 md:shrink-0 md:border-r md:border-b-0 dark:border-slate-800 dark:bg-slate-900/40">
        <nav aria-label="Project" className="sticky top-14 p-3">
          <p className="truncate px-2.5 pt-1 pb-2 text-xs font-semibold tracking-wide text-slate-600 uppercase dark:text-slate-400">
            {project.name}
          </p>
          <ul className="flex flex-wrap gap-1 md:flex-col">
            {SECTIONS.map((s, i) => (
              <li key={s.to}>
                <SideLink {...s} projectId={project.id} exact={i === 0} />
              </li>
            ))}
            <li className="md:mt-3 md:border-t md:border-slate-200 md:pt-3 md:dark:border-slate-800">
              <SideLink {...SETTINGS} projectId={project.id} />
            </li>
          </ul>
        </nav>
      </aside>
      <main id="main" className="min-w-0 flex-1 px-4 py-6 sm:px-8">
        <Breadcrumbs
          items={[
            { label: 'Projects', to: '/projects' },
            { label: project.name, to: `/projects/${project.id}` },
            ...crumbs,
          ]}
        />
        <div className="mx-auto max-w-5xl">
          <LiveStatus connection={connection} />
          {/* Greyed while the server is unreachable: the data is what it was. Colour goes,
              contrast stays (faded text would fall below WCAG's 4.5:1). */}
          <div data-stale={stale || undefined} className={cn('mt-4', stale && 'grayscale')}>
            <InsideMain.Provider value={true}>
              <Outlet />
            </InsideMain.Provider>
          </div>
        </div>
      </main>
    </div>
  );
}
