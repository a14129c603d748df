import { useState } from 'react';
import { renameBodySchema, updateFirewallBodySchema, type FirewallDetail } from '#shared/api/firewall';
import { Button, Spinner } from '../../../components/ui/button.tsx';
import { Card, CardHeader } from '../../../components/ui/card.tsx';
import { Dialog } from '../../../components/ui/dialog.tsx';
import { FormAlert } from '../../../components/ui/form-alert.tsx';
import { TextField } from '../../../components/ui/input.tsx';
import { toast } from '../../../components/ui/toast.tsx';
import { ApiError } from '../../../lib/api-client.ts';
import { useForm } from '../../../lib/form.ts';
import { useDeleteFirewall } from '../api/delete-firewall.ts';
import type { FirewallRef } from '../api/get-firewall.ts';
import { useRenameFirewall } from '../api/rename-firewall.ts';
import { useUpdateFirewall } from '../api/update-firewall.ts';

const renameSchema = renameBodySchema('firewall');

export function FirewallDescriptionCard({ firewallRef, firewall }: { firewallRef: FirewallRef; firewall: FirewallDetail }) {
  const update = useUpdateFirewall();
  const form = useForm(updateFirewallBodySchema, { description: firewall.description });
  const unchanged = form.values.description === firewall.description;
  return (
    <Card labelledBy="fw-description-title">
      <CardHeader id="fw-description-title" title="Description" />
      <form
        noValidate
        className="flex flex-wrap items-start gap-3 px-5 py-5"
        onSubmit={(e) => {
          e.preventDefault();
          const body = form.submit();
          if (!body || unchanged || update.isPending) return;
          update.mutate({ ...firewallRef, description: body.description }, { onSuccess: () => toast.success('Description saved'), onError: form.setServerError });
        }}
      >
        <div className="w-full empty:hidden">
          <FormAlert error={form.formError} />
        </div>
        <TextField label="Firewall description" autoComplete="off" maxLength={1100} className="min-w-64 flex-1" {...form.field('description')} />
        <Button type="submit" variant="secondary" className="mt-7" disabled={unchanged || update.isPending}>
          {update.isPending ? <Spinner /> : null}
          Save description
        </Button>
      </form>
    </Card>
  );
}

export function RenameFirewallCard({ firewallRef, firewall, onRenamed }: { firewallRef: FirewallRef; firewall: FirewallDetail; onRenamed: (name: string) => void }) {
  const rename = useRenameFirewall();
  const form = useForm(renameSchema, { name: firewall.name });
  const unchanged = form.values.name === firewall.name;
  return (
    <Card labelledBy="fw-rename-title">
      <CardHeader id="fw-rename-title" title="Name" description="The name is unique among the project's firewalls in this location." />
      <form
        noValidate
        className="flex flex-wrap items-start gap-3 px-5 py-5"
        onSubmit={(e) => {
          e.preventDefault();
          const body = form.submit();
          if (!body || unchanged || rename.isPending) return;
          rename.mutate(
            { ...firewallRef, newName: body.name },
            {
              onSuccess: (fw) => {
                toast.success('Firewall renamed', `${firewall.name} is now ${fw.name}.`);
                onRenamed(fw.name);
              },
              onError: form.setServerError,
            },
          );
        }}
      >
        <div className="w-full empty:hidden">
          <FormAlert error={form.formError} />
        </div>
        <TextField label="Firewall name" autoComplete="off" spellCheck={false} maxLength={100} className="min-w-64 flex-1" {...form.field('name')} />
        <Button type="submit" variant="secondary" className="mt-7" disabled={unchanged || rename.isPending}>
          {rename.isPending ? <Spinner /> : null}
          Rename
        </Button>
      </form>
    </Card>
  );
}

export function DeleteFirewallCard({ firewallRef, firewall, onDeleted }: { firewallRef: FirewallRef; firewall: FirewallDetail; onDeleted: () => void }) {
  const [open, setOpen] = useState(false);
  const n = firewall.private_subnets.length;
  return (
    <Card tone="danger" labelledBy="fw-danger-title">
      <CardHeader id="fw-danger-title" title="Danger Zone" />
      <div className="flex flex-wrap items-center justify-between gap-4 px-5 py-5">
        <div>
          <p className="font-medium">Delete this firewall</p>
          <p className="mt-1 text-sm text-slate-600 dark:text-slate-400">
            Its rules are deleted with it{n ? ` and it is detached from ${n === 1 ? '1 subnet' : `${n} subnets`}` : ''}. This cannot be undone.
          </p>
        </div>
        <Button variant="danger" onClick={() => setOpen(true)}>
          Delete firewall
        </Button>
      </div>
      {open ? <DeleteFirewallDialog firewallRef={firewallRef} firewall={firewall} onClose={() => setOpen(false)} onDeleted={onDeleted} /> : null}
    </Card>
  );
}

function DeleteFirewallDialog({ firewallRef, firewall, onClose, onDeleted }: { firewallRef: FirewallRef; firewall: FirewallDetail; onClose: () => void; onDeleted: () => void }) {
  const [typed, setTyped] = useState('');
  const [error, setError] = useState<ApiError | null>(null);
  const remove = useDeleteFirewall();
  const matches = typed === firewall.name;
  return (
    <Dialog
      open
      onClose={() => {
        if (!remove.isPending) onClose();
      }}
      title="Delete firewall"
      description={
        <p>
          This permanently deletes the firewall <strong className="font-semibold text-slate-900 dark:text-slate-100">{firewall.name}</strong> and its{' '}
          {firewall.firewall_rules.length === 1 ? 'rule' : `${firewall.firewall_rules.length} rules`}. This cannot be undone.
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
          remove.mutate(firewallRef, {
            onSuccess: () => {
              toast.success('Firewall deleted', `${firewall.name} was deleted.`);
              onDeleted();
            },
            onError: (err) => setError(err instanceof ApiError ? err : new ApiError(0, 'UnexpectedResponse', 'Something went wrong. Try again.')),
          });
        }}
      >
        <FormAlert error={error} />
        <TextField
          label={
            <>
              Type <span className="font-mono font-semibold">{firewall.name}</span> to confirm
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
