// The labelled values of a detail page's cards (`<dl>` of `<dt>`/`<dd>` with copy buttons), and
// a command or string on a dark strip with its copy button.
import type { ReactNode } from 'react';
import { CopyButton } from './copy-button.tsx';

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

/** A command or string on a dark strip, with its copy button (the copied text may differ from the shown one: a password is masked). */
export function CodeLine({ shown, copy, copyLabel, prompt, testId }: { shown: string; copy: string; copyLabel: string; prompt?: string; testId?: string }) {
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
      <CopyButton value={copy} label={copyLabel} className="text-slate-300 hover:bg-slate-800 hover:text-white dark:text-slate-300 dark:hover:bg-slate-800" />
    </div>
  );
}
