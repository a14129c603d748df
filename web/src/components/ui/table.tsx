import { useEffect, useRef, useState, type ComponentProps, type ReactNode } from 'react';
import { cn } from '#web/lib/cn.ts';

/**
 * Whether the frame's content is wider than the frame (`overflows`) and more of it lies to the
 * right of what is shown (`more`): measured on resizes of the frame or the table and on scroll.
 */
function useHorizontalOverflow() {
  const ref = useRef<HTMLDivElement>(null);
  const [state, setState] = useState({ overflows: false, more: false });
  useEffect(() => {
    const frame = ref.current;
    if (!frame) return;
    const measure = () => {
      const overflows = frame.scrollWidth > frame.clientWidth + 1;
      // One pixel of slack: zoomed pages report fractional widths.
      const more = overflows && frame.scrollLeft + frame.clientWidth < frame.scrollWidth - 1;
      setState((prev) =>
        prev.overflows === overflows && prev.more === more ? prev : { overflows, more },
      );
    };
    measure();
    const resize = new ResizeObserver(measure);
    resize.observe(frame);
    if (frame.firstElementChild) resize.observe(frame.firstElementChild);
    frame.addEventListener('scroll', measure, { passive: true });
    return () => {
      resize.disconnect();
      frame.removeEventListener('scroll', measure);
    };
  }, []);
  return { ref, ...state };
}

/**
 * A table in a horizontally scrolling frame. While the table is wider than the frame, a shaded
 * right edge shows that more lies to the right, and the frame is a focusable region named
 * `scrollLabel` (default: the caption, when it is text), so keyboard users can scroll it.
 */
export function Table({
  className,
  caption,
  children,
  scrollLabel,
  ...props
}: ComponentProps<'table'> & { caption?: ReactNode; scrollLabel?: string }) {
  const { ref, overflows, more } = useHorizontalOverflow();
  const label = scrollLabel ?? (typeof caption === 'string' ? caption : undefined);
  return (
    <div className="relative rounded-lg border border-slate-200 bg-white shadow-sm dark:border-slate-800 dark:bg-slate-900">
      <div
        ref={ref}
        data-scrolls={overflows || undefined}
        className="overflow-x-auto rounded-lg focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-blue-700"
        {...(overflows && label ? { tabIndex: 0, role: 'region', 'aria-label': label } : {})}
      >
        <table className={cn('w-full border-collapse text-left text-sm', className)} {...props}>
          {caption ? <caption className="sr-only">{caption}</caption> : null}
          {children}
        </table>
      </div>
      {more ? (
        <div
          data-scroll-cue=""
          aria-hidden="true"
          className="pointer-events-none absolute inset-y-0 right-0 w-10 rounded-r-lg bg-linear-to-l from-slate-400/50 to-transparent dark:from-black/70"
        />
      ) : null}
    </div>
  );
}

export function THead(props: ComponentProps<'thead'>) {
  return (
    <thead
      className="border-b border-slate-200 bg-slate-50 dark:border-slate-800 dark:bg-slate-900/60"
      {...props}
    />
  );
}

/** A header row of plain column names; `actions` adds a last column for each row's buttons, named for screen readers only. */
export function THeadRow({ columns, actions }: { columns: readonly string[]; actions?: boolean }) {
  return (
    <THead>
      <tr>
        {columns.map((c) => (
          <TH key={c}>{c}</TH>
        ))}
        {actions ? (
          <TH>
            <span className="sr-only">Actions</span>
          </TH>
        ) : null}
      </tr>
    </THead>
  );
}

export function TBody(props: ComponentProps<'tbody'>) {
  return <tbody className="divide-y divide-slate-200 dark:divide-slate-800" {...props} />;
}

export function TR({ className, ...props }: ComponentProps<'tr'>) {
  return (
    <tr className={cn('hover:bg-slate-50 dark:hover:bg-slate-800/40', className)} {...props} />
  );
}

export function TH({ className, ...props }: ComponentProps<'th'>) {
  return (
    <th
      scope="col"
      className={cn(
        'px-4 py-2.5 text-xs font-semibold tracking-wide text-slate-600 uppercase dark:text-slate-400',
        className,
      )}
      {...props}
    />
  );
}

export function TD({ className, ...props }: ComponentProps<'td'>) {
  return (
    <td className={cn('px-4 py-2.5 text-slate-800 dark:text-slate-200', className)} {...props} />
  );
}

/**
 * A column header that sorts the list. The API sorts ascending only, so a column is either
 * the sort column (ascending) or not.
 */
export function SortableTH({
  label,
  active,
  onSort,
  className,
}: {
  label: string;
  active: boolean;
  onSort: () => void;
  className?: string;
}) {
  return (
    <th
      scope="col"
      aria-sort={active ? 'ascending' : 'none'}
      className={cn(
        'px-2 py-1.5 text-xs font-semibold tracking-wide text-slate-600 uppercase dark:text-slate-400',
        className,
      )}
    >
      <button
        type="button"
        onClick={onSort}
        className={cn(
          'inline-flex items-center gap-1 rounded px-2 py-1 uppercase hover:bg-slate-200/60 dark:hover:bg-slate-800',
          active && 'text-slate-900 dark:text-slate-100',
        )}
      >
        {label}
        <svg
          viewBox="0 0 20 20"
          fill="currentColor"
          className={cn('size-3.5', active ? 'opacity-100' : 'opacity-40')}
          aria-hidden="true"
        >
          {active ? (
            <path
              fillRule="evenodd"
              d="M10 5a.75.75 0 0 1 .55.24l4 4.25a.75.75 0 1 1-1.1 1.02L10 6.85 6.55 10.5a.75.75 0 0 1-1.1-1.02l4-4.25A.75.75 0 0 1 10 5Z"
              clipRule="evenodd"
            />
          ) : (
            <path
              fillRule="evenodd"
              d="M10 3a.75.75 0 0 1 .55.24l3.25 3.5a.75.75 0 1 1-1.1 1.02L10 4.85 7.3 7.76a.75.75 0 0 1-1.1-1.02l3.25-3.5A.75.75 0 0 1 10 3Zm-3.76 9.2a.75.75 0 0 1 1.06.04l2.7 2.91 2.7-2.9a.75.75 0 1 1 1.1 1.02l-3.25 3.5a.75.75 0 0 1-1.1 0l-3.25-3.5a.75.75 0 0 1 .04-1.06Z"
              clipRule="evenodd"
            />
          )}
        </svg>
      </button>
    </th>
  );
}
