// Change the password: the current one, then the new one (the sign-up policy). Every other
// session is signed out by the server; this one stays.
import { useState } from 'react';
import { changePasswordBodySchema } from '#shared/api/account';
import { PASSWORD_MIN } from '#shared/api/auth';
import { BusyLabel, Button } from '#web/components/ui/button.tsx';
import { Card, CardHeader } from '#web/components/ui/card.tsx';
import { FormAlert } from '#web/components/ui/form-alert.tsx';
import { TextField } from '#web/components/ui/input.tsx';
import { toast } from '#web/components/ui/toast.tsx';
import { submitWith, useForm } from '#web/lib/form.ts';
import { useChangePassword } from '../api/change-password.ts';

export function PasswordCard({ email }: { email: string }) {
  // A new key after each change: the form starts empty again.
  const [round, setRound] = useState(0);
  return (
    <Card labelledBy="password-title">
      <CardHeader
        id="password-title"
        title="Password"
        description="Changing your password signs you out everywhere else. This browser stays signed in."
      />
      <PasswordForm key={round} email={email} onChanged={() => setRound((r) => r + 1)} />
    </Card>
  );
}

function PasswordForm({ email, onChanged }: { email: string; onChanged: () => void }) {
  const change = useChangePassword();
  const form = useForm(changePasswordBodySchema, { current_password: '', new_password: '' }, [
    'new_password',
  ]);
  return (
    <form
      noValidate
      aria-labelledby="password-title"
      className="max-w-md space-y-5 px-5 py-5"
      onSubmit={submitWith(form, change.isPending, (body) =>
        change.mutate(body, {
          onSuccess: ({ revoked_sessions }) => {
            toast.success(
              'Password changed',
              revoked_sessions === 0
                ? 'No other session was signed in.'
                : `${revoked_sessions} other ${revoked_sessions === 1 ? 'session was' : 'sessions were'} signed out.`,
            );
            onChanged();
          },
          onError: form.setServerError,
        }),
      )}
    >
      {/* Lets password managers tie the new password to the account. */}
      <input type="email" name="username" autoComplete="username" value={email} readOnly hidden />
      <FormAlert error={form.formError} />
      <TextField
        label="Current password"
        type="password"
        autoComplete="current-password"
        required
        {...form.field('current_password')}
      />
      <TextField
        label="New password"
        type="password"
        autoComplete="new-password"
        required
        hint={`At least ${PASSWORD_MIN} characters.`}
        {...form.field('new_password')}
      />
      <Button type="submit" variant="secondary" disabled={change.isPending}>
        <BusyLabel pending={change.isPending} busy="Changing password…">
          Change password
        </BusyLabel>
      </Button>
    </form>
  );
}
