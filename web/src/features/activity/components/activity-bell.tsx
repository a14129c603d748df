// The header's bell: the count of unread changes made elsewhere (activity.ts) and, behind it, a
// non-modal panel listing the recent ones with links to what changed. Opening it marks all
// read; what was unread keeps its "New" mark until the panel closes or "Mark all read". Escape
// and a click outside close it, focus goes back to the bell.
import { Link, useParams } from '@tanstack/react-router';
import { useEffect, useId, useRef, useState, useSyncExternalStore } from 'react';
import { cn } from '#web/lib/cn.ts';
import { formatUtc } from '#web/lib/date.ts';
import { activity, activityPath, describeActivity, type ActivityEntry } from '#web/lib/activity.ts';

/** The bell's accessible name: "Activity", or "Activity, 3 unread". */
export function bellLabel(unread: number): string {
  return unread ? `Activity, ${unread} unread` : 'Activity';
}

function useActivity(accountId: string) {
  useEffect(() => {
    activity.setAccount(accountId);
    // Another tab of this browser wrote the list (its own events, or it was read there).
    const onStorage = (e: StorageEvent) => {
      if (e.key === null || e.key === activity.storageKey) activity.reload();
    };
    window.addEventListener('storage', onStorage);
    return () => window.removeEventListener('storage', onStorage);
  }, [accountId]);
  return useSyncExternalStore(
    (l) => activity.subscribe(l),
    () => activity.snapshot(),
  );
}

export function ActivityBell({
  accountId,
  projectName,
}: {
  accountId: string;
  /** A project's name, where known (an entry of another project than the open one says it). */
  projectName: (projectId: string) => string | undefined;
}) {
  const { entries, unread } = useActivity(accountId);
  const [open, setOpen] = useState(false);
  /** What was unread when the panel opened: marked "New" while it stays open. */
  const [fresh, setFresh] = useState<ReadonlySet<string>>(new Set());
  const buttonRef = useRef<HTMLButtonElement>(null);
  const panelRef = useRef<HTMLDivElement>(null);
  const panelId = useId();
  const titleId = useId();

  const close = (refocus: boolean) => {
    setOpen(false);
    setFresh(new Set());
    if (refocus) buttonRef.current?.focus();
  };

  const show = () => {
    setFresh(
      new Set(
        activity
          .snapshot()
          .entries.filter((e) => e.unread)
          .map((e) => e.key),
      ),
    );
    activity.markAllRead();
    setOpen(true);
  };

  useEffect(() => {
    if (!open) return;
    panelRef.current?.focus();
    const onPointer = (e: PointerEvent) => {
      const t = e.target as Node;
      if (!panelRef.current?.contains(t) && !buttonRef.current?.contains(t)) close(false);
    };
    document.addEventListener('pointerdown', onPointer);
    return () => document.removeEventListener('pointerdown', onPointer);
  }, [open]);

  return (
    <div className="relative">
      <button
        ref={buttonRef}
        type="button"
        aria-label={bellLabel(unread)}
        aria-expanded={open}
        aria-controls={open ? panelId : undefined}
        aria-haspopup="dialog"
        title={bellLabel(unread)}
        onClick={() => (open ? close(false) : show())}
        className="relative inline-flex size-9 items-center justify-center rounded-md text-slate-600 hover:bg-slate-100 hover:text-slate-900 dark:text-slate-300 dark:hover:bg-slate-800 dark:hover:text-white"
      >
        <svg
          viewBox="0 0 24 24"
          fill="none"
          stroke="currentColor"
          strokeWidth="1.75"
          strokeLinecap="round"
          strokeLinejoin="round"
          className="size-5"
          aria-hidden="true"
        >
          <path d="M6 8a6 6 0 1 1 12 0c0 7 3 9 3 9H3s3-2 3-9M10.3 21a1.94 1.94 0 0 0 3.4 0" />
        </svg>
        {unread ? (
          <span
            aria-hidden="true"
            data-testid="activity-unread"
            className="absolute -top-0.5 -right-0.5 flex h-4.5 min-w-4.5 items-center justify-center rounded-full bg-red-700 px-1 text-[11px] leading-none font-semibold text-white dark:bg-red-500 dark:text-slate-950"
          >
            {unread > 99 ? '99+' : unread}
          </span>
        ) : null}
      </button>
      {open ? (
        <div
          ref={panelRef}
          id={panelId}
          role="dialog"
          aria-labelledby={titleId}
          tabIndex={-1}
          onKeyDown={(e) => {
            if (e.key === 'Escape') {
              e.preventDefault();
              close(true);
            }
          }}
          onBlur={(e) => {
            // Tab past the last link (or Shift+Tab past the panel) leaves it: it closes.
            const to = e.relatedTarget as Node | null;
            if (to && !panelRef.current?.contains(to) && to !== buttonRef.current) close(false);
          }}
          className="absolute right-0 z-40 mt-1.5 w-[min(24rem,calc(100vw-1rem))] rounded-lg border border-slate-200 bg-white shadow-lg outline-none dark:border-slate-700 dark:bg-slate-900"
        >
          <div className="flex items-center justify-between gap-2 border-b border-slate-200 px-3 py-2 dark:border-slate-700">
            <h2 id={titleId} className="text-sm font-semibold">
              Activity
            </h2>
            <button
              type="button"
              onClick={() => {
                setFresh(new Set());
                activity.markAllRead();
              }}
              className="rounded-md px-2 py-1 text-sm font-medium text-blue-700 hover:bg-slate-100 dark:text-blue-300 dark:hover:bg-slate-800"
            >
              Mark all read
            </button>
          </div>
          <ActivityList
            entries={entries}
            isNew={(e) => e.unread || fresh.has(e.key)}
            onFollow={() => close(false)}
            projectName={projectName}
          />
        </div>
      ) : null}
    </div>
  );
}

function ActivityList({
  entries,
  isNew,
  onFollow,
  projectName,
}: {
  entries: readonly ActivityEntry[];
  isNew: (entry: ActivityEntry) => boolean;
  onFollow: () => void;
  projectName: (projectId: string) => string | undefined;
}) {
  const { projectId } = useParams({ strict: false });

  if (entries.length === 0)
    return (
      <p className="px-3 py-4 text-sm text-slate-600 dark:text-slate-400">
        No activity yet. Changes made elsewhere (by other members, other clients of the API, or as
        resources settle) appear here.
      </p>
    );
  return (
    <ul aria-label="Recent changes" className="max-h-96 overflow-y-auto py-1">
      {entries.map((e) => {
        const fresh = isNew(e);
        const where = e.projectId !== projectId ? projectName(e.projectId) : undefined;
        return (
          <li
            key={e.key}
            className={cn(
              'border-l-2 px-3 py-2',
              fresh ? 'border-blue-600 dark:border-blue-400' : 'border-transparent',
            )}
          >
            <Link
              to={activityPath(e)}
              onClick={onFollow}
              className="text-sm font-medium text-slate-900 hover:underline dark:text-slate-100"
            >
              {describeActivity(e)}
            </Link>
            <p className="mt-0.5 flex flex-wrap gap-x-2 text-xs text-slate-600 dark:text-slate-400">
              {fresh ? (
                <span className="font-semibold text-blue-700 dark:text-blue-300">New</span>
              ) : null}
              <time dateTime={e.at}>{formatUtc(e.at)}</time>
              {where ? <span>in {where}</span> : null}
              {e.own ? <span>by you</span> : null}
            </p>
          </li>
        );
      })}
    </ul>
  );
}
