import { createFileRoute } from '@tanstack/react-router';
import { ComingSoon } from '#web/features/project/components/coming-soon.tsx';

export const Route = createFileRoute('/_authed/projects/$projectId/kubernetes')({
  staticData: { crumb: 'Kubernetes' },
  component: KubernetesPage,
});

function KubernetesPage() {
  const { projectId } = Route.useParams();
  return <ComingSoon projectId={projectId} section="Kubernetes" what="Kubernetes clusters and their node pools" />;
}
