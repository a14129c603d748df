// The parts of a create form built as numbered steps: a step's card, a price per month over the
// same per hour, and the summary beside the steps (what will be made, the total, submit).
import { Link } from '@tanstack/react-router';
import type { ReactNode } from 'react';
import { formatHourly, formatMonthly } from '#web/lib/price.ts';
import { BusyLabel, Button, buttonClass } from './button.tsx';

/** A numbered step of a create form; `idPrefix` names its heading (`<idPrefix>-step-<n>`). */
export function Section({
  idPrefix,
  title,
  step,
  children,
  description,
}: {
  idPrefix: string;
  title: string;
  step: number;
  children: ReactNode;
  description?: ReactNode;
}) {
  const id = `${idPrefix}-step-${step}`;
  return (
    <section
      aria-labelledby={id}
      className="rounded-lg border border-slate-200 bg-white p-5 shadow-sm dark:border-slate-800 dark:bg-slate-900"
    >
      <h2 id={id} className="flex items-center gap-2.5 text-base font-semibold">
        <span
          aria-hidden="true"
          className="grid size-6 place-items-center rounded-full bg-slate-100 text-xs font-semibold text-slate-700 dark:bg-slate-800 dark:text-slate-300"
        >
          {step}
        </span>
        {title}
      </h2>
      {description ? (
        <p className="mt-1 text-sm text-slate-600 dark:text-slate-400">{description}</p>
      ) : null}
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

/** One thing the summary says will be made. */
export function SummaryItem({ label, children }: { label: string; children: ReactNode }) {
  return (
    <div>
      <dt className="text-xs font-medium tracking-wide text-slate-600 uppercase dark:text-slate-400">
        {label}
      </dt>
      <dd className="mt-0.5">{children}</dd>
    </div>
  );
}

/** The summary beside a create form's steps: its `SummaryItem`s, the total price, the submit button and Cancel (a link to the path `cancelTo`). */
export function SummaryCard({
  idPrefix,
  total,
  submitLabel,
  pending,
  cancelTo,
  children,
}: {
  idPrefix: string;
  total: number;
  submitLabel: string;
  pending: boolean;
  cancelTo: string;
  children: ReactNode;
}) {
  const id = `${idPrefix}-summary`;
  return (
    <aside
      aria-labelledby={id}
      className="rounded-lg border border-slate-200 bg-white shadow-sm lg:sticky lg:top-20 dark:border-slate-800 dark:bg-slate-900"
    >
      <h2
        id={id}
        className="border-b border-slate-200 px-5 py-3.5 text-base font-semibold dark:border-slate-800"
      >
        Summary
      </h2>
      <dl className="space-y-3 px-5 py-4 text-sm">{children}</dl>
      <div className="border-t border-slate-200 px-5 py-4 dark:border-slate-800">
        <div className="flex items-baseline justify-between gap-2">
          <span className="text-sm font-medium">Total</span>
          <span className="text-right">
            <span
              className="block text-lg font-semibold tabular-nums"
              data-testid={`${idPrefix}-total`}
            >
              {formatMonthly(total)}
            </span>
            <span className="block text-xs text-slate-600 tabular-nums dark:text-slate-400">
              {formatHourly(total)}
            </span>
          </span>
        </div>
        <Button type="submit" access="write" className="mt-4 w-full" disabled={pending}>
          <BusyLabel pending={pending} busy="Creating…">
            {submitLabel}
          </BusyLabel>
        </Button>
        <Link to={cancelTo} className={buttonClass('ghost', 'md', 'mt-2 w-full')}>
          Cancel
        </Link>
      </div>
    </aside>
  );
}
