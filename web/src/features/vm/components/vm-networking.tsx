import { Link } from '@tanstack/react-router';
import type { Vm } from '#shared/api/vm';
import { Card, CardHeader } from '#web/components/ui/card.tsx';
import { Field, Fields } from '#web/components/ui/detail-fields.tsx';

/** The VM's place in its private subnet (the subnet's firewalls are the firewall feature's, composed by the route). */
export function VmPrivateNetwork({ vm, projectId }: { vm: Vm; projectId: string }) {
  return (
    <Card labelledBy="vm-private-title">
      <CardHeader
        id="vm-private-title"
        title="Private network"
        description="Addresses other machines in the same subnet reach this VM on."
      />
      <Fields>
        <Field label="Subnet">
          <Link
            to="/projects/$projectId/networking/subnets/$location/$subnetName"
            params={{ projectId, location: vm.location, subnetName: vm.subnet }}
            className="font-mono text-blue-700 hover:underline dark:text-blue-400"
          >
            {vm.subnet}
          </Link>
        </Field>
        <Field label="Network interface" mono>
          {vm.name}-nic
        </Field>
        <Field label="Private IPv4" copy={vm.private_ipv4} copyLabel="Copy private IPv4" mono>
          {vm.private_ipv4}
        </Field>
        <Field label="Private IPv6" copy={vm.private_ipv6} copyLabel="Copy private IPv6" mono>
          {vm.private_ipv6}
        </Field>
      </Fields>
    </Card>
  );
}
