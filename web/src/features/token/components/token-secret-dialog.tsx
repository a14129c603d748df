import type { IssuedAccessToken } from '#shared/api/token';
import { Button } from '#web/components/ui/button.tsx';
import { CopyButton } from '#web/components/ui/copy-button.tsx';
import { Dialog } from '#web/components/ui/dialog.tsx';
import { Input } from '#web/components/ui/input.tsx';

/** The new token's secret, this once: a read-only field to select or copy, and the warning. */
export function TokenSecretDialog({
  token,
  onClose,
}: {
  token: IssuedAccessToken;
  onClose: () => void;
}) {
  return (
    <Dialog
      open
      onClose={onClose}
      title={`Token ${token.name} created`}
      description={
        <p
          role="alert"
          className="rounded-md bg-amber-50 px-3 py-2 font-medium text-amber-900 dark:bg-amber-950 dark:text-amber-200"
        >
          Copy the token now. It will not be shown again: only its last characters are kept.
        </p>
      }
    >
      <label
        htmlFor="new-token"
        className="block text-sm font-medium text-slate-800 dark:text-slate-200"
      >
        Token
      </label>
      <div className="mt-1.5 flex items-center gap-2">
        <Input
          id="new-token"
          readOnly
          value={token.token}
          spellCheck={false}
          className="font-mono text-xs"
          onFocus={(e) => e.currentTarget.select()}
        />
        <CopyButton value={token.token} label="Copy token" />
      </div>
      <p className="mt-3 text-sm text-slate-600 dark:text-slate-400">
        Send it in the <code className="font-mono text-xs">Authorization</code> header:{' '}
        <code className="font-mono text-xs break-all">Authorization: Bearer {token.hint}</code>
      </p>
      <div className="mt-5 flex justify-end">
        <Button onClick={onClose}>Done</Button>
      </div>
    </Dialog>
  );
}
