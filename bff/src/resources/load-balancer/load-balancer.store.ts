// Load balancer queries and views: the record with its subnet's name and its VMs, each with
// the health the (simulated) data plane reports for it.
import type { Selectable } from 'kysely';
import {
  lbVmSchema,
  loadBalancerSchema,
  type LbVm,
  type LbVmHealth,
  type LoadBalancer,
} from '#shared/api/load-balancer';
import { sqlString } from '../../db/json.ts';
import type { Queryable } from '../../db/database.ts';
import { notFound } from '../../errors.ts';
import { findByReference } from '../scoped.ts';
import { OWNER_JSON_SQL, ownerOf } from '../owned-by.ts';
import { childrenOf, listOf } from '../common.ts';
import { IP4_ENABLED_SQL, vmSummary } from '../vm/vm.store.ts';
import type { LoadBalancerTable } from './load-balancer.tables.ts';

export type LoadBalancerRow = Selectable<LoadBalancerTable>;

/**
 * The health check's answer for an attached VM (decision 091): the simulated data plane
 * finds a VM up while the VM runs and the load balancer does; anything else is down.
 */
export function simulatedHealth(lbState: string, vmState: string): LbVmHealth {
  return lbState === 'running' && vmState === 'running' ? 'up' : 'down';
}

/** `<name>.<id>.lb.<SERVICE_DOMAIN>` (behaviour.md §10). */
export const lbHostname = (row: { name: string; id: string }, serviceDomain: string) =>
  `${row.name}.${row.id}.lb.${serviceDomain}`;

/** A load balancer's list item as the database writes it (decision 262): what loadBalancerViews answers. */
export const loadBalancerList = (serviceDomain: string) =>
  listOf(loadBalancerSchema, 'load_balancer', {
    hostname: `"load_balancer"."name" || '.' || "load_balancer"."id" || '.lb.' || ${sqlString(serviceDomain)}`,
    subnet:
      '(select s.name from private_subnet s where s.id = "load_balancer"."private_subnet_id")',
    vms: childrenOf(
      lbVmSchema,
      'vm',
      'load_balancer_vm lv join vm on vm.id = lv.vm_id where lv.load_balancer_id = "load_balancer"."id"',
      'vm.name, vm.id',
      {
        ip4_enabled: IP4_ENABLED_SQL,
        // As simulatedHealth.
        health: `(case when "load_balancer"."state" = 'running' and vm.state = 'running' then 'up' else 'down' end)`,
      },
    ),
    cert_enabled: ['"load_balancer"."cert_enabled"', 'bool'],
    owned_by: [OWNER_JSON_SQL('"load_balancer"."owned_by"'), 'json'],
  });

/** The records of these rows, in their order: two queries whatever their number. */
export async function loadBalancerViews(
  db: Queryable,
  rows: LoadBalancerRow[],
  serviceDomain: string,
): Promise<LoadBalancer[]> {
  if (!rows.length) return [];
  const ids = rows.map((r) => r.id);
  const subnetIds = [...new Set(rows.map((r) => r.private_subnet_id))];
  const [subnets, vms] = await Promise.all([
    db.selectFrom('private_subnet').select(['id', 'name']).where('id', 'in', subnetIds).execute(),
    db
      .selectFrom('load_balancer_vm')
      .innerJoin('vm', 'vm.id', 'load_balancer_vm.vm_id')
      .select([
        'load_balancer_vm.load_balancer_id',
        'vm.id',
        'vm.name',
        'vm.state',
        'vm.location',
        'vm.size',
        'vm.unix_user',
        'vm.storage_size_gib',
        'vm.ip4',
        'vm.ip6',
      ])
      .where('load_balancer_vm.load_balancer_id', 'in', ids)
      .orderBy('vm.name')
      .orderBy('vm.id')
      .execute(),
  ]);
  const subnetName = new Map(subnets.map((s) => [s.id, s.name]));
  const owners = await Promise.all(rows.map((r) => ownerOf(db, r.owned_by)));
  return rows.map((r, i) => {
    const subnet = subnetName.get(r.private_subnet_id);
    // The worker may have finished deleting it since it was read.
    if (subnet === undefined) throw notFound();
    const attached = vms
      .filter((v) => v.load_balancer_id === r.id)
      .map((v): LbVm => ({
        ...vmSummary(v),
        health: simulatedHealth(r.state, v.state),
      }));
    return {
      id: r.id,
      name: r.name,
      location: r.location,
      hostname: lbHostname(r, serviceDomain),
      algorithm: r.algorithm,
      src_port: Number(r.src_port),
      dst_port: Number(r.dst_port),
      health_check_endpoint: r.health_check_endpoint,
      health_check_protocol: r.health_check_protocol,
      subnet,
      vms: attached,
      stack: r.stack,
      cert_enabled: Boolean(Number(r.cert_enabled)),
      state: r.state,
      state_reason: r.state_reason ?? null,
      owned_by: owners[i]!,
    };
  });
}

export async function loadBalancerView(
  db: Queryable,
  row: LoadBalancerRow,
  serviceDomain: string,
): Promise<LoadBalancer> {
  return (await loadBalancerViews(db, [row], serviceDomain))[0]!;
}

export const findLoadBalancer = (
  db: Queryable,
  projectId: string,
  location: string,
  reference: string,
) => findByReference(db, 'load_balancer', projectId, location, reference);
