// Invitations waiting for their address to sign up, with when they expire; admins revoke them.
import { useState } from 'react';
import type { Invitation } from '#shared/api/member';
import { Badge } from '#web/components/ui/badge.tsx';
import { Button } from '#web/components/ui/button.tsx';
import { Card, CardHeader } from '#web/components/ui/card.tsx';
import { ConfirmDialog, Strong } from '#web/components/ui/confirm-dialog.tsx';
import { Table, TBody, TD, THeadRow, TR } from '#web/components/ui/table.tsx';
import { toast } from '#web/components/ui/toast.tsx';
import { useInvitations, useRevokeInvitation } from '../api/members.ts';
import { formatDay, ROLE_LABEL } from '../format.ts';

export function InvitationsCard({ projectId, isAdmin }: { projectId: string; isAdmin: boolean }) {
  const { data } = useInvitations(projectId);
  const [revoking, setRevoking] = useState<Invitation | null>(null);
  const items = data?.items ?? [];
  return (
    <Card labelledBy="invitations-title">
      <CardHeader
        id="invitations-title"
        title="Pending invitations"
        description="Addresses invited to the project that have not signed up yet."
      />
      {items.length ? (
        <div className="p-3">
          <Table caption="Pending invitations">
            <THeadRow columns={['E-mail', 'Role', 'Invited by', 'Expires']} actions={isAdmin} />
            <TBody>
              {items.map((inv) => (
                <TR key={inv.id}>
                  <TD className="font-medium">{inv.email}</TD>
                  <TD>
                    <Badge>{ROLE_LABEL[inv.role]}</Badge>
                  </TD>
                  <TD className="text-slate-600 dark:text-slate-400">{inv.invited_by ?? '—'}</TD>
                  <TD className="whitespace-nowrap">{formatDay(inv.expires_at)}</TD>
                  {isAdmin ? (
                    <TD className="text-right">
                      <Button
                        access="admin"
                        variant="secondary"
                        size="sm"
                        aria-label={`Revoke the invitation of ${inv.email}`}
                        onClick={() => setRevoking(inv)}
                      >
                        Revoke
                      </Button>
                    </TD>
                  ) : null}
                </TR>
              ))}
            </TBody>
          </Table>
        </div>
      ) : (
        <p className="px-5 py-5 text-sm text-slate-600 dark:text-slate-400">
          No invitations are waiting.
        </p>
      )}
      {revoking ? (
        <RevokeDialog
          projectId={projectId}
          invitation={revoking}
          onClose={() => setRevoking(null)}
        />
      ) : null}
    </Card>
  );
}

function RevokeDialog({
  projectId,
  invitation,
  onClose,
}: {
  projectId: string;
  invitation: Invitation;
  onClose: () => void;
}) {
  const revoke = useRevokeInvitation(projectId);
  return (
    <ConfirmDialog
      title="Revoke invitation"
      action="Revoke invitation"
      danger
      mutation={revoke}
      onClose={onClose}
      onConfirm={() =>
        revoke.mutate(invitation.id, {
          onSuccess: () => {
            toast.success(
              'Invitation revoked',
              `${invitation.email} will not join when they sign up.`,
            );
            onClose();
          },
        })
      }
    >
      <p>
        Revoke the invitation of <Strong>{invitation.email}</Strong>? The link in their mail no
        longer makes them a member.
      </p>
    </ConfirmDialog>
  );
}
