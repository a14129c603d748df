import { renameBodySchema } from '#shared/api/firewall';
import type { Vm } from '#shared/api/vm';
import { ConfirmDeleteDialog, DangerZoneCard } from '#web/components/ui/danger-zone.tsx';
import { RenameCard } from '#web/components/ui/rename-card.tsx';
import { toast } from '#web/components/ui/toast.tsx';
import { useDeleteVm } from '../api/delete-vm.ts';
import type { VmRef } from '../api/get-vm.ts';
import { useRenameVm } from '../api/rename-vm.ts';

const renameVmSchema = renameBodySchema('vm');

export function RenameVmCard({ vm, vmRef, onRenamed }: { vm: Vm; vmRef: VmRef; onRenamed: (name: string) => void }) {
  const rename = useRenameVm();
  return (
    <RenameCard
      id="vm-rename-title"
      description="The name is part of the VM's address in the API and the console; its network interface keeps its name."
      schema={renameVmSchema}
      name={vm.name}
      rename={(name) => rename.mutateAsync({ ref: vmRef, name })}
      onRenamed={onRenamed}
      fieldLabel="VM name"
      renamedTitle="VM renamed"
      fieldClassName="w-full max-w-sm"
      busyLabel="Renaming…"
      labelForm
    />
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
      kind="VM"
      name={vm.name}
      along="its disk"
      mutation={remove}
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
