import { useState } from 'react';
import { z } from 'zod';
import {
  cidrSchema,
  descriptionSchema,
  portRangeSchema,
  protocolSchema,
  PROTOCOLS,
  type FirewallRule,
} from '#shared/api/firewall';
import { RULE_PRESETS } from '#shared/catalog';
import { TextField } from '#web/components/ui/input.tsx';
import { RuleFormDialog, SourceField } from '#web/components/ui/rule-parts.tsx';
import { toast } from '#web/components/ui/toast.tsx';
import { cn } from '#web/lib/cn.ts';
import { submitWith, useForm } from '#web/lib/form.ts';
import { useCreateFirewallRule } from '../api/create-firewall-rule.ts';
import type { FirewallRef } from '../api/get-firewall.ts';
import { useUpdateFirewallRule } from '../api/update-firewall-rule.ts';
import {
  portInput,
  PRESET_NAMES,
  presetOf,
  ruleLabel,
  sourceLabel,
  type PresetName,
} from '../format.ts';

// The same field rules as the server's create body (shared schemas), as you type.
const ruleFormSchema = z.object({
  cidr: cidrSchema,
  port_range: portRangeSchema,
  protocol: protocolSchema,
  description: descriptionSchema,
});

const chip =
  'relative flex cursor-pointer items-center justify-center rounded-md border border-slate-300 px-3 py-1.5 text-sm font-medium text-slate-700 has-[:checked]:border-blue-600 has-[:checked]:bg-blue-50 has-[:checked]:text-blue-800 has-[:focus-visible]:outline-2 has-[:focus-visible]:outline-blue-600 dark:border-slate-700 dark:text-slate-200 dark:has-[:checked]:border-blue-400 dark:has-[:checked]:bg-blue-950 dark:has-[:checked]:text-blue-200';

/** Add a rule (no `rule`) or edit one: a preset or Custom ports, a source CIDR, a description. */
export function RuleDialog({
  firewallRef,
  rule,
  onClose,
}: {
  firewallRef: FirewallRef;
  rule?: FirewallRule;
  onClose: () => void;
}) {
  const create = useCreateFirewallRule();
  const update = useUpdateFirewallRule();
  const pending = create.isPending || update.isPending;
  const form = useForm(ruleFormSchema, {
    cidr: rule?.cidr ?? '0.0.0.0/0',
    port_range: rule ? portInput(rule.port_range) : '22',
    protocol: rule?.protocol ?? 'tcp',
    description: rule?.description ?? '',
  });
  const [custom, setCustom] = useState(rule ? presetOf(rule) === 'Custom' : false);
  const preset: PresetName = custom ? 'Custom' : presetOf(form.values);
  const isCustom = preset === 'Custom';

  const choose = (name: PresetName) => {
    if (name === 'Custom') {
      setCustom(true);
      return;
    }
    const p = RULE_PRESETS.find((x) => x.name === name)!;
    setCustom(false);
    form.setValue('port_range', portInput(p.port_range));
    form.setValue('protocol', p.protocol);
  };

  return (
    <RuleFormDialog
      editing={!!rule}
      pending={pending}
      description="Allow inbound traffic to the VMs of the firewall's subnets from a source address range on some ports."
      error={form.formError}
      onClose={onClose}
      onSubmit={submitWith(form, pending, (body) => {
        const done = (verb: string) => () => {
          toast.success(`Rule ${verb}`, `${ruleLabel(body)} from ${sourceLabel(body.cidr)}.`);
          onClose();
        };
        if (rule)
          update.mutate(
            { ...firewallRef, ruleId: rule.id, body },
            { onSuccess: done('updated'), onError: form.setServerError },
          );
        else
          create.mutate(
            { ...firewallRef, body },
            { onSuccess: done('added'), onError: form.setServerError },
          );
      })}
    >
      <fieldset>
        <legend className="text-sm font-medium text-slate-800 dark:text-slate-200">
          Rule type
        </legend>
        <div className="mt-2 flex flex-wrap gap-2">
          {PRESET_NAMES.map((name) => (
            <label key={name} className={chip}>
              <input
                type="radio"
                name="preset"
                value={name}
                checked={preset === name}
                onChange={() => choose(name)}
                className="absolute inset-0 cursor-pointer appearance-none rounded-md opacity-0"
              />
              {name}
            </label>
          ))}
        </div>
      </fieldset>

      {isCustom ? (
        <div className="grid gap-4 sm:grid-cols-[1fr_auto]">
          <TextField
            label="Port range"
            autoComplete="off"
            spellCheck={false}
            inputMode="numeric"
            maxLength={20}
            hint="A port such as 8080, or a range such as 8000..8080."
            {...form.field('port_range')}
          />
          <fieldset>
            <legend className="text-sm font-medium text-slate-800 dark:text-slate-200">
              Protocol
            </legend>
            <div className="mt-1.5 flex gap-2">
              {PROTOCOLS.map((p) => (
                <label key={p} className={cn(chip, 'h-9 min-w-16')}>
                  <input
                    type="radio"
                    name="protocol"
                    value={p}
                    checked={form.values.protocol === p}
                    onChange={() => form.setValue('protocol', p)}
                    className="absolute inset-0 cursor-pointer appearance-none rounded-md opacity-0"
                  />
                  {p.toUpperCase()}
                </label>
              ))}
            </div>
          </fieldset>
        </div>
      ) : (
        <p className="rounded-md bg-slate-50 px-3 py-2 text-sm text-slate-700 dark:bg-slate-800/60 dark:text-slate-300">
          {ruleLabel(form.values)}: {form.values.protocol.toUpperCase()} port
          {form.values.port_range.includes('..') ? 's' : ''} {form.values.port_range}
        </p>
      )}

      <SourceField
        field={form.field('cidr')}
        hint="Where traffic may come from: an IPv4 or IPv6 range such as 203.0.113.0/24, or a single address."
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
