import { createFileRoute, Link } from '@tanstack/react-router';
import { LOCATION_NAMES } from '#shared/catalog';
import { backLinkClass } from '#web/components/ui/back-link.ts';
import { CreatePostgresForm } from '#web/features/postgres/components/create-postgres-form.tsx';
import { useProject } from '#web/features/project/api/get-project.ts';
import { useTitle } from '#web/lib/use-title.ts';
import { oneOf, searchParams } from '#web/lib/search-params.ts';

export const Route = createFileRoute('/_authed/projects/$projectId/databases/new')({
  staticData: { crumb: 'Create database' },
  // `?location=` preselects a location (the list's filter passes its own).
  validateSearch: searchParams({ location: oneOf(LOCATION_NAMES) }),
  component: NewDatabasePage,
});

function NewDatabasePage() {
  const { projectId } = Route.useParams();
  const { location } = Route.useSearch();
  const { data: project } = useProject(projectId);
  useTitle('Create database', project.name);
  return (
    <div className="space-y-6">
      <div>
        <Link to="/projects/$projectId/databases" params={{ projectId }} className={backLinkClass}>
          ← Databases
        </Link>
        <h1 className="mt-2 text-2xl font-semibold tracking-tight">Create database</h1>
        <p className="mt-1 text-slate-600 dark:text-slate-400">
          A managed PostgreSQL database in {project.name}, with daily backups and point-in-time
          restore.
        </p>
      </div>
      <CreatePostgresForm projectId={projectId} initialLocation={location} />
    </div>
  );
}
