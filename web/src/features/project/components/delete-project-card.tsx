import { useQueryClient } from '@tanstack/react-query';
import { useNavigate } from '@tanstack/react-router';
import type { Project } from '#shared/api/project';
import { ConfirmDeleteDialog, DangerZoneCard } from '#web/components/ui/danger-zone.tsx';
import { toast } from '#web/components/ui/toast.tsx';
import { forgetProject, useDeleteProject, useProjectHoldings } from '../api/delete-project.ts';

/** The Danger Zone: deleting the project, with everything in it, asks for its name to be typed. Admins only. */
export function DeleteProjectCard({ project }: { project: Project }) {
  return (
    <DangerZoneCard
      id="danger-zone-title"
      title="Delete this project"
      description="Deleting a project deletes everything in it (VMs, subnets, firewalls, load balancers, databases, clusters) and cannot be undone."
      action="Delete project"
      access="admin"
      dialog={(close) => <DeleteProjectDialog project={project} onClose={close} />}
    />
  );
}

function DeleteProjectDialog({ project, onClose }: { project: Project; onClose: () => void }) {
  const remove = useDeleteProject();
  const held = useProjectHoldings(project.id, remove.isPending).data;
  const navigate = useNavigate();
  const queryClient = useQueryClient();
  const holds = held?.length ? held.join(', ') : undefined;
  return (
    <ConfirmDeleteDialog
      kind="project"
      name={project.name}
      along={holds ? 'everything in it' : undefined}
      notes={
        // Read out as it changes while the deletion runs: its progress.
        <p role="status" aria-live="polite" className="mt-2">
          {remove.isPending
            ? holds
              ? `Deleting… left: ${holds}.`
              : 'Deleting the project…'
            : holds
              ? `It holds ${holds}; each is deleted first, as if you deleted them one by one.`
              : held
                ? 'It holds no resources.'
                : null}
        </p>
      }
      mutation={remove}
      onClose={onClose}
      onConfirm={() =>
        remove.mutate(project.id, {
          onSuccess: async () => {
            await navigate({ to: '/projects' });
            forgetProject(queryClient, project.id);
            toast.success('Project deleted', `${project.name} was deleted, with everything in it.`);
          },
          onError: (err) => toast.error('Could not delete the project', err),
        })
      }
    />
  );
}
