// The URL state shared by the console's lists (projects, VMs, subnets, firewalls): search text,
// sort column, page size, and the cursor (`after`) plus the cursors of the pages before it
// (`trail`), since the API pages forward only (decisions 011, 012, 020).
import { LOCATION_NAMES, type LocationName } from '#shared/catalog';
import { MAX_PAGE_SIZE, ORDER_COLUMNS, type OrderColumn } from '#shared/wire';
import { oneOf, searchParams, text, textList } from './search-params.ts';

export const PAGE_SIZES = [10, 25, 50, 100] as const;
export type PageSize = (typeof PAGE_SIZES)[number];
export const DEFAULT_PAGE_SIZE: PageSize = 10;

/** `?q=`: the name search (the API has none: the list filters one page of the maximum size). */
export const querySearch = { q: text(100) };

/** `?location=`: the location filter. */
export const locationSearch = { location: oneOf(LOCATION_NAMES) };

/** `?sort=&size=&after=&trail=`: the order and the page. Spread last, after the filters. */
export const pagingSearch = {
  sort: oneOf(ORDER_COLUMNS),
  size: oneOf(PAGE_SIZES),
  after: text(63, 1),
  trail: textList(500, 63),
};

export interface PagingSearch {
  sort?: OrderColumn;
  size?: PageSize;
  after?: string;
  trail?: string[];
}

/** Back to the first page (after a filter, sort or size changes). */
export const FIRST_PAGE = { after: undefined, trail: undefined } as const;

/**
 * The list endpoint's query: one page at the cursor, or (`loadAll`, while the list filters on
 * its own) one page of the maximum size.
 */
export function pageQuery(
  search: PagingSearch,
  loadAll: boolean,
): { order_column: OrderColumn; page_size: string; start_after?: string } {
  const order_column = search.sort ?? 'name';
  if (loadAll) return { order_column, page_size: String(MAX_PAGE_SIZE) };
  return {
    order_column,
    page_size: String(search.size ?? DEFAULT_PAGE_SIZE),
    start_after: search.after,
  };
}

/** Where a list stands: what the pager shows and the search changes that move it. */
export interface CursorPage {
  sort: OrderColumn;
  size: PageSize;
  /** The page's number, from 1. */
  number: number;
  /** The index of the page's first row in the whole list. */
  first: number;
  count: number;
  hasPrevious: boolean;
  hasNext: boolean;
  /** The search changes that open the previous and the next page. */
  previous: Pick<PagingSearch, 'after' | 'trail'>;
  next: Pick<PagingSearch, 'after' | 'trail'>;
}

/**
 * @param items the rows of the page the API returned
 * @param paged false while the list filters one big page itself (no pages to move through)
 */
export function cursorPage(
  search: PagingSearch,
  items: readonly { id: string; name: string }[],
  count: number,
  paged = true,
): CursorPage {
  const sort = search.sort ?? 'name';
  const size = search.size ?? DEFAULT_PAGE_SIZE;
  const trail = search.trail ?? [];
  const first = trail.length * size;
  const last = items[items.length - 1];
  return {
    sort,
    size,
    number: trail.length + 1,
    first,
    count,
    hasPrevious: trail.length > 0,
    hasNext: paged && !!last && items.length === size && first + items.length < count,
    previous: {
      after: trail[trail.length - 1] || undefined,
      trail: trail.length > 1 ? trail.slice(0, -1) : undefined,
    },
    next: last
      ? { after: sort === 'name' ? last.name : last.id, trail: [...trail, search.after ?? ''] }
      : {},
  };
}

/** "Showing 11–20 of 42" for a page of `shown` rows ('' for an empty list). */
export function rangeText(page: CursorPage, shown: number): string {
  if (!page.count) return '';
  return `Showing ${shown ? page.first + 1 : 0}–${page.first + shown} of ${page.count}`;
}

/** The URL state of a list page: the paging, the name search, the location and any other filter. */
export interface ListSearch extends PagingSearch {
  q?: string;
  location?: LocationName;
  [param: string]: unknown;
}

/** A filter the API has no parameter for (a VM's state): `?<param>=` keeps the chosen value. */
export interface ListFilter<T> {
  param: string;
  label: string;
  /** The option that means no filter ("All states"). */
  allLabel: string;
  options: readonly { value: string; label: string }[];
  matches: (item: T, value: string) => boolean;
}

/** The URL state of a list with a state filter besides the name search and the location (decision 020). */
export const stateListSearch = <const S extends readonly [string, ...string[]]>(states: S) =>
  searchParams({ ...querySearch, ...locationSearch, state: oneOf(states), ...pagingSearch });

/** The filter of a list by its rows' state: an option a state. */
export function stateFilter<T extends { state: string }>(states: readonly string[]): ListFilter<T> {
  return {
    param: 'state',
    label: 'State',
    allLabel: 'All states',
    options: states.map((state) => ({ value: state, label: state })),
    matches: (item, state) => item.state === state,
  };
}

/**
 * A list the API cannot search by name (nor filter by `filters`): the rows of the page the API
 * returned (one page of the maximum size while filtering, see `pageQuery`), those whose name
 * contains `q` and that pass the filters, and where the list stands (no pages while filtering).
 */
export function filteredList<T extends { id: string; name: string }>(
  search: ListSearch,
  data: { items: T[]; count: number } | undefined,
  filters: readonly ListFilter<T>[] = [],
) {
  const items = data?.items ?? [];
  const count = data?.count ?? 0;
  const needle = search.q?.trim().toLowerCase();
  const active = filters.flatMap((f) =>
    typeof search[f.param] === 'string' ? [{ f, value: search[f.param] as string }] : [],
  );
  const filtering = !!needle || active.length > 0;
  const shown = items.filter(
    (item) =>
      (!needle || item.name.toLowerCase().includes(needle)) &&
      active.every(({ f, value }) => f.matches(item, value)),
  );
  return {
    items,
    count,
    needle,
    filtering,
    shown,
    page: cursorPage(search, items, count, !filtering),
  };
}
