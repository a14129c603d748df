// A managed resource's place in the customer's project (decision 298): as the
// origin's PostgresResourceNexus and KubernetesClusterNexus, a database or a cluster makes a
// firewall `<id>-firewall` and a private subnet `<id>-subnet` guarded by it (no default firewall),
// both the customer's; its destroy removes that firewall unless it guards another subnet too
// (the origin's `incr_destroy_if_only_used_internally`).
import type { Quotas } from '../../config.ts';
import type { Queryable } from '../../db/database.ts';
import type { Tx } from '../../db/transaction.ts';
import { deleteFirewall, insertFirewall, type FirewallRow } from '../firewall/firewall.store.ts';
import { madeFirewallName, madeSubnetName } from './made-names.ts';
import { insertSubnet, type SubnetRow } from './private-subnet.store.ts';

/** The new firewall `<id>-firewall` and the subnet it guards, within the project's subnet quota. */
export async function insertGuardedSubnet(
  tx: Tx,
  place: {
    ownerId: string;
    projectId: string;
    location: string;
    /** The firewall's description (the origin's: a database's names it; a cluster's is empty). */
    description: string;
    /** `<id>-subnet` unless given. */
    subnetName?: string;
    /** The subnet's owner (decision 287), if managed; the firewall is always the customer's. */
    subnetOwnedBy?: string;
  },
  quotas: Quotas,
): Promise<{ firewall: FirewallRow; subnet: SubnetRow }> {
  const firewall = await insertFirewall(tx, {
    projectId: place.projectId,
    location: place.location,
    name: madeFirewallName(place.ownerId),
    description: place.description,
  });
  const subnet = await insertSubnet(
    tx,
    {
      projectId: place.projectId,
      location: place.location,
      name: place.subnetName ?? madeSubnetName(place.ownerId),
      firewallId: firewall.id,
      ownedBy: place.subnetOwnedBy,
    },
    quotas,
  );
  return { firewall, subnet };
}

/** The made firewall: `<id>-firewall` on its subnet; none once deleted, renamed or detached. */
export function madeFirewall(
  db: Queryable,
  ownerId: string,
  subnetId: string | null,
): Promise<FirewallRow | undefined> {
  return db
    .selectFrom('firewall')
    .innerJoin('firewall_subnet', 'firewall_subnet.firewall_id', 'firewall.id')
    .selectAll('firewall')
    .where('firewall_subnet.subnet_id', '=', subnetId ?? '')
    .where('firewall.name', '=', madeFirewallName(ownerId))
    .executeTakeFirst();
}

/** At its owner's destroy: the made firewall goes unless it guards another subnet too. */
export async function removeMadeFirewall(
  tx: Tx,
  ownerId: string,
  subnetId: string | null,
): Promise<void> {
  const fw = await madeFirewall(tx, ownerId, subnetId);
  if (!fw) return;
  const elsewhere = await tx
    .selectFrom('firewall_subnet')
    .select('subnet_id')
    .where('firewall_id', '=', fw.id)
    .where('subnet_id', '!=', subnetId ?? '')
    .executeTakeFirst();
  if (!elsewhere) await deleteFirewall(tx, fw);
}
