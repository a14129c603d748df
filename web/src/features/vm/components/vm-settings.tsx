import { renameBodySchema } from '#shared/api/firewall';
import type { Vm } from '#shared/api/vm';
import { BusyLabel, Button } from '../../../components/ui/button.tsx';
import { Card, CardHeader } from '../../../components/ui/card.tsx';
import { ConfirmDeleteDialog, DangerZoneCard, Strong } from '../../../components/ui/danger-zone.tsx';
import { FormAlert } from '../../../components/ui/form-alert.tsx';
import { TextField } from '../../../components/ui/input.tsx';
import { toast } from '../../../components/ui/toast.tsx';
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
            <BusyLabel pending={rename.isPending} busy="Renaming…">Rename</BusyLabel>
          </Button>
        </div>
      </form>
    </Card>
  );
}

/** The Danger Zone: deleting asks for the VM's name to be typed. */
export function DeleteVmCard({ vm, vmRef }: { vm: Vm; vmRef: VmRef }) {
  const deleting = vm.state === 'deleting';
  return (
    <DangerZoneCard
      id="vm-danger-title"
      title="Delete this VM"
      description={
        deleting
          ? 'The VM is being deleted.'
          : `Deletes the VM, its disk and its network interface; its addresses are released. The subnet ${vm.subnet} stays. This cannot be undone.`
      }
      action="Delete VM"
      disabled={deleting}
      dialog={(close) => <DeleteVmDialog vm={vm} vmRef={vmRef} onClose={close} />}
    />
  );
}

function DeleteVmDialog({ vm, vmRef, onClose }: { vm: Vm; vmRef: VmRef; onClose: () => void }) {
  const remove = useDeleteVm();
  return (
    <ConfirmDeleteDialog
      title="Delete VM"
      description={
        <p>
          This permanently deletes the VM <Strong>{vm.name}</Strong> and its disk. This cannot be undone.
        </p>
      }
      name={vm.name}
      pending={remove.isPending}
      error={remove.error}
      onClose={onClose}
      onConfirm={() =>
        remove.mutate(vmRef, {
          onSuccess: () => {
            // The page shows it `deleting` until it is gone, then says so and goes back to
            // the list (the VM page's 404 handling).
            onClose();
            toast.success('Deleting VM', `${vm.name} is being deleted.`);
          },
          onError: (err) => toast.error('Could not delete the VM', err),
        })
      }
    />
  );
}
