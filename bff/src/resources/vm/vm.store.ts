import type { Selectable } from 'kysely';
import { vmListItemSchema, type Vm, type VmListItem, type VmSummary } from '#shared/api/vm';
import type { Queryable } from '../../db/database.ts';
import type { VmTable } from './vm.tables.ts';
import { notFound } from '../../errors.ts';
import { findByReference } from '../scoped.ts';
import { listOf } from '../common.ts';
import { runShape } from '../../db/prepared.ts';
import { groupLegacyFirewalls, LEGACY_FIREWALL_COLUMNS } from '../firewall/firewall.store.ts';

export type VmRow = Selectable<VmTable>;

/** The fields a VM's record and summary share with its list item. */
const vmCore = (item: VmListItem): VmListItem => ({
  id: item.id,
  name: item.name,
  state: item.state,
  location: item.location,
  size: item.size,
  unix_user: item.unix_user,
  storage_size_gib: Number(item.storage_size_gib),
  ip6: item.ip6,
  ip4: item.ip4,
});

/** The spec's VM summary, embedded in other kinds' records (load balancers, clusters). */
export const vmSummary = (item: VmListItem): VmSummary => ({
  ...vmCore(item),
  ip4_enabled: item.ip4 !== null,
});

/** A VM summary's `ip4_enabled` in SQL, of the VM aliased `vm` (as vmSummary). */
export const IP4_ENABLED_SQL = ['(case when vm.ip4 is null then 0 else 1 end)', 'bool'] as const;

/**
 * The legacy full record: the VM, its NIC's addresses, its subnet and that subnet's firewalls
 * with their rules. One query, compiled once (decision 245): a row per rule (or per firewall
 * without rules, or one row when the subnet has none), firewalls and rules in ID order.
 */
export async function vmView(db: Queryable, vm: VmRow): Promise<Vm> {
  const rows = await runShape(db, 'vm view', [vm.id, vm.subnet_id], (v) =>
    db
      .selectFrom('nic')
      .innerJoin('private_subnet', 'private_subnet.id', 'nic.subnet_id')
      .leftJoin('firewall_subnet', 'firewall_subnet.subnet_id', 'private_subnet.id')
      .leftJoin('firewall', 'firewall.id', 'firewall_subnet.firewall_id')
      .leftJoin('firewall_rule', 'firewall_rule.firewall_id', 'firewall.id')
      .select([
        'nic.id as nic_id',
        'nic.private_ipv4',
        'nic.private_ipv6',
        'private_subnet.name as subnet',
        ...LEGACY_FIREWALL_COLUMNS,
      ])
      .where('nic.vm_id', '=', v(0))
      .where('nic.subnet_id', '=', v(1))
      .orderBy('nic.id')
      .orderBy('firewall.id')
      .orderBy('firewall_rule.id'),
  );
  const [first] = rows;
  // The worker may have finished deleting the VM since it was read.
  if (!first) throw notFound();
  // A VM has one NIC; were there more, the first one's rows alone, as it was read before.
  const ofFirst = rows.filter((r) => r.nic_id === first.nic_id);
  const firewalls = groupLegacyFirewalls(ofFirst, () => vm.subnet_id).get(vm.subnet_id) ?? [];
  return {
    ...vmCore(vm),
    firewalls,
    private_ipv4: first.private_ipv4,
    private_ipv6: first.private_ipv6,
    subnet: first.subnet,
    state_reason: vm.state_reason ?? null,
    boot_image: vm.boot_image,
  };
}

/** A VM's list item as the database writes it (decisions 240, 245, 262): not its key, image, subnet or times. */
export const VM_LIST = listOf(vmListItemSchema, 'vm');

/**
 * The VMs serving `owner` (a database's servers, a cluster's nodes): a range of the project's
 * `(project_id, service_of, id)` index, not a scan of every VM.
 */
export const serviceVms = (db: Queryable, owner: { id: string; project_id: string }) =>
  db.selectFrom('vm').where('project_id', '=', owner.project_id).where('service_of', '=', owner.id);

export const findVm = (db: Queryable, projectId: string, location: string, reference: string) =>
  findByReference(db, 'vm', projectId, location, reference);
