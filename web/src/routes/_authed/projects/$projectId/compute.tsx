import { createFileRoute, Outlet } from '@tanstack/react-router';

// Compute: the VM list (compute/index.tsx), the create form (compute/new.tsx) and a VM's
// page (compute/$location/$vmName.tsx) share the section of the breadcrumbs and sidebar.
export const Route = createFileRoute('/_authed/projects/$projectId/compute')({
  staticData: { section: 'Compute' },
  component: Outlet,
});
