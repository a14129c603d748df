// An on/off setting: a checkbox with the switch role, its label and what it does beside it.
import { cn } from '#web/lib/cn.ts';

export function SwitchField({
  id,
  label,
  description,
  checked,
  onChange,
  disabled,
  name,
}: {
  id: string;
  label: string;
  description: string;
  checked: boolean;
  onChange: (on: boolean) => void;
  disabled?: boolean;
  name?: string;
}) {
  return (
    <div className="flex items-start justify-between gap-4 rounded-lg border border-slate-200 p-3.5 dark:border-slate-800">
      <div>
        <label htmlFor={id} className="text-sm font-semibold">
          {label}
        </label>
        <p id={`${id}-desc`} className="text-sm text-slate-600 dark:text-slate-400">
          {description}
        </p>
      </div>
      <input
        id={id}
        name={name}
        type="checkbox"
        role="switch"
        aria-describedby={`${id}-desc`}
        checked={checked}
        disabled={disabled}
        onChange={(e) => onChange(e.target.checked)}
        className={cn(
          'relative mt-1 h-5 w-9 shrink-0 cursor-pointer appearance-none rounded-full bg-slate-300 transition-colors disabled:cursor-not-allowed disabled:opacity-60 dark:bg-slate-600',
          "before:absolute before:top-0.5 before:left-0.5 before:size-4 before:rounded-full before:bg-white before:shadow before:transition-transform before:content-['']",
          'checked:bg-blue-600 checked:before:translate-x-4 dark:checked:bg-blue-500',
        )}
      />
    </div>
  );
}
