import { createFileRoute } from '@tanstack/react-router';
import { useMemo } from 'react';
import type { KubernetesCluster } from '#shared/api/kubernetes';
import {
  KUBERNETES_DISPLAY_STATES,
  KUBERNETES_CLUSTER_SHORT_WORDS,
  KUBERNETES_CLUSTER_WORDS,
} from '#shared/api/kubernetes-kind';
import { kubernetesMonthlyUsd } from '#shared/catalog';
import {
  idColumn,
  locationColumn,
  nameColumn,
  stateColumn,
  type Column,
} from '#web/components/ui/data-table.tsx';
import { ResourceList } from '#web/components/ui/resource-list.tsx';
import {
  KC_TRANSITIONAL_STATES,
  listClustersQueryOptions,
  useClusterList,
  type ListClustersQuery,
} from '#web/features/kubernetes/api/kubernetes.ts';
import { clusterIcon } from '#web/features/kubernetes/components/icons.tsx';
import { nodes, usd, workerCount } from '#web/features/kubernetes/format.ts';
import { useProject } from '#web/features/project/api/get-project.ts';
import {
  locationSearch,
  pageQuery,
  pagingSearch,
  querySearch,
  type ListFilter,
} from '#web/lib/list-search.ts';
import { useTitle } from '#web/lib/use-title.ts';
import { oneOf, searchParams } from '#web/lib/search-params.ts';

// The list's state is in the URL, like the other lists (search, location, state, sort, page).
const searchSchema = searchParams({
  ...querySearch,
  ...locationSearch,
  state: oneOf(KUBERNETES_DISPLAY_STATES),
  ...pagingSearch,
});
type Search = ReturnType<typeof searchSchema>;

const kcQuery = (search: Search): ListClustersQuery =>
  pageQuery(search, !!(search.q || search.state));

export const Route = createFileRoute('/_authed/projects/$projectId/kubernetes/')({
  validateSearch: searchSchema,
  loaderDeps: ({ search }) => ({ query: kcQuery(search), location: search.location }),
  loader: ({ context, params, deps }) =>
    context.queryClient.ensureQueryData(
      listClustersQueryOptions(params.projectId, deps.query, deps.location),
    ),
  component: KubernetesPage,
});

/** A cluster as a list row: its `display_state` is the row's state (badge, filter, announcements). */
type Row = KubernetesCluster & { state: string };

const stateFilter: ListFilter<Row> = {
  param: 'state',
  label: 'State',
  allLabel: 'All states',
  options: KUBERNETES_DISPLAY_STATES.map((state) => ({ value: state, label: state })),
  matches: (kc, state) => kc.state === state,
};

const muted = 'block text-xs text-slate-600 dark:text-slate-400';
const STARTING_PRICE = kubernetesMonthlyUsd({ size: 'standard-2', count: 1 }, [
  { size: 'standard-2', count: 1 },
]);

function KubernetesPage() {
  const { projectId } = Route.useParams();
  useTitle('Kubernetes', useProject(projectId).data.name);
  const search = Route.useSearch();
  const { data, isFetching } = useClusterList(projectId, kcQuery(search), search.location);
  const rows = useMemo(
    () =>
      data
        ? { ...data, items: data.items.map((kc) => ({ ...kc, state: kc.display_state })) }
        : undefined,
    [data],
  );
  const columns: Column<Row>[] = [
    nameColumn((kc) => ({
      to: '/projects/$projectId/kubernetes/$location/$clusterName',
      params: { projectId, location: kc.location, clusterName: kc.name },
    })),
    stateColumn(),
    locationColumn(),
    {
      header: 'Version',
      cell: (kc) => <span className="font-mono text-sm whitespace-nowrap">{kc.version}</span>,
    },
    {
      header: 'Nodes',
      cell: (kc) => (
        <>
          <span className="whitespace-nowrap">
            {kc.cp_node_count} control plane · {nodes(workerCount(kc))}
          </span>
          <span className={muted}>
            {kc.nodepools.length} node {kc.nodepools.length === 1 ? 'pool' : 'pools'}
          </span>
        </>
      ),
    },
    idColumn('hidden xl:table-cell'),
  ];
  return (
    <ResourceList
      words={{ ...KUBERNETES_CLUSTER_SHORT_WORDS, title: KUBERNETES_CLUSTER_WORDS.plural }}
      heading={{
        title: 'Kubernetes',
        description:
          'Managed Kubernetes clusters with a control plane of 1 or 3 nodes and node pools you can resize.',
      }}
      empty={{
        title: 'No Kubernetes clusters yet',
        icon: clusterIcon,
        text: `A managed Kubernetes cluster runs its control plane and worker nodes on VMs of this project, in a subnet of its own. Choose a version, a control plane and a node pool; download its kubeconfig and use kubectl. Prices start at ${usd(STARTING_PRICE)} a month.`,
        action: 'Create cluster',
      }}
      create={{ to: '/projects/$projectId/kubernetes/new', params: { projectId } }}
      columns={columns}
      search={search}
      data={rows}
      fetching={isFetching}
      byLocation
      filters={[stateFilter]}
      announce={{ states: KC_TRANSITIONAL_STATES, what: 'Cluster' }}
    />
  );
}
