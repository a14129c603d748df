import type { ReactNode } from 'react';

export function EmptyState({
  title,
  children,
  action,
  icon,
}: {
  title: string;
  children: ReactNode;
  action?: ReactNode;
  icon?: ReactNode;
}) {
  return (
    <div className="flex flex-col items-center rounded-lg border border-dashed border-slate-300 bg-white px-6 py-14 text-center dark:border-slate-700 dark:bg-slate-900">
      {icon ? <div className="mb-4 text-slate-400 dark:text-slate-500">{icon}</div> : null}
      <h2 className="text-base font-semibold">{title}</h2>
      <div className="mt-1.5 max-w-md text-sm text-slate-600 dark:text-slate-400">{children}</div>
      {action ? <div className="mt-6">{action}</div> : null}
    </div>
  );
}
