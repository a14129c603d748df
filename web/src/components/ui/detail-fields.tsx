// The labelled values of a detail page's cards (`<dl>` of `<dt>`/`<dd>` with copy buttons), the
// ones every kind shows alike (ID, location, size, price), and a command or string on a dark
// strip with its copy button.
import type { ReactNode } from 'react';
import { locationLabel } from '#web/lib/location.ts';
import { formatHourly, formatMonthly } from '#web/lib/price.ts';
import { CopyButton } from './copy-button.tsx';

/** A labelled value of a detail card (`<dt>`/`<dd>`), with a copy button when `copy` is set. */
export function Field({
  label,
  children,
  copy,
  copyLabel,
  mono,
}: {
  label: string;
  children: ReactNode;
  copy?: string;
  copyLabel?: string;
  mono?: boolean;
}) {
  return (
    <div className="min-w-0">
      <dt className="text-xs font-medium tracking-wide text-slate-600 uppercase dark:text-slate-400">
        {label}
      </dt>
      <dd className="mt-1 flex min-w-0 items-center gap-1">
        <span className={mono ? 'truncate font-mono text-sm' : 'truncate font-medium'}>
          {children}
        </span>
        {copy ? (
          <CopyButton
            value={copy}
            label={copyLabel ?? `Copy ${label}`}
            className="-my-1 shrink-0"
          />
        ) : null}
      </dd>
    </div>
  );
}

export function Fields({ children }: { children: ReactNode }) {
  return <dl className="grid gap-x-8 gap-y-5 px-5 py-5 sm:grid-cols-2">{children}</dl>;
}

export const muted = 'text-slate-500 dark:text-slate-400 font-normal';

/** The resource's ID with its copy button ("Copy <what> ID"). */
export function IdField({ id, what }: { id: string; what: string }) {
  return (
    <Field label="ID" copy={id} copyLabel={`Copy ${what} ID`} mono>
      {id}
    </Field>
  );
}

/** The location by its name for people, then its API name. */
export function LocationField({ location }: { location: string }) {
  return (
    <Field label="Location">
      {locationLabel(location)} <span className={`font-mono text-sm ${muted}`}>{location}</span>
    </Field>
  );
}

/** A size by its name, then its vCPUs and memory when the catalog knows it. */
export function SizeField({
  name,
  spec,
}: {
  name: string;
  spec: { vcpus: number; memoryGib: number } | undefined;
}) {
  return (
    <Field label="Size">
      {name}
      {spec ? (
        <span className={muted}>
          {' '}
          · {spec.vcpus} vCPU · {spec.memoryGib} GiB memory
        </span>
      ) : null}
    </Field>
  );
}

/** The list price per month and per hour, "—" when it is not known. */
export function PriceField({ monthly }: { monthly: number | undefined }) {
  return (
    <Field label="Price">
      {monthly !== undefined ? (
        <>
          {formatMonthly(monthly)} <span className={muted}>({formatHourly(monthly)})</span>
        </>
      ) : (
        '—'
      )}
    </Field>
  );
}

/** A command or string on a dark strip, with its copy button (the copied text may differ from the shown one: a password is masked). */
export function CodeLine({
  shown,
  copy,
  copyLabel,
  prompt,
  testId,
}: {
  shown: string;
  copy: string;
  copyLabel: string;
  prompt?: string;
  testId?: string;
}) {
  return (
    <div className="flex items-center gap-2 rounded-md bg-slate-950 py-1.5 pr-1.5 pl-4 text-slate-100 dark:bg-black/60">
      {prompt ? (
        <span aria-hidden="true" className="font-mono text-sm text-slate-400 select-none">
          {prompt}
        </span>
      ) : null}
      <code className="min-w-0 flex-1 font-mono text-sm break-all" data-testid={testId}>
        {shown}
      </code>
      <CopyButton
        value={copy}
        label={copyLabel}
        className="text-slate-300 hover:bg-slate-800 hover:text-white dark:text-slate-300 dark:hover:bg-slate-800"
      />
    </div>
  );
}
