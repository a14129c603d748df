import type { ComponentProps, ReactNode } from 'react';
import { cn } from '#web/lib/cn.ts';
import { inputClass, LabelledField } from './input.tsx';

/** A labelled textarea with its hint and error underneath, like TextField. */
export function TextAreaField({
  label,
  hint,
  error,
  className,
  ...props
}: Omit<ComponentProps<'textarea'>, 'id'> & {
  label: ReactNode;
  hint?: ReactNode;
  error?: string;
}) {
  return (
    <LabelledField label={label} hint={hint} error={error} className={className}>
      {(control) => (
        <textarea
          {...control}
          aria-invalid={error ? true : undefined}
          className={cn(
            inputClass,
            'h-auto min-h-24 py-2 font-mono text-xs leading-relaxed break-all',
            error
              ? 'border-red-600 focus-visible:outline-red-600 dark:border-red-400 dark:focus-visible:outline-red-400'
              : 'border-slate-300 dark:border-slate-700',
          )}
          {...props}
        />
      )}
    </LabelledField>
  );
}
