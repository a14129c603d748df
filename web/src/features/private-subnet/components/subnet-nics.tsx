import type { ReactNode } from 'react';
import type { PrivateSubnet } from '#shared/api/private-subnet';
import { CopyButton } from '#web/components/ui/copy-button.tsx';
import { EmptyState } from '#web/components/ui/empty-state.tsx';
import { Table, TBody, TD, TH, THead, TR } from '#web/components/ui/table.tsx';

/** The subnet's network interfaces; `vmLink` renders a VM's name as a link to its page. */
export function SubnetNics({
  subnet,
  vmLink,
}: {
  subnet: PrivateSubnet;
  vmLink: (vmName: string) => ReactNode;
}) {
  if (!subnet.nics.length) {
    return (
      <EmptyState title="No network interfaces">
        A VM created in this subnet gets a network interface here, with a private IPv4 address from{' '}
        {subnet.net4} and an IPv6 address from {subnet.net6}.
      </EmptyState>
    );
  }
  return (
    <Table caption="Network interfaces of the subnet">
      <THead>
        <tr>
          <TH>NIC</TH>
          <TH>Private IPv4</TH>
          <TH>Private IPv6</TH>
          <TH>VM</TH>
        </tr>
      </THead>
      <TBody>
        {subnet.nics.map((n) => (
          <TR key={n.id}>
            <TD className="font-medium">{n.name}</TD>
            <TD>
              <span className="inline-flex items-center gap-1">
                <code className="font-mono text-xs">{n.private_ipv4}</code>
                <CopyButton value={n.private_ipv4} label={`Copy private IPv4 of ${n.name}`} />
              </span>
            </TD>
            <TD>
              <span className="inline-flex items-center gap-1">
                <code className="font-mono text-xs">{n.private_ipv6}</code>
                <CopyButton value={n.private_ipv6} label={`Copy private IPv6 of ${n.name}`} />
              </span>
            </TD>
            <TD>
              {n.vm_name ? (
                vmLink(n.vm_name)
              ) : (
                <span className="text-slate-600 dark:text-slate-400">Not attached</span>
              )}
            </TD>
          </TR>
        ))}
      </TBody>
    </Table>
  );
}
