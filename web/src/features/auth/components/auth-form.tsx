import { useNavigate } from '@tanstack/react-router';
import { useState } from 'react';
import { consoleLoginBodySchema, PASSWORD_MIN, signupBodySchema } from '#shared/api/auth';
import { UNVERIFIED_MESSAGE } from '#shared/api/verification';
import { BusyLabel, Button } from '#web/components/ui/button.tsx';
import { FormAlert } from '#web/components/ui/form-alert.tsx';
import { TextField } from '#web/components/ui/input.tsx';
import { asApiError } from '#web/lib/api-client.ts';
import { submitWith, useForm } from '#web/lib/form.ts';
import { afterSignIn } from '#web/lib/redirect.ts';
import { useSignIn } from '../api/sign-in.ts';
import { useSignUp } from '../api/sign-up.ts';
import { ResendLink } from './resend-link.tsx';

// Signing in checks only that something was typed; signing up checks the password policy
// as you type (the schemas differ) and says what it is.
const kinds = {
  signIn: {
    schema: consoleLoginBodySchema,
    useSend: useSignIn,
    emailAutoComplete: 'username',
    password: { autoComplete: 'current-password' },
    initial: { email: '', password: '', otp: '' },
    submit: 'Sign in',
    busy: 'Signing in…',
    next: (_email: string, redirect?: string) => ({ href: afterSignIn(redirect) }),
  },
  signUp: {
    schema: signupBodySchema,
    useSend: useSignUp,
    emailAutoComplete: 'email',
    password: { autoComplete: 'new-password', hint: `At least ${PASSWORD_MIN} characters.` },
    initial: { email: '', password: '' },
    submit: 'Create account',
    busy: 'Creating account…',
    // Signed in only once the mailed link is followed.
    next: (email: string) => ({ href: `/check-email?${new URLSearchParams({ email })}` }),
  },
};

/** The e-mail and password form of the sign-in and sign-up pages; signed in, it goes to `redirect`; signed up, to "check your mail". */
export function AuthForm({ kind, redirect }: { kind: keyof typeof kinds; redirect?: string }) {
  const config = kinds[kind];
  const navigate = useNavigate();
  // A page keeps its kind, so this is always the same hook.
  const send = config.useSend();
  const form = useForm<'email' | 'password' | 'otp', typeof config.schema>(
    config.schema,
    config.initial as Record<'email' | 'password' | 'otp', string>,
    ['password'],
  );
  // Asked for once the server says the account needs a two-factor code (decision 188).
  const [codeAsked, setCodeAsked] = useState(false);

  return (
    <form
      noValidate
      className="space-y-5"
      onSubmit={submitWith(form, send.isPending, (body) =>
        send.mutate(body, {
          onSuccess: () => navigate({ ...config.next(body.email, redirect), replace: true }),
          onError: (error) => {
            if (asApiError(error).details?.otp) setCodeAsked(true);
            form.setServerError(error);
          },
        }),
      )}
    >
      <FormAlert error={form.formError} />
      {form.formError?.message === UNVERIFIED_MESSAGE ? (
        <ResendLink email={form.values.email.trim().toLowerCase()} />
      ) : null}
      <TextField
        label="E-mail address"
        type="email"
        autoComplete={config.emailAutoComplete}
        autoFocus
        required
        {...form.field('email')}
      />
      <TextField
        label="Password"
        type="password"
        required
        {...config.password}
        {...form.field('password')}
      />
      {codeAsked ? (
        <TextField
          label="Two-factor code"
          inputMode="numeric"
          autoComplete="one-time-code"
          spellCheck={false}
          autoFocus
          hint="The 6-digit code from your authenticator app, or one of your recovery codes."
          {...form.field('otp')}
        />
      ) : null}
      <Button type="submit" className="w-full" disabled={send.isPending}>
        <BusyLabel pending={send.isPending} busy={config.busy}>
          {config.submit}
        </BusyLabel>
      </Button>
    </form>
  );
}
