// The parts of a create form built as numbered steps: a step's card, and a price per month over
// the same per hour.
import type { ReactNode } from 'react';
import { formatHourly, formatMonthly } from '#web/lib/price.ts';

/** A numbered step of a create form; `idPrefix` names its heading (`<idPrefix>-step-<n>`). */
export function Section({ idPrefix, title, step, children, description }: { idPrefix: string; title: string; step: number; children: ReactNode; description?: ReactNode }) {
  const id = `${idPrefix}-step-${step}`;
  return (
    <section aria-labelledby={id} className="rounded-lg border border-slate-200 bg-white p-5 shadow-sm dark:border-slate-800 dark:bg-slate-900">
      <h2 id={id} className="flex items-center gap-2.5 text-base font-semibold">
        <span aria-hidden="true" className="grid size-6 place-items-center rounded-full bg-slate-100 text-xs font-semibold text-slate-700 dark:bg-slate-800 dark:text-slate-300">
          {step}
        </span>
        {title}
      </h2>
      {description ? <p className="mt-1 text-sm text-slate-600 dark:text-slate-400">{description}</p> : null}
      <div className="mt-4 space-y-5">{children}</div>
    </section>
  );
}

/** A price per month over the same per hour. */
export function Price({ monthly, prefix = '' }: { monthly: number; prefix?: string }) {
  return (
    <>
      <span className="block font-semibold text-slate-900 tabular-nums dark:text-slate-100">
        {prefix}
        {formatMonthly(monthly)}
      </span>
      <span className="block text-xs text-slate-600 tabular-nums dark:text-slate-400">
        {prefix}
        {formatHourly(monthly)}
      </span>
    </>
  );
}
