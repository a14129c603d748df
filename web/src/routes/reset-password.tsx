import { createFileRoute, Link, useLocation, useNavigate } from '@tanstack/react-router';
import { z } from 'zod';
import { PASSWORD_MIN, passwordSchema } from '#shared/api/auth';
import { BusyLabel, Button } from '../components/ui/button.tsx';
import { FormAlert } from '../components/ui/form-alert.tsx';
import { TextField } from '../components/ui/input.tsx';
import { toast } from '../components/ui/toast.tsx';
import { useResetPassword } from '../features/auth/api/verification.ts';
import { AuthCard, authLinkClass } from '../features/auth/components/auth-card.tsx';
import { submitWith, useForm } from '../lib/form.ts';
import { useTitle } from '../lib/use-title.ts';

/** The mailed reset link (`/reset-password#<token>`): choose a new password. */
export const Route = createFileRoute('/reset-password')({
  component: ResetPasswordPage,
});

const newPasswordSchema = z.object({ password: passwordSchema });

function ResetPasswordPage() {
  useTitle('Choose a new password');
  const token = useLocation({ select: (l) => l.hash });
  const navigate = useNavigate();
  const reset = useResetPassword();
  const form = useForm(newPasswordSchema, { password: '' });

  return (
    <AuthCard
      title="Choose a new password"
      subtitle="Every session of your account will be signed out."
      footer={
        <>
          Link expired?{' '}
          <Link to="/forgot-password" className={authLinkClass}>
            Ask for a new one
          </Link>
        </>
      }
    >
      <form
        noValidate
        className="space-y-5"
        onSubmit={submitWith(form, reset.isPending, ({ password }) =>
          reset.mutate(
            { token, password },
            {
              onSuccess: async () => {
                toast.success('Password changed', 'Sign in with your new password.');
                await navigate({ to: '/login', replace: true });
              },
              onError: form.setServerError,
            },
          ),
        )}
      >
        <FormAlert error={form.formError} />
        <TextField
          label="New password"
          type="password"
          autoComplete="new-password"
          autoFocus
          required
          hint={`At least ${PASSWORD_MIN} characters.`}
          {...form.field('password')}
        />
        <Button type="submit" className="w-full" disabled={reset.isPending}>
          <BusyLabel pending={reset.isPending} busy="Saving…">
            Set new password
          </BusyLabel>
        </Button>
      </form>
    </AuthCard>
  );
}
