// The command palette (Ctrl+K / Cmd+K, or the header's "Search…" button): finds a page of the
// console, and inside a project any of its resources by name or ID. A combobox over a listbox
// (the ARIA combobox pattern): focus stays in the field, the arrows move the active option.
import { useQueries, type UseQueryOptions } from '@tanstack/react-query';
import { useNavigate, useParams } from '@tanstack/react-router';
import { useEffect, useId, useMemo, useState } from 'react';
import { Dialog } from '#web/components/ui/dialog.tsx';
import { cn } from '#web/lib/cn.ts';
import { locationLabel } from '#web/lib/location.ts';
import { resourcePath } from '#web/lib/resource-path.ts';

/** A page the palette offers; `to` may hold `$projectId`, offered only inside a project. */
export interface PalettePage {
  label: string;
  to: string;
}

interface ListedResource {
  id: string;
  name: string;
  location: string;
}

/** One kind of resource: its label ("VM") and its list of a project, all of it in one request. */
export interface PaletteSource {
  /** The kind as resource-path.ts knows it (`vm`, `privateSubnet`…). */
  kind: string;
  label: string;
  /** The kind's list query options (`listVmsQueryOptions(projectId, {page_size})`…): the list
   * pages' cache, so an open list is not asked for again. */
  query: (projectId: string) => { queryKey: readonly unknown[]; queryFn?: unknown };
}

interface Option {
  id: string;
  group: 'Pages' | 'Resources';
  label: string;
  detail?: string;
  to: string;
}

/** At most this many resources are shown: enough to pick from, few enough to read. */
const MAX_RESOURCES = 20;

const isMac = () => /Mac|iPhone|iPad/.test(navigator.platform);

/** The header button and the dialog it opens; also opened by Ctrl+K (Cmd+K on a Mac). */
export function CommandPalette({
  pages,
  projectPages,
  sources,
}: {
  pages: readonly PalettePage[];
  projectPages: readonly PalettePage[];
  sources: readonly PaletteSource[];
}) {
  const [open, setOpen] = useState(false);
  useEffect(() => {
    const onKey = (e: KeyboardEvent) => {
      if ((e.ctrlKey || e.metaKey) && !e.altKey && !e.shiftKey && e.key.toLowerCase() === 'k') {
        // The browser's own Ctrl+K focuses its search bar.
        e.preventDefault();
        setOpen(true);
      }
    };
    window.addEventListener('keydown', onKey);
    return () => window.removeEventListener('keydown', onKey);
  }, []);
  const shortcut = isMac() ? '⌘ K' : 'Ctrl K';
  return (
    <>
      <button
        type="button"
        onClick={() => setOpen(true)}
        aria-keyshortcuts="Control+K Meta+K"
        className="inline-flex h-9 items-center gap-3 rounded-md border border-slate-300 px-3 text-sm text-slate-600 hover:bg-slate-100 dark:border-slate-700 dark:text-slate-300 dark:hover:bg-slate-800"
      >
        Search…
        <kbd className="hidden font-sans text-xs text-slate-600 sm:inline dark:text-slate-300">
          {shortcut}
        </kbd>
      </button>
      <Dialog open={open} onClose={() => setOpen(false)} title="Search">
        {open ? (
          <PaletteBody
            pages={pages}
            projectPages={projectPages}
            sources={sources}
            onDone={() => setOpen(false)}
          />
        ) : null}
      </Dialog>
    </>
  );
}

function matches(text: string, term: string) {
  return text.toLowerCase().includes(term);
}

