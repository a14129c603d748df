// The create form: location (only where clusters run), version, control plane (1 or 3 nodes
// and their size), the first node pool (worker size and count) and the name, with the price
// as you choose. A refusal is shown under its field and everything typed stays.
import { Link, useNavigate } from '@tanstack/react-router';
import { useRef, type ReactNode } from 'react';
import { z } from 'zod';
import { kubernetesClusterNameSchema } from '#shared/api/kubernetes';
import {
  DEFAULT_KUBERNETES_NODE_SIZE,
  DEFAULT_KUBERNETES_VERSION,
  KUBERNETES_CP_NODE_COUNTS,
  KUBERNETES_LOCATIONS,
  KUBERNETES_VERSIONS,
  kubernetesMonthlyUsd,
  KUBERNETES_NODE_SIZES,
  vmSize,
} from '#shared/catalog';
import { BusyLabel, Button, buttonClass } from '#web/components/ui/button.tsx';
import { FormAlert } from '#web/components/ui/form-alert.tsx';
import { Price, Section } from '#web/components/ui/form-section.tsx';
import { NameField } from '#web/components/ui/input.tsx';
import { OptionCard, OptionGroup } from '#web/components/ui/option-card.tsx';
import { toast } from '#web/components/ui/toast.tsx';
import { resourcePath } from '#web/lib/resource-path.ts';
import { ApiError, asApiError } from '#web/lib/api-client.ts';
import { cn } from '#web/lib/cn.ts';
import { useForm } from '#web/lib/form.ts';
import { locationLabel } from '#web/lib/location.ts';
import { useCreateCluster } from '../api/kubernetes.ts';
import { formatHourly, formatMonthly, nodes, sizeSpec } from '../format.ts';
import { COUNT_MESSAGE, NodeCountStepper, parseCount } from './node-count-stepper.tsx';
import { KUBERNETES_CLUSTER_NAME_HINT } from '#shared/api/kubernetes-kind';

const formSchema = z.object({
  name: kubernetesClusterNameSchema,
  location: z.enum(KUBERNETES_LOCATIONS, { error: 'Choose a location.' }),
  version: z.enum(KUBERNETES_VERSIONS, { error: 'Choose a version.' }),
  cp_nodes: z.enum(['1', '3'], { error: 'Choose 1 or 3 control-plane nodes.' }).transform(Number),
  node_size: z.string().min(1, 'Choose a size.'),
  worker_size: z.string().min(1, 'Choose a size.'),
  worker_nodes: z
    .string()
    .refine((v) => parseCount(v) !== undefined, COUNT_MESSAGE)
    .transform(Number),
});
type Field = keyof z.input<typeof formSchema>;
const FIELD_ORDER: Field[] = [
  'location',
  'version',
  'cp_nodes',
  'node_size',
  'worker_size',
  'worker_nodes',
  'name',
];

/** The server names the cluster by its path parameter, and `cp_node_count` is `cp_nodes`: both shown under their fields. */
function onFields(err: unknown): ApiError {
  const e = asApiError(err);
  if (!e.details) return e;
  const { kubernetes_cluster_reference: name, cp_node_count: cp, ...rest } = e.details;
  return new ApiError(
    e.status,
    e.type,
    e.message,
    { ...rest, ...(name ? { name } : {}), ...(cp ? { cp_nodes: cp } : {}) },
    e.requestId,
  );
}

const isKubernetesLocation = (l: string | undefined): l is (typeof KUBERNETES_LOCATIONS)[number] =>
  (KUBERNETES_LOCATIONS as readonly string[]).includes(l ?? '');

