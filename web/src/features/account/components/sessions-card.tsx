// The account's signed-in sessions: where and when each began, when it was last seen; sign
// out one of the others, or all of them.
import { useState } from 'react';
import type { AccountSession } from '#shared/api/account';
import { Badge } from '#web/components/ui/badge.tsx';
import { Button, Spinner } from '#web/components/ui/button.tsx';
import { Card, CardHeader } from '#web/components/ui/card.tsx';
import { ConfirmDialog } from '#web/components/ui/confirm-dialog.tsx';
import { Table, TBody, TD, THeadRow, TR } from '#web/components/ui/table.tsx';
import { toast } from '#web/components/ui/toast.tsx';
import { formatUtc } from '#web/lib/date.ts';
import { useAccountSessions, useRevokeOtherSessions, useRevokeSession } from '../api/sessions.ts';

const BROWSERS: [RegExp, string][] = [
  [/Edg\//, 'Edge'],
  [/Firefox\//, 'Firefox'],
  [/Chrom(e|ium)\//, 'Chrome'],
  [/Safari\//, 'Safari'],
  [/^curl\//, 'curl'],
];
const SYSTEMS: [RegExp, string][] = [
  [/Android/, 'Android'],
  [/iPhone|iPad/, 'iOS'],
  [/Windows/, 'Windows'],
  [/Mac OS X/, 'macOS'],
  [/Linux/, 'Linux'],
];

/** "Firefox on Linux" from a User-Agent; the raw value when it names neither. */
export function describeClient(userAgent: string | null): string {
  if (!userAgent) return 'Unknown client';
  const browser = BROWSERS.find(([re]) => re.test(userAgent))?.[1];
  const system = SYSTEMS.find(([re]) => re.test(userAgent))?.[1];
  if (browser && system) return `${browser} on ${system}`;
  return browser ?? system ?? userAgent.slice(0, 60);
}

export function SessionsCard() {
  const { data } = useAccountSessions();
  const revoke = useRevokeSession();
  const revokeOthers = useRevokeOtherSessions();
  const [confirming, setConfirming] = useState(false);
  const others = data.items.filter((s) => !s.current).length;

  const signOut = (s: AccountSession) =>
    revoke.mutate(s.id, {
      onSuccess: () =>
        toast.success('Session signed out', `${describeClient(s.user_agent)} is signed out.`),
      onError: (error) => toast.error('Could not sign the session out', error),
    });

  return (
    <Card labelledBy="sessions-title">
      <CardHeader
        id="sessions-title"
        title="Sessions"
        description="Where your account is signed in: each browser and each API login. Signing one out takes effect at once."
        actions={
          <Button
            variant="secondary"
            size="sm"
            disabled={others === 0}
            onClick={() => setConfirming(true)}
          >
            Sign out all other sessions
          </Button>
        }
      />
      <div className="p-5">
        <Table caption="Signed-in sessions">
          <THeadRow columns={['Client', 'Address', 'Signed in', 'Last seen']} actions />
          <TBody>
            {data.items.map((s) => (
              <TR key={s.id}>
                <TD>
                  <span title={s.user_agent ?? undefined}>{describeClient(s.user_agent)}</span>
                  {s.current ? (
                    <Badge tone="blue" className="ml-2">
                      This session
                    </Badge>
                  ) : null}
                </TD>
                <TD className="font-mono text-xs">{s.ip ?? '—'}</TD>
                <TD className="whitespace-nowrap">{formatUtc(s.created_at)}</TD>
                <TD className="whitespace-nowrap">{formatUtc(s.last_seen_at)}</TD>
                <TD className="text-right">
                  {s.current ? null : (
                    <Button
                      variant="ghost"
                      size="sm"
                      aria-label={`Sign out ${describeClient(s.user_agent)}, signed in ${formatUtc(s.created_at)}`}
                      disabled={revoke.isPending && revoke.variables === s.id}
                      onClick={() => signOut(s)}
                    >
                      {revoke.isPending && revoke.variables === s.id ? <Spinner /> : null}
                      Sign out
                    </Button>
                  )}
                </TD>
              </TR>
            ))}
          </TBody>
        </Table>
      </div>
      {confirming ? (
        <ConfirmDialog
          title="Sign out all other sessions"
          action="Sign out others"
          danger
          mutation={revokeOthers}
          onClose={() => setConfirming(false)}
          onConfirm={() =>
            revokeOthers.mutate(undefined, {
              onSuccess: ({ revoked_sessions }) => {
                setConfirming(false);
                toast.success(
                  'Other sessions signed out',
                  `${revoked_sessions} ${revoked_sessions === 1 ? 'session was' : 'sessions were'} signed out.`,
                );
              },
            })
          }
        >
          Every browser and API login of your account but this one is signed out at once. This
          browser stays signed in.
        </ConfirmDialog>
      ) : null}
    </Card>
  );
}
