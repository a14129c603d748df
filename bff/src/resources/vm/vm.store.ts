import type { Selectable } from 'kysely';
import type { Vm, VmListItem } from '#shared/api/vm';
import { parseReference } from '#shared/names';
import type { Page } from '#shared/pagination';
import type { Db } from '../../db/database.ts';
import type { VmTable } from '../../db/schema.ts';
import type { Tx } from '../../db/transaction.ts';
import { nameTaken, notFound } from '../../http/errors.ts';
import { applyPage } from '../../http/pagination.ts';
import { legacyFirewallsBySubnet } from '../firewall/firewall.store.ts';

export type VmRow = Selectable<VmTable>;
type Q = Db | Tx;

const LIST_COLUMNS = ['id', 'name', 'state', 'location', 'size', 'unix_user', 'storage_size_gib', 'ip6', 'ip4'] as const;

export const vmListItem = (r: Pick<VmRow, (typeof LIST_COLUMNS)[number]>): VmListItem => ({
  id: r.id,
  name: r.name,
  state: r.state,
  location: r.location,
  size: r.size,
  unix_user: r.unix_user,
  storage_size_gib: Number(r.storage_size_gib),
  ip6: r.ip6,
  ip4: r.ip4,
});

/** The legacy full record: the VM, its NIC's addresses, its subnet and that subnet's firewalls. */
export async function vmView(db: Q, vm: VmRow): Promise<Vm> {
  const [nic, subnet, firewalls] = await Promise.all([
    db.selectFrom('nic').select(['private_ipv4', 'private_ipv6']).where('vm_id', '=', vm.id).executeTakeFirstOrThrow(),
    db.selectFrom('private_subnet').select('name').where('id', '=', vm.subnet_id).executeTakeFirstOrThrow(),
    legacyFirewallsBySubnet(db, [vm.subnet_id]),
  ]);
  return {
    ...vmListItem(vm),
    firewalls: firewalls.get(vm.subnet_id) ?? [],
    private_ipv4: nic.private_ipv4,
    private_ipv6: nic.private_ipv6,
    subnet: subnet.name,
  };
}

export async function findVm(db: Q, projectId: string, location: string, reference: string): Promise<VmRow> {
  const ref = parseReference('vm', reference);
  let q = db.selectFrom('vm').selectAll().where('project_id', '=', projectId).where('location', '=', location);
  q = 'id' in ref ? q.where('id', '=', ref.id) : q.where('name', '=', ref.name);
  const row = await q.executeTakeFirst();
  if (!row) throw notFound('Sorry, we couldn’t find the VM you’re looking for.');
  return row;
}

export async function listVms(db: Db, projectId: string, location: string | undefined, page: Page) {
  let scope = db.selectFrom('vm').where('project_id', '=', projectId);
  if (location) scope = scope.where('location', '=', location);
  const [rows, total] = await Promise.all([
    applyPage(scope.select(LIST_COLUMNS), page, { id: 'id', name: 'name' }).execute(),
    scope.select((eb) => eb.fn.countAll<number>().as('n')).executeTakeFirstOrThrow(),
  ]);
  return { count: Number(total.n), items: rows.map(vmListItem) };
}

export async function assertVmNameFree(tx: Q, projectId: string, location: string, name: string, exceptId?: string) {
  let q = tx.selectFrom('vm').select('id').where('project_id', '=', projectId).where('location', '=', location).where('name', '=', name);
  if (exceptId) q = q.where('id', '!=', exceptId);
  if (await q.executeTakeFirst()) throw nameTaken();
}
