import { Link } from '@tanstack/react-router';
import type { LoadBalancer } from '#shared/api/load-balancer';
import { lbNeedsVmIp4 } from '#shared/api/load-balancer-kind';
import { tableLinkClass } from '#web/components/ui/data-table.tsx';
import { Badge } from '#web/components/ui/badge.tsx';
import {
  AttachPicker,
  DetachCell,
  NothingAttached,
  useAttachError,
} from '#web/components/ui/attach-picker.tsx';
import { Card, CardHeader } from '#web/components/ui/card.tsx';
import { FormAlert } from '#web/components/ui/form-alert.tsx';
import { StateBadge } from '#web/components/ui/state-badge.tsx';
import { Table, TBody, TD, THeadRow, TR } from '#web/components/ui/table.tsx';
import { toast } from '#web/components/ui/toast.tsx';
import { useAttachVm, useDetachVm } from '../api/change-load-balancer.ts';
import type { LoadBalancerRef } from '../api/get-load-balancer.ts';

/** A VM of the load balancer's subnet (from the route: VMs are another feature). */
export interface VmOption {
  id: string;
  name: string;
  state: string;
  /** Its public IPv4, if it has one. */
  ip4: string | null;
}

/** The attached VMs with their health, and the picker that attaches one of the subnet's VMs. */
export function LoadBalancerVmsCard({
  lbRef,
  lb,
  vms,
  vmsLoading,
}: {
  lbRef: LoadBalancerRef;
  lb: LoadBalancer;
  vms: VmOption[];
  vmsLoading: boolean;
}) {
  const attach = useAttachVm();
  const detach = useDetachVm();
  const { error, clear, fail } = useAttachError();
  const attachedIds = new Set(lb.vms.map((v) => v.id));
  const candidates = vms.filter((v) => !attachedIds.has(v.id) && v.state !== 'deleting');
  const deleting = lb.state === 'deleting';
  // The API refuses a VM without a public IPv4 here (decision 289): listed, not choosable.
  const needsIp4 = lbNeedsVmIp4(lb.stack);
  const options = candidates.map((v) => ({
    id: v.id,
    name: v.name,
    note: v.state,
    unavailable: needsIp4 && v.ip4 === null ? 'no public IPv4' : undefined,
  }));

  return (
    <Card labelledBy="lb-vms-title">
      <CardHeader
        id="lb-vms-title"
        title="Attached VMs"
        description={`Traffic on port ${lb.src_port} goes to port ${lb.dst_port} of the VMs whose health check is up. Only VMs of the subnet ${lb.subnet} can be attached.`}
      />
      <div className="space-y-4 px-5 py-5">
        <FormAlert error={error} />
        <AttachPicker
          what="VM"
          options={options}
          loading={vmsLoading}
          empty={`No other VMs in ${lb.subnet}`}
          hint={
            options.some((o) => o.unavailable)
              ? 'An IPv4 or dual-stack load balancer takes only VMs with a public IPv4.'
              : undefined
          }
          disabled={deleting}
          pending={attach.isPending}
          onAttach={(v, done) => {
            clear();
            attach.mutate(
              { ...lbRef, vmId: v.id },
              {
                onSuccess: () => {
                  toast.success('VM attached', `${lb.name} now sends traffic to ${v.name}.`);
                  done();
                },
                onError: fail('Could not attach the VM'),
              },
            );
          }}
        />

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
                      className={tableLinkClass}
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
                  <TD className="font-mono text-xs text-slate-600 dark:text-slate-400">
                    {v.ip6 ?? '—'}
                  </TD>
                  <DetachCell
                    what="VM"
                    name={v.name}
                    disabled={deleting || (detach.isPending && detach.variables?.vmId === v.id)}
                    onDetach={() => {
                      clear();
                      detach.mutate(
                        { ...lbRef, vmId: v.id },
                        {
                          onSuccess: () =>
                            toast.success(
                              'VM detached',
                              `${lb.name} no longer sends traffic to ${v.name}.`,
                            ),
                          onError: fail('Could not detach the VM'),
                        },
                      );
                    }}
                  />
                </TR>
              ))}
            </TBody>
          </Table>
        ) : (
          <NothingAttached>
            No VMs attached: the load balancer has nowhere to send traffic yet.
          </NothingAttached>
        )}
      </div>
    </Card>
  );
}
