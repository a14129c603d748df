import type { Selectable } from 'kysely';
import {
  firewallRuleQuota,
  firewallRuleSchema,
  firewallSchema,
  type FirewallRule,
  type LegacyFirewall,
  type Protocol,
} from '#shared/api/firewall';
import { newId } from '#shared/ids';
import { formatPortRange, parsePortRange } from '#shared/net';
import type { Quotas } from '../../config.ts';
import type { Queryable } from '../../db/database.ts';
import { forUpdate } from '../../db/locks.ts';
import { runShape } from '../../db/prepared.ts';
import type { FirewallRuleTable, FirewallTable } from './firewall.tables.ts';
import type { Tx } from '../../db/transaction.ts';
import { ApiError, invalidRequest, notFound } from '../../errors.ts';
import { assertBelowQuota, assertNameFree, findByReference } from '../scoped.ts';
import { childrenOf, listOf } from '../common.ts';
import { OWNER_JSON_SQL } from '../owned-by.ts';

export type FirewallRow = Selectable<FirewallTable>;
type RuleRow = Selectable<FirewallRuleTable>;
/** What a rule's views are made of. */
const RULE_VIEW_COLUMNS = [
  'id',
  'cidr',
  'port_start',
  'port_end',
  'protocol',
  'description',
] as const;
type RuleViewRow = Pick<RuleRow, (typeof RULE_VIEW_COLUMNS)[number]>;

export const ruleView = (row: RuleViewRow): FirewallRule => ({
  id: row.id,
  cidr: row.cidr,
  port_range: formatPortRange({ start: row.port_start, end: row.port_end }),
  protocol: row.protocol as Protocol,
  description: row.description,
});

/** A firewall's rules as its record shows them, in ID order (the primary key's, no sort). */
export async function rulesOf(db: Queryable, firewallId: string): Promise<FirewallRule[]> {
  const rows = await runShape(db, 'firewall rules', [firewallId], (v) =>
    db
      .selectFrom('firewall_rule')
      .select(RULE_VIEW_COLUMNS)
      .where('firewall_id', '=', v(0))
      .orderBy('id'),
  );
  return rows.map(ruleView);
}

/** A rule's `port_range` in SQL, as formatPortRange writes it, of the rule aliased `alias`. */
export const PORT_RANGE_SQL = (alias: string) => `${alias}.port_start || '..' || ${alias}.port_end`;

/** A firewall's list item as the database writes it (decisions 245, 262): what firewallDetail answers, without its subnets; its rules in ID order. */
export const FIREWALL_LIST = listOf(firewallSchema, 'firewall', {
  firewall_rules: childrenOf(
    firewallRuleSchema,
    'r',
    'firewall_rule r where r.firewall_id = "firewall"."id"',
    'r.id',
    { port_range: PORT_RANGE_SQL('r') },
    { prefix: 'firewall_rule_list_json', table: 'firewall_rule', columns: ['firewall_id', 'id'] },
  ),
  owned_by: [OWNER_JSON_SQL('"firewall"."owned_by"'), 'json'],
});

/**
 * The columns of a firewall and its rules in the legacy shape, the rules left-joined: a row per
 * rule, or one with null rule columns for a firewall without rules (decision 245).
 */
export const LEGACY_FIREWALL_COLUMNS = [
  'firewall.id as firewall_id',
  'firewall.name as firewall_name',
  'firewall.description as firewall_description',
  'firewall_rule.id as rule_id',
  'firewall_rule.cidr',
  'firewall_rule.port_start',
  'firewall_rule.port_end',
] as const;

interface LegacyFirewallRow {
  firewall_id: string | null;
  firewall_name: string | null;
  firewall_description: string | null;
  rule_id: string | null;
  cidr: string | null;
  port_start: number | null;
  port_end: number | null;
}

/**
 * The legacy firewalls of rows read with LEGACY_FIREWALL_COLUMNS, ordered by their owner, then
 * firewall and rule IDs; `owner` names the group a row belongs to (a subnet, say). A row whose
 * firewall is null (an owner without firewalls) adds none.
 */
