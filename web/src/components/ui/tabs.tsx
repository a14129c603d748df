// Tabs of a detail page that are links (WAI-ARIA tabs, automatic activation): each tab is its
// own address (`?tab=`, other search params kept; the default tab drops the param), arrows
// move between tabs and open them, Home/End open the first/last, Tab goes into the panel.
import { Link, Outlet } from '@tanstack/react-router';
import { useRef, type ReactNode } from 'react';
import { cn } from '#web/lib/cn.ts';

export interface TabDef<T extends string> {
  id: T;
  label: string;
  /**
   * A number shown after the label (rules, NICs…). It is the tab's description, not part of its
   * name: a name that changes with the data breaks whoever finds the tab by it.
   */
  count?: number;
}

export function TabList<T extends string>({
  tabs,
  active,
  label,
  idPrefix,
  defaultTab,
}: {
  tabs: readonly TabDef<T>[];
  active: T;
  label: string;
  idPrefix: string;
  /** The tab shown without `?tab=`: its link has no `tab` param. */
  defaultTab?: T;
}) {
  const refs = useRef<Array<HTMLAnchorElement | null>>([]);
  const onKeyDown = (e: React.KeyboardEvent, i: number) => {
    const last = tabs.length - 1;
    const to =
      e.key === 'ArrowRight'
        ? i === last
          ? 0
          : i + 1
        : e.key === 'ArrowLeft'
          ? i === 0
            ? last
            : i - 1
          : e.key === 'Home'
            ? 0
            : e.key === 'End'
              ? last
              : -1;
    if (to < 0) return;
    e.preventDefault();
    const el = refs.current[to];
    el?.focus();
    el?.click();
  };
  return (
    <div
      role="tablist"
      aria-label={label}
      className="flex gap-1 overflow-x-auto border-b border-slate-200 dark:border-slate-800"
    >
      {tabs.map((t, i) => {
        const selected = t.id === active;
        return (
          <Link
            key={t.id}
            // The same page with `?tab=`. The tab list serves any route with a `tab` search
            // param, so the reducer is not typed by one route.
            to="."
            search={
              ((prev: Record<string, unknown>) => ({
                ...prev,
                tab: t.id === defaultTab ? undefined : t.id,
              })) as never
            }
            ref={(el: HTMLAnchorElement | null) => {
              refs.current[i] = el;
            }}
            role="tab"
            id={`${idPrefix}-tab-${t.id}`}
            aria-selected={selected}
            aria-controls={`${idPrefix}-panel-${t.id}`}
            aria-describedby={t.count !== undefined ? `${idPrefix}-tab-${t.id}-count` : undefined}
            tabIndex={selected ? 0 : -1}
            replace
            resetScroll={false}
            onKeyDown={(e: React.KeyboardEvent) => onKeyDown(e, i)}
            className={cn(
              '-mb-px inline-flex items-center gap-2 border-b-2 px-3 py-2.5 text-sm font-medium whitespace-nowrap',
              selected
                ? 'border-blue-600 text-blue-700 dark:border-blue-400 dark:text-blue-300'
                : 'border-transparent text-slate-600 hover:border-slate-300 hover:text-slate-900 dark:text-slate-400 dark:hover:border-slate-600 dark:hover:text-slate-100',
            )}
          >
            {t.label}
            {t.count !== undefined ? (
              <span
                id={`${idPrefix}-tab-${t.id}-count`}
                aria-hidden="true"
                className="rounded-full bg-slate-100 px-1.5 text-xs text-slate-700 tabular-nums dark:bg-slate-800 dark:text-slate-300"
              >
                {t.count}
              </span>
            ) : null}
          </Link>
        );
      })}
    </div>
  );
}

export function TabPanel({
  idPrefix,
  tab,
  children,
}: {
  idPrefix: string;
  tab: string;
  children: ReactNode;
}) {
  return (
    <div
      role="tabpanel"
      id={`${idPrefix}-panel-${tab}`}
      aria-labelledby={`${idPrefix}-tab-${tab}`}
      tabIndex={0}
      className="mt-6 space-y-6 focus-visible:outline-none"
    >
      {children}
    </div>
  );
}

/** A tab of a section: a sub-route of the project (`to` has a `$projectId` param). */
export interface SectionTab {
  to:
    | '/projects/$projectId/networking/subnets'
    | '/projects/$projectId/networking/firewalls'
    | '/projects/$projectId/networking/load-balancers'
    | `/projects/$projectId/settings${string}`;
  label: string;
  /** Active only on this very route, not under it (a section's index page). */
  exact?: boolean;
}

/**
 * A section of a project's pages: its heading, an optional line under it, a bar of links to
 * its deep-linkable sub-routes (not WAI-ARIA tabs: each is a page of its own) and the sub-route.
 */
export function SectionTabs({
  title,
  intro,
  projectId,
  tabs,
}: {
  title: string;
  intro?: ReactNode;
  projectId: string;
  tabs: readonly SectionTab[];
}) {
  return (
    <div>
      <h1 className="text-2xl font-semibold tracking-tight">{title}</h1>
      {intro ? <p className="mt-1 text-slate-600 dark:text-slate-400">{intro}</p> : null}
      <nav aria-label={title} className="mt-5 border-b border-slate-200 dark:border-slate-800">
        <ul className="flex flex-wrap gap-1">
          {tabs.map((tab) => (
            <li key={tab.to}>
              <Link
                to={tab.to as never}
                params={{ projectId } as never}
                activeOptions={{ exact: tab.exact ?? false, includeSearch: false }}
                className="-mb-px inline-flex items-center border-b-2 border-transparent px-3 py-2.5 text-sm font-medium text-slate-600 hover:border-slate-300 hover:text-slate-900 aria-[current=page]:border-blue-600 aria-[current=page]:text-blue-700 dark:text-slate-400 dark:hover:border-slate-600 dark:hover:text-slate-100 dark:aria-[current=page]:border-blue-400 dark:aria-[current=page]:text-blue-300"
              >
                {tab.label}
              </Link>
            </li>
          ))}
        </ul>
      </nav>
      <div className="mt-6">
        <Outlet />
      </div>
    </div>
  );
}
