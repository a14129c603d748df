import { useQueryClient } from '@tanstack/react-query';
import { createFileRoute, Link, useNavigate } from '@tanstack/react-router';
import { useCallback, useMemo } from 'react';
import { NotFoundPage } from '#web/components/layout/status-pages.tsx';
import { DetailPage } from '#web/components/ui/detail-page.tsx';
import {
  forgetCluster,
  getClusterQueryOptions,
  KC_TRANSITIONAL_STATES,
  useCluster,
  watched,
} from '#web/features/kubernetes/api/kubernetes.ts';
import { ClusterActions } from '#web/features/kubernetes/components/cluster-actions.tsx';
import { ClusterMetrics } from '#web/features/kubernetes/components/cluster-metrics.tsx';
import { ClusterOverview } from '#web/features/kubernetes/components/cluster-overview.tsx';
import { ResourceCost } from '#web/features/usage/components/resource-cost.tsx';
import { ClusterSettings } from '#web/features/kubernetes/components/cluster-settings.tsx';
import { NodePools } from '#web/features/kubernetes/components/node-pools.tsx';
import { nodes, workerCount } from '#web/features/kubernetes/format.ts';
import { useProject } from '#web/features/project/api/get-project.ts';
import { useLiveDetail } from '#web/lib/live.ts';
import { locationLabel } from '#web/lib/location.ts';
import { loadOrNotFound } from '#web/lib/not-found.ts';
import { useTitle } from '#web/lib/use-title.ts';
import { oneOf, searchParams } from '#web/lib/search-params.ts';

const TAB_IDS = ['overview', 'nodepools', 'metrics', 'settings'] as const;
type Tab = (typeof TAB_IDS)[number];

// A cluster is addressed by location and name, like the API; the tab is in the URL (`?tab=`).
export const Route = createFileRoute(
  '/_authed/projects/$projectId/kubernetes/$location/$clusterName',
)({
  staticData: { crumb: (params) => params.clusterName },
  validateSearch: searchParams({ tab: oneOf(TAB_IDS) }),
  loader: async ({ context, params }) => {
    await loadOrNotFound(
      context.queryClient.ensureQueryData(
        getClusterQueryOptions({
          projectId: params.projectId,
          location: params.location,
          name: params.clusterName,
        }),
      ),
      [400, 404],
    );
  },
  component: ClusterPage,
  notFoundComponent: ClusterNotFound,
});

function ClusterPage() {
  const { projectId, location, clusterName } = Route.useParams();
  const { tab = 'overview' } = Route.useSearch();
  const { data: project } = useProject(projectId);
  const ref = useMemo(
    () => ({ projectId, location, name: clusterName }),
    [projectId, location, clusterName],
  );
  const { data: kc, error } = useCluster(ref);
  const navigate = useNavigate();
  const queryClient = useQueryClient();
  useTitle(kc.name, 'Kubernetes', project.name);

  // Gone while the page was open (deleted here or elsewhere): say so and go back to the list.
  const leave = useCallback(() => {
    void navigate({
      to: '/projects/$projectId/kubernetes',
      params: { projectId },
      replace: true,
    }).then(() => forgetCluster(queryClient, ref));
  }, [navigate, projectId, queryClient, ref]);
  useLiveDetail(
    useMemo(() => watched(kc), [kc]),
    error,
    KC_TRANSITIONAL_STATES,
    'Cluster',
    leave,
  );

  const tabs = [
    { id: 'overview', label: 'Overview' },
    { id: 'nodepools', label: 'Node pools', count: kc.nodepools.length },
    { id: 'metrics', label: 'Metrics' },
    { id: 'settings', label: 'Settings' },
  ] as const satisfies readonly { id: Tab; label: string; count?: number }[];

  return (
    <DetailPage<Tab>
      back={{
        link: { to: '/projects/$projectId/kubernetes', params: { projectId } },
        label: 'Kubernetes',
      }}
      title={kc.name}
      state={kc.display_state}
      meta={
        <p className="mt-1 text-sm text-slate-600 dark:text-slate-400">
          {locationLabel(kc.location)} · Kubernetes {kc.version} · {kc.cp_node_count} control plane
          · {nodes(workerCount(kc))}
        </p>
      }
      actions={<ClusterActions kc={kc} kcRef={ref} />}
      idPrefix="kc"
      tabsLabel="Cluster sections"
      tabs={tabs}
      tab={tab}
      panels={{
        overview: (
          <>
            <ClusterOverview kc={kc} kcRef={ref} />
            <ResourceCost projectId={projectId} resourceId={kc.id} what="cluster" />
          </>
        ),
        nodepools: <NodePools kc={kc} kcRef={ref} />,
        metrics: <ClusterMetrics kcRef={ref} />,
        settings: (
          <ClusterSettings
            key={kc.id}
            kc={kc}
            kcRef={ref}
            onRenamed={(name) =>
              void navigate({
                to: '/projects/$projectId/kubernetes/$location/$clusterName',
                params: { projectId, location, clusterName: name },
                search: { tab: 'settings' },
                replace: true,
              }).then(() => forgetCluster(queryClient, ref))
            }
          />
        ),
      }}
    />
  );
}

function ClusterNotFound() {
  const { projectId, location, clusterName } = Route.useParams();
  return (
    <NotFoundPage title="Cluster not found">
      <p>
        There is no Kubernetes cluster named <strong>{clusterName}</strong> in{' '}
        {locationLabel(location)} in this project. It may have been deleted or renamed.
      </p>
      <p className="mt-3">
        <Link
          to="/projects/$projectId/kubernetes"
          params={{ projectId }}
          className="text-blue-700 hover:underline dark:text-blue-400"
        >
          Back to Kubernetes
        </Link>
      </p>
    </NotFoundPage>
  );
}
