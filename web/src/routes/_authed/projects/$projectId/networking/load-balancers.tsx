import { createFileRoute, Outlet } from '@tanstack/react-router';

// Load balancers: the list (load-balancers/index.tsx), the create page and a load balancer's
// page share the "Load balancers" breadcrumb, which leads back to the list.
export const Route = createFileRoute('/_authed/projects/$projectId/networking/load-balancers')({
  staticData: { crumb: 'Load balancers' },
  component: Outlet,
});
