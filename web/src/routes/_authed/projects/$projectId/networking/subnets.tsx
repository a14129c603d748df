import { createFileRoute, Outlet } from '@tanstack/react-router';

// Subnets: the list (subnets/index.tsx), the create page and a subnet's page share the
// "Subnets" breadcrumb, which leads back to the list.
export const Route = createFileRoute('/_authed/projects/$projectId/networking/subnets')({
  staticData: { crumb: 'Subnets' },
  component: Outlet,
});
