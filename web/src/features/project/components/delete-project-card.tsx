import { useQueryClient } from '@tanstack/react-query';
import { useNavigate } from '@tanstack/react-router';
import { useState } from 'react';
import type { Project } from '#shared/api/project';
import { Button, Spinner } from '../../../components/ui/button.tsx';
import { Card, CardHeader } from '../../../components/ui/card.tsx';
import { Dialog } from '../../../components/ui/dialog.tsx';
import { FormAlert } from '../../../components/ui/form-alert.tsx';
import { TextField } from '../../../components/ui/input.tsx';
import { toast } from '../../../components/ui/toast.tsx';
import { ApiError } from '../../../lib/api-client.ts';
import { forgetProject, useDeleteProject } from '../api/delete-project.ts';

/** The Danger Zone: deleting asks for the project's name to be typed. */
export function DeleteProjectCard({ project }: { project: Project }) {
  const [open, setOpen] = useState(false);
  return (
    <Card tone="danger" labelledBy="danger-zone-title">
      <CardHeader id="danger-zone-title" title="Danger Zone" />
      <div className="flex flex-wrap items-center justify-between gap-4 px-5 py-5">
        <div>
          <p className="font-medium">Delete this project</p>
          <p className="mt-1 text-sm text-slate-600 dark:text-slate-400">Deleting a project cannot be undone. A project that still holds resources cannot be deleted.</p>
        </div>
        <Button variant="danger" onClick={() => setOpen(true)}>
          Delete project
        </Button>
      </div>
      {open ? <DeleteProjectDialog project={project} onClose={() => setOpen(false)} /> : null}
    </Card>
  );
}

function DeleteProjectDialog({ project, onClose }: { project: Project; onClose: () => void }) {
  const [typed, setTyped] = useState('');
  const [error, setError] = useState<ApiError | null>(null);
  const remove = useDeleteProject();
  const navigate = useNavigate();
  const queryClient = useQueryClient();
  const matches = typed === project.name;

  return (
    <Dialog
      open
      onClose={() => {
        if (!remove.isPending) onClose();
      }}
      title="Delete project"
      description={
        <p>
          This permanently deletes the project <strong className="font-semibold text-slate-900 dark:text-slate-100">{project.name}</strong>. This cannot be undone.
        </p>
      }
    >
      <form
        noValidate
        className="space-y-5"
        onSubmit={(e) => {
          e.preventDefault();
          if (!matches || remove.isPending) return;
          setError(null);
          remove.mutate(project.id, {
            onSuccess: async () => {
              await navigate({ to: '/projects' });
              forgetProject(queryClient, project.id);
              toast.success('Project deleted', `${project.name} was deleted.`);
            },
            onError: (err) => {
              setError(err instanceof ApiError ? err : null);
              toast.error('Could not delete the project', err);
            },
          });
        }}
      >
        <FormAlert error={error} />
        <TextField
          label={
            <>
              Type <span className="font-mono font-semibold">{project.name}</span> to confirm
            </>
          }
          autoComplete="off"
          spellCheck={false}
          value={typed}
          onChange={(e) => setTyped(e.target.value)}
        />
        <div className="flex justify-end gap-3">
          <Button variant="secondary" onClick={onClose} disabled={remove.isPending}>
            Cancel
          </Button>
          <Button type="submit" variant="danger" disabled={!matches || remove.isPending}>
            {remove.isPending ? (
              <>
                <Spinner /> Deleting…
              </>
            ) : (
              'Delete'
            )}
          </Button>
        </div>
      </form>
    </Dialog>
  );
}
