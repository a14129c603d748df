// Resize (decision 295): a larger size of the VM's family, picked in a dialog that shows each
// size's price and the change, then confirmed with what happens (a restart, storage that only
// grows). While it runs, the page says what the VM is being resized to.
import { useState } from 'react';
import type { Vm } from '#shared/api/vm';
import { VM_RESIZE } from '#shared/api/vm-kind';
import { resizedStorageGib, vmResizeTargets, type VmSizeName } from '#shared/catalog';
import { Button, Spinner } from '#web/components/ui/button.tsx';
import { Strong } from '#web/components/ui/confirm-dialog.tsx';
import { Dialog } from '#web/components/ui/dialog.tsx';
import { FormAlert } from '#web/components/ui/form-alert.tsx';
import { OptionCard, OptionGroup } from '#web/components/ui/option-card.tsx';
import { toast } from '#web/components/ui/toast.tsx';
import { asApiError } from '#web/lib/api-client.ts';
import { formatMonthly, usd } from '#web/lib/price.ts';
import type { VmRef } from '../api/get-vm.ts';
import { useResizeVm } from '../api/resize-vm.ts';
import { sizeSpec, vmMonthlyUsd } from '../format.ts';
import { resizeIcon } from './icons.tsx';

/** Whether the VM can be resized in its state. */
export const canResize = (state: string) => (VM_RESIZE.from as readonly string[]).includes(state);

/** The Resize button of the VM's actions and its dialog. */
export function ResizeVmAction({
  vm,
  vmRef,
  busy,
  reasonId,
}: {
  vm: Vm;
  vmRef: VmRef;
  /** Another action is being sent. */
  busy: boolean;
  /** The element that says why the actions are unavailable. */
  reasonId: string;
}) {
  const [open, setOpen] = useState(false);
  const inState = canResize(vm.state);
  const targets = vmResizeTargets(vm.size);
  const allowed = inState && !busy && targets.length > 0;
  return (
    <>
      <Button
        access="write"
        variant="secondary"
        aria-disabled={!allowed || undefined}
        aria-describedby={!inState ? reasonId : undefined}
        title={inState && targets.length === 0 ? 'The VM has the largest size already.' : undefined}
        className="aria-disabled:cursor-not-allowed aria-disabled:opacity-50 aria-disabled:hover:bg-white dark:aria-disabled:hover:bg-slate-900"
        onClick={() => {
          if (allowed) setOpen(true);
        }}
      >
        {resizeIcon}
        Resize
      </Button>
      {open ? <ResizeDialog vm={vm} vmRef={vmRef} onClose={() => setOpen(false)} /> : null}
    </>
  );
}

const monthly = (vm: Vm, size: string) => vmMonthlyUsd(size, vm.ip4 !== null) ?? 0;

/** "+$26.00/mo". */
const delta = (amount: number) => `${amount >= 0 ? '+' : '−'}${usd(Math.abs(amount))}/mo`;

function ResizeDialog({ vm, vmRef, onClose }: { vm: Vm; vmRef: VmRef; onClose: () => void }) {
  const resize = useResizeVm();
  const targets = vmResizeTargets(vm.size);
  const [size, setSize] = useState<VmSizeName>(targets[0]!.name);
  const [confirming, setConfirming] = useState(false);
  const now = monthly(vm, vm.size);
  const then = monthly(vm, size);
  const storage = resizedStorageGib(size, vm.storage_size_gib);
  const pending = resize.isPending;
  const price = (
    <p className="text-sm text-slate-700 dark:text-slate-300" data-testid="vm-resize-price">
      {formatMonthly(now)} → <Strong>{formatMonthly(then)}</Strong> ({delta(then - now)})
    </p>
  );
  return (
    <Dialog
      open
      onClose={() => {
        if (!pending) onClose();
      }}
      title={confirming ? `Resize ${vm.name} to ${size}?` : 'Resize VM'}
      description={
        confirming ? (
          <p>
            <Strong>{vm.name}</Strong> restarts with {sizeSpec(size)}: running programs are
            interrupted and SSH sessions drop. Its storage{' '}
            {storage > vm.storage_size_gib
              ? `grows from ${vm.storage_size_gib} to ${storage} GiB`
              : `stays ${storage} GiB`}
            ; a VM cannot be made smaller again. It is billed at the new price from now on.
          </p>
        ) : (
          <p>
            Now <Strong>{vm.size}</Strong> ({sizeSpec(vm.size)}). A VM can grow within its family;
            it cannot be made smaller again.
          </p>
        )
      }
    >
      {resize.error ? (
        <div className="mb-4">
          <FormAlert error={asApiError(resize.error)} />
        </div>
      ) : null}
      <form
        noValidate
        className="space-y-4"
        onSubmit={(e) => {
          e.preventDefault();
          if (!confirming) {
            setConfirming(true);
            return;
          }
          if (pending) return;
          resize.mutate(
            { ref: vmRef, size },
            {
              onSuccess: () => {
                toast.success('Resizing VM', `${vm.name} is moving to ${size}.`);
                onClose();
              },
            },
          );
        }}
      >
        {confirming ? null : (
          <OptionGroup legend="New size">
            {targets.map((s) => (
              <OptionCard
                key={s.name}
                name="size"
                value={s.name}
                checked={size === s.name}
                onChange={(value) => setSize(value as VmSizeName)}
                title={s.name}
                description={`${s.vcpus} vCPU · ${s.memoryGib} GiB memory · ${resizedStorageGib(s.name, vm.storage_size_gib)} GiB storage`}
                aside={
                  <>
                    <span className="block font-semibold tabular-nums">
                      {formatMonthly(monthly(vm, s.name))}
                    </span>
                    <span className="block text-xs text-slate-600 tabular-nums dark:text-slate-400">
                      <span className="sr-only"> (change </span>
                      {delta(monthly(vm, s.name) - now)}
                      <span className="sr-only">)</span>
                    </span>
                  </>
                }
              />
            ))}
          </OptionGroup>
        )}
        {price}
        <div className="flex justify-end gap-3">
          <Button
            variant="secondary"
            onClick={() => (confirming ? setConfirming(false) : onClose())}
            disabled={pending}
          >
            {confirming ? 'Back' : 'Cancel'}
          </Button>
          <Button type="submit" disabled={pending}>
            {pending ? <Spinner /> : null}
            {confirming ? 'Resize VM' : 'Continue'}
          </Button>
        </div>
      </form>
    </Dialog>
  );
}

/** Said while the VM is resizing: what to, and that it comes back by itself. */
export function ResizingNotice({ vm }: { vm: Vm }) {
  if (vm.state !== 'resizing') return null;
  return (
    <p
      role="status"
      className="mt-3 flex items-center gap-2 rounded-md border border-amber-300 bg-amber-50 px-3 py-2.5 text-sm text-amber-900 dark:border-amber-700 dark:bg-amber-950/40 dark:text-amber-200"
    >
      <Spinner />
      Resizing to {vm.size} ({sizeSpec(vm.size)}, {vm.storage_size_gib} GiB storage)… The VM
      restarts and is back in a moment.
    </p>
  );
}
