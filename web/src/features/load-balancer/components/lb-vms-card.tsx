import { Link } from '@tanstack/react-router';
import { useState } from 'react';
import type { LoadBalancer } from '#shared/api/load-balancer';
import { Badge } from '#web/components/ui/badge.tsx';
import { Button, Spinner } from '#web/components/ui/button.tsx';
import { Card, CardHeader } from '#web/components/ui/card.tsx';
import { FormAlert } from '#web/components/ui/form-alert.tsx';
import { StateBadge } from '#web/components/ui/state-badge.tsx';
import { Table, TBody, TD, THeadRow, TR } from '#web/components/ui/table.tsx';
import { toast } from '#web/components/ui/toast.tsx';
import { ApiError } from '#web/lib/api-client.ts';
import { useAttachVm, useDetachVm } from '../api/change-load-balancer.ts';
import type { LoadBalancerRef } from '../api/get-load-balancer.ts';
import { SelectField } from '#web/components/ui/select-field.tsx';

/** A VM of the load balancer's subnet (from the route: VMs are another feature). */
export interface VmOption {
  id: string;
  name: string;
  state: string;
}

/** The attached VMs with their health, and the picker that attaches one of the subnet's VMs. */
export function LoadBalancerVmsCard({ lbRef, lb, vms, vmsLoading }: { lbRef: LoadBalancerRef; lb: LoadBalancer; vms: VmOption[]; vmsLoading: boolean }) {
  const attach = useAttachVm();
  const detach = useDetachVm();
  const [choice, setChoice] = useState('');
  const [error, setError] = useState<ApiError | null>(null);
  const attachedIds = new Set(lb.vms.map((v) => v.id));
  const candidates = vms.filter((v) => !attachedIds.has(v.id) && v.state !== 'deleting');
  const selected = candidates.some((v) => v.id === choice) ? choice : '';
  const deleting = lb.state === 'deleting';
  const fail = (title: string) => (err: unknown) => {
    setError(err instanceof ApiError ? err : null);
    toast.error(title, err);
  };

  return (
    <Card labelledBy="lb-vms-title">
      <CardHeader
        id="lb-vms-title"
        title="Attached VMs"
        description={`Traffic on port ${lb.src_port} goes to port ${lb.dst_port} of the VMs whose health check is up. Only VMs of the subnet ${lb.subnet} can be attached.`}
      />
      <div className="space-y-4 px-5 py-5">
        <FormAlert error={error} />
        <form
          className="flex flex-wrap items-end gap-3"
          onSubmit={(e) => {
            e.preventDefault();
            if (!selected || attach.isPending) return;
            setError(null);
            const name = candidates.find((v) => v.id === selected)?.name ?? selected;
            attach.mutate(
              { ...lbRef, vmId: selected },
              {
                onSuccess: () => {
                  toast.success('VM attached', `${lb.name} now sends traffic to ${name}.`);
                  setChoice('');
                },
                onError: fail('Could not attach the VM'),
              },
            );
          }}
        >
          <SelectField label="VM to attach" className="min-w-56 flex-1" value={selected} onChange={(e) => setChoice(e.target.value)} disabled={!candidates.length || deleting}>
            <option value="">{vmsLoading ? 'Loading VMs…' : candidates.length ? 'Choose a VM' : `No other VMs in ${lb.subnet}`}</option>
            {candidates.map((v) => (
              <option key={v.id} value={v.id}>
                {v.name} ({v.state})
              </option>
            ))}
          </SelectField>
          <Button type="submit" variant="secondary" disabled={!selected || attach.isPending || deleting}>
            {attach.isPending ? <Spinner /> : null}
            Attach VM
          </Button>
        </form>

        {lb.vms.length ? (
          <Table caption="Attached VMs">
            <THeadRow columns={['VM', 'State', 'Health', 'IPv6']} actions />
            <TBody>
              {lb.vms.map((v) => (
                <TR key={v.id}>
                  <TD>
                    <Link
                      to="/projects/$projectId/compute/$location/$vmName"
                      params={{ projectId: lbRef.projectId, location: v.location, vmName: v.name }}
                      className="font-medium text-blue-700 hover:underline dark:text-blue-400"
                    >
                      {v.name}
                    </Link>
                  </TD>
                  <TD>
                    <StateBadge state={v.state} />
                  </TD>
                  <TD data-testid={`lb-vm-health-${v.name}`}>
                    <Badge tone={v.health === 'up' ? 'green' : 'red'}>{v.health}</Badge>
                  </TD>
                  <TD className="font-mono text-xs text-slate-600 dark:text-slate-400">{v.ip6 ?? '—'}</TD>
                  <TD className="text-right">
                    <Button
                      size="sm"
                      variant="ghost"
                      aria-label={`Detach VM ${v.name}`}
                      disabled={deleting || (detach.isPending && detach.variables?.vmId === v.id)}
                      onClick={() => {
                        setError(null);
                        detach.mutate(
                          { ...lbRef, vmId: v.id },
                          { onSuccess: () => toast.success('VM detached', `${lb.name} no longer sends traffic to ${v.name}.`), onError: fail('Could not detach the VM') },
                        );
                      }}
                    >
                      Detach
                    </Button>
                  </TD>
                </TR>
              ))}
            </TBody>
          </Table>
        ) : (
          <p className="rounded-md border border-dashed border-slate-300 px-4 py-6 text-center text-sm text-slate-600 dark:border-slate-700 dark:text-slate-400">
            No VMs attached: the load balancer has nowhere to send traffic yet.
          </p>
        )}
      </div>
    </Card>
  );
}
