// A table of a cluster's nodes (VMs made for the cluster: not in the project's VM list). A
// worker node has Retire: after a confirmation it goes and its pool shrinks by one (the origin's
// retire; not the pool's last node). Control-plane nodes are not retired by hand.
import { useState } from 'react';
import type { KubernetesCluster, KubernetesVm, Nodepool } from '#shared/api/kubernetes';
import { Button } from '#web/components/ui/button.tsx';
import { ConfirmDialog, Strong } from '#web/components/ui/confirm-dialog.tsx';
import { StateBadge } from '#web/components/ui/state-badge.tsx';
import { Table, TBody, TD, THeadRow, TR } from '#web/components/ui/table.tsx';
import { toast } from '#web/components/ui/toast.tsx';
import { useRetireNode, type KcRef } from '../api/kubernetes.ts';

const hour = (h: number) => `${String(h).padStart(2, '0')}:00 UTC`;

export function NodesTable({
  kc,
  kcRef,
  vms,
  caption,
  pool,
}: {
  kc: KubernetesCluster;
  kcRef: KcRef;
  vms: readonly KubernetesVm[];
  caption: string;
  pool?: Nodepool;
}) {
  const retire = useRetireNode();
  const [asked, setAsked] = useState<string | null>(null);
  const last = !pool || pool.node_count <= 1 || kc.display_state === 'deleting';
  if (!vms.length)
    return <p className="text-sm text-slate-600 dark:text-slate-400">No nodes yet.</p>;
  return (
    <>
      <Table caption={caption} scrollLabel={caption}>
        <THeadRow
          columns={['Node', 'State', 'Size', 'Private IPv6', 'Image', 'Maintenance']}
          actions={Boolean(pool)}
        />
        <TBody>
          {vms.map((vm) => (
            <TR key={vm.id}>
              <TD className="font-mono text-xs font-medium">{vm.name}</TD>
              <TD>
                <StateBadge state={vm.state} />
              </TD>
              <TD className="whitespace-nowrap">{vm.size}</TD>
              <TD className="font-mono text-xs text-slate-600 dark:text-slate-400">
                {vm.ip6 ?? '—'}
              </TD>
              <TD className="text-xs whitespace-nowrap">{vm.boot_image}</TD>
              <TD className="text-xs whitespace-nowrap">{hour(vm.maintenance_window_start_at)}</TD>
              {pool ? (
                <TD className="text-right">
                  <Button
                    access="write"
                    size="sm"
                    variant="ghost"
                    aria-label={`Retire node ${vm.name}`}
                    title={last ? 'The last node of a pool cannot be retired.' : undefined}
                    disabled={last || vm.state !== 'running'}
                    onClick={() => {
                      retire.reset();
                      setAsked(vm.name);
                    }}
                  >
                    Retire
                  </Button>
                </TD>
              ) : null}
            </TR>
          ))}
        </TBody>
      </Table>
      {asked ? (
        <ConfirmDialog
          title="Retire node"
          action="Retire node"
          danger
          mutation={retire}
          onClose={() => setAsked(null)}
          onConfirm={() =>
            retire.mutate(
              { ref: kcRef, node: asked },
              {
                onSuccess: () => {
                  toast.success(
                    'Retiring node',
                    `${asked} is drained and removed; ${pool?.name ?? 'its pool'} shrinks by one node.`,
                  );
                  setAsked(null);
                },
              },
            )
          }
        >
          <p>
            The node <Strong>{asked}</Strong> of <Strong>{kc.name}</Strong> is drained and deleted,
            and its node pool shrinks by one node. Its pods move to the other nodes.
          </p>
        </ConfirmDialog>
      ) : null}
    </>
  );
}
