import { useState } from 'react';
import type { FirewallDetail, FirewallRule } from '#shared/api/firewall';
import { Button, Spinner } from '#web/components/ui/button.tsx';
import { Card, CardHeader } from '#web/components/ui/card.tsx';
import { Dialog } from '#web/components/ui/dialog.tsx';
import { FormAlert } from '#web/components/ui/form-alert.tsx';
import { AddRuleButton, NoRules, RuleActions, SourceCell } from '#web/components/ui/rule-parts.tsx';
import { Table, TBody, TD, THeadRow, TR } from '#web/components/ui/table.tsx';
import { toast } from '#web/components/ui/toast.tsx';
import { ApiError } from '#web/lib/api-client.ts';
import { useDeleteFirewallRule } from '../api/delete-firewall-rule.ts';
import type { FirewallRef } from '../api/get-firewall.ts';
import { portsLabel, presetOf, RULE_COLUMNS, ruleLabel, sourceLabel } from '../format.ts';
import { RuleDialog } from './rule-dialog.tsx';

/** A rule's name for buttons and dialogs: "SSH (22) from All IPv4". */
export const ruleName = (r: FirewallRule) => `${ruleLabel(r)} from ${sourceLabel(r.cidr)}`;

export function RulesCard({ firewallRef, firewall }: { firewallRef: FirewallRef; firewall: FirewallDetail }) {
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
                  <TD className="max-w-48 text-slate-600 dark:text-slate-400">{r.description || '—'}</TD>
                  <RuleActions name={ruleName(r)} onEdit={() => setEditing(r)} onRemove={() => setRemoving(r)} />
                </TR>
              ))}
            </TBody>
          </Table>
        </div>
      ) : (
        <NoRules>This firewall lets no traffic in. Add a rule, for example SSH from your address.</NoRules>
      )}
      {editing ? <RuleDialog firewallRef={firewallRef} rule={editing === 'new' ? undefined : editing} onClose={() => setEditing(null)} /> : null}
      {removing ? <RemoveRuleDialog firewallRef={firewallRef} rule={removing} onClose={() => setRemoving(null)} /> : null}
    </Card>
  );
}

function RemoveRuleDialog({ firewallRef, rule, onClose }: { firewallRef: FirewallRef; rule: FirewallRule; onClose: () => void }) {
  const remove = useDeleteFirewallRule();
  const [error, setError] = useState<ApiError | null>(null);
  return (
    <Dialog
      open
      onClose={() => {
        if (!remove.isPending) onClose();
      }}
      title="Remove rule"
      description={
        <p>
          Remove the rule <strong className="font-semibold text-slate-900 dark:text-slate-100">{ruleName(rule)}</strong>? Traffic it allowed is dropped at once.
        </p>
      }
    >
      <FormAlert error={error} />
      <div className="mt-2 flex justify-end gap-3">
        <Button variant="secondary" onClick={onClose} disabled={remove.isPending}>
          Cancel
        </Button>
        <Button
          variant="danger"
          disabled={remove.isPending}
          onClick={() =>
            remove.mutate(
              { ...firewallRef, ruleId: rule.id },
              {
                onSuccess: () => {
                  toast.success('Rule removed', `${ruleName(rule)}.`);
                  onClose();
                },
                onError: (err) => setError(err instanceof ApiError ? err : null),
              },
            )
          }
        >
          {remove.isPending ? <Spinner /> : null}
          Remove rule
        </Button>
      </div>
    </Dialog>
  );
}
