// The subnet page's "Connected subnets": the subnets of the same location whose VMs reach this
// subnet's VMs (both ways), a picker to connect one more, and disconnect (confirmed).
import { useQuery } from '@tanstack/react-query';
import { Link } from '@tanstack/react-router';
import { useState } from 'react';
import type { ConnectedSubnet, PrivateSubnet } from '#shared/api/private-subnet';
import {
  AttachPicker,
  NothingAttached,
  useAttachError,
} from '#web/components/ui/attach-picker.tsx';
import { Button } from '#web/components/ui/button.tsx';
import { Card, CardHeader } from '#web/components/ui/card.tsx';
import { ConfirmDialog, Strong } from '#web/components/ui/confirm-dialog.tsx';
import { tableLinkClass } from '#web/components/ui/data-table.tsx';
import { FormAlert } from '#web/components/ui/form-alert.tsx';
import { Table, TBody, TD, THeadRow, TR } from '#web/components/ui/table.tsx';
import { toast } from '#web/components/ui/toast.tsx';
import { locationLabel } from '#web/lib/location.ts';
import {
  useConnectedSubnets,
  useConnectSubnet,
  useDisconnectSubnet,
} from '../api/connected-subnets.ts';
import type { SubnetRef } from '../api/get-private-subnet.ts';
import { locationPrivateSubnetsQueryOptions } from '../api/list-private-subnets.ts';

export function ConnectedSubnets({
  subnetRef,
  subnet,
}: {
  subnetRef: SubnetRef;
  subnet: PrivateSubnet;
}) {
  const connected = useConnectedSubnets(subnetRef);
  const subnets = useQuery(
    locationPrivateSubnetsQueryOptions(subnetRef.projectId, subnet.location),
  );
  const connect = useConnectSubnet();
  const { error, clear, fail } = useAttachError();
  const [leaving, setLeaving] = useState<ConnectedSubnet | null>(null);
  const items = connected.data?.items ?? [];
  const connectedIds = new Set(items.map((s) => s.id));
  const candidates = (subnets.data?.items ?? []).filter(
    (s) => s.id !== subnet.id && !connectedIds.has(s.id) && s.state !== 'deleting',
  );

  return (
    <Card labelledBy="ps-connected-title">
      <CardHeader
        id="ps-connected-title"
        title="Connected subnets"
        description={`VMs of connected subnets reach this subnet's VMs over their private addresses, both ways. Only subnets in ${locationLabel(subnet.location)} can be connected.`}
      />
      <div className="space-y-4 px-5 py-5">
        <FormAlert error={error} />
        <AttachPicker
          what="subnet"
          verb="Connect"
          options={candidates.map((s) => ({ id: s.id, name: s.name, note: s.net4 }))}
          loading={subnets.isLoading}
          empty={`No other subnets in ${locationLabel(subnet.location)}`}
          disabled={subnet.state === 'deleting'}
          pending={connect.isPending}
          onAttach={(other, done) => {
            clear();
            connect.mutate(
              { ref: subnetRef, subnetId: other.id },
              {
                onSuccess: () => {
                  toast.success(
                    'Subnets connected',
                    `${subnet.name} and ${other.name} now reach each other.`,
                  );
                  done();
                },
                onError: fail('Could not connect the subnets'),
              },
            );
          }}
        />
        {items.length ? (
          <Table caption="Connected subnets">
            <THeadRow columns={['Subnet', 'IPv4 range', 'ID']} actions />
            <TBody>
              {items.map((s) => (
                <TR key={s.id}>
                  <TD>
                    <Link
                      to="/projects/$projectId/networking/subnets/$location/$subnetName"
                      params={{
                        projectId: subnetRef.projectId,
                        location: s.location,
                        subnetName: s.name,
                      }}
                      className={tableLinkClass}
                    >
                      {s.name}
                    </Link>
                  </TD>
                  <TD className="font-mono text-xs">{s.net4}</TD>
                  <TD className="font-mono text-xs text-slate-600 dark:text-slate-400">{s.id}</TD>
                  <TD className="text-right">
                    <Button
                      access="write"
                      size="sm"
                      variant="ghost"
                      aria-label={`Disconnect subnet ${s.name}`}
                      onClick={() => setLeaving(s)}
                    >
                      Disconnect
                    </Button>
                  </TD>
                </TR>
              ))}
            </TBody>
          </Table>
        ) : connected.isLoading ? null : (
          <NothingAttached>
            Not connected to any subnet: only VMs of this subnet reach each other.
          </NothingAttached>
        )}
      </div>
      {leaving ? (
        <DisconnectDialog
          subnetRef={subnetRef}
          subnet={subnet}
          other={leaving}
          onClose={() => setLeaving(null)}
        />
      ) : null}
    </Card>
  );
}

function DisconnectDialog({
  subnetRef,
  subnet,
  other,
  onClose,
}: {
  subnetRef: SubnetRef;
  subnet: PrivateSubnet;
  other: ConnectedSubnet;
  onClose: () => void;
}) {
  const disconnect = useDisconnectSubnet();
  return (
    <ConfirmDialog
      title="Disconnect subnet"
      action="Disconnect"
      danger
      mutation={disconnect}
      onClose={onClose}
      onConfirm={() =>
        disconnect.mutate(
          { ref: subnetRef, subnetId: other.id },
          {
            onSuccess: () => {
              toast.success(
                'Subnets disconnected',
                `${subnet.name} and ${other.name} no longer reach each other.`,
              );
              onClose();
            },
          },
        )
      }
    >
      <p>
        Disconnect <Strong>{other.name}</Strong> from <Strong>{subnet.name}</Strong>? Their VMs no
        longer reach each other over private addresses.
      </p>
    </ConfirmDialog>
  );
}
