import { Link } from '@tanstack/react-router';
import type { ReactNode } from 'react';
import { postgresHaType, postgresMonthlyUsd, postgresSize } from '#shared/catalog';
import { BusyLabel, Button, buttonClass } from '#web/components/ui/button.tsx';
import { cn } from '#web/lib/cn.ts';
import { locationLabel } from '#web/lib/location.ts';
import { formatHourly, formatMonthly, storageLabel } from '../format.ts';
import type { PgForm } from './create-postgres-form.tsx';

function SummaryItem({ label, children }: { label: string; children: ReactNode }) {
  return (
    <div>
      <dt className="text-xs font-medium tracking-wide text-slate-600 uppercase dark:text-slate-400">{label}</dt>
      <dd className="mt-0.5">{children}</dd>
    </div>
  );
}

/** What will be made, the total price, and the submit button. */
export function CreateSummary({ form, projectId, pending, flavorName }: { form: PgForm; projectId: string; pending: boolean; flavorName: string }) {
  const v = form.values;
  const size = postgresSize(v.size);
  const ha = postgresHaType(v.ha_type);
  const storage = Number(v.storage_size) || 0;
  const total = size ? postgresMonthlyUsd(v.size, storage, v.ha_type) : 0;
  const nameOk = !form.error('name') && v.name !== '';
  const servers = 1 + (ha?.standbys ?? 0);
  return (
    <aside aria-labelledby="create-pg-summary" className="rounded-lg border border-slate-200 bg-white shadow-sm lg:sticky lg:top-20 dark:border-slate-800 dark:bg-slate-900">
      <h2 id="create-pg-summary" className="border-b border-slate-200 px-5 py-3.5 text-base font-semibold dark:border-slate-800">
        Summary
      </h2>
      <dl className="space-y-3 px-5 py-4 text-sm">
        <SummaryItem label="Database">
          <span className={cn('font-mono', !nameOk && 'text-slate-500 dark:text-slate-400')}>{nameOk ? v.name : 'name not set'}</span>
          <span className="block text-slate-600 dark:text-slate-400">
            {flavorName} {v.version}, in {locationLabel(v.location)}
          </span>
        </SummaryItem>
        <SummaryItem label="Servers">
          {servers === 1 ? '1 server' : `${servers} servers (a primary and ${servers - 1} standby${servers > 2 ? 's' : ''})`}
          <span className="block text-slate-600 dark:text-slate-400">
            {size ? `${size.name}: ${size.vcpus} vCPU, ${size.memoryGib} GiB memory` : v.size}, {storageLabel(storage)} each
          </span>
        </SummaryItem>
        <SummaryItem label="Network access">{v.access === 'open' ? 'All addresses' : 'None until you add a rule'}</SummaryItem>
      </dl>
      <div className="border-t border-slate-200 px-5 py-4 dark:border-slate-800">
        <div className="flex items-baseline justify-between gap-2">
          <span className="text-sm font-medium">Total</span>
          <span className="text-right">
            <span className="block text-lg font-semibold tabular-nums" data-testid="create-pg-total">
              {formatMonthly(total)}
            </span>
            <span className="block text-xs text-slate-600 tabular-nums dark:text-slate-400">{formatHourly(total)}</span>
          </span>
        </div>
        <Button type="submit" className="mt-4 w-full" disabled={pending}>
          <BusyLabel pending={pending} busy="Creating…">
            Create database
          </BusyLabel>
        </Button>
        <Link to="/projects/$projectId/databases" params={{ projectId }} className={buttonClass('ghost', 'md', 'mt-2 w-full')}>
          Cancel
        </Link>
      </div>
    </aside>
  );
}
