import { Link } from '@tanstack/react-router';
import type { Vm } from '#shared/api/vm';
import { Card, CardHeader } from '../../../components/ui/card.tsx';
import { Table, TBody, TD, TH, THead, TR } from '../../../components/ui/table.tsx';
import { ruleSource, rulePorts } from '../format.ts';
import { Field, Fields } from './fields.tsx';

/**
 * This (legacy) VM record names no protocol, so a rule for TCP and its twin for UDP look the
 * same: show each source and port range once.
 */
function distinct<R extends { cidr: string; port_range: string }>(rules: R[]): R[] {
  const seen = new Set<string>();
  return rules.filter((r) => {
    const key = `${r.cidr} ${r.port_range}`;
    if (seen.has(key)) return false;
    seen.add(key);
    return true;
  });
}

export function VmNetworking({ vm, projectId }: { vm: Vm; projectId: string }) {
  return (
    <>
      <Card labelledBy="vm-private-title">
        <CardHeader id="vm-private-title" title="Private network" description="Addresses other machines in the same subnet reach this VM on." />
        <Fields>
          <Field label="Subnet">
            <Link
              to="/projects/$projectId/networking/subnets/$location/$subnetName"
              params={{ projectId, location: vm.location, subnetName: vm.subnet }}
              className="font-mono text-blue-700 hover:underline dark:text-blue-400"
            >
              {vm.subnet}
            </Link>
          </Field>
          <Field label="Network interface" mono>
            {vm.name}-nic
          </Field>
          <Field label="Private IPv4" copy={vm.private_ipv4} copyLabel="Copy private IPv4" mono>
            {vm.private_ipv4}
          </Field>
          <Field label="Private IPv6" copy={vm.private_ipv6} copyLabel="Copy private IPv6" mono>
            {vm.private_ipv6}
          </Field>
        </Fields>
      </Card>

      <Card labelledBy="vm-firewalls-title">
        <CardHeader
          id="vm-firewalls-title"
          title="Firewalls"
          description={`The firewalls of subnet ${vm.subnet}: traffic is allowed in when a rule matches its source and port.`}
        />
        {vm.firewalls.length === 0 ? (
          <p className="px-5 py-5 text-sm text-slate-600 dark:text-slate-400">No firewall is attached to the subnet, so no inbound traffic is allowed.</p>
        ) : (
          <div className="space-y-5 px-5 py-5">
            {vm.firewalls.map((fw) => (
              <section key={fw.id} aria-labelledby={`fw-${fw.id}`}>
                <h3 id={`fw-${fw.id}`} className="font-mono text-sm font-semibold">
                  {fw.name}
                </h3>
                {fw.description ? <p className="mt-0.5 text-sm text-slate-600 dark:text-slate-400">{fw.description}</p> : null}
                <div className="mt-2">
                  {fw.firewall_rules.length === 0 ? (
                    <p className="text-sm text-slate-600 dark:text-slate-400">No rules: this firewall allows nothing in.</p>
                  ) : (
                    <Table caption={`Inbound rules of firewall ${fw.name}`}>
                      <THead>
                        <tr>
                          <TH>Source</TH>
                          <TH>Ports</TH>
                          <TH>CIDR</TH>
                        </tr>
                      </THead>
                      <TBody>
                        {distinct(fw.firewall_rules).map((r) => (
                          <TR key={r.id}>
                            <TD className="font-medium">{ruleSource(r.cidr)}</TD>
                            <TD>{rulePorts(r.port_range)}</TD>
                            <TD>
                              <code className="font-mono text-xs text-slate-600 dark:text-slate-400">{r.cidr}</code>
                            </TD>
                          </TR>
                        ))}
                      </TBody>
                    </Table>
                  )}
                </div>
              </section>
            ))}
          </div>
        )}
      </Card>
    </>
  );
}
