import { createFileRoute } from '@tanstack/react-router';
import { useProject } from '#web/features/project/api/get-project.ts';
import { GetStarted, ProjectOverview } from '#web/features/project/components/project-overview.tsx';
import { useTitle } from '#web/lib/use-title.ts';

export const Route = createFileRoute('/_authed/projects/$projectId/')({
  component: ProjectDashboard,
});

function ProjectDashboard() {
  const { projectId } = Route.useParams();
  const { data: project } = useProject(projectId);
  useTitle(project.name);
  return (
    <div className="space-y-8">
      <h1 className="text-2xl font-semibold tracking-tight">{project.name}</h1>
      <ProjectOverview project={project} />
      <GetStarted projectId={project.id} />
    </div>
  );
}
