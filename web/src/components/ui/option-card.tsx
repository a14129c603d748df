// Radio cards: a native radio (so arrows move within the group and the form knows its value),
// hidden visually, inside a card that shows what the option gives.
import { useId, type ReactNode } from 'react';
import { LOCATIONS } from '#shared/catalog';
import { cn } from '#web/lib/cn.ts';

export function OptionCard({
  name,
  value,
  checked,
  onChange,
  title,
  description,
  aside,
  disabled,
}: {
  name: string;
  value: string;
  checked: boolean;
  onChange: (value: string) => void;
  title: ReactNode;
  description?: ReactNode;
  /** Shown on the right (a price). */
  aside?: ReactNode;
  disabled?: boolean;
}) {
  const id = useId();
  return (
    <label
      className={cn(
        'relative flex cursor-pointer items-start gap-3 rounded-lg border bg-white p-3.5 shadow-sm transition-colors dark:bg-slate-900',
        'has-focus-visible:outline-2 has-focus-visible:outline-offset-2 has-focus-visible:outline-blue-600 dark:has-focus-visible:outline-blue-400',
        checked
          ? 'border-blue-600 ring-1 ring-blue-600 dark:border-blue-400 dark:ring-blue-400'
          : 'border-slate-300 hover:border-slate-400 dark:border-slate-700 dark:hover:border-slate-500',
        disabled && 'cursor-not-allowed opacity-60',
      )}
    >
      <input
        type="radio"
        className="absolute inset-0 z-10 m-0 size-full cursor-pointer appearance-none rounded-lg opacity-0 disabled:cursor-not-allowed"
        name={name}
        value={value}
        checked={checked}
        disabled={disabled}
        onChange={(e) => onChange(e.target.value)}
        aria-labelledby={`${id}-title`}
        aria-describedby={description || aside ? `${id}-desc` : undefined}
      />
      <span
        aria-hidden="true"
        className={cn(
          'mt-0.5 grid size-4 shrink-0 place-items-center rounded-full border',
          checked
            ? 'border-blue-600 bg-blue-600 dark:border-blue-400 dark:bg-blue-400'
            : 'border-slate-400 dark:border-slate-500',
        )}
      >
        {checked ? <span className="size-1.5 rounded-full bg-white dark:bg-slate-900" /> : null}
      </span>
      <span className="flex min-w-0 flex-1 items-start justify-between gap-4">
        <span className="min-w-0">
          <span
            id={`${id}-title`}
            className="block text-sm font-semibold text-slate-900 dark:text-slate-100"
          >
            {title}
          </span>
          <span id={`${id}-desc`} className="block text-sm text-slate-600 dark:text-slate-400">
            {description}
            {aside ? <span className="sr-only">, {aside}</span> : null}
          </span>
        </span>
        {aside ? (
          <span aria-hidden="true" className="shrink-0 text-right text-sm">
            {aside}
          </span>
        ) : null}
      </span>
    </label>
  );
}

/** A group of options with its legend and the error under it. */
export function OptionGroup({
  legend,
  hint,
  error,
  children,
  className,
}: {
  legend: string;
  hint?: ReactNode;
  error?: string;
  children: ReactNode;
  className?: string;
}) {
  const id = useId();
  return (
    <fieldset aria-describedby={error ? `${id}-error` : undefined} className="min-w-0">
      <legend className="text-sm font-medium text-slate-800 dark:text-slate-200">{legend}</legend>
      {hint ? <p className="mt-1 text-xs text-slate-600 dark:text-slate-400">{hint}</p> : null}
      <div className={cn('mt-2 grid gap-3', className)}>{children}</div>
      {error ? (
        <p id={`${id}-error`} className="mt-2 text-sm text-red-700 dark:text-red-400">
          {error}
        </p>
      ) : null}
    </fieldset>
  );
}

/** "Location": one card a location (Germany, `eu-central-h1`), for create forms. */
export function LocationOptions({
  value,
  onChange,
  hint,
  error,
}: {
  value: string;
  onChange: (location: string) => void;
  hint?: ReactNode;
  error?: string;
}) {
  return (
    <OptionGroup legend="Location" hint={hint} error={error} className="sm:grid-cols-3">
      {LOCATIONS.map((l) => (
        <OptionCard
          key={l.name}
          name="location"
          value={l.name}
          checked={value === l.name}
          onChange={onChange}
          title={l.displayName}
          description={<span className="font-mono text-xs">{l.name}</span>}
        />
      ))}
    </OptionGroup>
  );
}
