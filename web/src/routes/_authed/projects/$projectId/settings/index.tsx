import { createFileRoute } from '@tanstack/react-router';
import { Card, CardHeader } from '#web/components/ui/card.tsx';
import { useProject } from '#web/features/project/api/get-project.ts';
import { DeleteProjectCard } from '#web/features/project/components/delete-project-card.tsx';
import { useTitle } from '#web/lib/use-title.ts';

export const Route = createFileRoute('/_authed/projects/$projectId/settings/')({
  component: GeneralSettings,
});

function GeneralSettings() {
  const { projectId } = Route.useParams();
  const { data: project } = useProject(projectId);
  useTitle('Settings', project.name);
  return (
    <div className="space-y-8">
      <Card labelledBy="general-title">
        <CardHeader
          id="general-title"
          title="General"
          description="Renaming a project is not supported yet."
        />
        <dl className="px-5 py-5">
          <dt className="text-xs font-medium tracking-wide text-slate-600 uppercase dark:text-slate-400">
            Project name
          </dt>
          <dd className="mt-1 font-medium">{project.name}</dd>
        </dl>
      </Card>
      <DeleteProjectCard project={project} />
    </div>
  );
}
