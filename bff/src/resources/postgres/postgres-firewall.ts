// A database's place in the customer's project and its firewall rules (decision 298): as the
// origin, a database makes a firewall `<id>-firewall` and a private subnet `<id>-subnet` (or the
// name asked for) guarded by it, its servers live in that subnet, and its rules are that
// firewall's rules on port 5432 or 6432. A rule the database's routes make opens both ports: a
// row on each, the same CIDR, protocol and description; the routes show such a pair as one
// rule named by its 5432 row's ID (decision 079).
import type { Selectable } from 'kysely';
import type { Quotas } from '../../config.ts';
import type { Queryable } from '../../db/database.ts';
import type { Tx } from '../../db/transaction.ts';
import { ApiError, invalidRequest, notFound } from '../../errors.ts';
import { addRule, updateRule, type FirewallRow } from '../firewall/firewall.store.ts';
import type { FirewallRuleTable } from '../firewall/firewall.tables.ts';
import {
  insertGuardedSubnet,
  madeFirewall,
  removeMadeFirewall,
} from '../private-subnet/guarded-subnet.ts';
import { deleteSubnet, type SubnetRow } from '../private-subnet/private-subnet.store.ts';
import { PG_FIREWALL_PORTS, pgFirewallDescription, pgSubnetName } from './postgres-placement.ts';

type FirewallRuleRow = Selectable<FirewallRuleTable>;
type Placed = { id: string; private_subnet_id: string | null };

/** A database's rule as its routes show it: a CIDR reaching the database on `ports`. */
export interface PgRule {
  id: string;
  cidr: string;
  description: string;
  ports: number[];
  /** Its rows in the firewall: one per port. */
  rows: FirewallRuleRow[];
}

/**
 * The new database's firewall and subnet (the subnet within the project's quota, as a
 * cluster's): a subnet name already taken in the location is a 400 naming the field.
 */
export async function placePostgres(
  tx: Tx,
  pg: { id: string; projectId: string; location: string; name: string },
  subnetName: string | undefined,
  quotas: Quotas,
): Promise<{ firewall: FirewallRow; subnet: SubnetRow }> {
  try {
    return await insertGuardedSubnet(
      tx,
      {
        ownerId: pg.id,
        projectId: pg.projectId,
        location: pg.location,
        description: pgFirewallDescription(pg.name),
        subnetName,
      },
      quotas,
    );
  } catch (err) {
    if (subnetName && err instanceof ApiError && err.details?.name)
      throw invalidRequest({
        private_subnet_name: `A private subnet named ${subnetName} already exists in ${pg.location}.`,
      });
    throw err;
  }
}

/** Its firewall: the one named `<id>-firewall` on its subnet; none once deleted, renamed or detached (as the origin). */
export function customerFirewall(db: Queryable, pg: Placed): Promise<FirewallRow | undefined> {
  return madeFirewall(db, pg.id, pg.private_subnet_id);
}

/** Its firewall, or the origin's 400 telling where its rules are managed now. */
export async function requireCustomerFirewall(db: Queryable, pg: Placed): Promise<FirewallRow> {
  const fw = await customerFirewall(db, pg);
  if (fw) return fw;
  const subnet = await db
    .selectFrom('private_subnet')
    .select(['id', 'name'])
    .where('id', '=', pg.private_subnet_id ?? '')
    .executeTakeFirst();
  throw new ApiError(
    'InvalidRequest',
    subnet
      ? `PostgreSQL firewall was deleted, manage firewall rules using an appropriate firewall on the ${subnet.name} private subnet (id: ${subnet.id})`
      : 'PostgreSQL firewall was deleted.',
  );
}

const sameContent = (r: FirewallRuleRow) => JSON.stringify([r.cidr, r.protocol, r.description]);

/**
 * The firewall's rules on exactly 5432 or 6432 as the database's rules, in ID order: a 5432 row
 * and a 6432 row of the same CIDR, protocol and description are one rule (its 5432 row's ID).
 */
export function groupRules(rows: readonly FirewallRuleRow[]): PgRule[] {
  const [low, high] = PG_FIREWALL_PORTS;
  const twins = new Map(rows.filter((r) => r.port_start === high).map((r) => [sameContent(r), r]));
  const pairedTwin = new Map<string, FirewallRuleRow>();
  for (const r of rows) {
    const twin = r.port_start === low ? twins.get(sameContent(r)) : undefined;
    if (twin) {
      pairedTwin.set(r.id, twin);
      twins.delete(sameContent(r));
    }
  }
  const taken = new Set([...pairedTwin.values()].map((r) => r.id));
  return [...rows]
    .sort((a, b) => (a.id < b.id ? -1 : a.id > b.id ? 1 : 0))
    .filter((r) => !taken.has(r.id))
    .map((r) => {
      const twin = pairedTwin.get(r.id);
      const own = twin ? [r, twin] : [r];
      return {
        id: r.id,
        cidr: r.cidr,
        description: r.description,
        ports: own.map((o) => o.port_start),
        rows: own,
      };
    });
}

