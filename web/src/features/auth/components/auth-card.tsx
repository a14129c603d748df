import type { ReactNode } from 'react';
import { LogoMark } from '#web/components/layout/logo.tsx';
import { ThemeToggle } from '#web/components/layout/theme-toggle.tsx';

/** A text link on the signed-out pages. */
export const authLinkClass = 'font-medium text-blue-700 hover:underline dark:text-blue-400';

/** The frame of the signed-out pages: brand, a card with the form, a footer line. */
export function AuthCard({
  title,
  subtitle,
  children,
  footer,
}: {
  title: string;
  subtitle?: ReactNode;
  children: ReactNode;
  footer: ReactNode;
}) {
  return (
    <div className="flex min-h-screen flex-col">
      <div className="flex justify-end p-3">
        <ThemeToggle />
      </div>
      <main id="main" className="flex flex-1 flex-col items-center px-4 pt-6 pb-16 sm:pt-12">
        <div className="mb-8 flex items-center gap-2.5">
          <LogoMark className="size-9" />
          <span className="text-xl font-semibold tracking-tight">Cloud console</span>
        </div>
        <div className="w-full max-w-sm rounded-xl border border-slate-200 bg-white p-6 shadow-sm sm:p-8 dark:border-slate-800 dark:bg-slate-900">
          <h1 className="text-xl font-semibold tracking-tight">{title}</h1>
          {subtitle ? (
            <p className="mt-1.5 text-sm text-slate-600 dark:text-slate-400">{subtitle}</p>
          ) : null}
          <div className="mt-6">{children}</div>
        </div>
        <p className="mt-6 text-sm text-slate-600 dark:text-slate-400">{footer}</p>
      </main>
    </div>
  );
}
