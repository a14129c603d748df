// A firewall's rules as its list item writes them, kept as JSON text in `firewall_rules_json`
// by triggers on `firewall_rule` (decision 255): a list page reads 10 texts instead of
// aggregating each firewall's rules, sorted, into its item. Schema, so a `.tables.ts` file: the
// bench's seed cache is keyed by these files.
import type { Kysely } from 'kysely';
import { keptArrayText, keptArrayTriggers, type KeptArray } from '../../db/kept-arrays.ts';

/** One firewall's kept rules. */
export interface FirewallRulesJsonTable {
  firewall_id: string;
  /** The JSON array of the firewall's rules, in ID order. */
  json: string;
}

const FIREWALL_RULES: KeptArray = {
  table: 'firewall_rules_json',
  owner: 'firewall',
  child: 'firewall_rule',
  key: 'firewall_id',
  array: (firewallId) => ({
    fields: [
      ['id', 'r.id'],
      ['cidr', 'r.cidr'],
      ['port_range', `r.port_start || '..' || r.port_end`],
      ['protocol', 'r.protocol'],
      ['description', 'r.description'],
    ],
    from: `firewall_rule r where r.firewall_id = ${firewallId}`,
    orderBy: 'r.id',
  }),
  lockClass: 7303,
};

/** The item's `firewall_rules`: the kept text, `[]` for a firewall that never had a rule. */
export const KEPT_RULES = keptArrayText(FIREWALL_RULES);

/** The triggers and their rebuild, made at start when this version of them is not there (decision 253). */
// eslint-disable-next-line @typescript-eslint/no-explicit-any
export const firewallRulesTriggers = (db: Kysely<any>) => keptArrayTriggers(db, FIREWALL_RULES);
