import type { Selectable } from 'kysely';
import { legacyFirewallRuleSchema, legacyFirewallSchema } from '#shared/api/firewall';
import {
  nicSchema,
  privateSubnetKind,
  privateSubnetSchema,
  type ConnectedSubnet,
  type PrivateSubnet,
} from '#shared/api/private-subnet';
import { newId } from '#shared/ids';
import type { Quotas } from '../../config.ts';
import type { Page } from '#shared/pagination';
import type { Db, Queryable } from '../../db/database.ts';
import { jsonObject } from '../../db/json.ts';
import { runShape } from '../../db/prepared.ts';
import { pageOfQuery } from '../../db/paging.ts';
import type { PrivateSubnetTable } from './private-subnet.tables.ts';
import { forUpdate, isPostgres } from '../../db/locks.ts';
import { RetryTransaction, type Tx } from '../../db/transaction.ts';
import { ApiError, invalidRequest, notFound } from '../../errors.ts';
import { enqueueJob } from '../../lifecycle/jobs.ts';
import { assertNameFree, assertProjectQuota } from '../scoped.ts';
import { randomNet4, randomNet6 } from '../../net/allocate.ts';
import { insertDefaultFirewall } from '../firewall/firewall.store.ts';
import { childrenOf, listOf } from '../common.ts';
import { PORT_RANGE_SQL } from '../firewall/firewall.store.ts';

export type SubnetRow = Selectable<PrivateSubnetTable>;

/**
 * A subnet's list item as the database writes it (decisions 245, 262): its firewalls with their
 * rules and its NICs with their VMs' names, each in ID order, in one statement with the page
 * (the NICs read from the covering index `nic_subnet_idx`, migration 0074).
 */
export const SUBNET_LIST = listOf(privateSubnetSchema, 'private_subnet', {
  firewalls: childrenOf(
    legacyFirewallSchema,
    'f',
    'firewall_subnet fs join firewall f on f.id = fs.firewall_id where fs.subnet_id = "private_subnet"."id"',
    'f.id',
    {
      firewall_rules: childrenOf(
        legacyFirewallRuleSchema,
        'r',
        'firewall_rule r where r.firewall_id = f.id',
        'r.id',
        { port_range: PORT_RANGE_SQL('r') },
      ),
    },
  ),
  // A NIC is named after its VM, `<vm>-nic` (vm.service.ts; renameNic keeps it so): its VM's
  // name without a join, which cost a page of 600 NICs as much as the rest of its statement.
  nics: childrenOf(
    nicSchema,
    'n',
    'nic n where n.subnet_id = "private_subnet"."id"',
    'n.id',
    {
      vm_name:
        '(case when n.vm_id is null then null else substr(n.name, 1, length(n.name) - 4) end)',
    },
    { prefix: 'nic_list_json', table: 'nic', columns: ['subnet_id', 'id'] },
  ),
});

/** A subnet's record: its list item, read as the list reads it, parsed. */
export async function subnetView(db: Queryable, row: SubnetRow): Promise<PrivateSubnet> {
  const [found] = await runShape(db, 'subnet view', [row.id], (v) =>
    db
      .selectFrom('private_subnet')
      .select(jsonObject(isPostgres(db), SUBNET_LIST.fields).as('json'))
      .where('id', '=', v(0)),
  );
  // Its destroy job may have finished since the row was read.
  if (!found) throw notFound();
  return JSON.parse(found.json) as PrivateSubnet;
}

/**
 * A subnet of the project in any location, or undefined. Locked for the rest of the
 * transaction, so a VM joining it and the subnet's delete cannot both succeed.
 */
export function findSubnetById(
  db: Queryable,
  projectId: string,
  id: string,
): Promise<SubnetRow | undefined> {
  return forUpdate(
    db,
    db
      .selectFrom('private_subnet')
      .selectAll()
      .where('project_id', '=', projectId)
      .where('id', '=', id),
  ).executeTakeFirst();
}

/**
 * A new subnet with a random free /26 and /64 (a clash on the unique indexes retries the
 * caller's transaction), guarded by the given firewall or by a new default one; within the
 * project's quota.
 */
