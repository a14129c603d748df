import { createFileRoute } from '@tanstack/react-router';
import { ComingSoon } from '#web/features/project/components/coming-soon.tsx';

export const Route = createFileRoute('/_authed/projects/$projectId/databases')({
  staticData: { crumb: 'Databases' },
  component: DatabasesPage,
});

function DatabasesPage() {
  const { projectId } = Route.useParams();
  return <ComingSoon projectId={projectId} section="Databases" what="Managed PostgreSQL databases" />;
}
