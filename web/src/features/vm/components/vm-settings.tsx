import { renameBodySchema } from '#shared/api/firewall';
import type { Vm } from '#shared/api/vm';
import { DeleteResourceCard } from '#web/components/ui/danger-zone.tsx';
import { RenameCard } from '#web/components/ui/rename-card.tsx';
import { useDeleteVm } from '../api/delete-vm.ts';
import type { VmRef } from '../api/get-vm.ts';
import { useRenameVm } from '../api/rename-vm.ts';

const renameVmSchema = renameBodySchema('vm');

export function RenameVmCard({
  vm,
  vmRef,
  onRenamed,
}: {
  vm: Vm;
  vmRef: VmRef;
  onRenamed: (name: string) => void;
}) {
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
  return (
    <DeleteResourceCard
      id="vm-danger-title"
      kind="VM"
      name={vm.name}
      deleting={vm.state === 'deleting'}
      description={`Deletes the VM, its disk and its network interface; its addresses are released. The subnet ${vm.subnet} stays. This cannot be undone.`}
      along="its disk"
      useRemove={useDeleteVm}
      target={vmRef}
    />
  );
}
