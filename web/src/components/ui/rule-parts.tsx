// The parts every table and dialog of address rules shares (a firewall's inbound rules, a
// database's firewall rules): the source cell, the Edit/Remove buttons of a row, the empty
// table, the Add rule button, the source field with its "All IPv4"/"All IPv6"/"My IP" buttons, and
// the add/edit dialog around a kind's own fields.
import type { ComponentProps, FormEvent, ReactNode } from 'react';
import { normalizeCidr } from '#shared/net';
import type { ApiError } from '#web/lib/api-client.ts';
import { Button, Spinner } from './button.tsx';
import { Dialog } from './dialog.tsx';
import { FormAlert } from './form-alert.tsx';
import { plusIcon } from './icons.tsx';
import { TextField } from './input.tsx';
import { TD } from './table.tsx';
import { useClientAddress } from '#web/lib/client-address.ts';

/** A rule's source in words: "All IPv4", "All IPv6", else the CIDR. */
export function sourceLabel(cidr: string): string {
  const c = normalizeCidr(cidr) ?? cidr;
  if (c === '0.0.0.0/0') return 'All IPv4';
  if (c === '::/0') return 'All IPv6';
  return c;
}

/** The source of a rule's row: in words, with the CIDR under it when the words differ. */
export function SourceCell({ cidr }: { cidr: string }) {
  return (
    <TD>
      <span className="whitespace-nowrap">{sourceLabel(cidr)}</span>
      {sourceLabel(cidr) !== cidr ? (
        <span className="block font-mono text-xs text-slate-600 dark:text-slate-400">{cidr}</span>
      ) : null}
    </TD>
  );
}

/** The Edit and Remove buttons of a rule's row; `name` ends their labels ("Edit rule <name>"). */
export function RuleActions({
  name,
  onEdit,
  onRemove,
}: {
  name: string;
  onEdit: () => void;
  onRemove: () => void;
}) {
  return (
    <TD className="text-right whitespace-nowrap">
      <Button
        access="write"
        size="sm"
        variant="ghost"
        aria-label={`Edit rule ${name}`}
        onClick={onEdit}
      >
        Edit
      </Button>
      <Button
        access="write"
        size="sm"
        variant="ghost"
        className="text-red-700 hover:bg-red-50 dark:text-red-400 dark:hover:bg-red-950/50"
        aria-label={`Remove rule ${name}`}
        onClick={onRemove}
      >
        Remove
      </Button>
    </TD>
  );
}

/** In place of an empty table of rules: "No rules" and what that means. */
export function NoRules({ children }: { children: ReactNode }) {
  return (
    <div className="px-5 py-8 text-center text-sm text-slate-600 dark:text-slate-400">
      <p className="font-medium text-slate-900 dark:text-slate-100">No rules</p>
      <p className="mt-1">{children}</p>
    </div>
  );
}

/** The source field of a rule (`field`: a form's text-field props) with buttons that fill in all IPv4 or all IPv6 addresses. */
export function SourceField({
  field,
  hint,
  placeholder,
  onPick,
}: {
  field: Omit<ComponentProps<typeof TextField>, 'label'>;
  hint: string;
  placeholder?: string;
  onPick: (cidr: string) => void;
}) {
  const mine = useClientAddress();
  return (
    <div>
      <TextField
        label="Source (CIDR)"
        autoComplete="off"
        spellCheck={false}
        maxLength={70}
        placeholder={placeholder}
        hint={hint}
        {...field}
      />
      <div className="mt-2 flex flex-wrap gap-2">
        <Button size="sm" variant="secondary" onClick={() => onPick('0.0.0.0/0')}>
          All IPv4
        </Button>
        <Button size="sm" variant="secondary" onClick={() => onPick('::/0')}>
          All IPv6
        </Button>
        {mine ? (
          <Button size="sm" variant="secondary" onClick={() => onPick(mine.cidr)}>
            My IP ({mine.address})
          </Button>
        ) : null}
      </div>
    </div>
  );
}

/** The Add rule button of a card of rules. */
export function AddRuleButton({ onClick }: { onClick: () => void }) {
  return (
    <Button access="write" size="sm" onClick={onClick}>
      {plusIcon}
      Add rule
    </Button>
  );
}

/** The dialog that adds a rule or (`editing`) edits one: its fields (`children`), the form's refusal, Cancel and Add/Save rule, all held while `pending`. */
export function RuleFormDialog({
  editing,
  pending,
  description,
  error,
  onSubmit,
  onClose,
  children,
}: {
  editing: boolean;
  pending: boolean;
  description: ReactNode;
  error: ApiError | null;
  onSubmit: (e: FormEvent) => void;
  onClose: () => void;
  children: ReactNode;
}) {
  return (
    <Dialog
      open
      onClose={() => {
        if (!pending) onClose();
      }}
      title={editing ? 'Edit rule' : 'Add rule'}
      description={<p>{description}</p>}
    >
      <form noValidate className="space-y-5" onSubmit={onSubmit}>
        <FormAlert error={error} />
        {children}
        <div className="flex justify-end gap-3 border-t border-slate-200 pt-4 dark:border-slate-800">
          <Button variant="secondary" onClick={onClose} disabled={pending}>
            Cancel
          </Button>
          <Button type="submit" disabled={pending}>
            {pending ? <Spinner /> : null}
            {editing ? 'Save rule' : 'Add rule'}
          </Button>
        </div>
      </form>
    </Dialog>
  );
}
