import { useNavigate } from '@tanstack/react-router';
import { PASSWORD_MIN, signupBodySchema } from '#shared/api/auth';
import { BusyLabel, Button } from '../../../components/ui/button.tsx';
import { FormAlert } from '../../../components/ui/form-alert.tsx';
import { TextField } from '../../../components/ui/input.tsx';
import { useForm } from '../../../lib/form.ts';
import { afterSignIn } from '../../../lib/redirect.ts';
import { useSignUp } from '../api/sign-up.ts';

export function SignupForm({ redirect }: { redirect?: string }) {
  const navigate = useNavigate();
  const signUp = useSignUp();
  const form = useForm(signupBodySchema, { email: '', password: '' }, ['password']);

  return (
    <form
      noValidate
      className="space-y-5"
      onSubmit={(e) => {
        e.preventDefault();
        const body = form.submit();
        if (!body || signUp.isPending) return;
        signUp.mutate(body, {
          onSuccess: () => navigate({ href: afterSignIn(redirect), replace: true }),
          onError: form.setServerError,
        });
      }}
    >
      <FormAlert error={form.formError} />
      <TextField label="E-mail address" type="email" autoComplete="email" autoFocus required {...form.field('email')} />
      <TextField
        label="Password"
        type="password"
        autoComplete="new-password"
        required
        hint={`At least ${PASSWORD_MIN} characters.`}
        {...form.field('password')}
      />
      <Button type="submit" className="w-full" disabled={signUp.isPending}>
        <BusyLabel pending={signUp.isPending} busy="Creating account…">Create account</BusyLabel>
      </Button>
    </form>
  );
}
