import { createFileRoute, Link } from '@tanstack/react-router';
import { LOCATION_NAMES } from '#shared/catalog';
import { backLinkClass } from '#web/components/ui/back-link.ts';
import { CreateClusterForm } from '#web/features/kubernetes/components/create-cluster-form.tsx';
import { useProject } from '#web/features/project/api/get-project.ts';
import { useTitle } from '#web/lib/use-title.ts';
import { oneOf, searchParams } from '#web/lib/search-params.ts';

export const Route = createFileRoute('/_authed/projects/$projectId/kubernetes/new')({
  staticData: { crumb: 'Create cluster' },
  // `?location=` preselects a location (the list's filter passes its own) where clusters run.
  validateSearch: searchParams({ location: oneOf(LOCATION_NAMES) }),
  component: NewClusterPage,
});

function NewClusterPage() {
  const { projectId } = Route.useParams();
  const { location } = Route.useSearch();
  const { data: project } = useProject(projectId);
  useTitle('Create Kubernetes cluster', project.name);
  return (
    <div className="space-y-6">
      <div>
        <Link to="/projects/$projectId/kubernetes" params={{ projectId }} className={backLinkClass}>
          ← Kubernetes
        </Link>
        <h1 className="mt-2 text-2xl font-semibold tracking-tight">Create Kubernetes cluster</h1>
        <p className="mt-1 text-slate-600 dark:text-slate-400">
          A managed Kubernetes cluster in {project.name}, with a control plane and a node pool.
        </p>
      </div>
      <CreateClusterForm projectId={projectId} initialLocation={location} />
    </div>
  );
}
