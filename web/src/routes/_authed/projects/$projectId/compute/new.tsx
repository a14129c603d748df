import { createFileRoute, Link } from '@tanstack/react-router';
import { LOCATION_NAMES } from '#shared/catalog';
import { useProject } from '#web/features/project/api/get-project.ts';
import { locationPrivateSubnetsQueryOptions } from '#web/features/private-subnet/api/list-private-subnets.ts';
import { allSshKeysQueryOptions } from '#web/features/ssh-key/api/ssh-keys.ts';
import { CreateVmForm } from '#web/features/vm/components/create-vm-form.tsx';
import { useTitle } from '#web/lib/use-title.ts';
import { backLinkClass } from '#web/components/ui/back-link.ts';
import { oneOf, searchParams } from '#web/lib/search-params.ts';

export const Route = createFileRoute('/_authed/projects/$projectId/compute/new')({
  staticData: { crumb: 'Create VM' },
  // `?location=` preselects a location (the list's filter passes its own).
  validateSearch: searchParams({ location: oneOf(LOCATION_NAMES) }),
  component: NewVmPage,
});

function NewVmPage() {
  const { projectId } = Route.useParams();
  const { location } = Route.useSearch();
  const { data: project } = useProject(projectId);
  useTitle('Create VM', project.name);
  return (
    <div className="space-y-6">
      <div>
        <Link to="/projects/$projectId/compute" params={{ projectId }} className={backLinkClass}>
          ← Virtual machines
        </Link>
        <h1 className="mt-2 text-2xl font-semibold tracking-tight">Create VM</h1>
        <p className="mt-1 text-slate-600 dark:text-slate-400">
          A Linux server in {project.name}. It is running a few seconds after you create it.
        </p>
      </div>
      {/* The subnet picker lists the private-subnet feature's subnets of the chosen location; the key picker the ssh-key feature's saved keys. */}
      <CreateVmForm
        projectId={projectId}
        initialLocation={location}
        subnetsQuery={(at) => locationPrivateSubnetsQueryOptions(projectId, at)}
        sshKeysQuery={allSshKeysQueryOptions(projectId)}
      />
    </div>
  );
}
