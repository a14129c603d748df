import { createFileRoute, Outlet } from '@tanstack/react-router';

// Compute: the VM list (compute/index.tsx), the create form (compute/new.tsx) and a VM's
// page (compute/$location/$vmName.tsx) share the "Compute" breadcrumb and the sidebar's section.
export const Route = createFileRoute('/_authed/projects/$projectId/compute')({
  staticData: { crumb: 'Compute' },
  component: Outlet,
});
