import type { PrivateSubnetList } from '#shared/api/private-subnet';
import { BOOT_IMAGES, IPV4_MONTHLY_USD, vmSize } from '#shared/catalog';
import { SummaryCard, SummaryItem } from '#web/components/ui/form-section.tsx';
import { cn } from '#web/lib/cn.ts';
import { locationLabel } from '#web/lib/location.ts';
import { storageGib, subnetChoice, type VmForm } from './create-vm-state.ts';

/** What will be made, the total price, and the submit button. */
export function Summary({
  form,
  subnets,
  projectId,
  pending,
}: {
  form: VmForm;
  subnets: PrivateSubnetList | undefined;
  projectId: string;
  pending: boolean;
}) {
  const v = form.values;
  const size = vmSize(v.size);
  const ip4 = v.enable_ip4 === 'true';
  const total = (size?.monthlyUsd ?? 0) + (ip4 ? IPV4_MONTHLY_USD : 0);
  const image = BOOT_IMAGES.find((b) => b.name === v.boot_image);
  const nameOk = !form.error('name') && v.name !== '';
  const { defaultName, defaultExists, chosen } = subnetChoice(
    subnets,
    v.location,
    v.private_subnet_id,
  );
  return (
    <SummaryCard
      idPrefix="create-vm"
      total={total}
      submitLabel="Create VM"
      pending={pending}
      cancelTo={`/projects/${projectId}/compute`}
    >
      <SummaryItem label="Virtual machine">
        <span className={cn('font-mono', !nameOk && 'text-slate-500 dark:text-slate-400')}>
          {nameOk ? v.name : 'name not set'}
        </span>
        <span className="block text-slate-600 dark:text-slate-400">
          {size
            ? `${size.name}: ${size.vcpus} vCPU, ${size.memoryGib} GiB, ${storageGib(v, size.storageGib)} GiB disk`
            : v.size}
        </span>
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
        <span className="block text-slate-600 dark:text-slate-400">
          {chosen || defaultExists ? 'Existing subnet' : 'New, with a default firewall'}
        </span>
      </SummaryItem>
      <SummaryItem label="Public addresses">{ip4 ? 'IPv6 and IPv4' : 'IPv6 only'}</SummaryItem>
    </SummaryCard>
  );
}
