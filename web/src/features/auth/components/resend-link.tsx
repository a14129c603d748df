import { Button, BusyLabel } from '#web/components/ui/button.tsx';
import { FormAlert } from '#web/components/ui/form-alert.tsx';
import { asApiError } from '#web/lib/api-client.ts';
import { useResendVerification } from '../api/verification.ts';

/** "Send the link again" for an address that is not verified yet (the server throttles it per address). */
export function ResendLink({ email }: { email: string }) {
  const resend = useResendVerification();
  return (
    <div className="space-y-3">
      <Button
        variant="secondary"
        className="w-full"
        disabled={resend.isPending || !email}
        onClick={() => resend.mutate({ email })}
      >
        <BusyLabel pending={resend.isPending} busy="Sending…">
          Send the link again
        </BusyLabel>
      </Button>
      <p role="status" className="text-sm text-slate-700 dark:text-slate-300">
        {resend.isSuccess ? `We sent a new link to ${email}. Earlier links no longer work.` : ''}
      </p>
      <FormAlert error={resend.isError ? asApiError(resend.error) : null} />
    </div>
  );
}
