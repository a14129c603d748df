// Node pools: each pool with its nodes, Resize (a stepper, in a dialog), Upgrade to the
// cluster's version (confirmed, from → to) and Remove (confirmed); Add node pool (name, size,
// count). Nodes are added and removed one by one by the worker: the page follows them live.
import { useState } from 'react';
import { z } from 'zod';
import { nodepoolNameSchema, type KubernetesCluster, type Nodepool } from '#shared/api/kubernetes';
import { DEFAULT_KUBERNETES_NODE_SIZE, KUBERNETES_NODE_SIZES, vmSize } from '#shared/catalog';
import { Badge } from '#web/components/ui/badge.tsx';
import { BusyLabel, Button } from '#web/components/ui/button.tsx';
import { Card, CardHeader } from '#web/components/ui/card.tsx';
import { ConfirmDialog, Strong } from '#web/components/ui/confirm-dialog.tsx';
import { Dialog } from '#web/components/ui/dialog.tsx';
import { FormAlert } from '#web/components/ui/form-alert.tsx';
import { NameField } from '#web/components/ui/input.tsx';
import { SelectField } from '#web/components/ui/select-field.tsx';
import { toast } from '#web/components/ui/toast.tsx';
import { asApiError } from '#web/lib/api-client.ts';
import { useForm } from '#web/lib/form.ts';
import {
  useCreateNodepool,
  useDeleteNodepool,
  useResizeNodepool,
  useUpgradeNodepool,
  type KcRef,
} from '../api/kubernetes.ts';
import { formatMonthly, nodes, sizeSpec } from '../format.ts';
import { COUNT_MESSAGE, NodeCountStepper, parseCount } from './node-count-stepper.tsx';
import { NodesTable } from './nodes-table.tsx';
import { clusterTakesChanges } from '#shared/api/kubernetes-kind';

export function NodePools({ kc, kcRef }: { kc: KubernetesCluster; kcRef: KcRef }) {
  const [adding, setAdding] = useState(false);
  const busy = !clusterTakesChanges(kc.display_state);
  return (
    <>
      <div className="flex flex-wrap items-center justify-between gap-3">
        <p className="text-sm text-slate-600 dark:text-slate-400">
          {kc.nodepools.length} node {kc.nodepools.length === 1 ? 'pool' : 'pools'}. Changes wait
          until the cluster is running.
        </p>
        <Button access="write" onClick={() => setAdding(true)} disabled={busy}>
          Add node pool
        </Button>
      </div>
      {kc.nodepools.map((np) => (
        <PoolCard key={np.id} kc={kc} kcRef={kcRef} np={np} />
      ))}
      {adding ? <AddPoolDialog kc={kc} kcRef={kcRef} onClose={() => setAdding(false)} /> : null}
    </>
  );
}

type Asked = 'resize' | 'upgrade' | 'remove' | null;

