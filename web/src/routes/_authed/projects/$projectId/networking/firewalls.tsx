import { createFileRoute, Outlet } from '@tanstack/react-router';

// Firewalls: the list (firewalls/index.tsx), the create page and a firewall's page share the
// "Firewalls" breadcrumb, which leads back to the list.
export const Route = createFileRoute('/_authed/projects/$projectId/networking/firewalls')({
  staticData: { crumb: 'Firewalls' },
  component: Outlet,
});
