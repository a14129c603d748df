import { Link, useNavigate } from '@tanstack/react-router';
import { useRef, type ReactNode } from 'react';
import { z } from 'zod';
import { createVmBodySchema } from '#shared/api/vm';
import { BOOT_IMAGES, DEFAULT_BOOT_IMAGE, DEFAULT_VM_SIZE, IPV4_MONTHLY_USD, LOCATION_NAMES, LOCATIONS, VM_SIZES, vmSize, type LocationName } from '#shared/catalog';
import { resourceName } from '#shared/names';
import { BusyLabel, Button, buttonClass, Spinner } from '../../../components/ui/button.tsx';
import { FormAlert } from '../../../components/ui/form-alert.tsx';
import { TextField } from '../../../components/ui/input.tsx';
import { LocationOptions, OptionCard, OptionGroup } from '../../../components/ui/option-card.tsx';
import { TextAreaField } from '../../../components/ui/textarea-field.tsx';
import { toast } from '../../../components/ui/toast.tsx';
import { cn } from '../../../lib/cn.ts';
import { useForm } from '../../../lib/form.ts';
import { useCreateVm } from '../api/create-vm.ts';
import { useSubnetOptions } from '../api/list-location-private-subnets.ts';
import { formatHourly, formatMonthly, locationDisplayName } from '../format.ts';

/**
 * The form's values are strings; this is the shared create body plus the two path parts
 * (name, location), so the form checks as you type exactly what the server will check.
 */
const createVmFormSchema = createVmBodySchema.extend({
  name: resourceName('vm'),
  location: z.enum(LOCATION_NAMES, { error: 'Choose a location.' }),
  enable_ip4: z.enum(['true', 'false']).transform((v) => v === 'true'),
  private_subnet_id: z.union([z.literal(''), createVmBodySchema.shape.private_subnet_id.unwrap()]).transform((v) => v || undefined),
});
type FieldName = 'name' | 'location' | 'size' | 'boot_image' | 'unix_user' | 'public_key' | 'enable_ip4' | 'private_subnet_id';
const FIELD_ORDER: FieldName[] = ['location', 'size', 'boot_image', 'unix_user', 'public_key', 'private_subnet_id', 'name'];

function Section({ title, step, children, description }: { title: string; step: number; children: ReactNode; description?: ReactNode }) {
  const id = `create-vm-step-${step}`;
  return (
    <section aria-labelledby={id} className="rounded-lg border border-slate-200 bg-white p-5 shadow-sm dark:border-slate-800 dark:bg-slate-900">
      <h2 id={id} className="flex items-center gap-2.5 text-base font-semibold">
        <span aria-hidden="true" className="grid size-6 place-items-center rounded-full bg-slate-100 text-xs font-semibold text-slate-700 dark:bg-slate-800 dark:text-slate-300">
          {step}
        </span>
        {title}
      </h2>
      {description ? <p className="mt-1 text-sm text-slate-600 dark:text-slate-400">{description}</p> : null}
      <div className="mt-4 space-y-5">{children}</div>
    </section>
  );
}

function Price({ monthly }: { monthly: number }) {
  return (
    <>
      <span className="block font-semibold text-slate-900 tabular-nums dark:text-slate-100">{formatMonthly(monthly)}</span>
      <span className="block text-xs text-slate-600 tabular-nums dark:text-slate-400">{formatHourly(monthly)}</span>
    </>
  );
}

