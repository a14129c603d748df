import { createFileRoute } from '@tanstack/react-router';
import { CodeHostPage } from '#web/features/code-host/components/code-host-page.tsx';

export const Route = createFileRoute('/_authed/projects/$projectId/code-host')({
  staticData: { crumb: 'Code host' },
  component: CodehostPage,
});

function CodehostPage() {
  const { projectId } = Route.useParams();
  return <CodeHostPage projectId={projectId} />;
}
