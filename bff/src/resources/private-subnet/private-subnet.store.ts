import type { Selectable } from 'kysely';
import type { PrivateSubnet } from '#shared/api/private-subnet';
import { newId } from '#shared/ids';
import type { Page } from '#shared/pagination';
import type { Db } from '../../db/database.ts';
import type { PrivateSubnetTable } from '../../db/schema.ts';
import { forUpdate } from '../../db/locks.ts';
import type { Tx } from '../../db/transaction.ts';
import { ApiError, invalidRequest } from '../../http/errors.ts';
import { assertNameFree, findByReference, listPage } from '../scoped.ts';
import { randomNet4, randomNet6 } from '../../net/allocate.ts';
import { insertDefaultFirewall, legacyFirewallsBySubnet } from '../firewall/firewall.store.ts';

export type SubnetRow = Selectable<PrivateSubnetTable>;
type Q = Db | Tx;

export async function subnetViews(db: Q, rows: SubnetRow[]): Promise<PrivateSubnet[]> {
  const ids = rows.map((r) => r.id);
  const [firewalls, nics] = await Promise.all([
    legacyFirewallsBySubnet(db, ids),
    ids.length
      ? db
          .selectFrom('nic')
          .leftJoin('vm', 'vm.id', 'nic.vm_id')
          .select(['nic.id', 'nic.name', 'nic.private_ipv4', 'nic.private_ipv6', 'nic.subnet_id', 'vm.name as vm_name'])
          .where('nic.subnet_id', 'in', ids)
          .orderBy('nic.id')
          .execute()
      : [],
  ]);
  return rows.map((r) => ({
    id: r.id,
    name: r.name,
    location: r.location,
    state: r.state,
    net4: r.net4,
    net6: r.net6,
    firewalls: firewalls.get(r.id) ?? [],
    nics: nics
      .filter((n) => n.subnet_id === r.id)
      .map((n) => ({ id: n.id, name: n.name, private_ipv4: n.private_ipv4, private_ipv6: n.private_ipv6, vm_name: n.vm_name ?? null })),
  }));
}

export async function subnetView(db: Q, row: SubnetRow): Promise<PrivateSubnet> {
  return (await subnetViews(db, [row]))[0]!;
}

export const findSubnet = (db: Q, projectId: string, location: string, reference: string) =>
  findByReference(db, 'private_subnet', projectId, location, reference);

/**
 * A subnet of the project in any location, or undefined. Locked for the rest of the
 * transaction, so a VM joining it and the subnet's delete cannot both succeed.
 */
export function findSubnetById(db: Q, projectId: string, id: string): Promise<SubnetRow | undefined> {
  return forUpdate(db, db.selectFrom('private_subnet').selectAll().where('project_id', '=', projectId).where('id', '=', id)).executeTakeFirst();
}

export async function listSubnets(db: Db, projectId: string, location: string | undefined, page: Page) {
  const { count, rows } = await listPage(db, 'private_subnet', projectId, location, page);
  return { count, items: await subnetViews(db, rows) };
}

/**
 * A new subnet with a random free /26 and /64 (a clash on the unique indexes retries the
 * caller's transaction), guarded by the given firewall or by a new default one.
 */
export async function insertSubnet(tx: Tx, s: { projectId: string; location: string; name: string; firewallId?: string }): Promise<SubnetRow> {
  await assertNameFree(tx, 'private_subnet', s.projectId, s.location, s.name);
  if (s.firewallId) {
    const fw = await tx.selectFrom('firewall').select('id').where('id', '=', s.firewallId).where('project_id', '=', s.projectId).where('location', '=', s.location).executeTakeFirst();
    if (!fw) throw invalidRequest({ firewall_id: 'No firewall with this ID in the project and location.' });
  }
  const row: SubnetRow = {
    id: newId('privateSubnet'),
    project_id: s.projectId,
    location: s.location,
    name: s.name,
    state: 'available',
    net4: randomNet4(),
    net6: randomNet6(),
    created_at: new Date().toISOString(),
  };
  await tx.insertInto('private_subnet').values(row).execute();
  const firewallId = s.firewallId ?? (await insertDefaultFirewall(tx, s.projectId, s.location, row)).id;
  await tx.insertInto('firewall_subnet').values({ firewall_id: firewallId, subnet_id: row.id }).execute();
  return row;
}

/** The subnet `default-<location>` that VMs join when none is given, made on demand. */
export async function defaultSubnet(tx: Tx, projectId: string, location: string): Promise<SubnetRow> {
  const name = `default-${location}`;
  const existing = await forUpdate(tx, tx.selectFrom('private_subnet').selectAll().where('project_id', '=', projectId).where('location', '=', location).where('name', '=', name)).executeTakeFirst();
  if (existing?.state === 'deleting') {
    throw new ApiError('Conflict', `The default subnet ${name} is being deleted; try again when it is gone, or give private_subnet_id.`);
  }
  return existing ?? insertSubnet(tx, { projectId, location, name });
}
