import { useQueryClient } from '@tanstack/react-query';
import { createFileRoute, Link, useNavigate } from '@tanstack/react-router';
import { useCallback, useMemo } from 'react';
import { NotFoundPage } from '#web/components/layout/status-pages.tsx';
import { DetailPage } from '#web/components/ui/detail-page.tsx';
import {
  forgetPostgres,
  getPostgresQueryOptions,
  PG_TRANSITIONAL_STATES,
  usePostgres,
} from '#web/features/postgres/api/postgres.ts';
import { PostgresActions } from '#web/features/postgres/components/postgres-actions.tsx';
import { PostgresBackups } from '#web/features/postgres/components/postgres-backups.tsx';
import { PostgresConfig } from '#web/features/postgres/components/postgres-config.tsx';
import { PostgresFirewall } from '#web/features/postgres/components/postgres-firewall.tsx';
import { PostgresLogs } from '#web/features/postgres/components/postgres-logs.tsx';
import { PostgresMetrics } from '#web/features/postgres/components/postgres-metrics.tsx';
import { PostgresOverview } from '#web/features/postgres/components/postgres-overview.tsx';
import { ResourceCost } from '#web/features/usage/components/resource-cost.tsx';
import { PostgresReplicas } from '#web/features/postgres/components/postgres-replicas.tsx';
import { PostgresSettings } from '#web/features/postgres/components/postgres-settings.tsx';
import { engineLabel, storageLabel } from '#web/features/postgres/format.ts';
import { useProject } from '#web/features/project/api/get-project.ts';
import { useLiveDetail } from '#web/lib/live.ts';
import { locationLabel } from '#web/lib/location.ts';
import { loadOrNotFound } from '#web/lib/not-found.ts';
import { useTitle } from '#web/lib/use-title.ts';
import { oneOf, searchParams } from '#web/lib/search-params.ts';

const TAB_IDS = [
  'overview',
  'networking',
  'backups',
  'replicas',
  'configuration',
  'metrics',
  'logs',
  'settings',
] as const;
type Tab = (typeof TAB_IDS)[number];

// A database is addressed by location and name, like the API; the tab is in the URL (`?tab=`).
export const Route = createFileRoute(
  '/_authed/projects/$projectId/databases/$location/$databaseName',
)({
  staticData: { crumb: (params) => params.databaseName },
  validateSearch: searchParams({ tab: oneOf(TAB_IDS) }),
  loader: async ({ context, params }) => {
    await loadOrNotFound(
      context.queryClient.ensureQueryData(
        getPostgresQueryOptions({
          projectId: params.projectId,
          location: params.location,
          name: params.databaseName,
        }),
      ),
      [400, 404],
    );
  },
  component: DatabasePage,
  notFoundComponent: DatabaseNotFound,
});

function DatabasePage() {
  const { projectId, location, databaseName } = Route.useParams();
  const { tab = 'overview' } = Route.useSearch();
  const { data: project } = useProject(projectId);
  const ref = useMemo(
    () => ({ projectId, location, name: databaseName }),
    [projectId, location, databaseName],
  );
  const { data: pg, error } = usePostgres(ref);
  const navigate = useNavigate();
  const queryClient = useQueryClient();
  useTitle(pg.name, 'Databases', project.name);

  // Gone while the page was open (deleted here or elsewhere): say so and go back to the list.
  const leave = useCallback(() => {
    void navigate({
      to: '/projects/$projectId/databases',
      params: { projectId },
      replace: true,
    }).then(() => forgetPostgres(queryClient, ref));
  }, [navigate, projectId, queryClient, ref]);
  useLiveDetail(pg, error, PG_TRANSITIONAL_STATES, 'Database', leave);

  const ruleCount = new Set(pg.firewall_rules.map((r) => r.id)).size;
  const tabs = [
    { id: 'overview', label: 'Overview' },
    { id: 'networking', label: 'Networking', count: ruleCount },
    { id: 'backups', label: 'Backups' },
    { id: 'replicas', label: 'Read replicas' },
    { id: 'configuration', label: 'Configuration' },
    { id: 'metrics', label: 'Metrics' },
    { id: 'logs', label: 'Logs' },
    { id: 'settings', label: 'Settings' },
  ] as const satisfies readonly { id: Tab; label: string; count?: number }[];
  const openDatabase = (name: string, at = pg.location) =>
    void navigate({
      to: '/projects/$projectId/databases/$location/$databaseName',
      params: { projectId, location: at, databaseName: name },
    });

  return (
    <DetailPage<Tab>
      back={{
        link: { to: '/projects/$projectId/databases', params: { projectId } },
        label: 'Databases',
      }}
      title={pg.name}
      state={pg.state}
      meta={
        <p className="mt-1 text-sm text-slate-600 dark:text-slate-400">
          {locationLabel(pg.location)} · {engineLabel(pg.flavor, pg.version)} · {pg.vm_size} ·{' '}
          {storageLabel(pg.storage_size_gib)}
          {pg.read_replica ? ' · read replica' : ''}
        </p>
      }
      actions={<PostgresActions pg={pg} pgRef={ref} />}
      idPrefix="pg"
      tabsLabel="Database sections"
      tabs={tabs}
      tab={tab}
      panels={{
        overview: (
          <>
            <PostgresOverview pg={pg} pgRef={ref} />
            <ResourceCost projectId={projectId} resourceId={pg.id} what="database" />
          </>
        ),
        networking: <PostgresFirewall pg={pg} pgRef={ref} />,
        backups: <PostgresBackups pg={pg} pgRef={ref} onRestored={openDatabase} />,
        replicas: <PostgresReplicas pg={pg} pgRef={ref} onOpen={openDatabase} />,
        configuration: <PostgresConfig pg={pg} pgRef={ref} />,
        metrics: <PostgresMetrics pgRef={ref} />,
        logs: <PostgresLogs pgRef={ref} />,
        settings: (
          <PostgresSettings
            key={pg.id}
            pg={pg}
            pgRef={ref}
            onRenamed={(name) =>
              void navigate({
                to: '/projects/$projectId/databases/$location/$databaseName',
                params: { projectId, location, databaseName: name },
                search: { tab: 'settings' },
                replace: true,
              }).then(() => forgetPostgres(queryClient, ref))
            }
          />
        ),
      }}
    />
  );
}

function DatabaseNotFound() {
  const { projectId, location, databaseName } = Route.useParams();
  return (
    <NotFoundPage title="Database not found">
      <p>
        There is no database named <strong>{databaseName}</strong> in {locationLabel(location)} in
        this project. It may have been deleted or renamed.
      </p>
      <p className="mt-3">
        <Link
          to="/projects/$projectId/databases"
          params={{ projectId }}
          className="text-blue-700 hover:underline dark:text-blue-400"
        >
          Back to the databases
        </Link>
      </p>
    </NotFoundPage>
  );
}
