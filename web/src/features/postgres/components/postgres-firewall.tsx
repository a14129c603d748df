// Networking: the firewall rules of the database (which addresses reach ports 5432 and 6432),
// added, edited and removed here. The detail lists a rule once per port; a row is one rule.
import { useState } from 'react';
import { z } from 'zod';
import { POSTGRES_PORTS, type PostgresDetail } from '#shared/api/postgres';
import { cidrSchema, descriptionSchema } from '#shared/api/firewall';
import { Button, Spinner } from '#web/components/ui/button.tsx';
import { Card, CardHeader } from '#web/components/ui/card.tsx';
import { Dialog } from '#web/components/ui/dialog.tsx';
import { FormAlert } from '#web/components/ui/form-alert.tsx';
import { plusIcon } from '#web/components/ui/icons.tsx';
import { TextField } from '#web/components/ui/input.tsx';
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

/** "All IPv4", "All IPv6", else the CIDR. */
export const sourceLabel = (cidr: string) => (cidr === '0.0.0.0/0' ? 'All IPv4' : cidr === '::/0' ? 'All IPv6' : cidr);

function rulesOf(pg: PostgresDetail): Rule[] {
  const byId = new Map<string, Rule>();
  for (const r of pg.firewall_rules) {
    const rule = byId.get(r.id) ?? { id: r.id, cidr: r.cidr, description: r.description, ports: [] };
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
        actions={
          <Button size="sm" onClick={() => setEditing('new')}>
            {plusIcon}
            Add rule
          </Button>
        }
      />
      {rules.length ? (
        <div className="p-3">
          <Table caption="Firewall rules">
            <THeadRow columns={['Source', 'Ports', 'Description']} actions />
            <TBody>
              {rules.map((r) => (
                <TR key={r.id}>
                  <TD>
                    <span className="whitespace-nowrap">{sourceLabel(r.cidr)}</span>
                    {sourceLabel(r.cidr) !== r.cidr ? <span className="block font-mono text-xs text-slate-600 dark:text-slate-400">{r.cidr}</span> : null}
                  </TD>
                  <TD className="whitespace-nowrap tabular-nums">{[...r.ports].sort().join(', ')}</TD>
                  <TD className="max-w-64 text-slate-600 dark:text-slate-400">{r.description || '—'}</TD>
                  <TD className="text-right whitespace-nowrap">
                    <Button size="sm" variant="ghost" aria-label={`Edit rule ${r.cidr}`} onClick={() => setEditing(r)}>
                      Edit
                    </Button>
                    <Button
                      size="sm"
                      variant="ghost"
                      className="text-red-700 hover:bg-red-50 dark:text-red-400 dark:hover:bg-red-950/50"
                      aria-label={`Remove rule ${r.cidr}`}
                      onClick={() => setRemoving(r)}
                    >
                      Remove
                    </Button>
                  </TD>
                </TR>
              ))}
            </TBody>
          </Table>
        </div>
      ) : (
        <div className="px-5 py-8 text-center text-sm text-slate-600 dark:text-slate-400">
          <p className="font-medium text-slate-900 dark:text-slate-100">No rules</p>
          <p className="mt-1">No address can connect to this database. Add a rule with the addresses of your servers.</p>
        </div>
      )}
      {editing ? <RuleDialog pgRef={pgRef} rule={editing === 'new' ? undefined : editing} onClose={() => setEditing(null)} /> : null}
      {removing ? <RemoveRuleDialog pgRef={pgRef} rule={removing} onClose={() => setRemoving(null)} /> : null}
    </Card>
  );
}

const ruleFormSchema = z.object({ cidr: cidrSchema, description: descriptionSchema });

function RuleDialog({ pgRef, rule, onClose }: { pgRef: PgRef; rule?: Rule; onClose: () => void }) {
  const create = useCreatePgRule();
  const update = useUpdatePgRule();
  const pending = create.isPending || update.isPending;
  const form = useForm(ruleFormSchema, { cidr: rule?.cidr ?? '', description: rule?.description ?? '' });
  return (
    <Dialog
      open
      onClose={() => {
        if (!pending) onClose();
      }}
      title={rule ? 'Edit rule' : 'Add rule'}
      description={<p>Allow an address range to connect to the database on ports 5432 and 6432.</p>}
    >
      <form
        noValidate
        className="space-y-5"
        onSubmit={submitWith(form, pending, (body) => {
          const done = (verb: string) => () => {
            toast.success(`Rule ${verb}`, `${sourceLabel(body.cidr)} may connect.`);
            onClose();
          };
          if (rule) update.mutate({ ref: pgRef, ruleId: rule.id, body }, { onSuccess: done('updated'), onError: form.setServerError });
          else create.mutate({ ref: pgRef, body }, { onSuccess: done('added'), onError: form.setServerError });
        })}
      >
        <FormAlert error={form.formError} />
        <div>
          <TextField
            label="Source (CIDR)"
            autoComplete="off"
            spellCheck={false}
            maxLength={70}
            placeholder="203.0.113.0/24"
            hint="An IPv4 or IPv6 range such as 203.0.113.0/24, or a single address."
            {...form.field('cidr')}
          />
          <div className="mt-2 flex flex-wrap gap-2">
            <Button size="sm" variant="secondary" onClick={() => form.setValue('cidr', '0.0.0.0/0')}>
              All IPv4
            </Button>
            <Button size="sm" variant="secondary" onClick={() => form.setValue('cidr', '::/0')}>
              All IPv6
            </Button>
          </div>
        </div>
        <TextField label="Description (optional)" autoComplete="off" maxLength={1100} {...form.field('description')} />
        <div className="flex justify-end gap-3 border-t border-slate-200 pt-4 dark:border-slate-800">
          <Button variant="secondary" onClick={onClose} disabled={pending}>
            Cancel
          </Button>
          <Button type="submit" disabled={pending}>
            {pending ? <Spinner /> : null}
            {rule ? 'Save rule' : 'Add rule'}
          </Button>
        </div>
      </form>
    </Dialog>
  );
}

function RemoveRuleDialog({ pgRef, rule, onClose }: { pgRef: PgRef; rule: Rule; onClose: () => void }) {
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
        Remove the rule for <Strong>{sourceLabel(rule.cidr)}</Strong>? New connections from those addresses are refused at once.
      </p>
    </ConfirmDialog>
  );
}
