import { useId, type ComponentProps, type ReactNode } from 'react';
import { inputClass } from '../../../components/ui/input.tsx';
import { cn } from '../../../lib/cn.ts';

/** A labelled textarea with its hint and error underneath, like the shared TextField. */
export function TextAreaField({ label, hint, error, className, ...props }: Omit<ComponentProps<'textarea'>, 'id'> & { label: ReactNode; hint?: ReactNode; error?: string }) {
  const id = useId();
  const hintId = hint ? `${id}-hint` : undefined;
  const errorId = error ? `${id}-error` : undefined;
  return (
    <div className={cn('space-y-1.5', className)}>
      <label htmlFor={id} className="block text-sm font-medium text-slate-800 dark:text-slate-200">
        {label}
      </label>
      <textarea
        id={id}
        aria-invalid={error ? true : undefined}
        aria-describedby={[errorId, hintId].filter(Boolean).join(' ') || undefined}
        className={cn(
          inputClass,
          'h-auto min-h-24 py-2 font-mono text-xs leading-relaxed break-all',
          error ? 'border-red-600 focus-visible:outline-red-600 dark:border-red-400 dark:focus-visible:outline-red-400' : 'border-slate-300 dark:border-slate-700',
        )}
        {...props}
      />
      {error ? (
        <p id={errorId} className="flex items-start gap-1.5 text-sm text-red-700 dark:text-red-400">
          <svg viewBox="0 0 20 20" className="mt-0.5 size-4 shrink-0" fill="currentColor" aria-hidden="true">
            <path fillRule="evenodd" d="M18 10a8 8 0 1 1-16 0 8 8 0 0 1 16 0Zm-8-5a.75.75 0 0 1 .75.75v4.5a.75.75 0 0 1-1.5 0v-4.5A.75.75 0 0 1 10 5Zm0 10a1 1 0 1 0 0-2 1 1 0 0 0 0 2Z" clipRule="evenodd" />
          </svg>
          <span>{error}</span>
        </p>
      ) : null}
      {hint ? (
        <p id={hintId} className="text-xs text-slate-600 dark:text-slate-400">
          {hint}
        </p>
      ) : null}
    </div>
  );
}