function PoolCard({ kc, kcRef, np }: { kc: KubernetesCluster; kcRef: KcRef; np: Nodepool }) {
  const [asked, setAsked] = useState<Asked>(null);
  const upgrade = useUpgradeNodepool();
  const remove = useDeleteNodepool();
  const busy = !clusterTakesChanges(kc.display_state);
  const id = `kc-pool-${np.id}`;
  const moving = np.vms.length !== np.node_count;
  return (
    <Card labelledBy={id}>
      <CardHeader
        id={id}
        title={
          <span className="flex flex-wrap items-center gap-2">
            <span className="font-mono">{np.name}</span>
            <Badge tone="grey">{np.version}</Badge>
          </span>
        }
        description={`${nodes(np.node_count)} · ${np.node_size} (${sizeSpec(np.node_size) ?? np.node_size}) · ${formatMonthly((vmSize(np.node_size)?.monthlyUsd ?? 0) * np.node_count)}`}
        actions={
          <div className="flex flex-wrap gap-2">
            <Button
              access="write"
              size="sm"
              variant="secondary"
              aria-label={`Resize node pool ${np.name}`}
              disabled={busy}
              onClick={() => setAsked('resize')}
            >
              Resize
            </Button>
            {np.version !== kc.version ? (
              <Button
                access="write"
                size="sm"
                variant="secondary"
                aria-label={`Upgrade node pool ${np.name}`}
                disabled={busy}
                onClick={() => {
                  upgrade.reset();
                  setAsked('upgrade');
                }}
              >
                Upgrade
              </Button>
            ) : null}
            <Button
              access="write"
              size="sm"
              variant="ghost"
              aria-label={`Remove node pool ${np.name}`}
              title={
                kc.nodepools.length <= 1 ? 'A cluster keeps at least one node pool.' : undefined
              }
              disabled={kc.nodepools.length <= 1 || kc.display_state === 'deleting'}
              onClick={() => {
                remove.reset();
                setAsked('remove');
              }}
            >
              Remove
            </Button>
          </div>
        }
      />
      <div className="space-y-3 px-5 py-5">
        {moving ? (
          <p role="status" className="text-sm text-amber-800 dark:text-amber-300">
            {np.vms.length < np.node_count ? 'Adding' : 'Removing'} nodes: {np.vms.length} of{' '}
            {np.node_count}…
          </p>
        ) : null}
        <NodesTable kc={kc} kcRef={kcRef} vms={np.vms} caption={`Nodes of ${np.name}`} pool={np} />
      </div>
      {asked === 'resize' ? (
        <ResizeDialog kc={kc} kcRef={kcRef} np={np} onClose={() => setAsked(null)} />
      ) : null}
      {asked === 'upgrade' ? (
        <ConfirmDialog
          title="Upgrade node pool"
          action="Upgrade node pool"
          mutation={upgrade}
          onClose={() => setAsked(null)}
          onConfirm={() =>
            upgrade.mutate(
              { ref: kcRef, pool: np.name },
              {
                onSuccess: () => {
                  toast.success(
                    'Upgrading node pool',
                    `${np.name} moves from ${np.version} to ${kc.version}.`,
                  );
                  setAsked(null);
                },
              },
            )
          }
        >
          <p>
            The nodes of <Strong>{np.name}</Strong> are replaced one by one with nodes of the
            cluster's version: <Strong>{np.version}</Strong> → <Strong>{kc.version}</Strong>.
          </p>
        </ConfirmDialog>
      ) : null}
      {asked === 'remove' ? (
        <ConfirmDialog
          title="Remove node pool"
          action="Remove node pool"
          danger
          mutation={remove}
          onClose={() => setAsked(null)}
          onConfirm={() =>
            remove.mutate(
              { ref: kcRef, pool: np.name },
              {
                onSuccess: () => {
                  toast.success(
                    'Removing node pool',
                    `${np.name} and its ${nodes(np.node_count)} are being deleted.`,
                  );
                  setAsked(null);
                },
              },
            )
          }
        >
          <p>
            This deletes the node pool <Strong>{np.name}</Strong> of <Strong>{kc.name}</Strong> with
            its {nodes(np.node_count)}. Their pods move to the other pools' nodes if they fit.
          </p>
        </ConfirmDialog>
      ) : null}
    </Card>
  );
}

