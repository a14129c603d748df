import type { Vm } from '#shared/api/vm';
import { vmSize } from '#shared/catalog';
import { Card, CardHeader } from '#web/components/ui/card.tsx';
import { CopyButton } from '#web/components/ui/copy-button.tsx';
import { sshCommand, vmMonthlyUsd } from '../format.ts';
import {
  Field,
  Fields,
  IdField,
  LocationField,
  muted,
  PriceField,
  SizeField,
} from '#web/components/ui/detail-fields.tsx';

export function VmOverview({ vm }: { vm: Vm }) {
  const size = vmSize(vm.size);
  const ssh = sshCommand(vm.unix_user, vm.ip4, vm.ip6);
  const monthly = vmMonthlyUsd(vm.size, vm.ip4 !== null);
  return (
    <>
      <Card labelledBy="vm-connect-title">
        <CardHeader
          id="vm-connect-title"
          title="Connect"
          description={
            vm.ip4
              ? 'Over SSH, with the key you gave when creating the VM.'
              : 'Over SSH on IPv6 (the VM has no public IPv4 address), with the key you gave when creating the VM.'
          }
        />
        <div className="px-5 py-5">
          {ssh ? (
            <div className="flex items-center gap-2 rounded-md bg-slate-950 py-1.5 pr-1.5 pl-4 text-slate-100 dark:bg-black/60">
              <span aria-hidden="true" className="font-mono text-sm text-slate-500 select-none">
                $
              </span>
              <code
                className="min-w-0 flex-1 overflow-x-auto font-mono text-sm whitespace-nowrap"
                data-testid="ssh-command"
              >
                {ssh}
              </code>
              <CopyButton
                value={ssh}
                label="Copy SSH command"
                className="text-slate-300 hover:bg-slate-800 hover:text-white dark:text-slate-300 dark:hover:bg-slate-800"
              />
            </div>
          ) : (
            <p className="text-sm text-slate-600 dark:text-slate-400">
              The VM has no public address yet.
            </p>
          )}
        </div>
      </Card>

      <Card labelledBy="vm-overview-title">
        <CardHeader id="vm-overview-title" title="Details" />
        <Fields>
          <IdField id={vm.id} what="VM" />
          <LocationField location={vm.location} />
          <SizeField name={vm.size} spec={size} />
          <Field label="Storage">{vm.storage_size_gib} GiB</Field>
          <Field label="Unix user" mono>
            {vm.unix_user}
          </Field>
          <PriceField monthly={monthly} />
          <Field
            label="Public IPv4"
            copy={vm.ip4 ?? undefined}
            copyLabel="Copy public IPv4"
            mono={!!vm.ip4}
          >
            {vm.ip4 ?? <span className={muted}>Not enabled</span>}
          </Field>
          <Field
            label="Public IPv6"
            copy={vm.ip6 ?? undefined}
            copyLabel="Copy public IPv6"
            mono={!!vm.ip6}
          >
            {vm.ip6 ?? <span className={muted}>None</span>}
          </Field>
        </Fields>
      </Card>
    </>
  );
}
