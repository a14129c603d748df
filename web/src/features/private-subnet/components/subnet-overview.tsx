import type { ReactNode } from 'react';
import type { PrivateSubnet } from '#shared/api/private-subnet';
import { Card, CardHeader } from '#web/components/ui/card.tsx';
import { CopyButton } from '#web/components/ui/copy-button.tsx';
import { StateBadge } from '#web/components/ui/state-badge.tsx';
import { locationLabel } from '#web/lib/location.ts';

function Field({ label, children }: { label: string; children: ReactNode }) {
  return (
    <div>
      <dt className="text-xs font-medium tracking-wide text-slate-600 uppercase dark:text-slate-400">
        {label}
      </dt>
      <dd className="mt-1 flex min-h-7 items-center gap-1 text-sm">{children}</dd>
    </div>
  );
}

/** A value in code type with a button that copies it. */
function CopyField({
  label,
  value,
  copyLabel,
}: {
  label: string;
  value: string;
  copyLabel: string;
}) {
  return (
    <Field label={label}>
      <code className="font-mono text-sm break-all">{value}</code>
      <CopyButton value={value} label={copyLabel} />
    </Field>
  );
}

export function SubnetOverview({ subnet }: { subnet: PrivateSubnet }) {
  return (
    <Card labelledBy="subnet-overview-title">
      <CardHeader id="subnet-overview-title" title="Overview" />
      <dl className="grid gap-x-8 gap-y-5 px-5 py-5 sm:grid-cols-2">
        <CopyField label="ID" value={subnet.id} copyLabel="Copy subnet ID" />
        <Field label="Name">
          <span className="font-medium">{subnet.name}</span>
        </Field>
        <Field label="Location">
          {locationLabel(subnet.location)}{' '}
          <span className="font-mono text-xs text-slate-600 dark:text-slate-400">
            ({subnet.location})
          </span>
        </Field>
        <Field label="State">
          <StateBadge state={subnet.state} />
        </Field>
        <CopyField label="IPv4 range" value={subnet.net4} copyLabel="Copy IPv4 range" />
        <CopyField label="IPv6 range" value={subnet.net6} copyLabel="Copy IPv6 range" />
        <Field label="NICs">
          <span className="tabular-nums">{subnet.nics.length}</span>
        </Field>
        <Field label="Firewalls">
          <span className="tabular-nums">{subnet.firewalls.length}</span>
        </Field>
      </dl>
    </Card>
  );
}
