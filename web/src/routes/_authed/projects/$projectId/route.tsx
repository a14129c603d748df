import { createFileRoute, notFound } from '@tanstack/react-router';
import { isId } from '#shared/ids';
import { NotFoundPage } from '#web/components/layout/status-pages.tsx';
import { getProjectQueryOptions, useProject } from '#web/features/project/api/get-project.ts';
import { ProjectShell } from '#web/features/project/components/project-shell.tsx';
import { ApiError } from '#web/lib/api-client.ts';
import { membershipQueryOptions } from '#web/lib/project-access.ts';

export const Route = createFileRoute('/_authed/projects/$projectId')({
  loader: async ({ context, params }) => {
    // A malformed ID cannot name a project: "not found", like a missing or foreign one.
    if (!isId('project', params.projectId)) throw notFound();
    // The caller's role, which every action button reads (lib/project-access.ts), comes along.
    void context.queryClient.prefetchQuery(membershipQueryOptions(params.projectId));
    try {
      await context.queryClient.ensureQueryData(getProjectQueryOptions(params.projectId));
    } catch (err) {
      if (err instanceof ApiError && err.status === 404) throw notFound();
      throw err;
    }
  },
  component: ProjectLayout,
  notFoundComponent: ProjectNotFound,
});

function ProjectLayout() {
  const { projectId } = Route.useParams();
  const { data: project } = useProject(projectId);
  return <ProjectShell project={project} />;
}

function ProjectNotFound() {
  return (
    <NotFoundPage title="Project not found">
      <p>This project does not exist, or your account is not a member of it.</p>
    </NotFoundPage>
  );
}
