// The scaffold of a project's list of resources searched by name (subnets, firewalls): the
// empty state of a project without any, the toolbar (search box, filters, create button), the
// count, the table or the empty state of a search or a page past the end, and the pager. The
// route keeps the list's state in the URL and says what each control changes.
import type { ReactNode } from 'react';
import { FIRST_PAGE, rangeText, type CursorPage, type PagingSearch } from '../../lib/list-search.ts';
import { Button } from './button.tsx';
import { EmptyState } from './empty-state.tsx';
import { EmptyPage, ListStatus, matchText, Pager } from './pager.tsx';
import { SearchInput, type useSearchBox } from './search-input.tsx';

export function ResourceList({
  singular,
  plural,
  empty,
  createAction,
  filters,
  searchBox,
  query,
  filterLabel,
  fetching,
  list: { items, count, needle, shown, page },
  filtered,
  table,
  onClearFilters,
  onPage,
}: {
  /** "firewall", "subnet": in "Create firewall", "No firewall name contains …", "1 of 3 firewall matches". */
  singular: string;
  /** "firewalls", "subnets". */
  plural: string;
  /** The empty state of a project without any, with `createAction` as its action. */
  empty: { title: string; icon: ReactNode; text: ReactNode };
  /** The create button (a link with the location filter, labelled "Create <singular>"). */
  createAction: ReactNode;
  /** The toolbar's filters after the search box (a LocationSelect). */
  filters?: ReactNode;
  searchBox: ReturnType<typeof useSearchBox>;
  /** The search text in the URL (`q`). */
  query: string | undefined;
  /** " in Germany" for the location filter ('' without). */
  filterLabel: string;
  fetching: boolean;
  /** The rows and where the list stands (`nameSearchedList`). */
  list: { items: readonly unknown[]; count: number; needle: string | undefined; shown: readonly unknown[]; page: CursorPage };
  /** A search or a filter is on. */
  filtered: boolean;
  /** The table of the shown rows. */
  table: ReactNode;
  /** Resets the search and the filters in the URL (the search box is emptied here). */
  onClearFilters: () => void;
  onPage: (change: PagingSearch) => void;
}) {
  if (count === 0 && !filtered) {
    return (
      <EmptyState title={empty.title} icon={empty.icon} action={createAction}>
        {empty.text}
      </EmptyState>
    );
  }

  return (
    <div>
      <div className="flex flex-wrap items-center justify-between gap-3">
        <div className="flex flex-1 flex-wrap items-center gap-3">
          <SearchInput label={`Search ${plural} by name`} {...searchBox} />
          {filters}
        </div>
        {createAction}
      </div>

      <ListStatus fetching={fetching} className="mt-3 min-h-5">
        {needle ? matchText(shown.length, count, `${singular} matches`, `${plural} match`) : rangeText(page, items.length)}
      </ListStatus>

      <div className="mt-2">
        {shown.length ? (
          table
        ) : filtered ? (
          <EmptyState
            title={`No matching ${plural}`}
            action={
              <Button
                variant="secondary"
                onClick={() => {
                  searchBox.clear();
                  onClearFilters();
                }}
              >
                Clear filters
              </Button>
            }
          >
            {needle ? `No ${singular} name contains “${query}”` : `No ${plural}`}
            {filterLabel}.
          </EmptyState>
        ) : (
          <EmptyPage what={plural.charAt(0).toUpperCase() + plural.slice(1)} onFirstPage={() => onPage(FIRST_PAGE)} />
        )}
      </div>

      {!needle && count > 0 ? <Pager className="mt-4" page={page} onChange={onPage} /> : null}
    </div>
  );
}
