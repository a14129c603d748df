// Tabs of a detail page (WAI-ARIA APG tabs, automatic activation): arrows, Home and End move
// and select; the page keeps the selected tab in its URL.
import { useRef, type ReactNode } from 'react';
import { cn } from '../../../lib/cn.ts';

export interface TabDef<T extends string> {
  id: T;
  label: string;
  count?: number;
}

export function TabList<T extends string>({ label, idPrefix, tabs, current, onSelect }: { label: string; idPrefix: string; tabs: readonly TabDef<T>[]; current: T; onSelect: (id: T) => void }) {
  const refs = useRef<Array<HTMLButtonElement | null>>([]);
  const move = (e: React.KeyboardEvent, i: number) => {
    const last = tabs.length - 1;
    const to = e.key === 'ArrowRight' ? (i === last ? 0 : i + 1) : e.key === 'ArrowLeft' ? (i === 0 ? last : i - 1) : e.key === 'Home' ? 0 : e.key === 'End' ? last : -1;
    if (to < 0) return;
    e.preventDefault();
    refs.current[to]?.focus();
    onSelect(tabs[to]!.id);
  };
  return (
    <div role="tablist" aria-label={label} className="flex gap-1 overflow-x-auto border-b border-slate-200 dark:border-slate-800">
      {tabs.map((t, i) => {
        const selected = t.id === current;
        return (
          <button
            key={t.id}
            ref={(el) => {
              refs.current[i] = el;
            }}
            type="button"
            role="tab"
            id={`${idPrefix}-tab-${t.id}`}
            aria-selected={selected}
            aria-controls={`${idPrefix}-panel-${t.id}`}
            tabIndex={selected ? 0 : -1}
            onClick={() => onSelect(t.id)}
            onKeyDown={(e) => move(e, i)}
            className={cn(
              '-mb-px inline-flex items-center gap-2 border-b-2 px-3 py-2.5 text-sm font-medium whitespace-nowrap',
              selected
                ? 'border-blue-600 text-blue-700 dark:border-blue-400 dark:text-blue-300'
                : 'border-transparent text-slate-600 hover:border-slate-300 hover:text-slate-900 dark:text-slate-400 dark:hover:border-slate-600 dark:hover:text-slate-100',
            )}
          >
            {t.label}
            {t.count !== undefined ? (
              <span className="rounded-full bg-slate-100 px-1.5 text-xs text-slate-700 tabular-nums dark:bg-slate-800 dark:text-slate-300">{t.count}</span>
            ) : null}
          </button>
        );
      })}
    </div>
  );
}

export function TabPanel({ idPrefix, id, children }: { idPrefix: string; id: string; children: ReactNode }) {
  return (
    <div role="tabpanel" id={`${idPrefix}-panel-${id}`} aria-labelledby={`${idPrefix}-tab-${id}`} tabIndex={0} className="mt-6 space-y-6 focus-visible:outline-none">
      {children}
    </div>
  );
}
