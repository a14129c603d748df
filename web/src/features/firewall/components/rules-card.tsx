import { useState } from 'react';
import type { FirewallDetail, FirewallRule } from '#shared/api/firewall';
import { Card, CardHeader } from '#web/components/ui/card.tsx';
import { ConfirmDialog, Strong } from '#web/components/ui/confirm-dialog.tsx';
import { AddRuleButton, NoRules, RuleActions, SourceCell } from '#web/components/ui/rule-parts.tsx';
import { Table, TBody, TD, THeadRow, TR } from '#web/components/ui/table.tsx';
import { toast } from '#web/components/ui/toast.tsx';
import { useDeleteFirewallRule } from '../api/delete-firewall-rule.ts';
import type { FirewallRef } from '../api/get-firewall.ts';
import { portsLabel, presetOf, RULE_COLUMNS, ruleLabel, sourceLabel } from '../format.ts';
import { RuleDialog } from './rule-dialog.tsx';

/** A rule's name for buttons and dialogs: "SSH (22) from All IPv4". */
export const ruleName = (r: FirewallRule) => `${ruleLabel(r)} from ${sourceLabel(r.cidr)}`;

export function RulesCard({
  firewallRef,
  firewall,
}: {
  firewallRef: FirewallRef;
  firewall: FirewallDetail;
}) {
  const [editing, setEditing] = useState<FirewallRule | 'new' | null>(null);
  const [removing, setRemoving] = useState<FirewallRule | null>(null);
  const rules = firewall.firewall_rules;
  return (
    <Card labelledBy="rules-title">
      <CardHeader
        id="rules-title"
        title="Inbound rules"
        description="Traffic that matches a rule reaches the VMs of the attached subnets; everything else is dropped."
        actions={<AddRuleButton onClick={() => setEditing('new')} />}
      />
      {rules.length ? (
        <div className="p-3">
          <Table caption="Inbound rules">
            <THeadRow columns={[...RULE_COLUMNS, 'Description']} actions />
            <TBody>
              {rules.map((r) => (
                <TR key={r.id}>
                  <TD className="font-medium whitespace-nowrap">{presetOf(r)}</TD>
                  <SourceCell cidr={r.cidr} />
                  <TD>{r.protocol.toUpperCase()}</TD>
                  <TD className="whitespace-nowrap">{portsLabel(r.port_range)}</TD>
                  <TD className="max-w-48 text-slate-600 dark:text-slate-400">
                    {r.description || '—'}
                  </TD>
                  <RuleActions
                    name={ruleName(r)}
                    onEdit={() => setEditing(r)}
                    onRemove={() => setRemoving(r)}
                  />
                </TR>
              ))}
            </TBody>
          </Table>
        </div>
      ) : (
        <NoRules>
          This firewall lets no traffic in. Add a rule, for example SSH from your address.
        </NoRules>
      )}
      {editing ? (
        <RuleDialog
          firewallRef={firewallRef}
          rule={editing === 'new' ? undefined : editing}
          onClose={() => setEditing(null)}
        />
      ) : null}
      {removing ? (
        <RemoveRuleDialog
          firewallRef={firewallRef}
          rule={removing}
          onClose={() => setRemoving(null)}
        />
      ) : null}
    </Card>
  );
}

function RemoveRuleDialog({
  firewallRef,
  rule,
  onClose,
}: {
  firewallRef: FirewallRef;
  rule: FirewallRule;
  onClose: () => void;
}) {
  const remove = useDeleteFirewallRule();
  return (
    <ConfirmDialog
      title="Remove rule"
      action="Remove rule"
      danger
      mutation={remove}
      onClose={onClose}
      onConfirm={() =>
        remove.mutate(
          { ...firewallRef, ruleId: rule.id },
          {
            onSuccess: () => {
              toast.success('Rule removed', `${ruleName(rule)}.`);
              onClose();
            },
          },
        )
      }
    >
      <p>
        Remove the rule <Strong>{ruleName(rule)}</Strong>? Traffic it allowed is dropped at once.
      </p>
    </ConfirmDialog>
  );
}
