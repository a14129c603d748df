import { useState } from 'react';
import type { PrivateSubnet } from '#shared/api/private-subnet';
import { renameBodySchema } from '#shared/api/firewall';
import { Button, Spinner } from '../../../components/ui/button.tsx';
import { Card, CardHeader } from '../../../components/ui/card.tsx';
import { Dialog } from '../../../components/ui/dialog.tsx';
import { FormAlert } from '../../../components/ui/form-alert.tsx';
import { TextField } from '../../../components/ui/input.tsx';
import { toast } from '../../../components/ui/toast.tsx';
import { ApiError } from '../../../lib/api-client.ts';
import { useForm } from '../../../lib/form.ts';
import { useDeletePrivateSubnet } from '../api/delete-private-subnet.ts';
import { useRenamePrivateSubnet } from '../api/rename-private-subnet.ts';

const renameSchema = renameBodySchema('privateSubnet');

export function RenameSubnetCard({ projectId, subnet, onRenamed }: { projectId: string; subnet: PrivateSubnet; onRenamed: (name: string) => void }) {
  const rename = useRenamePrivateSubnet();
  const form = useForm(renameSchema, { name: subnet.name });
  const unchanged = form.values.name === subnet.name;
  return (
    <Card labelledBy="rename-subnet-title">
      <CardHeader id="rename-subnet-title" title="Name" description="The name is unique among the project's subnets in this location. VMs keep their addresses." />
      <form
        noValidate
        className="flex flex-wrap items-start gap-3 px-5 py-5"
        onSubmit={(e) => {
          e.preventDefault();
          const body = form.submit();
          if (!body || unchanged || rename.isPending) return;
          rename.mutate(
            { projectId, location: subnet.location, name: subnet.name, newName: body.name },
            {
              onSuccess: (s) => {
                toast.success('Subnet renamed', `${subnet.name} is now ${s.name}.`);
                onRenamed(s.name);
              },
              onError: form.setServerError,
            },
          );
        }}
      >
        <div className="w-full">
          <FormAlert error={form.formError} />
        </div>
        <TextField label="Subnet name" autoComplete="off" spellCheck={false} maxLength={100} className="min-w-64 flex-1" {...form.field('name')} />
        <Button type="submit" variant="secondary" className="mt-7" disabled={unchanged || rename.isPending}>
          {rename.isPending ? <Spinner /> : null}
          Rename
        </Button>
      </form>
    </Card>
  );
}

/** The Danger Zone: deleting asks for the subnet's name; a 409 (VMs attached) is shown in the dialog. */
export function DeleteSubnetCard({ projectId, subnet, onDeleted }: { projectId: string; subnet: PrivateSubnet; onDeleted: () => void }) {
  const [open, setOpen] = useState(false);
  const deleting = subnet.state === 'deleting';
  return (
    <Card tone="danger" labelledBy="subnet-danger-title">
      <CardHeader id="subnet-danger-title" title="Danger Zone" />
      <div className="flex flex-wrap items-center justify-between gap-4 px-5 py-5">
        <div>
          <p className="font-medium">Delete this subnet</p>
          <p className="mt-1 text-sm text-slate-600 dark:text-slate-400">
            {deleting
              ? 'This subnet is being deleted.'
              : 'Delete the VMs in the subnet first. Its default firewall is deleted with it unless another subnet uses it.'}
          </p>
        </div>
        <Button variant="danger" onClick={() => setOpen(true)} disabled={deleting}>
          Delete subnet
        </Button>
      </div>
      {open ? <DeleteSubnetDialog projectId={projectId} subnet={subnet} onClose={() => setOpen(false)} onDeleted={onDeleted} /> : null}
    </Card>
  );
}

function DeleteSubnetDialog({ projectId, subnet, onClose, onDeleted }: { projectId: string; subnet: PrivateSubnet; onClose: () => void; onDeleted: () => void }) {
  const [typed, setTyped] = useState('');
  const [error, setError] = useState<ApiError | null>(null);
  const remove = useDeletePrivateSubnet();
  const matches = typed === subnet.name;
  const attached = subnet.nics.filter((n) => n.vm_name).map((n) => n.vm_name);

  return (
    <Dialog
      open
      onClose={() => {
        if (!remove.isPending) onClose();
      }}
      title="Delete subnet"
      description={
        <>
          <p>
            This permanently deletes the subnet <strong className="font-semibold text-slate-900 dark:text-slate-100">{subnet.name}</strong>. This cannot be
            undone.
          </p>
          {attached.length ? (
            <p className="mt-2">
              VMs in this subnet: <span className="font-mono">{attached.join(', ')}</span>. Delete them first.
            </p>
          ) : null}
        </>
      }
    >
      <form
        noValidate
        className="space-y-5"
        onSubmit={(e) => {
          e.preventDefault();
          if (!matches || remove.isPending) return;
          setError(null);
          remove.mutate(
            { projectId, location: subnet.location, name: subnet.name },
            {
              onSuccess: () => {
                toast.success('Deleting subnet', `${subnet.name} is being deleted.`);
                onDeleted();
              },
              onError: (err) => setError(err instanceof ApiError ? err : new ApiError(0, 'UnexpectedResponse', 'Something went wrong. Try again.')),
            },
          );
        }}
      >
        <FormAlert error={error} />
        <TextField
          label={
            <>
              Type <span className="font-mono font-semibold">{subnet.name}</span> to confirm
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
