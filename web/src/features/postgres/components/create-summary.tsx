import { postgresHaType, postgresMonthlyUsd, postgresSize } from '#shared/catalog';
import { SummaryCard, SummaryItem } from '#web/components/ui/form-section.tsx';
import { cn } from '#web/lib/cn.ts';
import { locationLabel } from '#web/lib/location.ts';
import { storageLabel } from '../format.ts';
import type { PgForm } from './create-postgres-form.tsx';

/** What will be made, the total price, and the submit button. */
export function CreateSummary({
  form,
  projectId,
  pending,
  flavorName,
}: {
  form: PgForm;
  projectId: string;
  pending: boolean;
  flavorName: string;
}) {
  const v = form.values;
  const size = postgresSize(v.size);
  const ha = postgresHaType(v.ha_type);
  const storage = Number(v.storage_size) || 0;
  const total = size ? postgresMonthlyUsd(v.size, storage, v.ha_type) : 0;
  const nameOk = !form.error('name') && v.name !== '';
  const servers = 1 + (ha?.standbys ?? 0);
  return (
    <SummaryCard
      idPrefix="create-pg"
      total={total}
      submitLabel="Create database"
      pending={pending}
      cancelTo={`/projects/${projectId}/databases`}
    >
      <SummaryItem label="Database">
        <span className={cn('font-mono', !nameOk && 'text-slate-500 dark:text-slate-400')}>
          {nameOk ? v.name : 'name not set'}
        </span>
        <span className="block text-slate-600 dark:text-slate-400">
          {flavorName} {v.version}, in {locationLabel(v.location)}
        </span>
      </SummaryItem>
      <SummaryItem label="Servers">
        {servers === 1
          ? '1 server'
          : `${servers} servers (a primary and ${servers - 1} standby${servers > 2 ? 's' : ''})`}
        <span className="block text-slate-600 dark:text-slate-400">
          {size ? `${size.name}: ${size.vcpus} vCPU, ${size.memoryGib} GiB memory` : v.size},{' '}
          {storageLabel(storage)} each
        </span>
      </SummaryItem>
      <SummaryItem label="Network access">
        {v.access === 'open' ? 'All addresses' : 'None until you add a rule'}
      </SummaryItem>
    </SummaryCard>
  );
}
