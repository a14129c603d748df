import { Link } from '@tanstack/react-router';
import type { ReactNode } from 'react';
import type { PrivateSubnetList } from '#shared/api/private-subnet';
import { BOOT_IMAGES, IPV4_MONTHLY_USD, vmSize } from '#shared/catalog';
import { BusyLabel, Button, buttonClass } from '#web/components/ui/button.tsx';
import { cn } from '#web/lib/cn.ts';
import { locationLabel } from '#web/lib/location.ts';
import { formatHourly, formatMonthly } from '../format.ts';
import { subnetChoice, type VmForm } from './create-vm-state.ts';

function SummaryItem({ label, children }: { label: string; children: ReactNode }) {
  return (
    <div>
      <dt className="text-xs font-medium tracking-wide text-slate-600 uppercase dark:text-slate-400">{label}</dt>
      <dd className="mt-0.5">{children}</dd>
    </div>
  );
}

/** What will be made, the total price, and the submit button. */
export function Summary({ form, subnets, projectId, pending }: { form: VmForm; subnets: PrivateSubnetList | undefined; projectId: string; pending: boolean }) {
  const v = form.values;
  const size = vmSize(v.size);
  const ip4 = v.enable_ip4 === 'true';
  const total = (size?.monthlyUsd ?? 0) + (ip4 ? IPV4_MONTHLY_USD : 0);
  const image = BOOT_IMAGES.find((b) => b.name === v.boot_image);
  const nameOk = !form.error('name') && v.name !== '';
  const { defaultName, defaultExists, chosen } = subnetChoice(subnets, v.location, v.private_subnet_id);
  return (
    <aside aria-labelledby="create-vm-summary" className="rounded-lg border border-slate-200 bg-white shadow-sm lg:sticky lg:top-20 dark:border-slate-800 dark:bg-slate-900">
      <h2 id="create-vm-summary" className="border-b border-slate-200 px-5 py-3.5 text-base font-semibold dark:border-slate-800">
        Summary
      </h2>
      <dl className="space-y-3 px-5 py-4 text-sm">
        <SummaryItem label="Virtual machine">
          <span className={cn('font-mono', !nameOk && 'text-slate-500 dark:text-slate-400')}>{nameOk ? v.name : 'name not set'}</span>
          <span className="block text-slate-600 dark:text-slate-400">{size ? `${size.name}: ${size.vcpus} vCPU, ${size.memoryGib} GiB, ${size.storageGib} GiB disk` : v.size}</span>
          <span className="block text-slate-600 dark:text-slate-400">
            {image?.displayName}, in {locationLabel(v.location)}
          </span>
        </SummaryItem>
        <SummaryItem label="Network interface">
          <span className="font-mono">{nameOk ? `${v.name}-nic` : '<name>-nic'}</span>
          <span className="block text-slate-600 dark:text-slate-400">Private IPv4 and IPv6</span>
        </SummaryItem>
        <SummaryItem label="Private subnet">
          <span className="font-mono">{chosen?.name ?? defaultName}</span>
          <span className="block text-slate-600 dark:text-slate-400">{chosen || defaultExists ? 'Existing subnet' : 'New, with a default firewall'}</span>
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
        <Button type="submit" className="mt-4 w-full" disabled={pending}>
          <BusyLabel pending={pending} busy="Creating…">
            Create VM
          </BusyLabel>
        </Button>
        <Link to="/projects/$projectId/compute" params={{ projectId }} className={buttonClass('ghost', 'md', 'mt-2 w-full')}>
          Cancel
        </Link>
      </div>
    </aside>
  );
}
