import type { UseQueryResult } from '@tanstack/react-query';
import type { PrivateSubnetList } from '#shared/api/private-subnet';
import { IPV4_MONTHLY_USD } from '#shared/catalog';
import { Spinner } from '#web/components/ui/button.tsx';
import { OptionCard, OptionGroup } from '#web/components/ui/option-card.tsx';
import { cn } from '#web/lib/cn.ts';
import { locationLabel } from '#web/lib/location.ts';
import { formatHourly, formatMonthly } from '#web/lib/price.ts';
import { subnetChoice, type VmForm } from './create-vm-state.ts';
import { Section } from '#web/components/ui/form-section.tsx';

/** The public IPv4 switch and the private subnet (the default one of the location, or another). */
export function NetworkingSection({
  form,
  subnets,
}: {
  form: VmForm;
  subnets: UseQueryResult<PrivateSubnetList>;
}) {
  const v = form.values;
  const { defaultName, defaultExists, others } = subnetChoice(
    subnets.data,
    v.location,
    v.private_subnet_id,
  );
  const where = locationLabel(v.location);
  return (
    <Section
      idPrefix="create-vm"
      step={5}
      title="Networking"
      description="Every VM gets a private IPv4 and IPv6 address in a subnet, and a public IPv6 address."
    >
      <div className="flex items-start justify-between gap-4 rounded-lg border border-slate-200 p-3.5 dark:border-slate-800">
        <div>
          <label htmlFor="create-vm-ip4" className="text-sm font-semibold">
            Public IPv4 address
          </label>
          <p id="create-vm-ip4-desc" className="text-sm text-slate-600 dark:text-slate-400">
            Reach the VM over IPv4 too. Adds {formatMonthly(IPV4_MONTHLY_USD)} (
            {formatHourly(IPV4_MONTHLY_USD)}).
          </p>
        </div>
        <input
          id="create-vm-ip4"
          name="enable_ip4"
          type="checkbox"
          role="switch"
          aria-describedby="create-vm-ip4-desc"
          checked={v.enable_ip4 === 'true'}
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
        hint={
          subnets.isError
            ? `The subnets of ${where} could not be loaded: ${subnets.error.message}`
            : undefined
        }
      >
        <OptionCard
          name="private_subnet_id"
          value=""
          checked={v.private_subnet_id === ''}
          onChange={() => form.setValue('private_subnet_id', '')}
          title={
            <>
              Default subnet <span className="font-mono font-normal">{defaultName}</span>
            </>
          }
          description={
            defaultExists
              ? `Joins ${defaultName}, which already exists in ${where}.`
              : `Joins ${defaultName}, created (with a firewall allowing all traffic) if it does not exist yet.`
          }
        />
        {subnets.isPending ? (
          <p className="flex items-center gap-2 text-sm text-slate-600 dark:text-slate-400">
            <Spinner /> Loading the subnets of {where}…
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
                  <span className="font-mono text-xs">{s.net4}</span> ·{' '}
                  <span className="font-mono text-xs">{s.net6}</span> · {s.nics.length}{' '}
                  {s.nics.length === 1 ? 'interface' : 'interfaces'}
                  {s.state === 'deleting' ? ' · being deleted' : ''}
                </>
              }
            />
          ))
        )}
      </OptionGroup>
    </Section>
  );
}
