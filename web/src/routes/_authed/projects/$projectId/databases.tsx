import { createFileRoute, Outlet } from '@tanstack/react-router';

// Databases: the list (databases/index.tsx), the create form (databases/new.tsx) and a
// database's page (databases/$location/$databaseName.tsx) share the "Databases" breadcrumb.
export const Route = createFileRoute('/_authed/projects/$projectId/databases')({
  staticData: { crumb: 'Databases' },
  component: Outlet,
});
