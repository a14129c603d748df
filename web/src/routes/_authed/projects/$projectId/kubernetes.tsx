import { createFileRoute, Outlet } from '@tanstack/react-router';

// Kubernetes: the list (kubernetes/index.tsx), the create form (kubernetes/new.tsx) and a
// cluster's page (kubernetes/$location/$clusterName.tsx) share the "Kubernetes" breadcrumb.
export const Route = createFileRoute('/_authed/projects/$projectId/kubernetes')({
  staticData: { crumb: 'Kubernetes' },
  component: Outlet,
});
