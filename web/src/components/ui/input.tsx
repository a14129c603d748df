import { useId, type ComponentProps, type ReactNode } from 'react';
import { cn } from '#web/lib/cn.ts';

export const inputClass =
  'block h-9 w-full rounded-md border bg-white px-3 text-sm text-slate-900 shadow-sm placeholder:text-slate-500 focus-visible:outline-2 focus-visible:outline-offset-0 dark:bg-slate-900 dark:text-slate-100 dark:placeholder:text-slate-400';

export function Input({
  invalid,
  className,
  ...props
}: ComponentProps<'input'> & { invalid?: boolean }) {
  return (
    <input
      aria-invalid={invalid || undefined}
      className={cn(
        inputClass,
        invalid
          ? 'border-red-600 focus-visible:outline-red-600 dark:border-red-400 dark:focus-visible:outline-red-400'
          : 'border-slate-300 dark:border-slate-700',
        className,
      )}
      {...props}
    />
  );
}

/**
 * A label, a control, and the control's error and hint underneath (announced, and tied by
 * aria). `children` renders the control with the id and `aria-describedby` it is given.
 */
export function LabelledField({
  label,
  hint,
  error,
  className,
  children,
}: {
  label: ReactNode;
  hint?: ReactNode;
  error?: string;
  className?: string;
  children: (control: { id: string; 'aria-describedby': string | undefined }) => ReactNode;
}) {
  const id = useId();
  const hintId = hint ? `${id}-hint` : undefined;
  const errorId = error ? `${id}-error` : undefined;
  return (
    <div className={cn('space-y-1.5', className)}>
      <label htmlFor={id} className="block text-sm font-medium text-slate-800 dark:text-slate-200">
        {label}
      </label>
      {children({
        id,
        'aria-describedby': [errorId, hintId].filter(Boolean).join(' ') || undefined,
      })}
      {error ? (
        <p id={errorId} className="flex items-start gap-1.5 text-sm text-red-700 dark:text-red-400">
          <svg
            viewBox="0 0 20 20"
            className="mt-0.5 size-4 shrink-0"
            fill="currentColor"
            aria-hidden="true"
          >
            <path
              fillRule="evenodd"
              d="M18 10a8 8 0 1 1-16 0 8 8 0 0 1 16 0Zm-8-5a.75.75 0 0 1 .75.75v4.5a.75.75 0 0 1-1.5 0v-4.5A.75.75 0 0 1 10 5Zm0 10a1 1 0 1 0 0-2 1 1 0 0 0 0 2Z"
              clipRule="evenodd"
            />
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

/** A labelled input with its hint and its error underneath. */
export function TextField({
  label,
  hint,
  error,
  className,
  ...props
}: Omit<ComponentProps<'input'>, 'id'> & { label: ReactNode; hint?: ReactNode; error?: string }) {
  return (
    <LabelledField label={label} hint={hint} error={error} className={className}>
      {(control) => <Input {...control} invalid={!!error} {...props} />}
    </LabelledField>
  );
}

/** A resource's name: typed exactly, never completed or spell-checked (the name rules give the error for length). */
export function NameField(props: ComponentProps<typeof TextField>) {
  return <TextField autoComplete="off" spellCheck={false} maxLength={100} {...props} />;
}