export function CreateVmForm({ projectId, initialLocation }: { projectId: string; initialLocation?: LocationName }) {
  const navigate = useNavigate();
  const create = useCreateVm();
  const formRef = useRef<HTMLFormElement>(null);
  const form = useForm<FieldName, typeof createVmFormSchema>(createVmFormSchema, {
    name: '',
    location: initialLocation ?? LOCATIONS[0].name,
    size: DEFAULT_VM_SIZE,
    boot_image: DEFAULT_BOOT_IMAGE,
    unix_user: 'ubi',
    public_key: '',
    enable_ip4: 'false',
    private_subnet_id: '',
  });
  const v = form.values;

  const subnets = useSubnetOptions(projectId, v.location);
  const defaultSubnet = `default-${v.location}`;
  const defaultExists = subnets.data?.items.some((s) => s.name === defaultSubnet);
  const others = subnets.data?.items.filter((s) => s.name !== defaultSubnet) ?? [];
  const chosenSubnet = subnets.data?.items.find((s) => s.id === v.private_subnet_id);

  const size = vmSize(v.size);
  const ip4 = v.enable_ip4 === 'true';
  const total = (size?.monthlyUsd ?? 0) + (ip4 ? IPV4_MONTHLY_USD : 0);
  const image = BOOT_IMAGES.find((b) => b.name === v.boot_image);
  const nameOk = !form.error('name') && v.name !== '';

  const focusField = (f: string | undefined) => {
    if (!f) return;
    formRef.current?.querySelector<HTMLElement>(`[name="${f}"]:checked, input[name="${f}"]:not([type=radio]), textarea[name="${f}"]`)?.focus();
  };

  return (
    <form
      ref={formRef}
      noValidate
      aria-label="Create VM"
      className="grid items-start gap-6 lg:grid-cols-[minmax(0,1fr)_18rem]"
      onSubmit={(e) => {
        e.preventDefault();
        if (create.isPending) return;
        const parsed = form.submit();
        if (!parsed) {
          const issues = createVmFormSchema.safeParse(v).error?.issues ?? [];
          focusField(FIELD_ORDER.find((f) => issues.some((i) => i.path[0] === f)));
          return;
        }
        const { name, location, ...body } = parsed;
        create.mutate(
          { projectId, location, name, body },
          {
            onSuccess: (vm) => {
              toast.success('Creating VM', `${vm.name} is being created in ${locationDisplayName(vm.location)}.`);
              void navigate({ to: '/projects/$projectId/compute/$location/$vmName', params: { projectId, location: vm.location, vmName: vm.name } });
            },
            onError: (err) => {
              form.setServerError(err);
              const details = (err as { details?: Record<string, string> | null }).details;
              focusField(FIELD_ORDER.find((f) => details && f in details));
            },
          },
        );
      }}
    >
      <div className="min-w-0 space-y-6">
        <FormAlert error={form.formError} />

        <Section step={1} title="Location" description="Where the VM runs. Its private subnet and addresses are in the same location.">
          <LocationOptions
            value={v.location}
            onChange={(value) => {
              form.setValue('location', value);
              form.setValue('private_subnet_id', ''); // subnets belong to a location
            }}
            error={form.error('location')}
          />
        </Section>

        <Section step={2} title="Size" description="vCPUs, memory and storage. Prices are per month (730 hours) and per hour.">
          <OptionGroup legend="Size" error={form.error('size')} className="sm:grid-cols-2">
            {VM_SIZES.map((s) => (
              <OptionCard
                key={s.name}
                name="size"
                value={s.name}
                checked={v.size === s.name}
                onChange={(value) => form.setValue('size', value)}
                title={s.name}
                description={
                  <>
                    {s.vcpus} vCPU · {s.memoryGib} GiB memory
                    <br />
                    {s.storageGib} GiB storage
                  </>
                }
                aside={<Price monthly={s.monthlyUsd} />}
              />
            ))}
          </OptionGroup>
        </Section>

        <Section step={3} title="Image" description="The operating system the VM boots.">
          <OptionGroup legend="Boot image" error={form.error('boot_image')} className="sm:grid-cols-2">
            {BOOT_IMAGES.map((b) => (
              <OptionCard
                key={b.name}
                name="boot_image"
                value={b.name}
                checked={v.boot_image === b.name}
                onChange={(value) => form.setValue('boot_image', value)}
                title={b.displayName}
                description={<span className="font-mono text-xs">{b.name}</span>}
              />
            ))}
          </OptionGroup>
        </Section>

        <Section step={4} title="Access" description="You sign in over SSH with this user and key; there is no password.">
          <TextField
            label="Unix user"
            autoComplete="off"
            spellCheck={false}
            hint="Lowercase letters, digits, _ or -; starts with a letter or _; not root."
            className="max-w-xs"
            {...form.field('unix_user')}
          />
          <TextAreaField
            label="SSH public key"
            rows={3}
            spellCheck={false}
            autoComplete="off"
            placeholder="ssh-ed25519 AAAAC3Nza… you@laptop"
            hint={
              <>
                One line, as in <code className="font-mono">~/.ssh/id_ed25519.pub</code>. Create one with <code className="font-mono">ssh-keygen -t ed25519</code>.
              </>
            }
            {...form.field('public_key')}
          />
        </Section>

        <Section step={5} title="Networking" description="Every VM gets a private IPv4 and IPv6 address in a subnet, and a public IPv6 address.">
          <div className="flex items-start justify-between gap-4 rounded-lg border border-slate-200 p-3.5 dark:border-slate-800">
            <div>
              <label htmlFor="create-vm-ip4" className="text-sm font-semibold">
                Public IPv4 address
              </label>
              <p id="create-vm-ip4-desc" className="text-sm text-slate-600 dark:text-slate-400">
                Reach the VM over IPv4 too. Adds {formatMonthly(IPV4_MONTHLY_USD)} ({formatHourly(IPV4_MONTHLY_USD)}).
              </p>
            </div>
            <input
              id="create-vm-ip4"
              name="enable_ip4"
              type="checkbox"
              role="switch"
              aria-describedby="create-vm-ip4-desc"
              checked={ip4}
              onChange={(e) => form.setValue('enable_ip4', e.target.checked ? 'true' : 'false')}
              className={cn(
                'relative mt-1 h-5 w-9 shrink-0 cursor-pointer appearance-none rounded-full bg-slate-300 transition-colors dark:bg-slate-600',
                "before:absolute before:top-0.5 before:left-0.5 before:size-4 before:rounded-full before:bg-white before:shadow before:transition-transform before:content-['']",
                'checked:bg-blue-600 checked:before:translate-x-4 dark:checked:bg-blue-500',
              )}
            />
          </div>

          <OptionGroup
            legend="Private subnet"
            error={form.error('private_subnet_id')}
            hint={subnets.isError ? `The subnets of ${locationDisplayName(v.location)} could not be loaded: ${subnets.error.message}` : undefined}
          >
            <OptionCard
              name="private_subnet_id"
              value=""
              checked={v.private_subnet_id === ''}
              onChange={() => form.setValue('private_subnet_id', '')}
              title={
                <>
                  Default subnet <span className="font-mono font-normal">{defaultSubnet}</span>
                </>
              }
              description={
                defaultExists
                  ? `Joins ${defaultSubnet}, which already exists in ${locationDisplayName(v.location)}.`
                  : `Joins ${defaultSubnet}, created (with a firewall allowing all traffic) if it does not exist yet.`
              }
            />
            {subnets.isPending ? (
              <p className="flex items-center gap-2 text-sm text-slate-600 dark:text-slate-400">
                <Spinner /> Loading the subnets of {locationDisplayName(v.location)}…
              </p>
            ) : (
              others.map((s) => (
                <OptionCard
                  key={s.id}
                  name="private_subnet_id"
                  value={s.id}
                  checked={v.private_subnet_id === s.id}
                  disabled={s.state === 'deleting'}
                  onChange={(value) => form.setValue('private_subnet_id', value)}
                  title={<span className="font-mono">{s.name}</span>}
                  description={
                    <>
                      <span className="font-mono text-xs">{s.net4}</span> · <span className="font-mono text-xs">{s.net6}</span> · {s.nics.length}{' '}
                      {s.nics.length === 1 ? 'interface' : 'interfaces'}
                      {s.state === 'deleting' ? ' · being deleted' : ''}
                    </>
                  }
                />
              ))
            )}
          </OptionGroup>
        </Section>

        <Section step={6} title="Name" description="Unique among the project's VMs in this location.">
          <TextField
            label="VM name"
            autoComplete="off"
            spellCheck={false}
            required
            maxLength={100}
            placeholder="web-1"
            hint="Lowercase letters, numbers and hyphens; up to 63 characters; no hyphen at the start or end."
            className="max-w-md"
            {...form.field('name')}
          />
        </Section>
      </div>

      <aside aria-labelledby="create-vm-summary" className="rounded-lg border border-slate-200 bg-white shadow-sm lg:sticky lg:top-20 dark:border-slate-800 dark:bg-slate-900">
        <h2 id="create-vm-summary" className="border-b border-slate-200 px-5 py-3.5 text-base font-semibold dark:border-slate-800">
          Summary
        </h2>
        <dl className="space-y-3 px-5 py-4 text-sm">
          <SummaryItem label="Virtual machine">
            <span className={cn('font-mono', !nameOk && 'text-slate-500 dark:text-slate-400')}>{nameOk ? v.name : 'name not set'}</span>
            <span className="block text-slate-600 dark:text-slate-400">
              {size ? `${size.name}: ${size.vcpus} vCPU, ${size.memoryGib} GiB, ${size.storageGib} GiB disk` : v.size}
            </span>
            <span className="block text-slate-600 dark:text-slate-400">
              {image?.displayName}, in {locationDisplayName(v.location)}
            </span>
          </SummaryItem>
          <SummaryItem label="Network interface">
            <span className="font-mono">{nameOk ? `${v.name}-nic` : '<name>-nic'}</span>
            <span className="block text-slate-600 dark:text-slate-400">Private IPv4 and IPv6</span>
          </SummaryItem>
          <SummaryItem label="Private subnet">
            <span className="font-mono">{chosenSubnet?.name ?? defaultSubnet}</span>
            <span className="block text-slate-600 dark:text-slate-400">{chosenSubnet || defaultExists ? 'Existing subnet' : 'New, with a default firewall'}</span>
          </SummaryItem>
          <SummaryItem label="Public addresses">{ip4 ? 'IPv6 and IPv4' : 'IPv6 only'}</SummaryItem>
        </dl>
        <div className="border-t border-slate-200 px-5 py-4 dark:border-slate-800">
          <div className="flex items-baseline justify-between gap-2">
            <span className="text-sm font-medium">Total</span>
            <span className="text-right">
              <span className="block text-lg font-semibold tabular-nums" data-testid="create-vm-total">
                {formatMonthly(total)}
              </span>
              <span className="block text-xs text-slate-600 tabular-nums dark:text-slate-400">{formatHourly(total)}</span>
            </span>
          </div>
          <Button type="submit" className="mt-4 w-full" disabled={create.isPending}>
            <BusyLabel pending={create.isPending} busy="Creating…">Create VM</BusyLabel>
          </Button>
          <Link to="/projects/$projectId/compute" params={{ projectId }} className={buttonClass('ghost', 'md', 'mt-2 w-full')}>
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
      <dt className="text-xs font-medium tracking-wide text-slate-600 uppercase dark:text-slate-400">{label}</dt>
      <dd className="mt-0.5">{children}</dd>
    </div>
  );
}
