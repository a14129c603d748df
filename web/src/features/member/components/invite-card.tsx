// Admins invite by e-mail with a role: an account that exists joins at once, another address
// gets an invitation mail and joins when it signs up. Refusals show under their field.
import { useState } from 'react';
import { inviteMemberBodySchema } from '#shared/api/member';
import { ROLE_DESCRIPTION, ROLES } from '#shared/roles';
import { BusyLabel, Button } from '#web/components/ui/button.tsx';
import { Card, CardHeader } from '#web/components/ui/card.tsx';
import { FormAlert } from '#web/components/ui/form-alert.tsx';
import { TextField } from '#web/components/ui/input.tsx';
import { SelectField } from '#web/components/ui/select-field.tsx';
import { toast } from '#web/components/ui/toast.tsx';
import { submitWith, useForm } from '#web/lib/form.ts';
import { useInviteMember } from '../api/members.ts';
import { ROLE_LABEL } from '../format.ts';

export function InviteCard({ projectId }: { projectId: string }) {
  // A new form after each invitation: the fields start empty again.
  const [round, setRound] = useState(0);
  return (
    <Card labelledBy="invite-title">
      <CardHeader
        id="invite-title"
        title="Invite a member"
        description="Someone with an account joins at once; anyone else gets an invitation by e-mail and joins when they sign up with that address."
      />
      <InviteForm key={round} projectId={projectId} onInvited={() => setRound((n) => n + 1)} />
    </Card>
  );
}

function InviteForm({ projectId, onInvited }: { projectId: string; onInvited: () => void }) {
  const invite = useInviteMember(projectId);
  const form = useForm(inviteMemberBodySchema, { email: '', role: 'member' }, ['role']);
  return (
    <form
      noValidate
      aria-label="Invite a member"
      className="space-y-4 px-5 py-5"
      onSubmit={submitWith(form, invite.isPending, (body) =>
        invite.mutate(body, {
          onSuccess: (result) => {
            if (result.member)
              toast.success(
                'Member added',
                `${result.member.email} joined as ${ROLE_LABEL[result.member.role].toLowerCase()}.`,
              );
            else
              toast.success(
                'Invitation sent',
                `${body.email} joins as ${ROLE_LABEL[body.role].toLowerCase()} once they sign up.`,
              );
            onInvited();
          },
          onError: form.setServerError,
        }),
      )}
    >
      <FormAlert error={form.formError} />
      <div className="grid gap-4 sm:grid-cols-[minmax(0,2fr)_minmax(0,1fr)]">
        <TextField
          label="E-mail address"
          type="email"
          autoComplete="off"
          spellCheck={false}
          maxLength={320}
          required
          {...form.field('email')}
        />
        <SelectField
          label="Role"
          name="role"
          value={form.values.role}
          error={form.error('role')}
          hint={ROLE_DESCRIPTION[form.values.role as keyof typeof ROLE_DESCRIPTION]}
          onChange={(e) => form.setValue('role', e.target.value)}
        >
          {ROLES.map((r) => (
            <option key={r} value={r}>
              {ROLE_LABEL[r]}
            </option>
          ))}
        </SelectField>
      </div>
      <div className="flex justify-end">
        <Button type="submit" disabled={invite.isPending}>
          <BusyLabel pending={invite.isPending} busy="Inviting…">
            Invite
          </BusyLabel>
        </Button>
      </div>
    </form>
  );
}
