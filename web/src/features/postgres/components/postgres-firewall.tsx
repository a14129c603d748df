// Networking: the firewall rules of the database (which addresses reach ports 5432 and 6432),
// added, edited and removed here. The detail lists a rule once per port; a row is one rule.
import { useState } from 'react';
import { z } from 'zod';
import { POSTGRES_PORTS, type PostgresDetail } from '#shared/api/postgres';
import { cidrSchema, descriptionSchema } from '#shared/api/firewall';
import { Card, CardHeader } from '#web/components/ui/card.tsx';
import { TextField } from '#web/components/ui/input.tsx';
import {
  AddRuleButton,
  NoRules,
  RuleActions,
  RuleFormDialog,
  SourceCell,
  SourceField,
  sourceLabel,
} from '#web/components/ui/rule-parts.tsx';
import { Table, TBody, TD, THeadRow, TR } from '#web/components/ui/table.tsx';
import { toast } from '#web/components/ui/toast.tsx';
import { submitWith, useForm } from '#web/lib/form.ts';
import type { PgRef } from '../api/postgres.ts';
import { useCreatePgRule, useDeletePgRule, useUpdatePgRule } from '../api/sub.ts';
import { ConfirmDialog, Strong } from '#web/components/ui/confirm-dialog.tsx';

interface Rule {
  id: string;
  cidr: string;
  description: string;
  ports: number[];
}

function rulesOf(pg: PostgresDetail): Rule[] {
  const byId = new Map<string, Rule>();
  for (const r of pg.firewall_rules) {
    const rule = byId.get(r.id) ?? {
      id: r.id,
      cidr: r.cidr,
      description: r.description,
      ports: [],
    };
    if (!rule.ports.includes(r.port)) rule.ports.push(r.port);
    byId.set(r.id, rule);
  }
  return [...byId.values()];
}

export function PostgresFirewall({ pg, pgRef }: { pg: PostgresDetail; pgRef: PgRef }) {
  const [editing, setEditing] = useState<Rule | 'new' | null>(null);
  const [removing, setRemoving] = useState<Rule | null>(null);
  const rules = rulesOf(pg);
  return (
    <Card labelledBy="pg-rules-title">
      <CardHeader
        id="pg-rules-title"
        title="Firewall rules"
        description={`Addresses that may connect to PostgreSQL (${POSTGRES_PORTS[0]}) and PgBouncer (${POSTGRES_PORTS[1]}); everything else is dropped.`}
        actions={<AddRuleButton onClick={() => setEditing('new')} />}
      />
      {rules.length ? (
        <div className="p-3">
          <Table caption="Firewall rules">
            <THeadRow columns={['Source', 'Ports', 'Description']} actions />
            <TBody>
              {rules.map((r) => (
                <TR key={r.id}>
                  <SourceCell cidr={r.cidr} />
                  <TD className="whitespace-nowrap tabular-nums">
                    {[...r.ports].sort().join(', ')}
                  </TD>
                  <TD className="max-w-64 text-slate-600 dark:text-slate-400">
                    {r.description || '—'}
                  </TD>
                  <RuleActions
                    name={r.cidr}
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
          No address can connect to this database. Add a rule with the addresses of your servers.
        </NoRules>
      )}
      {editing ? (
        <RuleDialog
          pgRef={pgRef}
          rule={editing === 'new' ? undefined : editing}
          onClose={() => setEditing(null)}
        />
      ) : null}
      {removing ? (
        <RemoveRuleDialog pgRef={pgRef} rule={removing} onClose={() => setRemoving(null)} />
      ) : null}
    </Card>
  );
}

const ruleFormSchema = z.object({ cidr: cidrSchema, description: descriptionSchema });

function RuleDialog({ pgRef, rule, onClose }: { pgRef: PgRef; rule?: Rule; onClose: () => void }) {
  const create = useCreatePgRule();
  const update = useUpdatePgRule();
  const pending = create.isPending || update.isPending;
  const form = useForm(ruleFormSchema, {
    cidr: rule?.cidr ?? '',
    description: rule?.description ?? '',
  });
  return (
    <RuleFormDialog
      editing={!!rule}
      pending={pending}
      description="Allow an address range to connect to the database on ports 5432 and 6432."
      error={form.formError}
      onClose={onClose}
      onSubmit={submitWith(form, pending, (body) => {
        const done = (verb: string) => () => {
          toast.success(`Rule ${verb}`, `${sourceLabel(body.cidr)} may connect.`);
          onClose();
        };
        if (rule)
          update.mutate(
            { ref: pgRef, ruleId: rule.id, body },
            { onSuccess: done('updated'), onError: form.setServerError },
          );
        else
          create.mutate(
            { ref: pgRef, body },
            { onSuccess: done('added'), onError: form.setServerError },
          );
      })}
    >
      <SourceField
        field={form.field('cidr')}
        placeholder="203.0.113.0/24"
        hint="An IPv4 or IPv6 range such as 203.0.113.0/24, or a single address."
        onPick={(cidr) => form.setValue('cidr', cidr)}
      />
      <TextField
        label="Description (optional)"
        autoComplete="off"
        maxLength={1100}
        {...form.field('description')}
      />
    </RuleFormDialog>
  );
}

function RemoveRuleDialog({
  pgRef,
  rule,
  onClose,
}: {
  pgRef: PgRef;
  rule: Rule;
  onClose: () => void;
}) {
  const remove = useDeletePgRule();
  return (
    <ConfirmDialog
      title="Remove rule"
      action="Remove rule"
      danger
      mutation={remove}
      onClose={onClose}
      onConfirm={() =>
        remove.mutate(
          { ref: pgRef, ruleId: rule.id },
          {
            onSuccess: () => {
              toast.success('Rule removed', `${sourceLabel(rule.cidr)} can no longer connect.`);
              onClose();
            },
          },
        )
      }
    >
      <p>
        Remove the rule for <Strong>{sourceLabel(rule.cidr)}</Strong>? New connections from those
        addresses are refused at once.
      </p>
    </ConfirmDialog>
  );
}
