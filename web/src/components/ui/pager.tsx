// The paging parts of a list: the Previous/Next pager under it (rows per page, "Page n of m"),
// the count above it, and the empty page. The list's state is in the URL; the pager says which
// search changes to make (`onChange`).
import {
  FIRST_PAGE,
  PAGE_SIZES,
  type CursorPage,
  type PageSize,
  type PagingSearch,
} from '#web/lib/list-search.ts';
import { cn } from '#web/lib/cn.ts';
import { Button, Spinner } from './button.tsx';
import { EmptyState } from './empty-state.tsx';

export function Pager({
  page,
  onChange,
  className,
}: {
  page: CursorPage;
  onChange: (change: PagingSearch) => void;
  className?: string;
}) {
  return (
    <nav
      aria-label="Pagination"
      className={cn('flex flex-wrap items-center justify-between gap-3', className)}
    >
      <label className="flex items-center gap-2 text-sm text-slate-600 dark:text-slate-400">
        Rows per page
        <select
          value={page.size}
          onChange={(e) => onChange({ size: Number(e.target.value) as PageSize, ...FIRST_PAGE })}
          className="h-8 rounded-md border border-slate-300 bg-white px-2 text-sm text-slate-900 dark:border-slate-700 dark:bg-slate-900 dark:text-slate-100"
        >
          {PAGE_SIZES.map((n) => (
            <option key={n} value={n}>
              {n}
            </option>
          ))}
        </select>
      </label>
      <div className="flex items-center gap-2">
        <span className="text-sm text-slate-600 dark:text-slate-400">
          Page {page.number} of {Math.max(1, Math.ceil(page.count / page.size))}
        </span>
        <Button
          variant="secondary"
          size="sm"
          onClick={() => onChange(page.previous)}
          disabled={!page.hasPrevious}
        >
          Previous
        </Button>
        <Button
          variant="secondary"
          size="sm"
          onClick={() => onChange(page.next)}
          disabled={!page.hasNext}
        >
          Next
        </Button>
      </div>
    </nav>
  );
}

/** The count above a list ("Showing 1–10 of 12", "3 of 12 projects match"), with a spinner while fetching. */
export function ListStatus({
  fetching,
  className,
  children,
}: {
  fetching: boolean;
  className?: string;
  children: string;
}) {
  return (
    <p
      className={cn(
        'flex items-center gap-2 text-sm text-slate-600 dark:text-slate-400',
        className,
      )}
      aria-live="polite"
    >
      {fetching ? <Spinner className="text-slate-500" /> : null}
      {children}
    </p>
  );
}

/** "3 of 12 projects match" (`one`/`many`: "project matches"/"projects match"). */
export const matchText = (shown: number, count: number, one: string, many: string) =>
  `${shown} of ${count} ${count === 1 ? one : many}`;

/** A page past the end (rows deleted since it was opened): back to the first page. */
export function EmptyPage({ what, onFirstPage }: { what: string; onFirstPage: () => void }) {
  return (
    <EmptyState
      title="This page is empty"
      action={
        <Button variant="secondary" onClick={onFirstPage}>
          Back to the first page
        </Button>
      }
    >
      {what} were deleted since this page was opened.
    </EmptyState>
  );
}
