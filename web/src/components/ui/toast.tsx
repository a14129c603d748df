// Toasts answer what this tab asked for (created, deleted, failed), never a change made
// elsewhere or finished by the worker: those go to the activity list (activity.ts). role=status
// for confirmations (they hide after a while), role=alert for errors (they stay until
// dismissed and carry the request id for support). A small store, so code outside React (the
// session-expiry handler) can raise one too. They sit bottom left, away from the right-hand
// column where tables keep their row actions. On a phone there is no such column: the newest
// toast alone sits over the header bar, a confirmation in one line that fits in it (its
// message is still read out), so it covers no part of the page; an error shows in full.
import { Link } from '@tanstack/react-router';
import { useSyncExternalStore } from 'react';
import { ApiError } from '#web/lib/api-client.ts';
import { cn } from '#web/lib/cn.ts';
import { CloseButton } from './close-button.tsx';

export interface Toast {
  id: number;
  kind: 'success' | 'error';
  title: string;
  message?: string;
  requestId?: string | null;
  /** The page of what the toast is about (a path), e.g. the new resource's. */
  link?: ToastLink;
}

export interface ToastLink {
  label: string;
  to: string;
}

const SUCCESS_MS = 6000;
/** At most this many at once: the oldest goes. */
const MAX_TOASTS = 3;
let toasts: Toast[] = [];
let nextId = 1;
const listeners = new Set<() => void>();

function emit() {
  for (const l of listeners) l();
}

export function dismissToast(id: number): void {
  toasts = toasts.filter((t) => t.id !== id);
  emit();
}

function push(t: Omit<Toast, 'id'>): number {
  const id = nextId++;
  toasts = [...toasts.slice(1 - MAX_TOASTS), { ...t, id }];
  emit();
  if (t.kind === 'success') setTimeout(() => dismissToast(id), SUCCESS_MS);
  return id;
}

export const toast = {
  success: (title: string, message?: string, link?: ToastLink) =>
    push({ kind: 'success', title, message, link }),
  /** An error toast; an ApiError contributes its message and request id. */
  error: (title: string, error?: unknown) =>
    push({
      kind: 'error',
      title,
      message:
        error instanceof Error ? error.message : typeof error === 'string' ? error : undefined,
      requestId: error instanceof ApiError ? error.requestId : undefined,
    }),
};

function subscribe(l: () => void) {
  listeners.add(l);
  return () => listeners.delete(l);
}

export function Toaster() {
  const list = useSyncExternalStore(subscribe, () => toasts);
  return (
    <section
      aria-label="Notifications"
      className="pointer-events-none fixed inset-x-0 top-0 z-50 flex flex-col gap-2 p-2 sm:top-auto sm:right-auto sm:bottom-0 sm:w-88 sm:p-4"
    >
      {list.map((t) => (
        <div
          key={t.id}
          role={t.kind === 'error' ? 'alert' : 'status'}
          className={cn(
            'pointer-events-auto flex w-full items-start gap-3 rounded-lg border bg-white p-3 shadow-lg max-sm:not-last:hidden sm:p-4 dark:bg-slate-900',
            t.kind === 'error'
              ? 'border-red-300 dark:border-red-800'
              : 'border-slate-200 max-sm:items-center max-sm:py-1.5 dark:border-slate-700',
          )}
        >
          {t.kind === 'error' ? (
            <svg
              viewBox="0 0 20 20"
              fill="currentColor"
              className="mt-0.5 size-5 shrink-0 text-red-600 dark:text-red-400"
              aria-hidden="true"
            >
              <path
                fillRule="evenodd"
                d="M18 10a8 8 0 1 1-16 0 8 8 0 0 1 16 0Zm-8-5a.75.75 0 0 1 .75.75v4.5a.75.75 0 0 1-1.5 0v-4.5A.75.75 0 0 1 10 5Zm0 10a1 1 0 1 0 0-2 1 1 0 0 0 0 2Z"
                clipRule="evenodd"
              />
            </svg>
          ) : (
            <svg
              viewBox="0 0 20 20"
              fill="currentColor"
              className="mt-0.5 size-5 shrink-0 text-emerald-600 dark:text-emerald-400"
              aria-hidden="true"
            >
              <path
                fillRule="evenodd"
                d="M10 18a8 8 0 1 0 0-16 8 8 0 0 0 0 16Zm3.86-9.86a.75.75 0 0 0-1.22-.88l-3.24 4.5-1.6-1.6a.75.75 0 1 0-1.06 1.06l2.22 2.22a.75.75 0 0 0 1.14-.09l3.76-5.2Z"
                clipRule="evenodd"
              />
            </svg>
          )}
          <div className="min-w-0 flex-1">
            <p
              className={cn(
                'font-medium text-slate-900 dark:text-slate-100',
                t.kind === 'success' && 'max-sm:truncate',
              )}
            >
              {t.title}
            </p>
            {t.message ? (
              <p
                className={cn(
                  'mt-1 text-sm break-words text-slate-700 dark:text-slate-300',
                  t.kind === 'success' && 'max-sm:sr-only',
                )}
              >
                {t.message}
              </p>
            ) : null}
            {t.link ? (
              <Link
                to={t.link.to}
                onClick={() => dismissToast(t.id)}
                className="mt-1 inline-block text-sm font-medium text-blue-700 underline-offset-2 hover:underline max-sm:hidden dark:text-blue-300"
              >
                {t.link.label}
              </Link>
            ) : null}
            {t.requestId ? (
              <p className="mt-1 font-mono text-xs text-slate-600 select-all dark:text-slate-400">
                Request ID: {t.requestId}
              </p>
            ) : null}
          </div>
          <CloseButton
            label="Dismiss notification"
            onClick={() => dismissToast(t.id)}
            className="-m-1 p-1"
            iconClassName="size-4"
          />
        </div>
      ))}
    </section>
  );
}
