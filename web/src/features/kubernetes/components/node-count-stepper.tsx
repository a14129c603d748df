// A node count: a number field between a "fewer" and a "more" button, kept within 1 and the
// most a node pool may hold. The field stays typeable; the buttons only step.
import { useId } from 'react';
import { KUBERNETES_MAX_POOL_NODES } from '#shared/catalog';
import { inputClass } from '#web/components/ui/input.tsx';
import { cn } from '#web/lib/cn.ts';

const stepClass =
  'grid size-9 place-items-center rounded-md border border-slate-300 bg-white text-lg font-semibold text-slate-800 hover:bg-slate-50 disabled:cursor-not-allowed disabled:opacity-50 dark:border-slate-700 dark:bg-slate-900 dark:text-slate-100 dark:hover:bg-slate-800';

export function NodeCountStepper({
  label,
  value,
  onChange,
  error,
  hint,
  name,
  min = 1,
}: {
  label: string;
  /** The field's text (what is typed, maybe not a number yet). */
  value: string;
  onChange: (value: string) => void;
  error?: string;
  hint?: string;
  name?: string;
  min?: number;
}) {
  const id = useId();
  const n = Number(value);
  const step = (by: number) =>
    onChange(
      String(
        Math.min(KUBERNETES_MAX_POOL_NODES, Math.max(min, (Number.isInteger(n) ? n : min) + by)),
      ),
    );
  const describedBy =
    [hint ? `${id}-hint` : '', error ? `${id}-error` : ''].filter(Boolean).join(' ') || undefined;
  return (
    <div>
      <label htmlFor={id} className="block text-sm font-medium text-slate-800 dark:text-slate-200">
        {label}
      </label>
      <div className="mt-1.5 flex items-center gap-2">
        <button
          type="button"
          className={stepClass}
          aria-label={`Fewer: ${label}`}
          disabled={Number.isInteger(n) && n <= min}
          onClick={() => step(-1)}
        >
          −
        </button>
        <div className="w-20">
          <input
            id={id}
            name={name}
            type="number"
            inputMode="numeric"
            min={min}
            max={KUBERNETES_MAX_POOL_NODES}
            value={value}
            onChange={(e) => onChange(e.target.value)}
            aria-invalid={error ? true : undefined}
            aria-describedby={describedBy}
            className={cn(
              inputClass,
              'text-center tabular-nums',
              error
                ? 'border-red-600 dark:border-red-500'
                : 'border-slate-300 dark:border-slate-700',
            )}
          />
        </div>
        <button
          type="button"
          className={stepClass}
          aria-label={`More: ${label}`}
          disabled={Number.isInteger(n) && n >= KUBERNETES_MAX_POOL_NODES}
          onClick={() => step(1)}
        >
          +
        </button>
      </div>
      {hint ? (
        <p id={`${id}-hint`} className="mt-1.5 text-xs text-slate-600 dark:text-slate-400">
          {hint}
        </p>
      ) : null}
      {error ? (
        <p id={`${id}-error`} className="mt-1.5 text-sm text-red-700 dark:text-red-400">
          {error}
        </p>
      ) : null}
    </div>
  );
}

/** The count typed, if it is a whole number of nodes a pool may hold. */
export function parseCount(value: string, min = 1): number | undefined {
  const n = Number(value);
  return value.trim() !== '' && Number.isInteger(n) && n >= min && n <= KUBERNETES_MAX_POOL_NODES
    ? n
    : undefined;
}

export const COUNT_MESSAGE = `Choose from 1 to ${KUBERNETES_MAX_POOL_NODES} nodes.`;