export function groupLegacyFirewalls<R extends LegacyFirewallRow, K>(
  rows: readonly R[],
  owner: (r: R) => K,
): Map<K, LegacyFirewall[]> {
  const out = new Map<K, LegacyFirewall[]>();
  for (const r of rows) {
    if (r.firewall_id === null) continue;
    let list = out.get(owner(r));
    if (!list) out.set(owner(r), (list = []));
    let fw = list.at(-1);
    if (fw?.id !== r.firewall_id)
      list.push(
        (fw = {
          id: r.firewall_id,
          name: r.firewall_name!,
          description: r.firewall_description!,
          firewall_rules: [],
        }),
      );
    if (r.rule_id !== null)
      fw.firewall_rules.push({
        id: r.rule_id,
        cidr: r.cidr!,
        port_range: formatPortRange({ start: r.port_start!, end: r.port_end! }),
      });
  }
  return out;
}

export const findFirewall = (
  db: Queryable,
  projectId: string,
  location: string,
  reference: string,
) => findByReference(db, 'firewall', projectId, location, reference);

export async function insertFirewall(
  tx: Tx,
  firewall: {
    projectId: string;
    location: string;
    name: string;
    description: string;
    defaultForSubnetId?: string;
    ownedBy?: string | null;
  },
): Promise<FirewallRow> {
  await assertNameFree(tx, 'firewall', firewall.projectId, firewall.location, firewall.name);
  const row: FirewallRow = {
    id: newId('firewall'),
    project_id: firewall.projectId,
    location: firewall.location,
    name: firewall.name,
    description: firewall.description,
    default_for_subnet_id: firewall.defaultForSubnetId ?? null,
    created_at: new Date().toISOString(),
    owned_by: firewall.ownedBy ?? null,
  };
  await tx.insertInto('firewall').values(row).execute();
  return row;
}

export interface RuleInput {
  cidr: string;
  port_range: string;
  protocol: Protocol;
  description: string;
}

export function sameRule(row: RuleRow, input: RuleInput): boolean {
  const view = ruleView(row);
  return (
    view.cidr === input.cidr &&
    view.port_range === input.port_range &&
    view.protocol === input.protocol &&
    view.description === input.description
  );
}

/** An identical rule (cidr, ports, protocol) other than `exceptId`, if the firewall has one. */
export async function findDuplicateRule(
  tx: Queryable,
  firewallId: string,
  input: RuleInput,
  exceptId?: string,
) {
  const range = parsePortRange(input.port_range)!;
  let q = tx
    .selectFrom('firewall_rule')
    .select('id')
    .where('firewall_id', '=', firewallId)
    .where('cidr', '=', input.cidr)
    .where('port_start', '=', range.start)
    .where('port_end', '=', range.end)
    .where('protocol', '=', input.protocol);
  if (exceptId) q = q.where('id', '!=', exceptId);
  return q.executeTakeFirst();
}

export async function insertRule(
  tx: Tx,
  firewallId: string,
  input: RuleInput,
  id: string = newId('firewallRule'),
): Promise<RuleRow> {
  const range = parsePortRange(input.port_range)!;
  const row: RuleRow = {
    id,
    firewall_id: firewallId,
    cidr: input.cidr,
    port_start: range.start,
    port_end: range.end,
    protocol: input.protocol,
    description: input.description,
    created_at: new Date().toISOString(),
  };
  await tx.insertInto('firewall_rule').values(row).execute();
  return row;
}

export async function findRule(
  db: Queryable,
  firewallId: string,
  ruleId: string,
): Promise<RuleRow> {
  const row = await db
    .selectFrom('firewall_rule')
    .selectAll()
    .where('id', '=', ruleId)
    .where('firewall_id', '=', firewallId)
    .executeTakeFirst();
  if (!row) throw notFound();
  return row;
}

/** The default firewall of a new subnet: everything open, IPv4 and IPv6, TCP and UDP. */
export async function insertDefaultFirewall(
  tx: Tx,
  projectId: string,
  location: string,
  subnet: { id: string; name: string; owned_by: string | null },
) {
  const base = `${subnet.name.slice(0, 63 - '-default'.length)}-default`;
  let name = base;
  for (let i = 2; ; i++) {
    const taken = await tx
      .selectFrom('firewall')
      .select('id')
      .where('project_id', '=', projectId)
      .where('location', '=', location)
      .where('name', '=', name)
      .executeTakeFirst();
    if (!taken) break;
    const suffix = `-${i}`;
    name = `${base.slice(0, 63 - suffix.length)}${suffix}`;
  }
  const fw = await insertFirewall(tx, {
    projectId,
    location,
    name,
    // The origin's wording: the subnet is named by the firewall's own name.
    description: 'Default firewall',
    defaultForSubnetId: subnet.id,
    // A managed subnet's default firewall is managed by the same owner.
    ownedBy: subnet.owned_by,
  });
  for (const cidr of ['0.0.0.0/0', '::/0']) {
    for (const protocol of ['tcp', 'udp'] as const) {
      await insertRule(tx, fw.id, { cidr, port_range: '0..65535', protocol, description: '' });
    }
  }
  return fw;
}

