// The project overview (issue 30, decision 293): counts per kind with their states, the
// resources grouped by owner, the month's spend and forecast, recent activity, and next steps
// while the project is empty. The counts and groups are the kinds' own list queries, so the
// project's event stream keeps them current as it does the list pages.
import { useQueries, useQuery } from '@tanstack/react-query';
import { createFileRoute } from '@tanstack/react-router';
import { roleAllows } from '#shared/roles';
import { MAX_PAGE_SIZE } from '#shared/wire';
import { FormAlert } from '#web/components/ui/form-alert.tsx';
import { auditLogQueryOptions } from '#web/features/audit/api/list-audit-log.ts';
import { listFirewallsQueryOptions } from '#web/features/firewall/api/list-firewalls.ts';
import { listClustersQueryOptions } from '#web/features/kubernetes/api/kubernetes.ts';
import { listLoadBalancersQueryOptions } from '#web/features/load-balancer/api/list-load-balancers.ts';
import { useRecentEvents } from '#web/features/overview/api/overview.ts';
import { currentMonth, useUsage } from '#web/features/usage/api/usage.ts';
import { KindCounts } from '#web/features/overview/components/kind-counts.tsx';
import { NextSteps } from '#web/features/overview/components/next-steps.tsx';
import { RecentActivity } from '#web/features/overview/components/recent-activity.tsx';
import { ResourceGroups } from '#web/features/overview/components/resource-groups.tsx';
import { SpendCard } from '#web/features/overview/components/spend-card.tsx';
import {
  groupByOwner,
  kindSummaries,
  overviewItems,
  type OverviewLists,
} from '#web/features/overview/model.ts';
import { listPostgresQueryOptions } from '#web/features/postgres/api/postgres.ts';
import { listPrivateSubnetsQueryOptions } from '#web/features/private-subnet/api/list-private-subnets.ts';
import { useProject } from '#web/features/project/api/get-project.ts';
import { ProjectDetails } from '#web/features/project/components/project-details.tsx';
import { listVmsQueryOptions } from '#web/features/vm/api/list-vms.ts';
import { asApiError } from '#web/lib/api-client.ts';
import { objectInfoQueryOptions } from '#web/lib/object-owner.ts';
import { membershipQueryOptions } from '#web/lib/project-access.ts';
import { useTitle } from '#web/lib/use-title.ts';

export const Route = createFileRoute('/_authed/projects/$projectId/')({
  component: ProjectDashboard,
});

/** Every item of a kind (the lists' largest page), with its `count`. */
const ALL = { page_size: String(MAX_PAGE_SIZE) };
const AUDIT_ENTRIES = 5;

function useProjectLists(projectId: string) {
  const [clusters, databases, vms, lbs, subnets, firewalls] = useQueries({
    queries: [
      listClustersQueryOptions(projectId, ALL),
      listPostgresQueryOptions(projectId, ALL),
      listVmsQueryOptions(projectId, ALL),
      listLoadBalancersQueryOptions(projectId, ALL),
      listPrivateSubnetsQueryOptions(projectId, ALL),
      listFirewallsQueryOptions(projectId, ALL),
    ],
  });
  // A subnet's owner is not in its record (decision 287): object-info says, as on its page.
  const owners = useQueries({
    queries: (subnets.data?.items ?? []).map((s) => objectInfoQueryOptions(projectId, s.id)),
  });
  const subnetOwners = new Map(
    (subnets.data?.items ?? []).map((s, i) => [s.id, owners[i]?.data?.owned_by?.id ?? null]),
  );
  const queries = [clusters, databases, vms, lbs, subnets, firewalls];
  const lists: OverviewLists = {
    kubernetes_cluster: clusters.data,
    postgres: databases.data,
    vm: vms.data,
    load_balancer: lbs.data,
    private_subnet: subnets.data,
    firewall: firewalls.data,
  };
  return {
    lists,
    subnetOwners,
    loaded: queries.every((q) => q.data !== undefined),
    error: queries.find((q) => q.error)?.error,
  };
}

function ProjectDashboard() {
  const { projectId } = Route.useParams();
  const { data: project } = useProject(projectId);
  useTitle(project.name);
  const { lists, subnetOwners, loaded, error } = useProjectLists(projectId);
  const usage = useUsage(projectId, currentMonth());
  const events = useRecentEvents(projectId);
  const role = useQuery(membershipQueryOptions(projectId)).data?.role;
  const admin = role !== undefined && roleAllows(role, 'admin');
  const audit = useQuery({
    ...auditLogQueryOptions(projectId, { limit: String(AUDIT_ENTRIES) }),
    enabled: admin,
  });

  const items = overviewItems(lists, subnetOwners);
  const summaries = kindSummaries(lists, items);
  const groups = groupByOwner(items);
  const existing = new Map(items.map((i) => [i.id, i]));
  const empty = loaded && summaries.every((s) => s.count === 0);

  return (
    <div className="space-y-6">
      <h1 className="text-2xl font-semibold tracking-tight">{project.name}</h1>
      {error ? <FormAlert error={asApiError(error)} /> : null}
      {loaded ? (
        <KindCounts projectId={projectId} summaries={summaries} />
      ) : (
        <p className="text-sm text-slate-600 dark:text-slate-400">Loading resources…</p>
      )}
      <div className="grid items-start gap-6 lg:grid-cols-3">
        <div className="space-y-6 lg:col-span-2">
          {empty ? <NextSteps projectId={projectId} /> : null}
          {loaded && !empty ? <ResourceGroups projectId={projectId} groups={groups} /> : null}
          <RecentActivity
            projectId={projectId}
            events={events.data?.items}
            audit={admin ? audit.data?.items : undefined}
            existing={existing}
          />
        </div>
        <div className="space-y-6">
          <SpendCard projectId={projectId} usage={usage.data} error={usage.error} />
          <ProjectDetails project={project} />
        </div>
      </div>
    </div>
  );
}
