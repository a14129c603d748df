import { Badge } from '#web/components/ui/badge.tsx';
import { EmptyState } from '#web/components/ui/empty-state.tsx';
import { useTitle } from '#web/lib/use-title.ts';
import { useProject } from '../api/get-project.ts';

/** The page of a project section that is not built yet. */
export function ComingSoon({ projectId, section, what }: { projectId: string; section: string; what: string }) {
  const { data: project } = useProject(projectId);
  useTitle(section, project.name);
  return (
    <div className="space-y-6">
      <div className="flex items-center gap-3">
        <h1 className="text-2xl font-semibold tracking-tight">{section}</h1>
        <Badge tone="blue">Coming soon</Badge>
      </div>
      <EmptyState title={`${section} is coming soon`}>
        {what} will be managed here. This part of the console is being built; the API reference lists what is available today.
      </EmptyState>
    </div>
  );
}
