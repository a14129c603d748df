// The table of a list page, configured by its columns; the columns every kind has (name, state,
// location, ID) are made here so that they look the same on every list. Below Tailwind's `sm`
// breakpoint (a phone) the rows are cards instead: each cell under its column's header.
import { Link, type LinkOptions } from '@tanstack/react-router';
import { useId, type ReactNode } from 'react';
import type { OrderColumn } from '#shared/wire';
import { cn } from '#web/lib/cn.ts';
import { locationLabel } from '#web/lib/location.ts';
import { SM_UP, useMediaQuery } from '#web/lib/media.ts';
import { StateBadge } from './state-badge.tsx';
import { SortableTH, Table, TBody, TD, TH, THead, TR } from './table.tsx';

export interface Column<T> {
  header: string;
  /** The API's order column this header sorts by (a button in the header). */
  sort?: OrderColumn;
  /**
   * Classes of the header and the cells (alignment, hidden on narrow screens: the columns that
   * matter least, such as ID and description, hide first so that the rest fit). Cards show
   * every column and use only `cellClassName`.
   */
  className?: string;
  /** More classes of the cells only. */
  cellClassName?: string;
  cell: (item: T) => ReactNode;
}

export function DataTable<T extends { id: string }>({
  caption,
  columns,
  items,
  sort,
  onSort,
}: {
  /** "Firewalls": the table's name is "Firewalls, sorted by name". */
  caption: string;
  columns: readonly Column<T>[];
  items: readonly T[];
  sort: OrderColumn;
  onSort: (column: OrderColumn) => void;
}) {
  const wide = useMediaQuery(SM_UP);
  if (!wide)
    return (
      <DataCards caption={caption} columns={columns} items={items} sort={sort} onSort={onSort} />
    );
  return (
    <Table caption={`${caption}, sorted by ${sort}`}>
      <THead>
        <tr>
          {columns.map((c) =>
            c.sort ? (
              <SortableTH
                key={c.header}
                label={c.header}
                active={sort === c.sort}
                onSort={() => onSort(c.sort!)}
                className={c.className}
              />
            ) : (
              <TH key={c.header} className={c.className}>
                {c.header}
              </TH>
            ),
          )}
        </tr>
      </THead>
      <TBody>
        {items.map((item) => (
          <TR key={item.id}>
            {columns.map((c) => (
              <TD key={c.header} className={cn(c.className, c.cellClassName)}>
                {c.cell(item)}
              </TD>
            ))}
          </TR>
        ))}
      </TBody>
    </Table>
  );
}

/**
 * The phone layout: a list of cards, one a row, each cell labelled by its column's header; the
 * sortable headers become a "Sort by" choice above them.
 */
function DataCards<T extends { id: string }>({
  caption,
  columns,
  items,
  sort,
  onSort,
}: Parameters<typeof DataTable<T>>[0]) {
  const sortable = columns.filter((c) => c.sort);
  const sortId = useId();
  return (
    <div className="space-y-3">
      {sortable.length > 1 ? (
        <div className="flex items-center gap-2 text-sm">
          <label htmlFor={sortId} className="text-slate-600 dark:text-slate-400">
            Sort by
          </label>
          <select
            id={sortId}
            value={sort}
            onChange={(e) => onSort(e.target.value as OrderColumn)}
            className="h-8 rounded-md border border-slate-300 bg-white px-2 text-sm text-slate-900 dark:border-slate-700 dark:bg-slate-900 dark:text-slate-100"
          >
            {sortable.map((c) => (
              <option key={c.sort} value={c.sort}>
                {c.header}
              </option>
            ))}
          </select>
        </div>
      ) : null}
      <ul role="list" aria-label={`${caption}, sorted by ${sort}`} className="space-y-3">
        {items.map((item) => (
          <li
            key={item.id}
            className="rounded-lg border border-slate-200 bg-white px-4 py-3 shadow-sm dark:border-slate-800 dark:bg-slate-900"
          >
            <dl className="grid grid-cols-[minmax(5rem,auto)_minmax(0,1fr)] gap-x-4 gap-y-1.5 text-sm">
              {columns.map((c) => (
                <div key={c.header} className="contents">
                  <dt className="pt-0.5 text-xs font-semibold tracking-wide text-slate-600 uppercase dark:text-slate-400">
                    {c.header}
                  </dt>
                  <dd
                    className={cn(
                      'min-w-0 break-words text-slate-800 dark:text-slate-200',
                      c.cellClassName,
                    )}
                  >
                    {c.cell(item)}
                  </dd>
                </div>
              ))}
            </dl>
          </li>
        ))}
      </ul>
    </div>
  );
}

export const tableLinkClass = 'font-medium text-blue-700 hover:underline dark:text-blue-400';

/** "Name", sortable: a link to the item's page. */
export function nameColumn<T extends { name: string }>(
  link: (item: T) => LinkOptions,
  className?: string,
): Column<T> {
  return {
    header: 'Name',
    sort: 'name',
    className,
    cell: (item) => (
      <Link {...link(item)} className={tableLinkClass}>
        {item.name}
      </Link>
    ),
  };
}

/** "ID", sortable (creation order); `className` hides it on narrow screens, say. */
export function idColumn<T extends { id: string }>(
  className?: string,
  cell?: (item: T) => ReactNode,
): Column<T> {
  return {
    header: 'ID',
    sort: 'id',
    className,
    cellClassName: 'font-mono text-xs text-slate-600 dark:text-slate-400',
    cell: cell ?? ((item) => item.id),
  };
}

export function stateColumn<T extends { state: string }>(): Column<T> {
  return { header: 'State', cell: (item) => <StateBadge state={item.state} /> };
}

/** "Location": its name in words over the API's name. */
export function locationColumn<T extends { location: string }>(): Column<T> {
  return {
    header: 'Location',
    cell: (item) => (
      <>
        <span className="whitespace-nowrap">{locationLabel(item.location)}</span>
        <span className="block font-mono text-xs text-slate-600 dark:text-slate-400">
          {item.location}
        </span>
      </>
    ),
  };
}

/** A right-aligned number (rules, NICs). */
export function countColumn<T>(header: string, count: (item: T) => number): Column<T> {
  return { header, className: 'text-right', cellClassName: 'tabular-nums', cell: count };
}