/** Rules and subnet attachments go with it (ON DELETE CASCADE). */
export async function deleteFirewall(tx: Tx, fw: FirewallRow): Promise<void> {
  await tx.deleteFrom('firewall').where('id', '=', fw.id).execute();
}

/**
 * Locks the firewall's row for the rest of the transaction: rule creates in it run one after
 * another, so the quota and the ID checks see each other's rules.
 */
async function lockFirewall(tx: Tx, firewallId: string): Promise<void> {
  const fw = await forUpdate(
    tx,
    tx.selectFrom('firewall').select('id').where('id', '=', firewallId),
  ).executeTakeFirst();
  if (!fw) throw notFound();
}

/** 400 when the firewall holds its quota of rules (the caller holds its lock). */
async function assertRoomForRule(tx: Tx, firewallId: string, quotas: Quotas): Promise<void> {
  const { n } = await tx
    .selectFrom('firewall_rule')
    .select((eb) => eb.fn.countAll<number>().as('n'))
    .where('firewall_id', '=', firewallId)
    .executeTakeFirstOrThrow();
  assertBelowQuota(quotas, firewallRuleQuota, Number(n), 'This firewall', firewallRuleQuota.plural);
}

const duplicateRule = () =>
  invalidRequest({
    cidr: 'An identical rule (CIDR, ports and protocol) already exists in this firewall.',
  });

/** A new rule, unless the firewall has an identical one or its quota of rules (400). */
export async function addRule(
  tx: Tx,
  firewallId: string,
  input: RuleInput,
  quotas: Quotas,
): Promise<RuleRow> {
  await lockFirewall(tx, firewallId);
  await assertRoomForRule(tx, firewallId, quotas);
  if (await findDuplicateRule(tx, firewallId, input)) throw duplicateRule();
  return insertRule(tx, firewallId, input);
}

/**
 * The spec's create, with the rule ID chosen by the client: a retried request is answered
 * with the rule it made. An ID taken anywhere else, by a rule of this firewall with other
 * content or by any other rule, is a conflict whose message says nothing of whose it is
 * (decision 258); a unique index on the ID settles two creates racing in different firewalls.
 */
export async function addRuleWithId(
  tx: Tx,
  firewallId: string,
  id: string,
  input: RuleInput,
  quotas: Quotas,
): Promise<RuleRow> {
  await lockFirewall(tx, firewallId);
  const existing = await tx
    .selectFrom('firewall_rule')
    .selectAll()
    .where('id', '=', id)
    .executeTakeFirst();
  // A database's rules are rules of its firewall (decision 298): found here too.
  if (existing) {
    if (existing.firewall_id === firewallId && sameRule(existing, input)) return existing;
    throw new ApiError(
      'Conflict',
      'A firewall rule with this ID already exists with other content.',
    );
  }
  await assertRoomForRule(tx, firewallId, quotas);
  if (await findDuplicateRule(tx, firewallId, input)) throw duplicateRule();
  return insertRule(tx, firewallId, input, id);
}

/** Changes the given fields of a rule, unless that makes it identical to another one (400). */
export async function updateRule(
  tx: Tx,
  firewallId: string,
  ruleId: string,
  patch: Partial<RuleInput>,
): Promise<FirewallRule> {
  const current = ruleView(await findRule(tx, firewallId, ruleId));
  const next: RuleInput = { ...current, ...patch };
  if (await findDuplicateRule(tx, firewallId, next, current.id)) throw duplicateRule();
  const range = parsePortRange(next.port_range)!;
  await tx
    .updateTable('firewall_rule')
    .set({
      cidr: next.cidr,
      port_start: range.start,
      port_end: range.end,
      protocol: next.protocol,
      description: next.description,
    })
    .where('firewall_id', '=', firewallId)
    .where('id', '=', current.id)
    .execute();
  return { id: current.id, ...next };
}
