// The firewall blocks of `vm show` and `ps show`: each firewall with its rules, read from the
// firewall's own record (the VM's and the subnet's carry the legacy shape, without the rule's
// protocol or the firewall's location).
import type { FirewallDetail } from '#shared/api/firewall';
import type { RunContext } from './command.ts';
import { fieldLine, text, underscore, type ShowPart } from './common.ts';

export const FIREWALL_FIELDS = [
  'id',
  'name',
  'description',
  'location',
  'path',
  'firewall-rules',
] as const;
export const RULE_FIELDS = ['id', 'cidr', 'port-range', 'protocol'] as const;

/** The `-w` and `-r` options of a show whose object has firewalls (`vm show`, `ps show`). */
export const FIREWALL_PARTS: readonly ShowPart[] = [
  {
    short: 'w',
    long: 'firewall-fields',
    label: 'firewall',
    title: 'Firewall Fields:',
    fields: FIREWALL_FIELDS,
  },
  {
    short: 'r',
    long: 'rule-fields',
    label: 'firewall rule',
    title: 'Firewall Rule Fields:',
    fields: RULE_FIELDS,
  },
];

/** The firewalls' records, with the origin's `path` (`/location/<location>/firewall/<name>`). */
export async function firewallRecords(
  context: RunContext,
  location: string,
  ids: readonly string[],
): Promise<(FirewallDetail & { path: string })[]> {
  return Promise.all(
    ids.map(async (id) => {
      const fw = await context.api.call('getFirewall', { location, firewall_reference: id });
      return { ...fw, path: `/location/${fw.location}/firewall/${fw.name}` };
    }),
  );
}

/** A rule's values in the order asked, each followed by two spaces (the origin's layout). */
export function ruleText(rule: Record<string, unknown>, ruleKeys: readonly string[]): string {
  return ruleKeys.map((k) => `${text(rule[underscore(k)])}  `).join('');
}

/** `firewall N:` blocks; `ruleIndent` is the indentation of a rule's number. */
export function firewallsText(
  firewalls: readonly Record<string, unknown>[],
  fwKeys: readonly string[],
  ruleKeys: readonly string[],
  ruleIndent: string,
): string {
  let body = '';
  firewalls.forEach((fw, i) => {
    body += `firewall ${i + 1}:\n`;
    for (const key of fwKeys) {
      if (key === 'firewall-rules') {
        body += '  rules:\n';
        (fw.firewall_rules as Record<string, unknown>[]).forEach((rule, j) => {
          body += `${ruleIndent}${j + 1}: ${ruleText(rule, ruleKeys)}\n`;
        });
      } else {
        body += `  ${fieldLine(key, fw[underscore(key)])}`;
      }
    }
  });
  return body;
}

/**
 * The `firewalls` key of a VM's or a subnet's `show`: each firewall's own record, its rules
 * indented by `ruleIndent`. `ps show` prints `path:` empty, as the origin's does (its subnet
 * record's firewalls have no path).
 */
export function firewallsField(ruleIndent: string, { path = true } = {}) {
  return async (
    item: { location: string; firewalls: readonly { id: string }[] },
    parts: Record<string, string[]>,
    context: RunContext,
  ) =>
    firewallsText(
      (
        await firewallRecords(
          context,
          item.location,
          item.firewalls.map((firewall) => firewall.id),
        )
      ).map((fw) => (path ? fw : { ...fw, path: '' })),
      parts['firewall-fields']!,
      parts['rule-fields']!,
      ruleIndent,
    );
}
