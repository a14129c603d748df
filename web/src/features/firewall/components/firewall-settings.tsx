import {
  renameBodySchema,
  updateFirewallBodySchema,
  type FirewallDetail,
} from '#shared/api/firewall';
import { ConfirmDeleteDialog, DangerZoneCard } from '#web/components/ui/danger-zone.tsx';
import { FieldCard } from '#web/components/ui/field-card.tsx';
import { TextField } from '#web/components/ui/input.tsx';
import { RenameCard } from '#web/components/ui/rename-card.tsx';
import { toast } from '#web/components/ui/toast.tsx';
import { useForm } from '#web/lib/form.ts';
import { useDeleteFirewall } from '../api/delete-firewall.ts';
import type { FirewallRef } from '../api/get-firewall.ts';
import { useRenameFirewall } from '../api/rename-firewall.ts';
import { useUpdateFirewall } from '../api/update-firewall.ts';

const renameSchema = renameBodySchema('firewall');

export function FirewallDescriptionCard({
  firewallRef,
  firewall,
}: {
  firewallRef: FirewallRef;
  firewall: FirewallDetail;
}) {
  const update = useUpdateFirewall();
  const form = useForm(updateFirewallBodySchema, { description: firewall.description });
  const unchanged = form.values.description === firewall.description;
  return (
    <FieldCard
      id="fw-description-title"
      title="Description"
      formError={form.formError}
      submitLabel="Save description"
      pending={update.isPending}
      disabled={unchanged}
      onSubmit={() => {
        const body = form.submit();
        if (!body || unchanged || update.isPending) return;
        update.mutate(
          { ...firewallRef, description: body.description },
          { onSuccess: () => toast.success('Description saved'), onError: form.setServerError },
        );
      }}
    >
      <TextField
        label="Firewall description"
        autoComplete="off"
        maxLength={1100}
        className="min-w-64 flex-1"
        {...form.field('description')}
      />
    </FieldCard>
  );
}

export function RenameFirewallCard({
  firewallRef,
  firewall,
  onRenamed,
}: {
  firewallRef: FirewallRef;
  firewall: FirewallDetail;
  onRenamed: (name: string) => void;
}) {
  const rename = useRenameFirewall();
  return (
    <RenameCard
      id="fw-rename-title"
      description="The name is unique among the project's firewalls in this location."
      schema={renameSchema}
      name={firewall.name}
      rename={(newName) => rename.mutateAsync({ ...firewallRef, newName })}
      onRenamed={onRenamed}
      fieldLabel="Firewall name"
      renamedTitle="Firewall renamed"
    />
  );
}

export function DeleteFirewallCard({
  firewallRef,
  firewall,
  onDeleted,
}: {
  firewallRef: FirewallRef;
  firewall: FirewallDetail;
  onDeleted: () => void;
}) {
  const n = firewall.private_subnets.length;
  return (
    <DangerZoneCard
      id="fw-danger-title"
      title="Delete this firewall"
      description={`Its rules are deleted with it${n ? ` and it is detached from ${n === 1 ? '1 subnet' : `${n} subnets`}` : ''}. This cannot be undone.`}
      action="Delete firewall"
      dialog={(close) => (
        <DeleteFirewallDialog
          firewallRef={firewallRef}
          firewall={firewall}
          onClose={close}
          onDeleted={onDeleted}
        />
      )}
    />
  );
}

function DeleteFirewallDialog({
  firewallRef,
  firewall,
  onClose,
  onDeleted,
}: {
  firewallRef: FirewallRef;
  firewall: FirewallDetail;
  onClose: () => void;
  onDeleted: () => void;
}) {
  const remove = useDeleteFirewall();
  return (
    <ConfirmDeleteDialog
      kind="firewall"
      name={firewall.name}
      along={
        firewall.firewall_rules.length === 1
          ? 'its rule'
          : `its ${firewall.firewall_rules.length} rules`
      }
      mutation={remove}
      onClose={onClose}
      onConfirm={() =>
        remove.mutate(firewallRef, {
          onSuccess: () => {
            toast.success('Firewall deleted', `${firewall.name} was deleted.`);
            onDeleted();
          },
        })
      }
    />
  );
}
