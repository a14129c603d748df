// A table of a cluster's nodes (VMs made for the cluster: not in the project's VM list), each
// with Retire: after a confirmation, a new node replaces it.
import { useState } from 'react';
import type { KubernetesCluster, KubernetesVm } from '#shared/api/kubernetes';
import { Button } from '#web/components/ui/button.tsx';
import { ConfirmDialog, Strong } from '#web/components/ui/confirm-dialog.tsx';
import { StateBadge } from '#web/components/ui/state-badge.tsx';
import { Table, TBody, TD, THeadRow, TR } from '#web/components/ui/table.tsx';
import { toast } from '#web/components/ui/toast.tsx';
import { useRetireNode, type KcRef } from '../api/kubernetes.ts';
import { clusterTakesChanges } from '#shared/api/kubernetes-kind';

const hour = (h: number) => `${String(h).padStart(2, '0')}:00 UTC`;

export function NodesTable({ kc, kcRef, vms, caption }: { kc: KubernetesCluster; kcRef: KcRef; vms: readonly KubernetesVm[]; caption: string }) {
  const retire = useRetireNode();
  const [asked, setAsked] = useState<string | null>(null);
  const busy = !clusterTakesChanges(kc.display_state);
  if (!vms.length) return <p className="text-sm text-slate-600 dark:text-slate-400">No nodes yet.</p>;
  return (
    <>
      <Table caption={caption}>
        <THeadRow columns={['Node', 'State', 'Size', 'Private IPv6', 'Image', 'Maintenance']} actions />
        <TBody>
          {vms.map((vm) => (
            <TR key={vm.id}>
              <TD className="font-mono text-xs font-medium">{vm.name}</TD>
              <TD>
                <StateBadge state={vm.state} />
              </TD>
              <TD className="whitespace-nowrap">{vm.size}</TD>
              <TD className="font-mono text-xs text-slate-600 dark:text-slate-400">{vm.ip6 ?? '—'}</TD>
              <TD className="text-xs whitespace-nowrap">{vm.boot_image}</TD>
              <TD className="text-xs whitespace-nowrap">{hour(vm.maintenance_window_start_at)}</TD>
              <TD className="text-right">
                <Button
                  access="write"
                  size="sm"
                  variant="ghost"
                  aria-label={`Retire node ${vm.name}`}
                  disabled={busy || vm.state !== 'running'}
                  onClick={() => {
                    retire.reset();
                    setAsked(vm.name);
                  }}
                >
                  Retire
                </Button>
              </TD>
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
                  toast.success('Retiring node', `${asked} is drained and replaced by a new node.`);
                  setAsked(null);
                },
              },
            )
          }
        >
          <p>
            The node <Strong>{asked}</Strong> of <Strong>{kc.name}</Strong> is drained and deleted, and a new node takes its place. Its pods move to the other nodes.
          </p>
        </ConfirmDialog>
      ) : null}
    </>
  );
}
