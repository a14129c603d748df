// The table of a list page, configured by its columns; the columns every kind has (name, state,
// location, ID) are made here so that they look the same on every list.
import { Link, type LinkOptions } from '@tanstack/react-router';
import type { ReactNode } from 'react';
import type { OrderColumn } from '#shared/wire';
import { cn } from '#web/lib/cn.ts';
import { locationLabel } from '#web/lib/location.ts';
import { StateBadge } from './state-badge.tsx';
import { SortableTH, Table, TBody, TD, TH, THead, TR } from './table.tsx';

export interface Column<T> {
  header: string;
  /** The API's order column this header sorts by (a button in the header). */
  sort?: OrderColumn;
  /** Classes of the header and the cells (alignment, hidden on narrow screens). */
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
