// Restart / Stop / Start / Resize. Each is allowed in its states only (VM_ACTIONS, VM_RESIZE; the
// server refuses else): the others stay focusable but inert (aria-disabled) and say why. Restart,
// Stop and Resize ask first.
import { useId, useState, type ReactNode } from 'react';
import type { Vm } from '#shared/api/vm';
import { allowsAction, VM_ACTIONS, type VmAction } from '#shared/api/vm-kind';
import { Button, Spinner } from '#web/components/ui/button.tsx';
import { Dialog } from '#web/components/ui/dialog.tsx';
import { toast } from '#web/components/ui/toast.tsx';
import type { VmRef } from '../api/get-vm.ts';
import { useVmAction } from '../api/vm-action.ts';
import { restartIcon, startIcon, stopIcon } from './icons.tsx';
import { ResizeVmAction } from './vm-resize.tsx';

/** Why the VM's actions are unavailable in its state, or undefined when all that apply are. */
function reason(state: string): string | undefined {
  switch (state) {
    case 'running':
      return 'Start is available when the VM is stopped.';
    case 'stopped':
      return 'Restart, Stop and Resize are available when the VM is running.';
    case 'creating':
      return 'Actions are available once the VM is running.';
    case 'deleting':
      return 'The VM is being deleted.';
    case 'restarting':
    case 'starting':
      return `The VM is ${state}; it can be stopped, other actions are available when it has finished.`;
    case 'stopping':
    case 'resizing':
      return `The VM is ${state}; actions are available when it has finished.`;
    default:
      return `Actions are not available while the VM is ${state}.`;
  }
}

export function VmActions({ vm, vmRef }: { vm: Vm; vmRef: VmRef }) {
  const restart = useVmAction('restartVm');
  const stop = useVmAction('stopVm');
  const start = useVmAction('startVm');
  const [confirm, setConfirm] = useState<'restart' | 'stop' | null>(null);
  const reasonId = useId();
  const why = reason(vm.state);
  const mutations = { restart, stop, start };
  const busy = restart.isPending || stop.isPending || start.isPending;

  const run = (action: VmAction) => {
    mutations[action].mutate(vmRef, {
      onSuccess: () => setConfirm(null),
      onError: (err) => {
        setConfirm(null);
        toast.error(`Could not ${action} ${vm.name}`, err);
      },
    });
  };

  const button = (action: VmAction, icon: ReactNode) => {
    const inState = allowsAction(action, vm.state);
    const allowed = inState && !busy;
    return (
      <Button
        access="write"
        variant="secondary"
        aria-disabled={!allowed || undefined}
        aria-describedby={!inState ? reasonId : undefined}
        className="aria-disabled:cursor-not-allowed aria-disabled:opacity-50 aria-disabled:hover:bg-white dark:aria-disabled:hover:bg-slate-900"
        onClick={() => {
          if (!allowed) return;
          if (action === 'start') run('start');
          else setConfirm(action);
        }}
      >
        {mutations[action].isPending ? <Spinner /> : icon}
        {VM_ACTIONS[action].label}
      </Button>
    );
  };

  return (
    <div className="flex flex-col items-start gap-1.5 sm:items-end">
      <div role="group" aria-label="VM actions" className="flex flex-wrap gap-2">
        {button('restart', restartIcon)}
        {button('stop', stopIcon)}
        {button('start', startIcon)}
        <ResizeVmAction vm={vm} vmRef={vmRef} busy={busy} reasonId={reasonId} />
      </div>
      {why ? (
        <p id={reasonId} className="text-xs text-slate-600 dark:text-slate-400">
          {why}
        </p>
      ) : null}
      {confirm ? (
        <Dialog
          open
          onClose={() => {
            if (!busy) setConfirm(null);
          }}
          title={confirm === 'restart' ? 'Restart VM' : 'Stop VM'}
          description={
            confirm === 'restart' ? (
              <p>
                Restart{' '}
                <strong className="font-semibold text-slate-900 dark:text-slate-100">
                  {vm.name}
                </strong>
                ? Running programs are interrupted and SSH sessions drop; the VM is back in a few
                seconds.
              </p>
            ) : (
              <p>
                Stop{' '}
                <strong className="font-semibold text-slate-900 dark:text-slate-100">
                  {vm.name}
                </strong>
                ? Running programs are ended and the VM is unreachable until you start it again. Its
                disk, addresses and price stay.
              </p>
            )
          }
        >
          <div className="flex justify-end gap-3">
            <Button variant="secondary" onClick={() => setConfirm(null)} disabled={busy}>
              Cancel
            </Button>
            <Button
              variant={confirm === 'stop' ? 'danger' : 'primary'}
              onClick={() => run(confirm)}
              disabled={busy}
            >
              {busy ? <Spinner /> : null}
              {confirm === 'restart' ? 'Restart VM' : 'Stop VM'}
            </Button>
          </div>
        </Dialog>
      ) : null}
    </div>
  );
}
