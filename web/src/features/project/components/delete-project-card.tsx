import { useQueryClient } from '@tanstack/react-query';
import { useNavigate } from '@tanstack/react-router';
import type { Project } from '#shared/api/project';
import { ConfirmDeleteDialog, DangerZoneCard } from '#web/components/ui/danger-zone.tsx';
import { toast } from '#web/components/ui/toast.tsx';
import { forgetProject, useDeleteProject } from '../api/delete-project.ts';

/** The Danger Zone: deleting asks for the project's name to be typed. */
export function DeleteProjectCard({ project }: { project: Project }) {
  return (
    <DangerZoneCard
      id="danger-zone-title"
      title="Delete this project"
      description="Deleting a project cannot be undone. A project that still holds resources cannot be deleted."
      action="Delete project"
      access="admin"
      dialog={(close) => <DeleteProjectDialog project={project} onClose={close} />}
    />
  );
}

function DeleteProjectDialog({ project, onClose }: { project: Project; onClose: () => void }) {
  const remove = useDeleteProject();
  const navigate = useNavigate();
  const queryClient = useQueryClient();
  return (
    <ConfirmDeleteDialog
      kind="project"
      name={project.name}
      mutation={remove}
      onClose={onClose}
      onConfirm={() =>
        remove.mutate(project.id, {
          onSuccess: async () => {
            await navigate({ to: '/projects' });
            forgetProject(queryClient, project.id);
            toast.success('Project deleted', `${project.name} was deleted.`);
          },
          onError: (err) => toast.error('Could not delete the project', err),
        })
      }
    />
  );
}
