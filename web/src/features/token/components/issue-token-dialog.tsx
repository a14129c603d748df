import { z } from 'zod';
import type { IssuedAccessToken } from '#shared/api/token';
import { issueTokenBodySchema } from '#shared/api/token';
import { ROLE_DESCRIPTION, ROLES, type Role } from '#shared/roles';
import { BusyLabel, Button } from '#web/components/ui/button.tsx';
import { Dialog } from '#web/components/ui/dialog.tsx';
import { FormAlert } from '#web/components/ui/form-alert.tsx';
import { NameField, TextField } from '#web/components/ui/input.tsx';
import { SelectField } from '#web/components/ui/select-field.tsx';
import { submitWith, useForm } from '#web/lib/form.ts';
import { useIssueToken } from '../api/tokens.ts';
import { EXPIRY_CHOICES, expiresAt, utcDay, type ExpiryChoice } from '../format.ts';

// The server's rules for the name and the role, as you type; the date is checked here.
const tokenFormSchema = z
  .object({
    name: issueTokenBodySchema.shape.name,
    role: issueTokenBodySchema.shape.role,
    expiry: z.enum(EXPIRY_CHOICES.map((c) => c.value) as [ExpiryChoice, ...ExpiryChoice[]]),
    date: z.string(),
  })
  .superRefine((v, ctx) => {
    if (v.expiry !== 'date') return;
    if (!/^\d{4}-\d{2}-\d{2}$/.test(v.date))
      ctx.addIssue({
        code: 'custom',
        path: ['date'],
        message: 'Choose the day the token expires.',
      });
    else if (v.date < utcDay(1))
      ctx.addIssue({ code: 'custom', path: ['date'], message: 'Choose a day after today.' });
  });

/** Create a token: a name, a role and an expiry. `onIssued` gets the answer, secret included. */
export function IssueTokenDialog({
  projectId,
  onClose,
  onIssued,
}: {
  projectId: string;
  onClose: () => void;
  onIssued: (token: IssuedAccessToken) => void;
}) {
  const issue = useIssueToken();
  const pending = issue.isPending;
  const form = useForm(tokenFormSchema, { name: '', role: 'viewer', expiry: '90', date: '' }, [
    'name',
    'role',
    'expiry',
  ]);
  const role = form.values.role as Role;
  return (
    <Dialog
      open
      onClose={() => {
        if (!pending) onClose();
      }}
      title="Create token"
      description={
        <p>
          A personal access token lets a program call the API of this project as you, with the role
          you give it. It never has more rights than you have.
        </p>
      }
    >
      <form
        noValidate
        className="space-y-5"
        onSubmit={submitWith(form, pending, (v) =>
          issue.mutate(
            {
              projectId,
              body: { name: v.name, role: v.role, expires_at: expiresAt(v.expiry, v.date) },
            },
            { onSuccess: onIssued, onError: form.setServerError },
          ),
        )}
      >
        <FormAlert error={form.formError} />
        <NameField
          label="Name"
          hint="Lowercase letters, numbers and hyphens, such as ci-deploy. Unique in the project."
          {...form.field('name')}
        />
        <SelectField
          label="Role"
          hint={ROLE_DESCRIPTION[role]}
          value={role}
          error={form.error('role')}
          onChange={(e) => form.setValue('role', e.target.value)}
        >
          {ROLES.map((r) => (
            <option key={r} value={r}>
              {r}
            </option>
          ))}
        </SelectField>
        <SelectField
          label="Expires"
          value={form.values.expiry}
          error={form.error('expiry')}
          onChange={(e) => form.setValue('expiry', e.target.value)}
        >
          {EXPIRY_CHOICES.map((c) => (
            <option key={c.value} value={c.value}>
              {c.label}
            </option>
          ))}
        </SelectField>
        {form.values.expiry === 'date' ? (
          <TextField
            label="Expiry date"
            type="date"
            min={utcDay(1)}
            hint="The token stops working at the end of this day (UTC)."
            {...form.field('date')}
          />
        ) : null}
        <div className="flex justify-end gap-3 border-t border-slate-200 pt-4 dark:border-slate-800">
          <Button variant="secondary" onClick={onClose} disabled={pending}>
            Cancel
          </Button>
          <Button type="submit" disabled={pending}>
            <BusyLabel pending={pending} busy="Creating…">
              Create token
            </BusyLabel>
          </Button>
        </div>
      </form>
    </Dialog>
  );
}
