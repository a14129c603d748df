// The superuser password: typed or generated, checked with the server's strength rules, set after a confirmation.
import { useState } from 'react';
import { superuserPasswordSchema, type PostgresDetail } from '#shared/api/postgres';
import { Button } from '#web/components/ui/button.tsx';
import { ConfirmDialog, Strong } from '#web/components/ui/confirm-dialog.tsx';
import { TextField } from '#web/components/ui/input.tsx';
import { toast } from '#web/components/ui/toast.tsx';
import { asApiError } from '#web/lib/api-client.ts';
import { useResetPassword, type PgRef } from '../api/postgres.ts';
import { SettingsCard } from './settings-card.tsx';

/** A password the strength rules accept: 24 characters from letters and digits, with each kind present. */
function generatePassword(): string {
  const alphabet = 'abcdefghijkmnopqrstuvwxyzABCDEFGHJKLMNPQRSTUVWXYZ23456789';
  for (;;) {
    const bytes = crypto.getRandomValues(new Uint8Array(24));
    const pw = Array.from(bytes, (b) => alphabet[b % alphabet.length]).join('');
    if (superuserPasswordSchema.safeParse(pw).success) return pw;
  }
}

export function PasswordCard({ pg, pgRef }: { pg: PostgresDetail; pgRef: PgRef }) {
  const reset = useResetPassword();
  const [password, setPassword] = useState('');
  const [touched, setTouched] = useState(false);
  const [confirm, setConfirm] = useState(false);
  const check = superuserPasswordSchema.safeParse(password);
  const serverErr = reset.error ? asApiError(reset.error) : null;
  const error =
    serverErr?.details?.password ??
    (touched && !check.success ? check.error.issues[0]?.message : undefined);
  return (
    <SettingsCard
      id="pg-password-title"
      title="Superuser password"
      description={`The password of ${pg.username ?? 'postgres'}. Applications that use the old one can no longer connect; open connections stay.`}
    >
      <form
        noValidate
        className="flex flex-wrap items-start gap-3"
        onSubmit={(e) => {
          e.preventDefault();
          setTouched(true);
          if (check.success) {
            reset.reset();
            setConfirm(true);
          }
        }}
      >
        <TextField
          label="New password"
          type="text"
          autoComplete="new-password"
          spellCheck={false}
          className="w-full max-w-sm"
          hint="12 to 128 characters with a lowercase letter, an uppercase letter and a digit; no spaces."
          error={error}
          value={password}
          onChange={(e) => {
            setPassword(e.target.value);
            setTouched(true);
          }}
        />
        <div className="mt-7 flex gap-2">
          <Button
            variant="secondary"
            onClick={() => {
              setPassword(generatePassword());
              setTouched(true);
            }}
          >
            Generate
          </Button>
          <Button access="write" type="submit" variant="secondary">
            Reset password
          </Button>
        </div>
      </form>
      {confirm ? (
        <ConfirmDialog
          title="Reset password"
          action="Reset password"
          danger
          mutation={reset}
          onClose={() => setConfirm(false)}
          onConfirm={() =>
            reset.mutate(
              { ref: pgRef, password },
              {
                onSuccess: () => {
                  setConfirm(false);
                  setPassword('');
                  setTouched(false);
                  toast.success(
                    'Password reset',
                    'The connection string on the Overview tab has the new password.',
                  );
                },
              },
            )
          }
        >
          <p>
            Set a new superuser password of <Strong>{pg.name}</Strong>? Applications that use the
            old password can no longer connect.
          </p>
        </ConfirmDialog>
      ) : null}
    </SettingsCard>
  );
}
