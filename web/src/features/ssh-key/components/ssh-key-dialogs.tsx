// Saving, renaming and deleting a project's SSH public key, each in a dialog over the list.
import type { FormEvent, ReactNode } from 'react';
import { z } from 'zod';
import { createSshPublicKeyBodySchema, type SshPublicKey } from '#shared/api/ssh-public-key';
import { resourceName } from '#shared/names';
import { Button, Spinner } from '#web/components/ui/button.tsx';
import { ConfirmDialog, Strong } from '#web/components/ui/confirm-dialog.tsx';
import { Dialog } from '#web/components/ui/dialog.tsx';
import { FormAlert } from '#web/components/ui/form-alert.tsx';
import { NameField } from '#web/components/ui/input.tsx';
import { TextAreaField } from '#web/components/ui/textarea-field.tsx';
import { toast } from '#web/components/ui/toast.tsx';
import type { ApiError } from '#web/lib/api-client.ts';
import { submitWith, useForm } from '#web/lib/form.ts';
import { useCreateSshKey, useDeleteSshKey, useRenameSshKey } from '../api/ssh-keys.ts';

function KeyFormDialog({
  title,
  description,
  submit,
  pending,
  error,
  onSubmit,
  onClose,
  children,
}: {
  title: string;
  description: ReactNode;
  submit: string;
  pending: boolean;
  error: ApiError | null;
  onSubmit: (e: FormEvent) => void;
  onClose: () => void;
  children: ReactNode;
}) {
  return (
    <Dialog
      open
      onClose={() => !pending && onClose()}
      title={title}
      description={<p>{description}</p>}
    >
      <form noValidate className="space-y-5" onSubmit={onSubmit}>
        <FormAlert error={error} />
        {children}
        <div className="flex justify-end gap-3 border-t border-slate-200 pt-4 dark:border-slate-800">
          <Button variant="secondary" onClick={onClose} disabled={pending}>
            Cancel
          </Button>
          <Button type="submit" disabled={pending}>
            {pending ? <Spinner /> : null}
            {submit}
          </Button>
        </div>
      </form>
    </Dialog>
  );
}

export function AddSshKeyDialog({
  projectId,
  onClose,
}: {
  projectId: string;
  onClose: () => void;
}) {
  const create = useCreateSshKey();
  const form = useForm(createSshPublicKeyBodySchema, { name: '', public_key: '' });
  return (
    <KeyFormDialog
      title="Add SSH key"
      description="Saved keys are offered when you create a VM. Only the public key is stored."
      submit="Add SSH key"
      pending={create.isPending}
      error={form.formError}
      onClose={onClose}
      onSubmit={submitWith(form, create.isPending, (body) =>
        create.mutate(
          { projectId, body },
          {
            onSuccess: (key) => {
              toast.success('SSH key added', `${key.name} is offered when you create a VM.`);
              onClose();
            },
            onError: form.setServerError,
          },
        ),
      )}
    >
      <NameField
        label="Name"
        required
        placeholder="laptop"
        hint="Unique in the project: lowercase letters, numbers and hyphens."
        {...form.field('name')}
      />
      <TextAreaField
        label="Public key"
        rows={4}
        spellCheck={false}
        autoComplete="off"
        placeholder="ssh-ed25519 AAAAC3Nza… you@laptop"
        hint={
          <>
            One line, as in <code className="font-mono">~/.ssh/id_ed25519.pub</code>.
          </>
        }
        {...form.field('public_key')}
      />
    </KeyFormDialog>
  );
}

const renameSchema = z.object({ name: resourceName('sshPublicKey') });

export function RenameSshKeyDialog({
  projectId,
  sshKey,
  onClose,
}: {
  projectId: string;
  sshKey: SshPublicKey;
  onClose: () => void;
}) {
  const rename = useRenameSshKey();
  const form = useForm(renameSchema, { name: sshKey.name });
  return (
    <KeyFormDialog
      title="Rename SSH key"
      description={
        <>
          A new name for <Strong>{sshKey.name}</Strong>. VMs made with it keep their key.
        </>
      }
      submit="Rename"
      pending={rename.isPending}
      error={form.formError}
      onClose={onClose}
      onSubmit={submitWith(form, rename.isPending, ({ name }) =>
        rename.mutate(
          { projectId, id: sshKey.id, name },
          {
            onSuccess: (key) => {
              toast.success('SSH key renamed', `${sshKey.name} is now ${key.name}.`);
              onClose();
            },
            onError: form.setServerError,
          },
        ),
      )}
    >
      <NameField label="Name" required {...form.field('name')} />
    </KeyFormDialog>
  );
}

export function DeleteSshKeyDialog({
  projectId,
  sshKey,
  onClose,
}: {
  projectId: string;
  sshKey: SshPublicKey;
  onClose: () => void;
}) {
  const remove = useDeleteSshKey();
  return (
    <ConfirmDialog
      title="Delete SSH key"
      action="Delete SSH key"
      danger
      mutation={remove}
      onClose={onClose}
      onConfirm={() =>
        remove.mutate(
          { projectId, id: sshKey.id },
          {
            onSuccess: () => {
              toast.success('SSH key deleted', `${sshKey.name} is no longer offered.`);
              onClose();
            },
          },
        )
      }
    >
      <p>
        Delete <Strong>{sshKey.name}</Strong>? VMs made with it keep their key; new VMs can no
        longer choose it.
      </p>
    </ConfirmDialog>
  );
}
