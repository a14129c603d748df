import { createFileRoute } from '@tanstack/react-router';
import { ComingSoon } from '#web/features/project/components/coming-soon.tsx';

export const Route = createFileRoute('/_authed/projects/$projectId/code-host')({
  staticData: { crumb: 'Code host' },
  component: CodehostPage,
});

function CodehostPage() {
  const { projectId } = Route.useParams();
  return <ComingSoon projectId={projectId} section="Code host" what="Code-host installations and repositories" />;
}
