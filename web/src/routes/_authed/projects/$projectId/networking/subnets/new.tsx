import { useQueryClient } from '@tanstack/react-query';
import { createFileRoute, Link, useNavigate } from '@tanstack/react-router';
import { LOCATION_NAMES } from '#shared/catalog';
import { MAX_PAGE_SIZE } from '#shared/wire';
import { invalidateFirewalls, useFirewalls } from '#web/features/firewall/api/list-firewalls.ts';
import type { CreateFirewallRuleBody } from '#shared/api/firewall';
import { createFirewall } from '#web/features/firewall/api/create-firewall.ts';
import { createFirewallRule } from '#web/features/firewall/api/create-firewall-rule.ts';
import { deleteFirewall } from '#web/features/firewall/api/delete-firewall.ts';
import {
  CreateSubnetForm,
  type FirewallPreset,
} from '#web/features/private-subnet/components/create-subnet-form.tsx';
import { useClientAddress } from '#web/lib/client-address.ts';
import { useProject } from '#web/features/project/api/get-project.ts';
import { toast } from '#web/components/ui/toast.tsx';
import { resourcePath } from '#web/lib/resource-path.ts';
import { useTitle } from '#web/lib/use-title.ts';
import { backLinkClass } from '#web/components/ui/back-link.ts';
import { oneOf, searchParams } from '#web/lib/search-params.ts';

export const Route = createFileRoute('/_authed/projects/$projectId/networking/subnets/new')({
  staticData: { crumb: 'Create subnet' },
  validateSearch: searchParams({ location: oneOf(LOCATION_NAMES) }),
  component: NewSubnetPage,
});

function NewSubnetPage() {
  const { projectId } = Route.useParams();
  const { location } = Route.useSearch();
  const { data: project } = useProject(projectId);
  useTitle('Create subnet', project.name);
  const navigate = useNavigate();
  const queryClient = useQueryClient();
  // The firewalls a new subnet may use instead of a default one (all locations, by name).
  const firewalls = useFirewalls(projectId, {
    order_column: 'name',
    page_size: String(MAX_PAGE_SIZE),
  });
  const mine = useClientAddress();
  // Firewalls made for the subnet, so that a new subnet need not allow all traffic.
  const madeFirewall =
    (description: string, rules: CreateFirewallRuleBody[]) =>
    async (location: string, subnetName: string) => {
      const ref = { projectId, location, firewall: `${subnetName}-default` };
      const made = await createFirewall({ ...ref, name: ref.firewall, description });
      const undo = () =>
        void deleteFirewall(ref).finally(() => invalidateFirewalls(queryClient, projectId));
      try {
        for (const body of rules) await createFirewallRule({ ...ref, body });
      } catch (error) {
        undo();
        throw error;
      }
      return { id: made.id, undo };
    };
  const presets: FirewallPreset[] = [
    ...(mine
      ? [
          {
            value: 'ssh-from-me',
            title: 'Allow only SSH from my address',
            description: (
              <>
                A firewall <span className="font-mono">&lt;name&gt;-default</span> with one rule:
                TCP port 22 from <span className="font-mono">{mine.cidr}</span>, the address you are
                using now.
              </>
            ),
            make: madeFirewall(`SSH from ${mine.address} only`, [
              {
                cidr: mine.cidr,
                port_range: '22',
                protocol: 'tcp',
                description: 'SSH from my address',
              },
            ]),
          },
        ]
      : []),
    {
      value: 'closed',
      title: 'Allow no inbound traffic',
      description: (
        <>
          A firewall <span className="font-mono">&lt;name&gt;-default</span> with no rules: add the
          ones you need later.
        </>
      ),
      make: madeFirewall('No inbound traffic until rules are added', []),
    },
  ];
  const options = (firewalls.data?.items ?? []).map((f) => ({
    id: f.id,
    name: f.name,
    location: f.location,
    ruleCount: f.firewall_rules.length,
  }));

  return (
    <div className="mx-auto max-w-3xl">
      <Link
        to="/projects/$projectId/networking/subnets"
        params={{ projectId }}
        className={backLinkClass}
      >
        ← Subnets
      </Link>
      <h1 className="mt-2 text-2xl font-semibold tracking-tight">Create subnet</h1>
      <p className="mt-1 text-slate-600 dark:text-slate-400">
        A private network for VMs in one location. It gets a random /26 IPv4 range in 10.0.0.0/8 and
        a /64 IPv6 range in fd00::/8.
      </p>
      <div className="mt-6 rounded-lg border border-slate-200 bg-white p-6 shadow-sm dark:border-slate-800 dark:bg-slate-900">
        <CreateSubnetForm
          projectId={projectId}
          initialLocation={location}
          firewalls={options}
          firewallsLoading={firewalls.isPending}
          presets={presets}
          onCreated={(subnet) => {
            // A new default firewall may have been made.
            void invalidateFirewalls(queryClient, projectId);
            toast.success('Subnet created', `${subnet.name} is ready in ${subnet.net4}.`, {
              label: `Open ${subnet.name}`,
              to: resourcePath(projectId, { ...subnet, kind: 'privateSubnet' }),
            });
            void navigate({
              to: '/projects/$projectId/networking/subnets/$location/$subnetName',
              params: { projectId, location: subnet.location, subnetName: subnet.name },
            });
          }}
        />
      </div>
    </div>
  );
}
