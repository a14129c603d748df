// Leaving the project: any member may, except its last admin (the server says so, shown in the dialog).
import { useState } from 'react';
import { Button } from '#web/components/ui/button.tsx';
import { Card, CardHeader } from '#web/components/ui/card.tsx';
import { ConfirmDialog, Strong } from '#web/components/ui/confirm-dialog.tsx';
import { toast } from '#web/components/ui/toast.tsx';
import { useLeaveProject } from '../api/members.ts';

/** `onLeft` moves away from the project's pages (they are gone for the caller) before the toast. */
export function LeaveCard({
  projectId,
  projectName,
  onLeft,
}: {
  projectId: string;
  projectName: string;
  onLeft: () => Promise<void>;
}) {
  const [open, setOpen] = useState(false);
  const leave = useLeaveProject(projectId);
  return (
    <Card labelledBy="leave-title">
      <CardHeader id="leave-title" title="Leave project" />
      <div className="flex flex-wrap items-center justify-between gap-4 px-5 py-5">
        <p className="text-sm text-slate-600 dark:text-slate-400">
          You lose access to this project and its resources until an admin invites you again.
        </p>
        <Button
          variant="secondary"
          onClick={() => {
            leave.reset();
            setOpen(true);
          }}
        >
          Leave project
        </Button>
      </div>
      {open ? (
        <ConfirmDialog
          title="Leave project"
          action="Leave project"
          danger
          mutation={leave}
          onClose={() => setOpen(false)}
          onConfirm={() =>
            leave.mutate(undefined, {
              onSuccess: async () => {
                await onLeft();
                toast.success(
                  'You left the project',
                  `${projectName} is no longer in your projects.`,
                );
              },
            })
          }
        >
          <p>
            Leave <Strong>{projectName}</Strong>? You lose access at once.
          </p>
        </ConfirmDialog>
      ) : null}
    </Card>
  );
}
