// Two-factor sign-in: turn it on (password, then scan the QR code or type the key, then a
// code), see the recovery codes once, replace them, or turn it off (password and a code).
import { useEffect, useRef, useState } from 'react';
import {
  twoFactorBeginBodySchema,
  twoFactorConfirmBodySchema,
  twoFactorStepUpBodySchema,
  type TwoFactorEnrolment,
} from '#shared/api/account';
import { Badge } from '#web/components/ui/badge.tsx';
import { BusyLabel, Button, buttonClass } from '#web/components/ui/button.tsx';
import { Card, CardHeader } from '#web/components/ui/card.tsx';
import { CopyButton } from '#web/components/ui/copy-button.tsx';
import { Dialog } from '#web/components/ui/dialog.tsx';
import { FormAlert } from '#web/components/ui/form-alert.tsx';
import { TextField } from '#web/components/ui/input.tsx';
import { toast } from '#web/components/ui/toast.tsx';
import { formatUtc } from '#web/lib/date.ts';
import { submitWith, useForm } from '#web/lib/form.ts';
import { useAccount } from '../api/get-account.ts';
import {
  useBeginTwoFactor,
  useConfirmTwoFactor,
  useDisableTwoFactor,
  useRegenerateRecoveryCodes,
} from '../api/two-factor.ts';

/** Props of a field that takes a code from an authenticator app (or a recovery code). */
const codeInput = {
  inputMode: 'numeric',
  autoComplete: 'one-time-code',
  spellCheck: false,
  className: 'max-w-48',
} as const;

export function TwoFactorCard() {
  const { data: account } = useAccount();
  const { two_factor } = account;
  // Recovery codes just made: shown until the user says they are saved, whatever else changed.
  const [codes, setCodes] = useState<string[] | null>(null);
  const [dialog, setDialog] = useState<'disable' | 'regenerate' | null>(null);

  return (
    <Card labelledBy="two-factor-title">
      <CardHeader
        id="two-factor-title"
        title={
          <span className="inline-flex items-center gap-2">
            Two-factor sign-in
            <Badge tone={two_factor.enabled ? 'green' : 'grey'}>
              {two_factor.enabled ? 'On' : 'Off'}
            </Badge>
          </span>
        }
        description="Signing in asks for a code from an authenticator app on your phone as well as your password."
      />
      <div className="px-5 py-5">
        {codes ? (
          <RecoveryCodes codes={codes} email={account.email} onDone={() => setCodes(null)} />
        ) : two_factor.enabled ? (
          <div className="space-y-4">
            <p className="text-sm">
              On since {formatUtc(two_factor.enabled_at!)}. {two_factor.recovery_codes_left} of 10
              recovery codes left.
            </p>
            <div className="flex flex-wrap gap-3">
              <Button variant="secondary" onClick={() => setDialog('regenerate')}>
                New recovery codes
              </Button>
              <Button variant="danger" onClick={() => setDialog('disable')}>
                Turn off two-factor sign-in
              </Button>
            </div>
          </div>
        ) : (
          <Enrol email={account.email} onEnabled={setCodes} />
        )}
      </div>
      {dialog ? (
        <StepUpDialog
          kind={dialog}
          onClose={() => setDialog(null)}
          onCodes={(fresh) => {
            setDialog(null);
            setCodes(fresh);
          }}
        />
      ) : null}
    </Card>
  );
}

/** Turning it on: the password first, then the new secret and a code of it. */
function Enrol({ email, onEnabled }: { email: string; onEnabled: (codes: string[]) => void }) {
  const [step, setStep] = useState<'off' | 'password' | TwoFactorEnrolment>('off');
  if (step === 'off') {
    return (
      <div className="space-y-4">
        <p className="text-sm">
          Two-factor sign-in is off. Turn it on to keep your account safe even if your password
          leaks.
        </p>
        <Button onClick={() => setStep('password')}>Set up two-factor sign-in</Button>
      </div>
    );
  }
  if (step === 'password')
    return <PasswordStep email={email} onCancel={() => setStep('off')} onBegun={setStep} />;
  return <ScanStep enrolment={step} onCancel={() => setStep('off')} onEnabled={onEnabled} />;
}

