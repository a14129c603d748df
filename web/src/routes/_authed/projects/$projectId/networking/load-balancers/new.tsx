import { useQuery } from '@tanstack/react-query';
import { createFileRoute, Link, useNavigate } from '@tanstack/react-router';
import { useState } from 'react';
import { LOCATION_NAMES, LOCATIONS } from '#shared/catalog';
import { backLinkClass } from '#web/components/ui/back-link.ts';
import { toast } from '#web/components/ui/toast.tsx';
import { resourcePath } from '#web/lib/resource-path.ts';
import { CreateLoadBalancerForm } from '#web/features/load-balancer/components/create-load-balancer-form.tsx';
import { locationPrivateSubnetsQueryOptions } from '#web/features/private-subnet/api/list-private-subnets.ts';
import { useProject } from '#web/features/project/api/get-project.ts';
import { useTitle } from '#web/lib/use-title.ts';
import { oneOf, searchParams } from '#web/lib/search-params.ts';

export const Route = createFileRoute('/_authed/projects/$projectId/networking/load-balancers/new')({
  staticData: { crumb: 'Create load balancer' },
  validateSearch: searchParams({ location: oneOf(LOCATION_NAMES) }),
  component: NewLoadBalancerPage,
});

function NewLoadBalancerPage() {
  const { projectId } = Route.useParams();
  const search = Route.useSearch();
  const { data: project } = useProject(projectId);
  useTitle('Create load balancer', project.name);
  const navigate = useNavigate();
  const [location, setLocation] = useState<string>(search.location ?? LOCATIONS[0].name);
  // The subnets of the chosen location (subnets are the private-subnet feature's).
  const subnets = useQuery(locationPrivateSubnetsQueryOptions(projectId, location));
  return (
    <div className="mx-auto max-w-3xl">
      <Link
        to="/projects/$projectId/networking/load-balancers"
        params={{ projectId }}
        className={backLinkClass}
      >
        ← Load balancers
      </Link>
      <h1 className="mt-2 text-2xl font-semibold tracking-tight">Create load balancer</h1>
      <p className="mt-1 text-slate-600 dark:text-slate-400">
        A hostname and a port that spread traffic over the healthy VMs of a subnet.
      </p>
      <div className="mt-6 rounded-lg border border-slate-200 bg-white p-6 shadow-sm dark:border-slate-800 dark:bg-slate-900">
        <CreateLoadBalancerForm
          projectId={projectId}
          initialLocation={location}
          subnets={subnets.data?.items.map((s) => ({ id: s.id, name: s.name, state: s.state }))}
          onLocation={setLocation}
          onCreated={(lb) => {
            toast.success(
              'Load balancer created',
              `${lb.name} is being set up: attach VMs to send traffic to them.`,
              {
                label: `Open ${lb.name}`,
                to: resourcePath(projectId, { ...lb, kind: 'loadBalancer' }),
              },
            );
            void navigate({
              to: '/projects/$projectId/networking/load-balancers/$location/$lbName',
              params: { projectId, location: lb.location, lbName: lb.name },
            });
          }}
        />
      </div>
    </div>
  );
}
