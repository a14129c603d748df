import type { ReactNode } from 'react';
import type { PrivateSubnet } from '#shared/api/private-subnet';
import { Card, CardHeader } from '../../../components/ui/card.tsx';
import { CopyButton } from '../../../components/ui/copy-button.tsx';
import { StateBadge } from '../../../components/ui/state-badge.tsx';
import { locationLabel } from '../format.ts';

function Field({ label, children }: { label: string; children: ReactNode }) {
  return (
    <div>
      <dt className="text-xs font-medium tracking-wide text-slate-600 uppercase dark:text-slate-400">{label}</dt>
      <dd className="mt-1 flex min-h-7 items-center gap-1 text-sm">{children}</dd>
    </div>
  );
}

export function SubnetOverview({ subnet }: { subnet: PrivateSubnet }) {
  return (
    <Card labelledBy="subnet-overview-title">
      <CardHeader id="subnet-overview-title" title="Overview" />
      <dl className="grid gap-x-8 gap-y-5 px-5 py-5 sm:grid-cols-2">
        <Field label="ID">
          <code className="font-mono text-sm break-all">{subnet.id}</code>
          <CopyButton value={subnet.id} label="Copy subnet ID" />
        </Field>
        <Field label="Name">
          <span className="font-medium">{subnet.name}</span>
        </Field>
        <Field label="Location">
          {locationLabel(subnet.location)} <span className="font-mono text-xs text-slate-600 dark:text-slate-400">({subnet.location})</span>
        </Field>
        <Field label="State">
          <StateBadge state={subnet.state} />
        </Field>
        <Field label="IPv4 range">
          <code className="font-mono text-sm">{subnet.net4}</code>
          <CopyButton value={subnet.net4} label="Copy IPv4 range" />
        </Field>
        <Field label="IPv6 range">
          <code className="font-mono text-sm break-all">{subnet.net6}</code>
          <CopyButton value={subnet.net6} label="Copy IPv6 range" />
        </Field>
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
