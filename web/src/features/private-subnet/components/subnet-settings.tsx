import type { PrivateSubnet } from '#shared/api/private-subnet';
import { renameBodySchema } from '#shared/api/firewall';
import { ConfirmDeleteDialog, DangerZoneCard } from '#web/components/ui/danger-zone.tsx';
import { RenameCard } from '#web/components/ui/rename-card.tsx';
import { toast } from '#web/components/ui/toast.tsx';
import { useDeletePrivateSubnet } from '../api/delete-private-subnet.ts';
import { useRenamePrivateSubnet } from '../api/rename-private-subnet.ts';

const renameSchema = renameBodySchema('privateSubnet');

export function RenameSubnetCard({
  projectId,
  subnet,
  onRenamed,
}: {
  projectId: string;
  subnet: PrivateSubnet;
  onRenamed: (name: string) => void;
}) {
  const rename = useRenamePrivateSubnet();
  return (
    <RenameCard
      id="rename-subnet-title"
      description="The name is unique among the project's subnets in this location. VMs keep their addresses."
      schema={renameSchema}
      name={subnet.name}
      rename={(newName) =>
        rename.mutateAsync({ projectId, location: subnet.location, name: subnet.name, newName })
      }
      onRenamed={onRenamed}
      fieldLabel="Subnet name"
      renamedTitle="Subnet renamed"
    />
  );
}

/** The Danger Zone: deleting asks for the subnet's name; a 409 (VMs attached) is shown in the dialog. */
export function DeleteSubnetCard({
  projectId,
  subnet,
}: {
  projectId: string;
  subnet: PrivateSubnet;
}) {
  const deleting = subnet.state === 'deleting';
  return (
    <DangerZoneCard
      id="subnet-danger-title"
      title="Delete this subnet"
      description={
        deleting
          ? 'This subnet is being deleted.'
          : 'Delete the VMs in the subnet first. Its default firewall is deleted with it unless another subnet uses it.'
      }
      action="Delete subnet"
      disabled={deleting}
      dialog={(close) => (
        <DeleteSubnetDialog projectId={projectId} subnet={subnet} onClose={close} />
      )}
    />
  );
}

function DeleteSubnetDialog({
  projectId,
  subnet,
  onClose,
}: {
  projectId: string;
  subnet: PrivateSubnet;
  onClose: () => void;
}) {
  const remove = useDeletePrivateSubnet();
  const attached = subnet.nics.filter((n) => n.vm_name).map((n) => n.vm_name);
  return (
    <ConfirmDeleteDialog
      kind="subnet"
      name={subnet.name}
      notes={
        attached.length ? (
          <p className="mt-2">
            VMs in this subnet: <span className="font-mono">{attached.join(', ')}</span>. Delete
            them first.
          </p>
        ) : null
      }
      mutation={remove}
      onClose={onClose}
      onConfirm={() =>
        remove.mutate(
          { projectId, location: subnet.location, name: subnet.name },
          {
            onSuccess: () => toast.success('Deleting subnet', `${subnet.name} is being deleted.`),
          },
        )
      }
    />
  );
}
