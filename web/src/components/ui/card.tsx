import type { ReactNode } from 'react';
import { cn } from '#web/lib/cn.ts';

export function Card({
  children,
  className,
  tone = 'default',
  labelledBy,
}: {
  children: ReactNode;
  className?: string;
  tone?: 'default' | 'danger';
  labelledBy?: string;
}) {
  return (
    <section
      aria-labelledby={labelledBy}
      className={cn(
        'rounded-lg border bg-white shadow-sm dark:bg-slate-900',
        tone === 'danger'
          ? 'border-red-300 dark:border-red-900'
          : 'border-slate-200 dark:border-slate-800',
        className,
      )}
    >
      {children}
    </section>
  );
}

export function CardHeader({
  title,
  id,
  description,
  actions,
}: {
  title: ReactNode;
  id?: string;
  description?: ReactNode;
  actions?: ReactNode;
}) {
  return (
    <div className="flex items-start justify-between gap-4 border-b border-slate-200 px-5 py-4 dark:border-slate-800">
      <div>
        <h2 id={id} className="text-base font-semibold text-slate-900 dark:text-slate-100">
          {title}
        </h2>
        {description ? (
          <p className="mt-1 text-sm text-slate-600 dark:text-slate-400">{description}</p>
        ) : null}
      </div>
      {actions}
    </div>
  );
}
