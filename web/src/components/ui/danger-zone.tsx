// The Danger Zone of a settings tab (a card with one destructive action), the dialog that
// asks for a resource's name to be typed before deleting it, and the two together for a
// resource the page shows deleting until it is gone.
import { useState, type ReactNode } from 'react';
import { asApiError } from '#web/lib/api-client.ts';
import { BusyLabel, Button } from './button.tsx';
import { Card, CardHeader } from './card.tsx';
import { Dialog } from './dialog.tsx';
import { FormAlert } from './form-alert.tsx';
import { TextField } from './input.tsx';
import { toast } from './toast.tsx';

/** "Danger Zone": what the action does, and its button; `dialog` is shown once it is pressed. */
export function DangerZoneCard({
  id,
  title,
  description,
  action,
  disabled,
  access = 'write',
  dialog,
}: {
  /** The id of the card's heading. */
  id: string;
  title: string;
  description: ReactNode;
  /** The button's label. */
  action: string;
  disabled?: boolean;
  /** What the action needs of the caller's role (the project's own deletion: admin). */
  access?: 'write' | 'admin';
  dialog: (close: () => void) => ReactNode;
}) {
  const [open, setOpen] = useState(false);
  return (
    <Card tone="danger" labelledBy={id}>
      <CardHeader id={id} title="Danger Zone" />
      <div className="flex flex-wrap items-center justify-between gap-4 px-5 py-5">
        <div>
          <p className="font-medium">{title}</p>
          <p className="mt-1 text-sm text-slate-600 dark:text-slate-400">{description}</p>
        </div>
        <Button variant="danger" access={access} onClick={() => setOpen(true)} disabled={disabled}>
          {action}
        </Button>
      </div>
      {open ? dialog(() => setOpen(false)) : null}
    </Card>
  );
}

/**
 * Delete after typing `name`: *Delete* stays disabled until it matches. The dialog cannot be
 * closed while the deletion is pending; a refusal (the mutation's error) is shown on top.
 */
export function ConfirmDeleteDialog({
  kind,
  name,
  along,
  notes,
  mutation,
  onClose,
  onConfirm,
}: {
  /** "subnet": the dialog is "Delete subnet" and says "This permanently deletes the subnet …". */
  kind: string;
  name: string;
  /** What is deleted with it: "its disk". */
  along?: ReactNode;
  /** More to say, under that sentence. */
  notes?: ReactNode;
  mutation: { isPending: boolean; error: unknown };
  onClose: () => void;
  onConfirm: () => void;
}) {
  const { isPending: pending, error } = mutation;
  const [typed, setTyped] = useState('');
  const matches = typed === name;
  return (
    <Dialog
      open
      onClose={() => {
        if (!pending) onClose();
      }}
      title={`Delete ${kind}`}
      description={
        <>
          <p>
            This permanently deletes the {kind} <Strong>{name}</Strong>
            {along ? <> and {along}</> : null}. This cannot be undone.
          </p>
          {notes}
        </>
      }
    >
      <form
        noValidate
        className="space-y-5"
        onSubmit={(e) => {
          e.preventDefault();
          if (!matches || pending) return;
          onConfirm();
        }}
      >
        <FormAlert error={error ? asApiError(error) : null} />
        <TextField
          label={
            <>
              Type <span className="font-mono font-semibold">{name}</span> to confirm
            </>
          }
          autoComplete="off"
          spellCheck={false}
          value={typed}
          onChange={(e) => setTyped(e.target.value)}
        />
        <div className="flex justify-end gap-3">
          <Button variant="secondary" onClick={onClose} disabled={pending}>
            Cancel
          </Button>
          <Button type="submit" variant="danger" disabled={!matches || pending}>
            <BusyLabel pending={pending} busy="Deleting…">
              Delete
            </BusyLabel>
          </Button>
        </div>
      </form>
    </Dialog>
  );
}

/**
 * The Danger Zone that deletes a resource once its name is typed (`useRemove` is the delete
 * mutation's hook, sent `target`); the page then shows it deleting until it is gone.
 */
export function DeleteResourceCard<T>({
  id,
  kind,
  name,
  deleting,
  description,
  along,
  useRemove,
  target,
}: {
  /** The id of the card's heading. */
  id: string;
  /** "database": "Delete this database", "Deleting database", … */
  kind: string;
  name: string;
  deleting: boolean;
  /** What deleting does, said while it is not deleting. */
  description: ReactNode;
  along?: ReactNode;
  useRemove: () => {
    isPending: boolean;
    error: unknown;
    mutate: (
      target: T,
      options: { onSuccess: () => void; onError: (err: unknown) => void },
    ) => void;
  };
  target: T;
}) {
  return (
    <DangerZoneCard
      id={id}
      title={`Delete this ${kind}`}
      description={deleting ? `The ${kind} is being deleted.` : description}
      action={`Delete ${kind}`}
      disabled={deleting}
      dialog={(close) => (
        <DeleteResourceDialog
          kind={kind}
          name={name}
          along={along}
          useRemove={useRemove}
          target={target}
          onClose={close}
        />
      )}
    />
  );
}

function DeleteResourceDialog<T>({
  kind,
  name,
  along,
  useRemove,
  target,
  onClose,
}: Pick<
  Parameters<typeof DeleteResourceCard<T>>[0],
  'kind' | 'name' | 'along' | 'useRemove' | 'target'
> & { onClose: () => void }) {
  const remove = useRemove();
  return (
    <ConfirmDeleteDialog
      kind={kind}
      name={name}
      along={along}
      mutation={remove}
      onClose={onClose}
      onConfirm={() =>
        remove.mutate(target, {
          onSuccess: () => {
            onClose();
            toast.success(`Deleting ${kind}`, `${name} is being deleted.`);
          },
          onError: (err) => toast.error(`Could not delete the ${kind}`, err),
        })
      }
    />
  );
}

/** The resource's name in a dialog's sentence. */
function Strong({ children }: { children: ReactNode }) {
  return <strong className="font-semibold text-slate-900 dark:text-slate-100">{children}</strong>;
}