export async function insertSubnet(
  tx: Tx,
  subnet: {
    projectId: string;
    location: string;
    name: string;
    firewallId?: string;
    /** The object it is made for, with its default firewall (decision 287). */
    ownedBy?: string;
  },
  quotas: Quotas,
): Promise<SubnetRow> {
  await assertProjectQuota(tx, privateSubnetKind, subnet.projectId, quotas);
  await assertNameFree(tx, 'private_subnet', subnet.projectId, subnet.location, subnet.name);
  if (subnet.firewallId) {
    const fw = await tx
      .selectFrom('firewall')
      .select('id')
      .where('id', '=', subnet.firewallId)
      .where('project_id', '=', subnet.projectId)
      .where('location', '=', subnet.location)
      .executeTakeFirst();
    if (!fw)
      throw invalidRequest({
        firewall_id: 'No firewall with this ID in the project and location.',
      });
  }
  const row: SubnetRow = {
    id: newId('privateSubnet'),
    project_id: subnet.projectId,
    location: subnet.location,
    name: subnet.name,
    state: 'available',
    net4: randomNet4(),
    net6: randomNet6(),
    created_at: new Date().toISOString(),
    owned_by: subnet.ownedBy ?? null,
  };
  await tx.insertInto('private_subnet').values(row).execute();
  const firewallId =
    subnet.firewallId ??
    (await insertDefaultFirewall(tx, subnet.projectId, subnet.location, row)).id;
  await tx
    .insertInto('firewall_subnet')
    .values({ firewall_id: firewallId, subnet_id: row.id })
    .execute();
  return row;
}

/** The subnet `default-<location>` that VMs join when none is given, made on demand. */
export async function defaultSubnet(
  tx: Tx,
  projectId: string,
  location: string,
  quotas: Quotas,
): Promise<SubnetRow> {
  const name = `default-${location}`;
  const existing = await forUpdate(
    tx,
    tx
      .selectFrom('private_subnet')
      .selectAll()
      .where('project_id', '=', projectId)
      .where('location', '=', location)
      .where('name', '=', name),
  ).executeTakeFirst();
  if (existing?.state === 'deleting') {
    throw new ApiError(
      'Conflict',
      `The default subnet ${name} is being deleted; try again when it is gone, or give private_subnet_id.`,
    );
  }
  if (existing) return existing;
  try {
    return await insertSubnet(tx, { projectId, location, name }, quotas);
  } catch (err) {
    // A concurrent VM create made it after the read above (PostgreSQL reads each statement's
    // committed rows): start over, which finds it, rather than answer "name is already taken".
    if (err instanceof ApiError && err.details?.name)
      throw new RetryTransaction('default subnet made concurrently');
    throw err;
  }
}

/** 409 while VMs or load balancers that are not being deleted are in it; else `deleting` and its destroy job. */
export async function deleteSubnet(tx: Tx, subnet: SubnetRow): Promise<void> {
  if (subnet.state === 'deleting') return;
  // Waits for a VM create that holds the subnet, then sees its VM.
  await findSubnetById(tx, subnet.project_id, subnet.id);
  const attached = await tx
    .selectFrom('vm')
    .select(['name', 'service_of'])
    .where('subnet_id', '=', subnet.id)
    .where('state', '!=', 'deleting')
    .orderBy('name')
    .execute();
  // A database's servers are hidden VMs (decision 298): the refusal names the database.
  const own = attached.filter((v) => v.service_of === null);
  const served = own.length
    ? []
    : await tx
        .selectFrom('postgres')
        .select('name')
        .where('id', 'in', ['', ...attached.map((v) => v.service_of!)])
        .orderBy('name')
        .execute();
  if (served.length) {
    throw new ApiError(
      'Conflict',
      `Private subnet ${subnet.name} holds the servers of PostgreSQL database ${served.map((d) => d.name).join(', ')}; delete the database first.`,
    );
  }
  if (attached.length) {
    throw new ApiError(
      'Conflict',
      `Private subnet ${subnet.name} has VMs attached (${(own.length ? own : attached).map((v) => v.name).join(', ')}); delete them first.`,
    );
  }
  const balancers = await tx
    .selectFrom('load_balancer')
    .select('name')
    .where('private_subnet_id', '=', subnet.id)
    .where('state', '!=', 'deleting')
    .orderBy('name')
    .execute();
  if (balancers.length) {
    throw new ApiError(
      'Conflict',
      `Private subnet ${subnet.name} has load balancers (${balancers.map((b) => b.name).join(', ')}); delete them first.`,
    );
  }
  const marked = await tx
    .updateTable('private_subnet')
    .set({ state: 'deleting' })
    .where('id', '=', subnet.id)
    .where('state', '=', 'available')
    .executeTakeFirst();
  if (Number(marked.numUpdatedRows) === 1) await enqueueJob(tx, 'subnet.destroy', subnet.id);
}