function ResizeDialog({
  kc,
  kcRef,
  np,
  onClose,
}: {
  kc: KubernetesCluster;
  kcRef: KcRef;
  np: Nodepool;
  onClose: () => void;
}) {
  const resize = useResizeNodepool();
  const [count, setCount] = useState(String(np.node_count));
  const [error, setError] = useState<string>();
  const n = parseCount(count);
  const each = vmSize(np.node_size)?.monthlyUsd ?? 0;
  const err = resize.error ? asApiError(resize.error) : null;
  return (
    <Dialog
      open
      onClose={() => !resize.isPending && onClose()}
      title={`Resize node pool ${np.name}`}
      description={`Now ${nodes(np.node_count)} of ${np.node_size}. Nodes are added or removed one by one.`}
    >
      <form
        noValidate
        className="space-y-5"
        onSubmit={(e) => {
          e.preventDefault();
          if (resize.isPending) return;
          if (n === undefined) return setError(COUNT_MESSAGE);
          if (n === np.node_count) return onClose();
          resize.mutate(
            { ref: kcRef, pool: np.name, count: n },
            {
              onSuccess: () => {
                toast.success(
                  'Resizing node pool',
                  `${np.name} of ${kc.name} moves to ${nodes(n)}.`,
                );
                onClose();
              },
            },
          );
        }}
      >
        <FormAlert error={err && !err.details?.node_count ? err : null} />
        <NodeCountStepper
          label="Nodes"
          value={count}
          onChange={(x) => {
            setCount(x);
            setError(undefined);
            resize.reset();
          }}
          error={error ?? err?.details?.node_count}
          hint={COUNT_MESSAGE}
        />
        <p className="text-sm text-slate-600 dark:text-slate-400" data-testid="kc-resize-price">
          {formatMonthly(each * np.node_count)} → {formatMonthly(each * (n ?? np.node_count))}
        </p>
        <div className="flex justify-end gap-3">
          <Button variant="secondary" onClick={onClose} disabled={resize.isPending}>
            Cancel
          </Button>
          <Button type="submit" disabled={resize.isPending}>
            <BusyLabel pending={resize.isPending} busy="Resizing…">
              Resize
            </BusyLabel>
          </Button>
        </div>
      </form>
    </Dialog>
  );
}

const addSchema = z.object({
  name: nodepoolNameSchema,
  node_size: z.string().min(1, 'Choose a size.'),
  node_count: z
    .string()
    .refine((v) => parseCount(v) !== undefined, COUNT_MESSAGE)
    .transform(Number),
});

function AddPoolDialog({
  kc,
  kcRef,
  onClose,
}: {
  kc: KubernetesCluster;
  kcRef: KcRef;
  onClose: () => void;
}) {
  const create = useCreateNodepool();
  const form = useForm(addSchema, {
    name: '',
    node_size: DEFAULT_KUBERNETES_NODE_SIZE,
    node_count: '1',
  });
  const n = parseCount(form.values.node_count) ?? 0;
  return (
    <Dialog
      open
      onClose={() => !create.isPending && onClose()}
      title="Add node pool"
      description={`A new group of worker nodes in ${kc.name}, at the cluster's version ${kc.version}.`}
    >
      <form
        noValidate
        className="space-y-5"
        onSubmit={(e) => {
          e.preventDefault();
          const body = form.submit();
          if (!body || create.isPending) return;
          create.mutate(
            {
              ref: kcRef,
              body: {
                name: body.name,
                node_size: body.node_size as never,
                node_count: body.node_count,
              },
            },
            {
              onSuccess: (np) => {
                toast.success(
                  'Adding node pool',
                  `${np.name} with ${nodes(np.node_count)} is being created.`,
                );
                onClose();
              },
              onError: (err) => form.setServerError(err),
            },
          );
        }}
      >
        <FormAlert error={form.formError} />
        <NameField label="Node pool name" required placeholder="workers" {...form.field('name')} />
        <SelectField
          label="Node size"
          value={form.values.node_size}
          onChange={(e) => form.setValue('node_size', e.target.value)}
          error={form.error('node_size')}
        >
          {KUBERNETES_NODE_SIZES.map((s) => (
            <option key={s.name} value={s.name}>
              {s.name} ({s.vcpus} vCPU, {s.memoryGib} GiB) · {formatMonthly(s.monthlyUsd)} a node
            </option>
          ))}
        </SelectField>
        <NodeCountStepper
          label="Nodes"
          value={form.values.node_count}
          onChange={(x) => form.setValue('node_count', x)}
          error={form.error('node_count')}
          hint={`${COUNT_MESSAGE} ${formatMonthly((vmSize(form.values.node_size)?.monthlyUsd ?? 0) * n)} in all.`}
        />
        <div className="flex justify-end gap-3">
          <Button variant="secondary" onClick={onClose} disabled={create.isPending}>
            Cancel
          </Button>
          <Button type="submit" disabled={create.isPending}>
            <BusyLabel pending={create.isPending} busy="Adding…">
              Add node pool
            </BusyLabel>
          </Button>
        </div>
      </form>
    </Dialog>
  );
}
