// A yes/no confirmation for an action that interrupts or changes a resource (restart, promote,
// upgrade, remove a rule): the question, Cancel, and the action's own button; a refusal is shown
// on top and the dialog stays.
import type { ReactNode } from 'react';
import { Button, Spinner } from './button.tsx';
import { Dialog } from './dialog.tsx';
import { FormAlert } from './form-alert.tsx';
import { asApiError } from '#web/lib/api-client.ts';

export function ConfirmDialog({
  title,
  children,
  action,
  danger,
  mutation,
  onClose,
  onConfirm,
}: {
  title: string;
  children: ReactNode;
  /** The confirming button's label. */
  action: string;
  danger?: boolean;
  mutation: { isPending: boolean; error: unknown };
  onClose: () => void;
  onConfirm: () => void;
}) {
  const pending = mutation.isPending;
  return (
    <Dialog
      open
      onClose={() => {
        if (!pending) onClose();
      }}
      title={title}
      description={children}
    >
      {mutation.error ? (
        <div className="mb-4">
          <FormAlert error={asApiError(mutation.error)} />
        </div>
      ) : null}
      <div className="flex justify-end gap-3">
        <Button variant="secondary" onClick={onClose} disabled={pending}>
          Cancel
        </Button>
        <Button variant={danger ? 'danger' : 'primary'} onClick={onConfirm} disabled={pending}>
          {pending ? <Spinner /> : null}
          {action}
        </Button>
      </div>
    </Dialog>
  );
}

/** A resource's name in a dialog's sentence. */
export function Strong({ children }: { children: ReactNode }) {
  return <strong className="font-semibold text-slate-900 dark:text-slate-100">{children}</strong>;
}
