import { createFileRoute, Link } from '@tanstack/react-router';
import { emailOnlyBodySchema } from '#shared/api/verification';
import { BusyLabel, Button } from '../components/ui/button.tsx';
import { FormAlert } from '../components/ui/form-alert.tsx';
import { TextField } from '../components/ui/input.tsx';
import { useForgotPassword } from '../features/auth/api/verification.ts';
import { AuthCard, authLinkClass } from '../features/auth/components/auth-card.tsx';
import { submitWith, useForm } from '../lib/form.ts';
import { useTitle } from '../lib/use-title.ts';

export const Route = createFileRoute('/forgot-password')({
  component: ForgotPasswordPage,
});

function ForgotPasswordPage() {
  useTitle('Forgot password');
  const send = useForgotPassword();
  const form = useForm(emailOnlyBodySchema, { email: '' }, []);
  const footer = (
    <>
      Remembered it?{' '}
      <Link to="/login" className={authLinkClass}>
        Sign in
      </Link>
    </>
  );

  if (send.isSuccess) {
    return (
      <AuthCard title="Check your mail" footer={footer}>
        {/* The same answer whether or not an account uses the address. */}
        <p role="status" className="text-sm text-slate-700 dark:text-slate-300">
          If an account uses{' '}
          <strong className="font-medium text-slate-900 dark:text-slate-100">
            {send.variables.email}
          </strong>
          , we sent it a link to choose a new password. The link expires in 1 hour.
        </p>
      </AuthCard>
    );
  }
  return (
    <AuthCard
      title="Forgot your password?"
      subtitle="Enter your e-mail address and we will mail you a link to choose a new one."
      footer={footer}
    >
      <form
        noValidate
        className="space-y-5"
        onSubmit={submitWith(form, send.isPending, (body) =>
          send.mutate(body, { onError: form.setServerError }),
        )}
      >
        <FormAlert error={form.formError} />
        <TextField
          label="E-mail address"
          type="email"
          autoComplete="email"
          autoFocus
          required
          {...form.field('email')}
        />
        <Button type="submit" className="w-full" disabled={send.isPending}>
          <BusyLabel pending={send.isPending} busy="Sending…">
            Send the link
          </BusyLabel>
        </Button>
      </form>
    </AuthCard>
  );
}
