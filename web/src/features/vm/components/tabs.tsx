// Tabs that are links (WAI-ARIA tabs with automatic activation): each tab is its own address
// (`?tab=`), arrows/Home/End move between tabs and open them, Tab goes into the panel.
import { Link } from '@tanstack/react-router';
import { useRef, type ReactNode } from 'react';
import { cn } from '../../../lib/cn.ts';

export interface TabDef<T extends string> {
  id: T;
  label: string;
}

export function TabList<T extends string>({
  tabs,
  active,
  label,
  idPrefix,
}: {
  tabs: readonly TabDef<T>[];
  active: T;
  label: string;
  idPrefix: string;
}) {
  const refs = useRef<Record<string, HTMLAnchorElement | null>>({});
  const onKeyDown = (e: React.KeyboardEvent) => {
    const i = tabs.findIndex((t) => t.id === active);
    let next: number | undefined;
    if (e.key === 'ArrowRight') next = (i + 1) % tabs.length;
    else if (e.key === 'ArrowLeft') next = (i - 1 + tabs.length) % tabs.length;
    else if (e.key === 'Home') next = 0;
    else if (e.key === 'End') next = tabs.length - 1;
    if (next === undefined) return;
    e.preventDefault();
    const tab = tabs[next]!;
    const el = refs.current[tab.id];
    el?.focus();
    el?.click();
  };
  return (
    <div role="tablist" aria-label={label} onKeyDown={onKeyDown} className="flex gap-1 border-b border-slate-200 dark:border-slate-800">
      {tabs.map((t) => {
        const selected = t.id === active;
        return (
          <Link
            key={t.id}
            // The same page with `?tab=` (other search params kept). The tab list serves any
            // route with a `tab` search param, so the reducer is not typed by one route.
            to="."
            search={((prev: Record<string, unknown>) => ({ ...prev, tab: t.id })) as never}
            ref={(el: HTMLAnchorElement | null) => {
              refs.current[t.id] = el;
            }}
            role="tab"
            id={`${idPrefix}-tab-${t.id}`}
            aria-selected={selected}
            aria-controls={`${idPrefix}-panel-${t.id}`}
            tabIndex={selected ? 0 : -1}
            replace
            resetScroll={false}
            className={cn(
              '-mb-px border-b-2 px-3 py-2 text-sm font-medium',
              selected
                ? 'border-blue-600 text-blue-700 dark:border-blue-400 dark:text-blue-300'
                : 'border-transparent text-slate-600 hover:border-slate-300 hover:text-slate-900 dark:text-slate-400 dark:hover:border-slate-600 dark:hover:text-slate-100',
            )}
          >
            {t.label}
          </Link>
        );
      })}
    </div>
  );
}

export function TabPanel({ idPrefix, tab, children }: { idPrefix: string; tab: string; children: ReactNode }) {
  return (
    <div role="tabpanel" id={`${idPrefix}-panel-${tab}`} aria-labelledby={`${idPrefix}-tab-${tab}`} tabIndex={0} className="mt-6 space-y-6 focus-visible:outline-none">
      {children}
    </div>
  );
}
