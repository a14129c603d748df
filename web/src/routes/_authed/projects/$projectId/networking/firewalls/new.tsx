import { createFileRoute, Link, useNavigate } from '@tanstack/react-router';
import { LOCATION_NAMES } from '#shared/catalog';
import { toast } from '#web/components/ui/toast.tsx';
import { resourcePath } from '#web/lib/resource-path.ts';
import { CreateFirewallForm } from '#web/features/firewall/components/create-firewall-form.tsx';
import { useProject } from '#web/features/project/api/get-project.ts';
import { useTitle } from '#web/lib/use-title.ts';
import { backLinkClass } from '#web/components/ui/back-link.ts';
import { oneOf, searchParams } from '#web/lib/search-params.ts';

export const Route = createFileRoute('/_authed/projects/$projectId/networking/firewalls/new')({
  staticData: { crumb: 'Create firewall' },
  validateSearch: searchParams({ location: oneOf(LOCATION_NAMES) }),
  component: NewFirewallPage,
});

function NewFirewallPage() {
  const { projectId } = Route.useParams();
  const { location } = Route.useSearch();
  const { data: project } = useProject(projectId);
  useTitle('Create firewall', project.name);
  const navigate = useNavigate();
  return (
    <div className="mx-auto max-w-3xl">
      <Link
        to="/projects/$projectId/networking/firewalls"
        params={{ projectId }}
        className={backLinkClass}
      >
        ← Firewalls
      </Link>
      <h1 className="mt-2 text-2xl font-semibold tracking-tight">Create firewall</h1>
      <p className="mt-1 text-slate-600 dark:text-slate-400">
        A set of inbound rules you can attach to subnets in the same location.
      </p>
      <div className="mt-6 rounded-lg border border-slate-200 bg-white p-6 shadow-sm dark:border-slate-800 dark:bg-slate-900">
        <CreateFirewallForm
          projectId={projectId}
          initialLocation={location}
          onCreated={(fw) => {
            toast.success(
              'Firewall created',
              `${fw.name} has no rules yet: add some to let traffic in.`,
              {
                label: `Open ${fw.name}`,
                to: resourcePath(projectId, { ...fw, kind: 'firewall' }),
              },
            );
            void navigate({
              to: '/projects/$projectId/networking/firewalls/$location/$firewallName',
              params: { projectId, location: fw.location, firewallName: fw.name },
            });
          }}
        />
      </div>
    </div>
  );
}
