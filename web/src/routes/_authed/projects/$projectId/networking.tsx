import { createFileRoute } from '@tanstack/react-router';
import { ComingSoon } from '../../../../features/project/components/coming-soon.tsx';

export const Route = createFileRoute('/_authed/projects/$projectId/networking')({
  staticData: { section: 'Networking' },
  component: NetworkingPage,
});

function NetworkingPage() {
  const { projectId } = Route.useParams();
  return <ComingSoon projectId={projectId} section="Networking" what="Private subnets, firewalls and load balancers" />;
}
