import type { Selectable } from 'kysely';
import type { PrivateSubnet } from '#shared/api/private-subnet';
import { newId } from '#shared/ids';
import { parseReference } from '#shared/names';
import type { Page } from '#shared/pagination';
import type { Db } from '../../db/database.ts';
import type { PrivateSubnetTable } from '../../db/schema.ts';
import type { Tx } from '../../db/transaction.ts';
import { invalidRequest, nameTaken, notFound } from '../../http/errors.ts';
import { applyPage } from '../../http/pagination.ts';
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

export async function findSubnet(db: Q, projectId: string, location: string, reference: string): Promise<SubnetRow> {
  const ref = parseReference('privateSubnet', reference);
  let q = db.selectFrom('private_subnet').selectAll().where('project_id', '=', projectId).where('location', '=', location);
  q = 'id' in ref ? q.where('id', '=', ref.id) : q.where('name', '=', ref.name);
  const row = await q.executeTakeFirst();
  if (!row) throw notFound('Sorry, we couldn’t find the private subnet you’re looking for.');
  return row;
}

/** A subnet of the project in any location, or undefined. */
export function findSubnetById(db: Q, projectId: string, id: string): Promise<SubnetRow | undefined> {
  return db.selectFrom('private_subnet').selectAll().where('project_id', '=', projectId).where('id', '=', id).executeTakeFirst();
}

export async function listSubnets(db: Db, projectId: string, location: string | undefined, page: Page) {
  let scope = db.selectFrom('private_subnet').where('project_id', '=', projectId);
  if (location) scope = scope.where('location', '=', location);
  const [rows, total] = await Promise.all([
    applyPage(scope.selectAll(), page, { id: 'id', name: 'name' }).execute(),
    scope.select((eb) => eb.fn.countAll<number>().as('n')).executeTakeFirstOrThrow(),
  ]);
  return { count: Number(total.n), items: await subnetViews(db, rows) };
}

export async function assertSubnetNameFree(tx: Q, projectId: string, location: string, name: string, exceptId?: string) {
  let q = tx.selectFrom('private_subnet').select('id').where('project_id', '=', projectId).where('location', '=', location).where('name', '=', name);
  if (exceptId) q = q.where('id', '!=', exceptId);
  if (await q.executeTakeFirst()) throw nameTaken();
}

/**
 * A new subnet with a random free /26 and /64 (a clash on the unique indexes retries the
 * caller's transaction), guarded by the given firewall or by a new default one.
 */
export async function insertSubnet(tx: Tx, s: { projectId: string; location: string; name: string; firewallId?: string }): Promise<SubnetRow> {
  await assertSubnetNameFree(tx, s.projectId, s.location, s.name);
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
  const existing = await tx.selectFrom('private_subnet').selectAll().where('project_id', '=', projectId).where('location', '=', location).where('name', '=', name).executeTakeFirst();
  return existing ?? insertSubnet(tx, { projectId, location, name });
}
