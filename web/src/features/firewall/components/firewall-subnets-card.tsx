import { Link } from '@tanstack/react-router';
import type { FirewallDetail } from '#shared/api/firewall';
import { tableLinkClass } from '#web/components/ui/data-table.tsx';
import {
  AttachPicker,
  DetachCell,
  NothingAttached,
  useAttachError,
} from '#web/components/ui/attach-picker.tsx';
import { Card, CardHeader } from '#web/components/ui/card.tsx';
import { FormAlert } from '#web/components/ui/form-alert.tsx';
import { Table, TBody, TD, THeadRow, TR } from '#web/components/ui/table.tsx';
import { toast } from '#web/components/ui/toast.tsx';
import { useAttachSubnet } from '../api/attach-subnet.ts';
import { useDetachSubnet } from '../api/detach-subnet.ts';
import type { FirewallRef } from '../api/get-firewall.ts';
import { locationLabel } from '#web/lib/location.ts';

/** A subnet of the firewall's location that may be attached (from the route: subnets are another feature). */
export interface SubnetOption {
  id: string;
  name: string;
  state: string;
}

export function FirewallSubnetsCard({
  firewallRef,
  firewall,
  subnets,
  subnetsLoading,
  onChanged,
}: {
  firewallRef: FirewallRef;
  firewall: FirewallDetail;
  subnets: SubnetOption[];
  subnetsLoading: boolean;
  /** Subnet pages show their firewalls: the route refreshes them. */
  onChanged: () => void;
}) {
  const attach = useAttachSubnet();
  const detach = useDetachSubnet();
  const { error, clear, fail } = useAttachError();
  const attachedIds = new Set(firewall.private_subnets.map((s) => s.id));
  const candidates = subnets.filter((s) => !attachedIds.has(s.id) && s.state !== 'deleting');

  return (
    <Card labelledBy="fw-subnets-title">
      <CardHeader
        id="fw-subnets-title"
        title="Attached subnets"
        description={`The rules apply to every VM in these subnets. Only subnets in ${locationLabel(firewall.location)} can be attached.`}
      />
      <div className="space-y-4 px-5 py-5">
        <FormAlert error={error} />
        <AttachPicker
          what="subnet"
          options={candidates}
          loading={subnetsLoading}
          empty={`No other subnets in ${locationLabel(firewall.location)}`}
          pending={attach.isPending}
          onAttach={(subnet, done) => {
            clear();
            attach.mutate(
              { ...firewallRef, subnetId: subnet.id },
              {
                onSuccess: () => {
                  toast.success('Subnet attached', `${firewall.name} now guards ${subnet.name}.`);
                  done();
                  onChanged();
                },
                onError: fail('Could not attach the subnet'),
              },
            );
          }}
        />

        {firewall.private_subnets.length ? (
          <Table caption="Attached subnets">
            <THeadRow columns={['Subnet', 'ID']} actions />
            <TBody>
              {firewall.private_subnets.map((s) => (
                <TR key={s.id}>
                  <TD>
                    <Link
                      to="/projects/$projectId/networking/subnets/$location/$subnetName"
                      params={{
                        projectId: firewallRef.projectId,
                        location: firewall.location,
                        subnetName: s.name,
                      }}
                      className={tableLinkClass}
                    >
                      {s.name}
                    </Link>
                  </TD>
                  <TD className="font-mono text-xs text-slate-600 dark:text-slate-400">{s.id}</TD>
                  <DetachCell
                    what="subnet"
                    name={s.name}
                    disabled={detach.isPending && detach.variables?.subnetId === s.id}
                    onDetach={() => {
                      clear();
                      detach.mutate(
                        { ...firewallRef, subnetId: s.id },
                        {
                          onSuccess: () => {
                            toast.success(
                              'Subnet detached',
                              `${firewall.name} no longer guards ${s.name}.`,
                            );
                            onChanged();
                          },
                          onError: fail('Could not detach the subnet'),
                        },
                      );
                    }}
                  />
                </TR>
              ))}
            </TBody>
          </Table>
        ) : (
          <NothingAttached>
            Not attached to any subnet: its rules apply nowhere yet.
          </NothingAttached>
        )}
      </div>
    </Card>
  );
}