function PaletteBody({
  pages,
  projectPages,
  sources,
  onDone,
}: {
  pages: readonly PalettePage[];
  projectPages: readonly PalettePage[];
  sources: readonly PaletteSource[];
  onDone: () => void;
}) {
  const { projectId } = useParams({ strict: false });
  const navigate = useNavigate();
  const [term, setTerm] = useState('');
  const [active, setActive] = useState(0);
  const listId = useId();
  const optionId = (i: number) => `${listId}-${i}`;

  const lists = useQueries({
    queries: sources.map((s) => ({
      // Each kind's options answer a list of items with an id, a name and a location.
      ...(s.query(projectId ?? '') as UseQueryOptions<{ items: readonly ListedResource[] }>),
      enabled: !!projectId,
    })),
  });
  const loading = !!projectId && lists.some((l) => l.isPending);

  const options = useMemo(() => {
    const needle = term.trim().toLowerCase();
    const inProject = projectId
      ? projectPages.map((p) => ({ ...p, to: p.to.replace('$projectId', projectId) }))
      : [];
    const found: Option[] = [...inProject, ...pages]
      .filter((p) => !needle || matches(p.label, needle))
      .map((p) => ({ id: `page:${p.to}`, group: 'Pages', label: p.label, to: p.to }));
    if (projectId && needle) {
      const resources: Option[] = [];
      sources.forEach((source, i) => {
        const items = lists[i]?.data?.items;
        for (const r of items ?? []) {
          if (!matches(r.name, needle) && r.id.toLowerCase() !== needle) continue;
          resources.push({
            id: `${source.kind}:${r.id}`,
            group: 'Resources',
            label: r.name,
            detail: `${source.label} · ${locationLabel(r.location)}`,
            to: resourcePath(projectId, { kind: source.kind, name: r.name, location: r.location }),
          });
        }
      });
      found.push(...resources.slice(0, MAX_RESOURCES));
    }
    return found;
  }, [term, projectId, pages, projectPages, sources, lists]);

  // A new term starts from the first option.
  useEffect(() => setActive(0), [term]);
  const current = Math.min(active, options.length - 1);

  const go = (option: Option | undefined) => {
    if (!option) return;
    onDone();
    void navigate({ to: option.to });
  };

  const onKeyDown = (e: React.KeyboardEvent<HTMLInputElement>) => {
    if (e.key === 'ArrowDown' || e.key === 'ArrowUp') {
      e.preventDefault();
      if (!options.length) return;
      const step = e.key === 'ArrowDown' ? 1 : -1;
      setActive((current + step + options.length) % options.length);
    } else if (e.key === 'Enter') {
      e.preventDefault();
      go(options[current]);
    }
  };

  useEffect(() => {
    if (current >= 0)
      document.getElementById(optionId(current))?.scrollIntoView({ block: 'nearest' });
  });

  const groups = (['Pages', 'Resources'] as const)
    .map((g) => ({
      name: g,
      items: options.map((o, i) => ({ o, i })).filter(({ o }) => o.group === g),
    }))
    .filter((g) => g.items.length);

  return (
    <div>
      <input
        type="text"
        role="combobox"
        aria-label={projectId ? 'Search pages and resources' : 'Search pages'}
        aria-expanded={options.length > 0}
        aria-controls={listId}
        aria-autocomplete="list"
        aria-activedescendant={current >= 0 ? optionId(current) : undefined}
        placeholder={projectId ? 'A page, or a resource by name or ID' : 'A page'}
        value={term}
        onChange={(e) => setTerm(e.target.value)}
        onKeyDown={onKeyDown}
        autoComplete="off"
        spellCheck={false}
        className="block w-full rounded-md border border-slate-300 bg-white px-3 py-2 text-sm text-slate-900 placeholder:text-slate-500 focus:border-blue-600 focus:ring-2 focus:ring-blue-600/30 focus:outline-none dark:border-slate-600 dark:bg-slate-950 dark:text-slate-100 dark:placeholder:text-slate-400"
      />
      <div
        id={listId}
        role="listbox"
        aria-label="Results"
        className="mt-3 max-h-80 overflow-y-auto"
      >
        {groups.map((g) => (
          <div key={g.name} role="group" aria-labelledby={`${listId}-${g.name}`}>
            <div
              id={`${listId}-${g.name}`}
              role="presentation"
              className="px-2 pt-2 pb-1 text-xs font-semibold tracking-wide text-slate-600 uppercase dark:text-slate-400"
            >
              {g.name}
            </div>
            {g.items.map(({ o, i }) => (
              <div
                key={o.id}
                id={optionId(i)}
                role="option"
                aria-selected={i === current}
                onMouseMove={() => setActive(i)}
                onClick={() => go(o)}
                className={cn(
                  'flex cursor-pointer items-baseline justify-between gap-3 rounded-md px-2 py-1.5 text-sm',
                  i === current && 'bg-blue-50 text-blue-900 dark:bg-blue-950 dark:text-blue-100',
                )}
              >
                <span className="truncate">{o.label}</span>
                {o.detail ? (
                  <span
                    className={cn(
                      'shrink-0 text-xs',
                      i === current
                        ? 'text-blue-900 dark:text-blue-100'
                        : 'text-slate-600 dark:text-slate-400',
                    )}
                  >
                    {o.detail}
                  </span>
                ) : null}
              </div>
            ))}
          </div>
        ))}
      </div>
      <p role="status" className="mt-2 text-xs text-slate-600 dark:text-slate-400">
        {loading
          ? 'Loading resources…'
          : options.length
            ? `${options.length} result${options.length === 1 ? '' : 's'}`
            : 'No results'}
      </p>
    </div>
  );
}
