// Counts per kind, each with how many are in which state, each a link to the kind's list.
import { Link } from '@tanstack/react-router';
import { stateTone } from '#web/components/ui/state-badge.tsx';
import { cn } from '#web/lib/cn.ts';
import { capitalized, KIND_WORDS, type KindSummary } from '../model.ts';
import { LIST_PAGE } from './links.tsx';

const DOT: Record<ReturnType<typeof stateTone>, string> = {
  green: 'bg-emerald-500',
  amber: 'bg-amber-500',
  red: 'bg-red-500',
  grey: 'bg-slate-400',
  blue: 'bg-blue-500',
};

export function KindCounts({
  projectId,
  summaries,
}: {
  projectId: string;
  summaries: KindSummary[];
}) {
  return (
    <section aria-labelledby="counts-title">
      <h2 id="counts-title" className="sr-only">
        Resources by kind
      </h2>
      <ul className="grid gap-3 sm:grid-cols-2 lg:grid-cols-3">
        {summaries.map(({ kind, count, states }) => (
          <li key={kind}>
            <Link
              to={LIST_PAGE[kind]}
              params={{ projectId }}
              // One phrase for the tile: "VMs: 2, 1 running, 1 creating".
              aria-label={[
                `${capitalized(KIND_WORDS[kind].plural)}: ${count}`,
                ...states.map(({ state, n }) => `${n} ${state}`),
              ].join(', ')}
              className="block h-full rounded-lg border border-slate-200 bg-white p-4 shadow-sm hover:border-blue-400 hover:shadow dark:border-slate-800 dark:bg-slate-900 dark:hover:border-blue-500"
            >
              <span className="block text-sm text-slate-600 dark:text-slate-400">
                {capitalized(KIND_WORDS[kind].plural)}
              </span>
              <span className="mt-1 block text-2xl font-semibold tabular-nums">{count}</span>
              {states.length ? (
                <span className="mt-2 flex flex-wrap gap-x-3 gap-y-1 text-xs text-slate-700 dark:text-slate-300">
                  {states.map(({ state, n }) => (
                    <span key={state} className="inline-flex items-center gap-1.5">
                      <span
                        aria-hidden="true"
                        className={cn('size-2 rounded-full', DOT[stateTone(state)])}
                      />
                      {n} {state}
                    </span>
                  ))}
                </span>
              ) : null}
            </Link>
          </li>
        ))}
      </ul>
    </section>
  );
}
