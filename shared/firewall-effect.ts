// What a set of firewalls lets in together (issue 30): firewalls add up, so a VM is reachable
// by the union of the rules of every firewall of its subnet. A rule that a broader rule of the
// same protocol already covers (its source inside the other's, its ports too) changes nothing.
// Used by the console's VM Networking tab and the firewall warnings; no zod, no Node.
import { parseCidr, parsePortRange, type Cidr } from './net.ts';

export interface RuleLike {
  id: string;
  cidr: string;
  port_range: string;
  protocol: string;
}
export interface FirewallLike {
  id: string;
  name: string;
  firewall_rules: readonly RuleLike[];
}

/** A rule of one of the firewalls, and the rule of another (or the same) that makes it redundant. */
export interface RuleEffect<R extends RuleLike = RuleLike> {
  rule: R;
  firewall: { id: string; name: string };
  coveredBy: { rule: R; firewall: { id: string; name: string } } | null;
}

function contains(outer: Cidr, inner: Cidr): boolean {
  if (outer.family !== inner.family || outer.prefix > inner.prefix) return false;
  const max = outer.family === 4 ? 32 : 128;
  const shift = BigInt(max - outer.prefix);
  return outer.prefix === 0 || inner.network >> shift === outer.network >> shift;
}

/** Whether rule `broad` lets in everything rule `narrow` does. */
export function covers(broad: RuleLike, narrow: RuleLike): boolean {
  if (broad.protocol !== narrow.protocol) return false;
  const [ca, cb] = [parseCidr(broad.cidr), parseCidr(narrow.cidr)];
  const [pa, pb] = [parsePortRange(broad.port_range), parsePortRange(narrow.port_range)];
  if (!ca || !cb || !pa || !pb) return false;
  return contains(ca, cb) && pa.start <= pb.start && pa.end >= pb.end;
}

/**
 * Every rule of the firewalls, each with the rule that covers it, if any: the effective rules
 * are those covered by none. Of identical rules the first (in the firewalls' order) counts.
 */
export function ruleEffects<R extends RuleLike>(
  firewalls: readonly { id: string; name: string; firewall_rules: readonly R[] }[],
): RuleEffect<R>[] {
  const all = firewalls.flatMap((f) =>
    f.firewall_rules.map((rule) => ({ rule, firewall: { id: f.id, name: f.name } })),
  );
  return all.map((x, i) => {
    const by = all.find(
      (y, j) =>
        j !== i &&
        covers(y.rule, x.rule) &&
        // Of two identical rules, the earlier covers the later, not both each other.
        (!covers(x.rule, y.rule) || j < i),
    );
    return { ...x, coveredBy: by ?? null };
  });
}

/** Whether the firewall lets everything in: TCP and UDP, all ports, from 0.0.0.0/0 and ::/0. */
export function allowsAll(fw: FirewallLike): boolean {
  const wanted = ['0.0.0.0/0', '::/0'].flatMap((cidr) =>
    ['tcp', 'udp'].map((protocol) => ({ id: '', cidr, port_range: '0..65535', protocol })),
  );
  return wanted.every((w) => fw.firewall_rules.some((r) => covers(r, w)));
}

/**
 * The firewall that lets everything in beside others, which then restrict nothing: the first
 * such of `firewalls` when there are other firewalls, else undefined.
 */
export function openFirewallBeside<F extends FirewallLike>(firewalls: readonly F[]): F | undefined {
  if (firewalls.length < 2) return undefined;
  return firewalls.find(allowsAll);
}