function PasswordStep({
  email,
  onCancel,
  onBegun,
}: {
  email: string;
  onCancel: () => void;
  onBegun: (e: TwoFactorEnrolment) => void;
}) {
  const begin = useBeginTwoFactor();
  const form = useForm(twoFactorBeginBodySchema, { password: '' }, []);
  return (
    <form
      noValidate
      aria-label="Confirm it is you"
      className="max-w-md space-y-5"
      onSubmit={submitWith(form, begin.isPending, (body) =>
        begin.mutate(body, { onSuccess: onBegun, onError: form.setServerError }),
      )}
    >
      <input type="email" name="username" autoComplete="username" value={email} readOnly hidden />
      <FormAlert error={form.formError} />
      <TextField
        label="Your password"
        type="password"
        autoComplete="current-password"
        autoFocus
        required
        hint="To turn two-factor sign-in on, confirm it is you."
        {...form.field('password')}
      />
      <div className="flex gap-3">
        <Button type="submit" disabled={begin.isPending}>
          <BusyLabel pending={begin.isPending} busy="Checking…">
            Continue
          </BusyLabel>
        </Button>
        <Button variant="secondary" onClick={onCancel}>
          Cancel
        </Button>
      </div>
    </form>
  );
}

function ScanStep({
  enrolment,
  onCancel,
  onEnabled,
}: {
  enrolment: TwoFactorEnrolment;
  onCancel: () => void;
  onEnabled: (codes: string[]) => void;
}) {
  const confirm = useConfirmTwoFactor();
  const form = useForm(twoFactorConfirmBodySchema, { code: '' }, []);
  const [showKey, setShowKey] = useState(false);
  return (
    <div className="space-y-6">
      <ol className="list-decimal space-y-2 pl-5 text-sm">
        <li>
          Open an authenticator app on your phone (1Password, Google Authenticator, Microsoft
          Authenticator, Authy…).
        </li>
        <li>Scan this QR code with it, or type the key it cannot scan.</li>
        <li>Enter the 6-digit code the app shows.</li>
      </ol>
      <div className="flex flex-wrap items-start gap-6">
        <img
          src={enrolment.qr_code}
          alt="QR code of your two-factor secret, to scan with an authenticator app"
          width={176}
          height={176}
          className="rounded-md border border-slate-200 bg-white"
        />
        <div className="min-w-64 flex-1 space-y-3">
          <Button
            variant="ghost"
            size="sm"
            aria-expanded={showKey}
            aria-controls="totp-key"
            onClick={() => setShowKey((s) => !s)}
          >
            {showKey ? 'Hide the key' : 'Can’t scan? Show the key'}
          </Button>
          <div id="totp-key" hidden={!showKey} className="flex items-end gap-1">
            <TextField
              label="Setup key"
              readOnly
              value={enrolment.secret}
              className="flex-1"
              spellCheck={false}
              hint="Time-based, 6 digits, every 30 seconds."
            />
            <CopyButton value={enrolment.secret} label="Copy setup key" className="mb-7" />
          </div>
        </div>
      </div>
      <form
        noValidate
        aria-label="Confirm with a code"
        className="space-y-5"
        onSubmit={submitWith(form, confirm.isPending, (body) =>
          confirm.mutate(body, {
            onSuccess: (r) => onEnabled(r.recovery_codes),
            onError: form.setServerError,
          }),
        )}
      >
        <FormAlert error={form.formError} />
        <TextField label="Code from the app" required {...codeInput} {...form.field('code')} />
        <div className="flex gap-3">
          <Button type="submit" disabled={confirm.isPending}>
            <BusyLabel pending={confirm.isPending} busy="Turning on…">
              Turn on
            </BusyLabel>
          </Button>
          <Button variant="secondary" onClick={onCancel}>
            Cancel
          </Button>
        </div>
      </form>
    </div>
  );
}

