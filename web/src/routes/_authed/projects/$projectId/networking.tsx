import { createFileRoute, Outlet, useMatchRoute } from '@tanstack/react-router';
import { SectionTabs } from '#web/components/ui/tabs.tsx';

// Networking: the subnets, firewalls and load balancers lists (deep-linkable sub-routes under one heading
// and tab bar), their create pages and the detail pages (which have their own headers).
export const Route = createFileRoute('/_authed/projects/$projectId/networking')({
  staticData: { crumb: 'Networking' },
  component: NetworkingLayout,
});

const tabs = [
  { to: '/projects/$projectId/networking/subnets', label: 'Subnets' },
  { to: '/projects/$projectId/networking/firewalls', label: 'Firewalls' },
  { to: '/projects/$projectId/networking/load-balancers', label: 'Load balancers' },
] as const;

function NetworkingLayout() {
  const { projectId } = Route.useParams();
  const matchRoute = useMatchRoute();
  const onList = tabs.some((tab) => matchRoute({ to: tab.to, params: { projectId } }));
  if (!onList) return <Outlet />;
  return (
    <SectionTabs
      title="Networking"
      intro="Private subnets connect your VMs; firewalls decide which traffic reaches them; load balancers spread it over them."
      projectId={projectId}
      tabs={tabs}
    />
  );
}
