// Breadcrumbs: every crumb but the last is a link; the last is the current page.
import { Link } from '@tanstack/react-router';
import { Fragment } from 'react';

export interface Crumb {
  label: string;
  /** Where the crumb leads (a path); ignored on the last crumb. */
  to: string;
}

export function Breadcrumbs({ items }: { items: readonly Crumb[] }) {
  return (
    <nav aria-label="Breadcrumb" className="text-sm text-slate-600 dark:text-slate-400">
      <ol className="flex flex-wrap items-center gap-1.5">
        {items.map((c, i) => {
          const last = i === items.length - 1;
          return (
            <Fragment key={`${i}-${c.to}`}>
              {i > 0 ? <li aria-hidden="true">›</li> : null}
              <li>
                {last ? (
                  <span
                    aria-current="page"
                    className="font-medium text-slate-900 dark:text-slate-100"
                  >
                    {c.label}
                  </span>
                ) : (
                  // `exact`: a link to a page above this one is not "current" (no aria-current).
                  <Link
                    to={c.to}
                    activeOptions={{ exact: true, includeSearch: false }}
                    className="hover:text-slate-900 hover:underline dark:hover:text-slate-100"
                  >
                    {c.label}
                  </Link>
                )}
              </li>
            </Fragment>
          );
        })}
      </ol>
    </nav>
  );
}