/** The recovery codes, shown once: copy, download, and a button to say they are saved. */
function RecoveryCodes({
  codes,
  email,
  onDone,
}: {
  codes: string[];
  email: string;
  onDone: () => void;
}) {
  const heading = useRef<HTMLHeadingElement>(null);
  useEffect(() => heading.current?.focus(), []);
  const text = `Recovery codes for ${email} (Cloud console).\nEach one signs you in once in place of a code from your app.\n\n${codes.join('\n')}\n`;
  return (
    <div className="space-y-4">
      <h3 ref={heading} tabIndex={-1} className="font-semibold">
        Save your recovery codes
      </h3>
      <p className="text-sm">
        If you lose your phone, each of these codes signs you in once in place of a code from the
        app. They are shown only now: keep them somewhere safe, such as a password manager.
      </p>
      <ul
        aria-label="Recovery codes"
        className="grid max-w-md grid-cols-2 gap-x-6 gap-y-1 rounded-md border border-slate-200 bg-slate-50 p-4 font-mono text-sm dark:border-slate-800 dark:bg-slate-950"
      >
        {codes.map((c) => (
          <li key={c}>{c}</li>
        ))}
      </ul>
      <div className="flex flex-wrap items-center gap-3">
        <span className="inline-flex items-center gap-1 text-sm">
          <CopyButton value={codes.join('\n')} label="Copy recovery codes" /> Copy
        </span>
        <a
          href={`data:text/plain;charset=utf-8,${encodeURIComponent(text)}`}
          download="recovery-codes.txt"
          className={buttonClass('secondary', 'sm')}
        >
          Download
        </a>
        <Button size="sm" onClick={onDone}>
          I have saved them
        </Button>
      </div>
    </div>
  );
}

/** Turning off, or new recovery codes: the password and a code of the app (or a recovery code). */
function StepUpDialog({
  kind,
  onClose,
  onCodes,
}: {
  kind: 'disable' | 'regenerate';
  onClose: () => void;
  onCodes: (codes: string[]) => void;
}) {
  const disable = useDisableTwoFactor();
  const regenerate = useRegenerateRecoveryCodes();
  const mutation = kind === 'disable' ? disable : regenerate;
  const form = useForm(twoFactorStepUpBodySchema, { password: '', code: '' }, []);
  const words =
    kind === 'disable'
      ? {
          title: 'Turn off two-factor sign-in',
          text: 'Signing in will ask for your password only. Your recovery codes stop working.',
          action: 'Turn off',
          busy: 'Turning off…',
        }
      : {
          title: 'New recovery codes',
          text: 'Your current recovery codes stop working and ten new ones are shown once.',
          action: 'Make new codes',
          busy: 'Making codes…',
        };
  return (
    <Dialog
      open
      onClose={() => {
        if (!mutation.isPending) onClose();
      }}
      title={words.title}
      description={words.text}
    >
      <form
        noValidate
        className="space-y-5"
        onSubmit={submitWith(form, mutation.isPending, (body) => {
          if (kind === 'disable') {
            disable.mutate(body, {
              onSuccess: () => {
                toast.success('Two-factor sign-in is off');
                onClose();
              },
              onError: form.setServerError,
            });
          } else {
            regenerate.mutate(body, {
              onSuccess: (r) => onCodes(r.recovery_codes),
              onError: form.setServerError,
            });
          }
        })}
      >
        <FormAlert error={form.formError} />
        <TextField
          label="Your password"
          type="password"
          autoComplete="current-password"
          required
          {...form.field('password')}
        />
        <TextField
          label="Code from the app"
          hint="Or one of your recovery codes."
          required
          {...codeInput}
          inputMode="text"
          {...form.field('code')}
        />
        <div className="flex justify-end gap-3">
          <Button variant="secondary" onClick={onClose} disabled={mutation.isPending}>
            Cancel
          </Button>
          <Button
            type="submit"
            variant={kind === 'disable' ? 'danger' : 'primary'}
            disabled={mutation.isPending}
          >
            <BusyLabel pending={mutation.isPending} busy={words.busy}>
              {words.action}
            </BusyLabel>
          </Button>
        </div>
      </form>
    </Dialog>
  );
}