/** The database's rules: none without its firewall. */
export async function pgRules(db: Queryable, pg: Placed, fw?: FirewallRow): Promise<PgRule[]> {
  fw ??= await customerFirewall(db, pg);
  if (!fw) return [];
  const rows = await db
    .selectFrom('firewall_rule')
    .selectAll()
    .where('firewall_id', '=', fw.id)
    .where((eb) =>
      eb.or(
        PG_FIREWALL_PORTS.map((port) =>
          eb.and([eb('port_start', '=', port), eb('port_end', '=', port)]),
        ),
      ),
    )
    .orderBy('id')
    .execute();
  return groupRules(rows);
}

/** The rule one of whose rows has the ID (404 otherwise). */
export async function pgRule(db: Queryable, pg: Placed, fw: FirewallRow, id: string) {
  const rule = (await pgRules(db, pg, fw)).find((r) => r.rows.some((row) => row.id === id));
  if (!rule) throw notFound();
  return rule;
}

/** The rules of a new database: everyone on both ports, IPv4 and IPv6 (the origin's). */
export async function addDefaultRules(tx: Tx, fw: FirewallRow, quotas: Quotas) {
  for (const cidr of ['0.0.0.0/0', '::/0'])
    await addPgRule(tx, fw, { cidr, description: '' }, quotas);
}

/** A rule on both ports (the firewall's quota of rules and its identical-rule 400 apply). */
export async function addPgRule(
  tx: Tx,
  fw: FirewallRow,
  body: { cidr: string; description: string },
  quotas: Quotas,
): Promise<PgRule> {
  const rows: FirewallRuleRow[] = [];
  for (const port of PG_FIREWALL_PORTS)
    rows.push(
      await addRule(
        tx,
        fw.id,
        { ...body, port_range: `${port}..${port}`, protocol: 'tcp' },
        quotas,
      ),
    );
  return { id: rows[0]!.id, ...body, ports: [...PG_FIREWALL_PORTS], rows };
}

/** A rule's new CIDR and description, on each of its rows. */
export async function updatePgRule(
  tx: Tx,
  fw: FirewallRow,
  rule: PgRule,
  change: { cidr: string; description: string },
): Promise<PgRule> {
  for (const row of rule.rows) await updateRule(tx, fw.id, row.id, change);
  return { ...rule, ...change };
}

export async function deletePgRule(tx: Tx, fw: FirewallRow, rule: PgRule): Promise<void> {
  await tx
    .deleteFrom('firewall_rule')
    .where('firewall_id', '=', fw.id)
    .where(
      'id',
      'in',
      rule.rows.map((r) => r.id),
    )
    .execute();
}

/**
 * Once its servers are gone (the origin's destroy): its firewall goes unless it guards another
 * subnet too; its subnet goes if it still has its made name and nothing else is in it — no VM,
 * load balancer or other firewall the customer put there.
 */
export async function removePlacement(tx: Tx, pg: Placed): Promise<void> {
  const subnet = await tx
    .selectFrom('private_subnet')
    .selectAll()
    .where('id', '=', pg.private_subnet_id ?? '')
    .executeTakeFirst();
  if (!subnet) return;
  await removeMadeFirewall(tx, pg.id, subnet.id);
  if (subnet.name !== pgSubnetName(pg.id) || subnet.state === 'deleting') return;
  const vm = await tx
    .selectFrom('vm')
    .select('id')
    .where('subnet_id', '=', subnet.id)
    .where('state', '!=', 'deleting')
    .executeTakeFirst();
  const lb = await tx
    .selectFrom('load_balancer')
    .select('id')
    .where('private_subnet_id', '=', subnet.id)
    .where('state', '!=', 'deleting')
    .executeTakeFirst();
  const firewall = await tx
    .selectFrom('firewall_subnet')
    .select('firewall_id')
    .where('subnet_id', '=', subnet.id)
    .executeTakeFirst();
  if (!vm && !lb && !firewall) await deleteSubnet(tx, subnet);
}
