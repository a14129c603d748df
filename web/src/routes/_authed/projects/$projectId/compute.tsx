import { createFileRoute } from '@tanstack/react-router';
import { ComingSoon } from '../../../../features/project/components/coming-soon.tsx';

export const Route = createFileRoute('/_authed/projects/$projectId/compute')({
  staticData: { section: 'Compute' },
  component: ComputePage,
});

function ComputePage() {
  const { projectId } = Route.useParams();
  return <ComingSoon projectId={projectId} section="Compute" what="Virtual machines" />;
}