export function CreateClusterForm({
  projectId,
  initialLocation,
}: {
  projectId: string;
  initialLocation?: string;
}) {
  const navigate = useNavigate();
  const create = useCreateCluster();
  const formRef = useRef<HTMLFormElement>(null);
  const form = useForm(formSchema, {
    name: '',
    location: isKubernetesLocation(initialLocation) ? initialLocation : KUBERNETES_LOCATIONS[0],
    version: DEFAULT_KUBERNETES_VERSION,
    cp_nodes: '1',
    node_size: DEFAULT_KUBERNETES_NODE_SIZE,
    worker_size: DEFAULT_KUBERNETES_NODE_SIZE,
    worker_nodes: '1',
  });
  const v = form.values;
  const workers = parseCount(v.worker_nodes) ?? 0;
  const cpCount = Number(v.cp_nodes);
  const price = (size: string, count: number) => (vmSize(size)?.monthlyUsd ?? 0) * count;
  const total = kubernetesMonthlyUsd({ size: v.node_size, count: cpCount }, [
    { size: v.worker_size, count: workers },
  ]);

  const focusField = (f: string | undefined) => {
    if (!f) return;
    formRef.current
      ?.querySelector<HTMLElement>(`[name="${f}"]:checked, input[name="${f}"]:not([type=radio])`)
      ?.focus();
  };

  return (
    <form
      ref={formRef}
      noValidate
      aria-label="Create Kubernetes cluster"
      className="grid items-start gap-6 lg:grid-cols-[minmax(0,1fr)_18rem]"
      onSubmit={(e) => {
        e.preventDefault();
        if (create.isPending) return;
        const parsed = form.submit();
        if (!parsed) {
          const issues = formSchema.safeParse(v).error?.issues ?? [];
          focusField(FIELD_ORDER.find((f) => issues.some((i) => i.path[0] === f)));
          return;
        }
        const { name, location, ...body } = parsed;
        create.mutate(
          { ref: { projectId, location, name }, body: body as never },
          {
            onSuccess: (kc) => {
              toast.success(
                'Creating cluster',
                `${kc.name} is being created in ${locationLabel(kc.location)}.`,
                {
                  label: `Open ${kc.name}`,
                  to: resourcePath(projectId, { ...kc, kind: 'kubernetesCluster' }),
                },
              );
              void navigate({
                to: '/projects/$projectId/kubernetes/$location/$clusterName',
                params: { projectId, location: kc.location, clusterName: kc.name },
              });
            },
            onError: (err) => {
              const e = onFields(err);
              form.setServerError(e);
              focusField(FIELD_ORDER.find((f) => e.details && f in e.details));
            },
          },
        );
      }}
    >
      <div className="min-w-0 space-y-6">
        <FormAlert error={form.formError} />
        <Section
          idPrefix="create-kc"
          step={1}
          title="Location"
          description="Kubernetes clusters run in these locations. Their nodes are VMs of this project in a subnet made for the cluster."
        >
          <OptionGroup legend="Location" error={form.error('location')} className="sm:grid-cols-2">
            {KUBERNETES_LOCATIONS.map((l) => (
              <OptionCard
                key={l}
                name="location"
                value={l}
                checked={v.location === l}
                onChange={(x) => form.setValue('location', x)}
                title={locationLabel(l)}
                description={<span className="font-mono text-xs">{l}</span>}
              />
            ))}
          </OptionGroup>
        </Section>

        <Section
          idPrefix="create-kc"
          step={2}
          title="Version"
          description="The Kubernetes minor version. A cluster can be upgraded to the next one later, never downgraded."
        >
          <OptionGroup legend="Version" error={form.error('version')} className="grid-cols-3">
            {KUBERNETES_VERSIONS.map((x) => (
              <OptionCard
                key={x}
                name="version"
                value={x}
                checked={v.version === x}
                onChange={(val) => form.setValue('version', val)}
                title={x}
                description={x === DEFAULT_KUBERNETES_VERSION ? 'Newest' : undefined}
              />
            ))}
          </OptionGroup>
        </Section>

        <Section
          idPrefix="create-kc"
          step={3}
          title="Control plane"
          description="The nodes that run the Kubernetes API. Three keep the cluster's API up when one fails. Prices are per month (730 hours) and per hour."
        >
          <OptionGroup
            legend="Control-plane nodes"
            error={form.error('cp_nodes')}
            className="sm:grid-cols-2"
          >
            {KUBERNETES_CP_NODE_COUNTS.map((n) => (
              <OptionCard
                key={n}
                name="cp_nodes"
                value={String(n)}
                checked={v.cp_nodes === String(n)}
                onChange={(x) => form.setValue('cp_nodes', x)}
                title={n === 1 ? '1 node' : '3 nodes (highly available)'}
                description={
                  n === 1
                    ? 'For development and tests.'
                    : 'For production: the API survives a node failure.'
                }
                aside={<Price monthly={price(v.node_size, n)} />}
              />
            ))}
          </OptionGroup>
          <SizeOptions
            legend="Control-plane node size"
            name="node_size"
            value={v.node_size}
            onChange={(x) => form.setValue('node_size', x)}
            error={form.error('node_size')}
          />
        </Section>

        <Section
          idPrefix="create-kc"
          step={4}
          title="Worker nodes"
          description="The first node pool, where your workloads run. Add pools and resize them later."
        >
          <SizeOptions
            legend="Worker node size"
            name="worker_size"
            value={v.worker_size}
            onChange={(x) => form.setValue('worker_size', x)}
            error={form.error('worker_size')}
          />
          <NodeCountStepper
            label="Worker nodes"
            name="worker_nodes"
            value={v.worker_nodes}
            onChange={(x) => form.setValue('worker_nodes', x)}
            error={form.error('worker_nodes')}
            hint={COUNT_MESSAGE}
          />
        </Section>

        <Section
          idPrefix="create-kc"
          step={5}
          title="Name"
          description="The name is unique among the project's clusters in this location; the first node pool is named after it."
        >
          <NameField
            label="Cluster name"
            required
            placeholder="apps"
            hint={KUBERNETES_CLUSTER_NAME_HINT}
            className="max-w-md"
            {...form.field('name')}
          />
        </Section>
      </div>

      <aside
        aria-labelledby="create-kc-summary"
        className="rounded-lg border border-slate-200 bg-white shadow-sm lg:sticky lg:top-20 dark:border-slate-800 dark:bg-slate-900"
      >
        <h2
          id="create-kc-summary"
          className="border-b border-slate-200 px-5 py-3.5 text-base font-semibold dark:border-slate-800"
        >
          Summary
        </h2>
        <dl className="space-y-3 px-5 py-4 text-sm">
          <SummaryItem label="Cluster">
            <span
              className={cn(
                'font-mono',
                (!v.name || form.error('name')) && 'text-slate-500 dark:text-slate-400',
              )}
            >
              {v.name && !form.error('name') ? v.name : 'name not set'}
            </span>
            <span className="block text-slate-600 dark:text-slate-400">
              Kubernetes {v.version}, in {locationLabel(v.location)}
            </span>
          </SummaryItem>
          <SummaryItem label="Control plane">
            {nodes(cpCount)} · {v.node_size}
            <span className="block text-slate-600 dark:text-slate-400">
              {formatMonthly(price(v.node_size, cpCount))}
            </span>
          </SummaryItem>
          <SummaryItem label="Worker nodes">
            {nodes(workers)} · {v.worker_size}
            <span className="block text-slate-600 dark:text-slate-400">
              {formatMonthly(price(v.worker_size, workers))}
            </span>
          </SummaryItem>
          <SummaryItem label="Services load balancer">Included</SummaryItem>
        </dl>
        <div className="border-t border-slate-200 px-5 py-4 dark:border-slate-800">
          <div className="flex items-baseline justify-between gap-2">
            <span className="text-sm font-medium">Total</span>
            <span className="text-right">
              <span
                className="block text-lg font-semibold tabular-nums"
                data-testid="create-kc-total"
              >
                {formatMonthly(total)}
              </span>
              <span className="block text-xs text-slate-600 tabular-nums dark:text-slate-400">
                {formatHourly(total)}
              </span>
            </span>
          </div>
          <Button type="submit" className="mt-4 w-full" disabled={create.isPending}>
            <BusyLabel pending={create.isPending} busy="Creating…">
              Create cluster
            </BusyLabel>
          </Button>
          <Link
            to="/projects/$projectId/kubernetes"
            params={{ projectId }}
            className={buttonClass('ghost', 'md', 'mt-2 w-full')}
          >
            Cancel
          </Link>
        </div>
      </aside>
    </form>
  );
}

function SummaryItem({ label, children }: { label: string; children: ReactNode }) {
  return (
    <div>
      <dt className="text-xs font-medium tracking-wide text-slate-600 uppercase dark:text-slate-400">
        {label}
      </dt>
      <dd className="mt-0.5">{children}</dd>
    </div>
  );
}

/** One card a VM size, with what it gives and its price a node. */
export function SizeOptions({
  legend,
  name,
  value,
  onChange,
  error,
}: {
  legend: string;
  name: string;
  value: string;
  onChange: (size: string) => void;
  error?: string;
}) {
  return (
    <OptionGroup legend={legend} hint="Price per node." error={error} className="sm:grid-cols-2">
      {KUBERNETES_NODE_SIZES.map((s) => (
        <OptionCard
          key={s.name}
          name={name}
          value={s.name}
          checked={value === s.name}
          onChange={onChange}
          title={s.name}
          description={sizeSpec(s.name)}
          aside={<Price monthly={s.monthlyUsd} />}
        />
      ))}
    </OptionGroup>
  );
}
