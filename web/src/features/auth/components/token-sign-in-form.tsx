import { useNavigate } from '@tanstack/react-router';
import { consoleTokenLoginBodySchema } from '#shared/api/auth';
import { BusyLabel, Button } from '#web/components/ui/button.tsx';
import { FormAlert } from '#web/components/ui/form-alert.tsx';
import { TextField } from '#web/components/ui/input.tsx';
import { submitWith, useForm } from '#web/lib/form.ts';
import { afterSignIn } from '#web/lib/redirect.ts';
import { useTestMode } from '#web/components/layout/test-mode-banner.tsx';
import { useTokenSignIn } from '../api/sign-in-methods.ts';

/**
 * Sign-in with a personal access token: in proxy mode a token of the deployment this console
 * fronts, kept in the BFF's session, never in the browser; in test mode a token of this
 * instance, which opens its account's own session.
 */
export function TokenSignInForm({ redirect }: { redirect?: string }) {
  const navigate = useNavigate();
  const send = useTokenSignIn();
  const testMode = useTestMode();
  const form = useForm<'token', typeof consoleTokenLoginBodySchema>(
    consoleTokenLoginBodySchema,
    { token: '' },
    [],
  );
  return (
    <form
      noValidate
      className="space-y-5"
      onSubmit={submitWith(form, send.isPending, (body) =>
        send.mutate(body, {
          onSuccess: () => navigate({ href: afterSignIn(redirect), replace: true }),
          onError: (error) => form.setServerError(error),
        }),
      )}
    >
      <FormAlert error={form.formError} />
      <TextField
        label="Personal access token"
        type="password"
        autoComplete="off"
        spellCheck={false}
        autoFocus
        required
        hint={
          testMode
            ? 'A token made under Settings › Tokens of a project. You are signed in as its account (test mode).'
            : 'A token made under Settings › Tokens of a project. You act with its role, in its project.'
        }
        {...form.field('token')}
      />
      <Button type="submit" className="w-full" disabled={send.isPending}>
        <BusyLabel pending={send.isPending} busy="Signing in…">
          Sign in with token
        </BusyLabel>
      </Button>
    </form>
  );
}