/** Attaches a subnet to a firewall: a subnet of the project in the firewall's location (once; a repeat does nothing). */
export async function attachSubnet(
  tx: Tx,
  fw: { id: string; project_id: string; location: string },
  subnetId: string,
): Promise<void> {
  // The subnet row stays locked until the attachment commits: a delete waits for it.
  const subnet = await findSubnetById(tx, fw.project_id, subnetId);
  if (!subnet)
    throw invalidRequest({ private_subnet_id: 'No private subnet with this ID in the project.' });
  if (subnet.location !== fw.location)
    throw invalidRequest({
      private_subnet_id: `The private subnet is in ${subnet.location}; the firewall is in ${fw.location}.`,
    });
  if (subnet.state === 'deleting')
    throw new ApiError('Conflict', 'The private subnet is being deleted.');
  await tx
    .insertInto('firewall_subnet')
    .values({ firewall_id: fw.id, subnet_id: subnet.id })
    .onConflict((oc) => oc.doNothing())
    .execute();
}

/** Both subnets of the project, locked in ID order (two connects of the same pair cannot deadlock). */
async function lockPair(tx: Tx, projectId: string, a: string, b: string) {
  const rows = await forUpdate(
    tx,
    tx
      .selectFrom('private_subnet')
      .selectAll()
      .where('project_id', '=', projectId)
      .where('id', 'in', [a, b])
      .orderBy('id'),
  ).execute();
  return { first: rows.find((r) => r.id === a), second: rows.find((r) => r.id === b) };
}

/** The origin's refusal of a subnet the project does not have in this location (decision 301). */
const notFoundToBe = (action: 'connected' | 'disconnected') =>
  new ApiError('InvalidRequest', `Subnet to be ${action} not found`);

/**
 * Connects two subnets of the project in one location, both ways (decision 197); connecting
 * them again changes nothing. A subnet of another project or location is answered as one that
 * does not exist, in the origin's words (decision 301).
 */
export async function connectSubnets(tx: Tx, subnet: SubnetRow, otherId: string): Promise<void> {
  if (otherId === subnet.id)
    throw new ApiError('InvalidRequest', 'Cannot connect private subnet to itself');
  const { first: mine, second: other } = await lockPair(tx, subnet.project_id, subnet.id, otherId);
  if (!other || other.location !== subnet.location) throw notFoundToBe('connected');
  for (const s of [mine ?? subnet, other])
    if (s.state === 'deleting')
      throw new ApiError('Conflict', `Private subnet ${s.name} is being deleted.`);
  await tx
    .insertInto('connected_subnet')
    .values([
      { subnet_id: subnet.id, connected_subnet_id: other.id },
      { subnet_id: other.id, connected_subnet_id: subnet.id },
    ])
    .onConflict((oc) => oc.doNothing())
    .execute();
}

/** Disconnects a subnet of the project in this location; one that is not connected changes nothing. */
export async function disconnectSubnets(tx: Tx, subnet: SubnetRow, otherId: string): Promise<void> {
  const { second: other } = await lockPair(tx, subnet.project_id, subnet.id, otherId);
  if (!other || other.location !== subnet.location) throw notFoundToBe('disconnected');
  await tx
    .deleteFrom('connected_subnet')
    .where((eb) =>
      eb.or([
        eb.and([eb('subnet_id', '=', subnet.id), eb('connected_subnet_id', '=', other.id)]),
        eb.and([eb('subnet_id', '=', other.id), eb('connected_subnet_id', '=', subnet.id)]),
      ]),
    )
    .execute();
}

/** One page of the subnets connected to a subnet, and how many there are. */
export async function connectedSubnetPage(
  db: Db,
  subnetId: string,
  page: Page,
): Promise<{ count: number; items: ConnectedSubnet[] }> {
  const { count, rows } = await pageOfQuery(
    db,
    'connected subnets',
    [subnetId],
    page,
    { id: 'private_subnet.id', name: 'private_subnet.name' },
    (v) => {
      const scope = db
        .selectFrom('connected_subnet')
        .innerJoin('private_subnet', 'private_subnet.id', 'connected_subnet.connected_subnet_id')
        .where('connected_subnet.subnet_id', '=', v(0));
      return {
        rows: scope.select([
          'private_subnet.id',
          'private_subnet.name',
          'private_subnet.location',
          'private_subnet.state',
          'private_subnet.net4',
          'private_subnet.net6',
        ]),
        count: scope.select((eb) => eb.fn.countAll<number>().as('n')),
      };
    },
  );
  return { count, items: rows };
}
