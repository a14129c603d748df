import { useNavigate } from '@tanstack/react-router';
import { consoleLoginBodySchema } from '#shared/api/auth';
import { BusyLabel, Button } from '../../../components/ui/button.tsx';
import { FormAlert } from '../../../components/ui/form-alert.tsx';
import { TextField } from '../../../components/ui/input.tsx';
import { useForm } from '../../../lib/form.ts';
import { afterSignIn } from '../../../lib/redirect.ts';
import { useSignIn } from '../api/sign-in.ts';

export function LoginForm({ redirect }: { redirect?: string }) {
  const navigate = useNavigate();
  const signIn = useSignIn();
  const form = useForm(consoleLoginBodySchema, { email: '', password: '' }, ['password']);

  return (
    <form
      noValidate
      className="space-y-5"
      onSubmit={(e) => {
        e.preventDefault();
        const body = form.submit();
        if (!body || signIn.isPending) return;
        signIn.mutate(body, {
          onSuccess: () => navigate({ href: afterSignIn(redirect), replace: true }),
          onError: form.setServerError,
        });
      }}
    >
      <FormAlert error={form.formError} />
      <TextField label="E-mail address" type="email" autoComplete="username" autoFocus required {...form.field('email')} />
      <TextField label="Password" type="password" autoComplete="current-password" required {...form.field('password')} />
      <Button type="submit" className="w-full" disabled={signIn.isPending}>
        <BusyLabel pending={signIn.isPending} busy="Signing in…">Sign in</BusyLabel>
      </Button>
    </form>
  );
}
