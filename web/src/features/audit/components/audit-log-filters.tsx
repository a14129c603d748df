// The audit log's filters: an action (`vm/create`, derived from the route table, generated), an account, an object
// and a time range in UTC. They apply on submit, so each is one navigation (kept in the URL).
import { useState, type FormEvent } from 'react';
import { Button } from '#web/components/ui/button.tsx';
import { TextField } from '#web/components/ui/input.tsx';
import { SelectField } from '#web/components/ui/select-field.tsx';
import { AUDITED_ACTIONS } from '#web/lib/audited-actions.gen.ts';

export interface AuditFilters {
  action?: string;
  account?: string;
  object?: string;
  /** `YYYY-MM-DDTHH:MM`, UTC. */
  from?: string;
  to?: string;
}

const FIELDS = ['action', 'account', 'object', 'from', 'to'] as const;

export function AuditLogFilters({
  value,
  onApply,
}: {
  value: AuditFilters;
  onApply: (filters: AuditFilters) => void;
}) {
  const [draft, setDraft] = useState<AuditFilters>(value);
  const set = (field: keyof AuditFilters) => (e: { target: { value: string } }) =>
    setDraft((d) => ({ ...d, [field]: e.target.value || undefined }));
  const submit = (e: FormEvent) => {
    e.preventDefault();
    onApply(Object.fromEntries(FIELDS.map((f) => [f, draft[f]?.trim() || undefined])));
  };
  const clear = () => {
    setDraft({});
    onApply({});
  };
  return (
    <form
      onSubmit={submit}
      aria-label="Filter the audit log"
      className="grid gap-4 sm:grid-cols-2 lg:grid-cols-3"
    >
      <SelectField label="Action" value={draft.action ?? ''} onChange={set('action')}>
        <option value="">All actions</option>
        {AUDITED_ACTIONS.map(([action, label]) => (
          <option key={action} value={action}>
            {`${action} (${label})`}
          </option>
        ))}
      </SelectField>
      <TextField
        label="Account"
        hint="An account ID or e-mail address."
        value={draft.account ?? ''}
        onChange={set('account')}
        autoComplete="off"
        spellCheck={false}
      />
      <TextField
        label="Object ID"
        value={draft.object ?? ''}
        onChange={set('object')}
        autoComplete="off"
        spellCheck={false}
      />
      <TextField
        label="From (UTC)"
        type="datetime-local"
        value={draft.from ?? ''}
        onChange={set('from')}
      />
      <TextField
        label="To (UTC)"
        type="datetime-local"
        value={draft.to ?? ''}
        onChange={set('to')}
      />
      <div className="flex items-end gap-2">
        <Button type="submit">Apply filters</Button>
        <Button variant="secondary" onClick={clear}>
          Clear
        </Button>
      </div>
    </form>
  );
}
