// A labelled native menu (a picker of subnets, VMs…) with its hint and error underneath.
import type { ComponentProps, ReactNode } from 'react';
import { LabelledField } from '#web/components/ui/input.tsx';
import { cn } from '#web/lib/cn.ts';

const selectClass =
  'block h-9 w-full rounded-md border bg-white px-2.5 text-sm text-slate-900 shadow-sm disabled:opacity-60 dark:bg-slate-900 dark:text-slate-100 focus-visible:outline-2 focus-visible:outline-offset-0';

/** A labelled menu with its hint and error underneath. */
export function SelectField({
  label,
  hint,
  error,
  className,
  children,
  ...props
}: Omit<ComponentProps<'select'>, 'id'> & { label: ReactNode; hint?: ReactNode; error?: string }) {
  return (
    <LabelledField label={label} hint={hint} error={error} className={className}>
      {(control) => (
        <select
          {...control}
          aria-invalid={error ? true : undefined}
          className={cn(
            selectClass,
            error ? 'border-red-600 dark:border-red-400' : 'border-slate-300 dark:border-slate-700',
          )}
          {...props}
        >
          {children}
        </select>
      )}
    </LabelledField>
  );
}
