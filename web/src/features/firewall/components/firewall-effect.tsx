// What a subnet's firewalls let in together (issue 30): firewalls add up, so one that lets
// everything in makes every other restrict nothing. The warning offers to take that one off
// the subnet; the effective rules are those no broader rule already covers.
import { useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import type { Firewall } from '#shared/api/firewall';
import { openFirewallBeside, ruleEffects } from '#shared/firewall-effect';
import { Button } from '#web/components/ui/button.tsx';
import { Card, CardHeader } from '#web/components/ui/card.tsx';
import { ConfirmDialog, Strong } from '#web/components/ui/confirm-dialog.tsx';
import { Table, TBody, TD, THeadRow, TR } from '#web/components/ui/table.tsx';
import { useDetachSubnet } from '../api/detach-subnet.ts';
import { portsLabel, presetOf, sourceLabel } from '../format.ts';

/**
 * A warning when one of the firewalls lets all traffic in beside others, with "Replace the
 * default firewall" (detach it from the subnet) when the subnet is known and the user's own.
 */
export function OpenFirewallWarning({
  projectId,
  location,
  firewalls,
  subnet,
}: {
  projectId: string;
  location: string;
  firewalls: Firewall[];
  /** The subnet they guard; without it (or when it is managed) no action is offered. */
  subnet?: { id: string; name: string; managed: boolean };
}) {
  const [confirming, setConfirming] = useState(false);
  const detach = useDetachSubnet();
  const queryClient = useQueryClient();
  const open = openFirewallBeside(firewalls);
  if (!open) return null;
  const others = firewalls.filter((f) => f.id !== open.id).map((f) => f.name);
  return (
    <div
      role="status"
      className="rounded-lg border border-amber-300 bg-amber-50 px-4 py-3 text-sm text-amber-900 dark:border-amber-800 dark:bg-amber-950 dark:text-amber-200"
    >
      <p className="font-semibold">Firewall {open.name} lets all traffic in</p>
      <p className="mt-1">
        Firewalls add up: {open.name} allows every port from every IPv4 and IPv6 address, so the
        rules of {others.join(', ')} restrict nothing. Replace the default firewall to let in only
        what the other {others.length === 1 ? 'firewall allows' : 'firewalls allow'}.
      </p>
      {subnet && !subnet.managed && !open.owned_by ? (
        <div className="mt-3">
          <Button size="sm" variant="secondary" onClick={() => setConfirming(true)}>
            Replace the default firewall
          </Button>
        </div>
      ) : null}
      {confirming && subnet ? (
        <ConfirmDialog
          title="Replace the default firewall?"
          action={`Detach ${open.name}`}
          mutation={detach}
          onClose={() => setConfirming(false)}
          onConfirm={() =>
            detach.mutate(
              { projectId, location, firewall: open.id, subnetId: subnet.id },
              {
                onSuccess: () => {
                  setConfirming(false);
                  // The subnet's and its VMs' records list their firewalls: read them again.
                  void queryClient.invalidateQueries();
                },
              },
            )
          }
        >
          <Strong>{open.name}</Strong> is detached from subnet <Strong>{subnet.name}</Strong>: only
          the rules of {others.join(', ')} let traffic in from then on. The firewall stays in your
          firewalls, not attached, until you delete it.
        </ConfirmDialog>
      ) : null}
    </div>
  );
}

/** The inbound rules that count (the union, without the rules a broader one covers), and those that add nothing. */
export function EffectiveRules({ firewalls }: { firewalls: Firewall[] }) {
  const effects = ruleEffects(firewalls);
  const effective = effects.filter((e) => !e.coveredBy);
  const redundant = effects.filter((e) => e.coveredBy);
  return (
    <Card labelledBy="effective-rules-title">
      <CardHeader
        id="effective-rules-title"
        title="Effective inbound rules"
        description="What reaches this VM: the rules of every firewall of its subnet, together."
      />
      <div className="p-3">
        {effective.length ? (
          <Table caption="Effective inbound rules">
            <THeadRow columns={['Type', 'Source', 'Protocol', 'Ports', 'From firewall']} />
            <TBody>
              {effective.map(({ rule: r, firewall }) => (
                <TR key={`${firewall.id}-${r.id}`}>
                  <TD className="font-medium">{presetOf(r)}</TD>
                  <TD>{sourceLabel(r.cidr)}</TD>
                  <TD>{r.protocol.toUpperCase()}</TD>
                  <TD>{portsLabel(r.port_range)}</TD>
                  <TD>{firewall.name}</TD>
                </TR>
              ))}
            </TBody>
          </Table>
        ) : (
          <p className="px-2 py-3 text-sm text-slate-600 dark:text-slate-400">
            No rules: nothing can reach this VM from outside its subnet.
          </p>
        )}
        {redundant.length ? (
          <div className="mt-4 px-2">
            <h3 className="text-sm font-semibold">Rules with no effect</h3>
            <ul className="mt-1 list-disc space-y-1 pl-5 text-sm text-slate-700 dark:text-slate-300">
              {redundant.map(({ rule: r, firewall, coveredBy }) => (
                <li key={`${firewall.id}-${r.id}`}>
                  {presetOf(r)} from {sourceLabel(r.cidr)} in {firewall.name}: already allowed by{' '}
                  {presetOf(coveredBy!.rule)} from {sourceLabel(coveredBy!.rule.cidr)} in{' '}
                  {coveredBy!.firewall.name}.
                </li>
              ))}
            </ul>
          </div>
        ) : null}
      </div>
    </Card>
  );
}
