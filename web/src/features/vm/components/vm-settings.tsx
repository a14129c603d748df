import { useState } from 'react';
import { renameBodySchema } from '#shared/api/firewall';
import type { Vm } from '#shared/api/vm';
import { Button, Spinner } from '../../../components/ui/button.tsx';
import { Card, CardHeader } from '../../../components/ui/card.tsx';
import { Dialog } from '../../../components/ui/dialog.tsx';
import { FormAlert } from '../../../components/ui/form-alert.tsx';
import { TextField } from '../../../components/ui/input.tsx';
import { toast } from '../../../components/ui/toast.tsx';
import { ApiError } from '../../../lib/api-client.ts';
import { useForm } from '../../../lib/form.ts';
import { useDeleteVm } from '../api/delete-vm.ts';
import type { VmRef } from '../api/get-vm.ts';
import { useRenameVm } from '../api/rename-vm.ts';

const renameVmSchema = renameBodySchema('vm');

export function RenameVmCard({ vm, vmRef, onRenamed }: { vm: Vm; vmRef: VmRef; onRenamed: (name: string) => void }) {
  const rename = useRenameVm();
  const form = useForm(renameVmSchema, { name: vm.name });
  const unchanged = form.values.name === vm.name;
  return (
    <Card labelledBy="vm-rename-title">
      <CardHeader id="vm-rename-title" title="Name" description="The name is part of the VM's address in the API and the console; its network interface keeps its name." />
      <form
        noValidate
        aria-labelledby="vm-rename-title"
        className="space-y-4 px-5 py-5"
        onSubmit={(e) => {
          e.preventDefault();
          const body = form.submit();
          if (!body || rename.isPending || unchanged) return;
          rename.mutate(
            { ref: vmRef, name: body.name },
            {
              onSuccess: (renamed) => {
                toast.success('VM renamed', `${vm.name} is now ${renamed.name}.`);
                onRenamed(renamed.name);
              },
              onError: form.setServerError,
            },
          );
        }}
      >
        <FormAlert error={form.formError} />
        <div className="flex flex-wrap items-start gap-3">
          <TextField label="VM name" autoComplete="off" spellCheck={false} maxLength={100} className="w-full max-w-sm" {...form.field('name')} />
          <Button type="submit" variant="secondary" className="sm:mt-7" disabled={rename.isPending || unchanged}>
            {rename.isPending ? (
              <>
                <Spinner /> Renaming…
              </>
            ) : (
              'Rename'
            )}
          </Button>
        </div>
      </form>
    </Card>
  );
}

/** The Danger Zone: deleting asks for the VM's name to be typed. */
export function DeleteVmCard({ vm, vmRef }: { vm: Vm; vmRef: VmRef }) {
  const [open, setOpen] = useState(false);
  const deleting = vm.state === 'deleting';
  return (
    <Card tone="danger" labelledBy="vm-danger-title">
      <CardHeader id="vm-danger-title" title="Danger Zone" />
      <div className="flex flex-wrap items-center justify-between gap-4 px-5 py-5">
        <div>
          <p className="font-medium">Delete this VM</p>
          <p className="mt-1 text-sm text-slate-600 dark:text-slate-400">
            {deleting
              ? 'The VM is being deleted.'
              : `Deletes the VM, its disk and its network interface; its addresses are released. The subnet ${vm.subnet} stays. This cannot be undone.`}
          </p>
        </div>
        <Button variant="danger" onClick={() => setOpen(true)} disabled={deleting}>
          Delete VM
        </Button>
      </div>
      {open ? <DeleteVmDialog vm={vm} vmRef={vmRef} onClose={() => setOpen(false)} /> : null}
    </Card>
  );
}

function DeleteVmDialog({ vm, vmRef, onClose }: { vm: Vm; vmRef: VmRef; onClose: () => void }) {
  const [typed, setTyped] = useState('');
  const [error, setError] = useState<ApiError | null>(null);
  const remove = useDeleteVm();
  const matches = typed === vm.name;

  return (
    <Dialog
      open
      onClose={() => {
        if (!remove.isPending) onClose();
      }}
      title="Delete VM"
      description={
        <p>
          This permanently deletes the VM <strong className="font-semibold text-slate-900 dark:text-slate-100">{vm.name}</strong> and its disk. This cannot be undone.
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
          remove.mutate(vmRef, {
            onSuccess: () => {
              // The page shows it `deleting` until it is gone, then says so and goes back to
              // the list (the VM page's 404 handling).
              onClose();
              toast.success('Deleting VM', `${vm.name} is being deleted.`);
            },
            onError: (err) => {
              setError(err instanceof ApiError ? err : null);
              toast.error('Could not delete the VM', err);
            },
          });
        }}
      >
        <FormAlert error={error} />
        <TextField
          label={
            <>
              Type <span className="font-mono font-semibold">{vm.name}</span> to confirm
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
