import type { ReactNode } from 'react';
import { CopyButton } from '#web/components/ui/copy-button.tsx';

/** A labelled value of a detail card (`<dt>`/`<dd>`), with a copy button when `copy` is set. */
export function Field({ label, children, copy, copyLabel, mono }: { label: string; children: ReactNode; copy?: string; copyLabel?: string; mono?: boolean }) {
  return (
    <div className="min-w-0">
      <dt className="text-xs font-medium tracking-wide text-slate-600 uppercase dark:text-slate-400">{label}</dt>
      <dd className="mt-1 flex min-w-0 items-center gap-1">
        <span className={mono ? 'truncate font-mono text-sm' : 'truncate font-medium'}>{children}</span>
        {copy ? <CopyButton value={copy} label={copyLabel ?? `Copy ${label}`} className="-my-1 shrink-0" /> : null}
      </dd>
    </div>
  );
}

export function Fields({ children }: { children: ReactNode }) {
  return <dl className="grid gap-x-8 gap-y-5 px-5 py-5 sm:grid-cols-2">{children}</dl>;
}

export const muted = 'text-slate-500 dark:text-slate-400 font-normal';
