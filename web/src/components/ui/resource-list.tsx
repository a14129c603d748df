// A list page (projects, VMs, subnets, firewalls…), configured by its route: the heading, the
// empty state of a list without any, the toolbar (name search, location and other filters,
// create button), the count, the table or the empty state of a search or of a page past the end,
// and the pager. The list's state is in the URL (decisions 011, 012, 020): the route validates it
// and passes it in; every control here changes it.
import { useNavigate, useParams, type LinkOptions } from '@tanstack/react-router';
import type { Access } from '#shared/roles';
import type { ReactNode } from 'react';
import type { KindWords } from '#shared/name-hint';
import {
  FIRST_PAGE,
  filteredList,
  rangeText,
  type ListFilter,
  type ListSearch,
  type PagingSearch,
} from '#web/lib/list-search.ts';
import { useAnnounceTransitions } from '#web/lib/live.ts';
import { inLocation } from '#web/lib/location.ts';
import { ActionLink, Button } from './button.tsx';
import { DataTable, type Column } from './data-table.tsx';
import { EmptyState } from './empty-state.tsx';
import { plusIcon } from './icons.tsx';
import { FilterSelect, LocationSelect } from './location-select.tsx';
import { EmptyPage, ListStatus, matchText, Pager } from './pager.tsx';
import { SearchInput, useSearchBox } from './search-input.tsx';

const capitalized = (s: string) => s.charAt(0).toUpperCase() + s.slice(1);

export interface ResourceListProps<T extends { id: string; name: string; state?: string }> {
  /**
   * The kind in words (a kind's own, from `shared/api/<kind>-kind.ts`): `singular` and `plural`
   * in "Search VMs by name", "1 of 3 VMs match", "No VM name contains …"; `title` (default
   * `plural`) in "No matching virtual machines" and the table's name.
   */
  words: KindWords & { title?: string };
  /** The page's own heading, with the create button (a list under a tab bar has none). */
  heading?: { title: string; description: string };
  /** The empty state of a list without any; its action is the create button, labelled `action` (default "Create <singular>"). */
  empty: { title: string; icon: ReactNode; text: ReactNode; action?: string };
  /** The create page (the location filter is passed on as `?location=`), or what opens a create dialog on this page. */
  create: LinkOptions | { onCreate: () => void; label?: string };
  /** What creating needs of the caller's role (shared/roles.ts; by default `write`: not a viewer). */
  createAccess?: Access;
  columns: readonly Column<T>[];
  search: ListSearch;
  data: { items: T[]; count: number } | undefined;
  fetching: boolean;
  /** A location filter (the API's location lists). */
  byLocation?: boolean;
  /** Filters the API has no parameter for (the route loads all rows while one is on). */
  filters?: readonly ListFilter<T>[];
  /** Announce the rows that leave these states ("VM web-1 is running."), `what` naming the kind. */
  announce?: { states: readonly string[]; what: string };
}

export function ResourceList<T extends { id: string; name: string; state?: string }>({
  words: { singular: one, plural: many, title = many },
  heading,
  empty,
  create,
  createAccess = 'write',
  columns,
  search,
  data,
  fetching,
  byLocation,
  filters = [],
  announce,
}: ResourceListProps<T>) {
  const navigate = useNavigate();
  // The same page with other search params. The list serves several routes, so the reducer is not typed by one.
  const change = (next: object, replace = false) =>
    void navigate({
      to: '.',
      search: ((prev: ListSearch) => ({ ...prev, ...next })) as never,
      replace,
    });
  const searchBox = useSearchBox(search.q, (q) => change({ q, ...FIRST_PAGE }, true));
  const { items, count, needle, filtering, shown, page } = filteredList(search, data, filters);
  useAnnounceTransitions(
    announce
      ? (data?.items as { id: string; name: string; state: string }[] | undefined)
      : undefined,
    announce?.states ?? [],
    announce?.what ?? '',
    useParams({ strict: false }).projectId,
  );

  const filtered = filtering || !!search.location;
  const none = count === 0 && !filtered;
  const createLink = (label = ('label' in create && create.label) || `Create ${one}`) =>
    'onCreate' in create ? (
      <Button access={createAccess} onClick={create.onCreate}>
        {plusIcon}
        {label}
      </Button>
    ) : (
      <ActionLink
        access={createAccess}
        {...(create as object)}
        search={search.location ? { location: search.location } : {}}
      >
        {plusIcon}
        {label}
      </ActionLink>
    );
  const onlySearch = !byLocation && !filters.length;
  const clearFilters = () => {
    searchBox.clear();
    change({
      q: undefined,
      location: undefined,
      ...Object.fromEntries(filters.map((f) => [f.param, undefined])),
      ...FIRST_PAGE,
    });
  };

  return (
    <div className="space-y-6">
      {heading ? (
        <div className="flex flex-wrap items-end justify-between gap-4">
          <div>
            <h1 className="text-2xl font-semibold tracking-tight">{heading.title}</h1>
            <p className="mt-1 text-slate-600 dark:text-slate-400">{heading.description}</p>
          </div>
          {none ? null : createLink()}
        </div>
      ) : null}

      {none ? (
        <EmptyState title={empty.title} icon={empty.icon} action={createLink(empty.action)}>
          {empty.text}
        </EmptyState>
      ) : (
        <div>
          <div className="flex flex-wrap items-center justify-between gap-3">
            <div
              className="flex flex-1 flex-wrap items-center gap-3"
              role="search"
              aria-label={`Filter ${title}`}
            >
              <SearchInput label={`Search ${many} by name`} {...searchBox} />
              {byLocation ? (
                <LocationSelect
                  value={search.location}
                  onChange={(location) => change({ location, ...FIRST_PAGE })}
                />
              ) : null}
              {filters.map((f) => (
                <FilterSelect
                  key={f.param}
                  label={f.label}
                  allLabel={f.allLabel}
                  options={f.options}
                  value={search[f.param] as string | undefined}
                  onChange={(value) => change({ [f.param]: value, ...FIRST_PAGE })}
                />
              ))}
            </div>
            {heading ? null : createLink()}
          </div>

          <ListStatus fetching={fetching} className="mt-3 min-h-5">
            {filtering
              ? matchText(shown.length, count, `${one} matches`, `${many} match`)
              : rangeText(page, items.length)}
          </ListStatus>

          <div className="mt-2">
            {shown.length ? (
              <DataTable
                caption={capitalized(title)}
                columns={columns}
                items={shown}
                sort={page.sort}
                onSort={(sort) => change({ sort, ...FIRST_PAGE })}
              />
            ) : filtered ? (
              <EmptyState
                title={`No matching ${title}`}
                action={
                  <Button variant="secondary" onClick={clearFilters}>
                    {onlySearch ? 'Clear search' : 'Clear filters'}
                  </Button>
                }
              >
                {needle
                  ? `No ${one} name contains “${search.q}”`
                  : filtering
                    ? `No ${one} matches these filters`
                    : `No ${many}`}
                {inLocation(search.location)}.
              </EmptyState>
            ) : (
              <EmptyPage what={capitalized(many)} onFirstPage={() => change(FIRST_PAGE)} />
            )}
          </div>

          {!filtering && count > 0 ? (
            <Pager
              className="mt-4"
              page={page}
              onChange={(paging: PagingSearch) => change(paging)}
            />
          ) : null}
        </div>
      )}
    </div>
  );
}
