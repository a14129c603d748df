import { createFileRoute } from '@tanstack/react-router';
import type { PostgresListItem } from '#shared/api/postgres';
import { POSTGRES_STATES, POSTGRES_SHORT_WORDS, POSTGRES_WORDS } from '#shared/api/postgres-kind';
import { Badge } from '#web/components/ui/badge.tsx';
import {
  idColumn,
  locationColumn,
  nameColumn,
  stateColumn,
  type Column,
} from '#web/components/ui/data-table.tsx';
import { ResourceList } from '#web/components/ui/resource-list.tsx';
import {
  listPostgresQueryOptions,
  PG_TRANSITIONAL_STATES,
  usePostgresList,
  type ListPostgresQuery,
} from '#web/features/postgres/api/postgres.ts';
import { databaseIcon } from '#web/features/postgres/components/icons.tsx';
import {
  engineLabel,
  haLabel,
  sizeSpec,
  STARTING_PRICE,
  storageLabel,
  usd,
} from '#web/features/postgres/format.ts';
import { useProject } from '#web/features/project/api/get-project.ts';
import { pageQuery, stateFilter, stateListSearch } from '#web/lib/list-search.ts';
import { useTitle } from '#web/lib/use-title.ts';

// Decision 100: the list's state is in the URL, like the VM list (search, location, state, sort, page).
const searchSchema = stateListSearch(POSTGRES_STATES);
type Search = ReturnType<typeof searchSchema>;

const pgQuery = (search: Search): ListPostgresQuery =>
  pageQuery(search, !!(search.q || search.state));

const filters = [stateFilter<PostgresListItem>(POSTGRES_STATES)];

export const Route = createFileRoute('/_authed/projects/$projectId/databases/')({
  validateSearch: searchSchema,
  loaderDeps: ({ search }) => ({ query: pgQuery(search), location: search.location }),
  loader: ({ context, params, deps }) =>
    context.queryClient.ensureQueryData(
      listPostgresQueryOptions(params.projectId, deps.query, deps.location),
    ),
  component: DatabasesPage,
});

const muted = 'block text-xs text-slate-600 dark:text-slate-400';

function DatabasesPage() {
  const { projectId } = Route.useParams();
  useTitle('Databases', useProject(projectId).data.name);
  const search = Route.useSearch();
  const { data, isFetching } = usePostgresList(projectId, pgQuery(search), search.location);
  const columns: Column<PostgresListItem>[] = [
    nameColumn((pg) => ({
      to: '/projects/$projectId/databases/$location/$databaseName',
      params: { projectId, location: pg.location, databaseName: pg.name },
    })),
    stateColumn(),
    locationColumn(),
    {
      header: 'Engine',
      cell: (pg) => (
        <>
          <span className="whitespace-nowrap">{engineLabel(pg.flavor, pg.version)}</span>
          {pg.read_replica ? (
            <Badge tone="blue" className="ml-2">
              read replica
            </Badge>
          ) : null}
        </>
      ),
    },
    {
      header: 'Size',
      cell: (pg) => (
        <>
          <span className="whitespace-nowrap">
            {pg.vm_size} · {storageLabel(pg.storage_size_gib)}
          </span>
          <span className={muted}>{sizeSpec(pg.vm_size)}</span>
        </>
      ),
    },
    {
      header: 'High availability',
      className: 'hidden lg:table-cell',
      cell: (pg) => haLabel(pg.ha_type),
    },
    idColumn('hidden xl:table-cell'),
  ];
  return (
    <ResourceList
      words={{ ...POSTGRES_SHORT_WORDS, title: POSTGRES_WORDS.plural }}
      heading={{
        title: 'Databases',
        description:
          'Managed PostgreSQL with backups, point-in-time restore, read replicas and high availability.',
      }}
      empty={{
        title: 'No databases yet',
        icon: databaseIcon,
        text: `A managed PostgreSQL database runs on its own servers with daily backups and restore to any moment of the last days. Choose a size, storage and high availability; it is running in a few seconds. Prices start at ${usd(STARTING_PRICE)} a month.`,
      }}
      create={{ to: '/projects/$projectId/databases/new', params: { projectId } }}
      columns={columns}
      search={search}
      data={data}
      fetching={isFetching}
      byLocation
      filters={filters}
      announce={{ states: PG_TRANSITIONAL_STATES, what: 'Database' }}
    />
  );
}
