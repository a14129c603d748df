import { describe, expect, it } from 'vitest';
import { allowsAll, covers, openFirewallBeside, ruleEffects } from './firewall-effect.ts';

const rule = (id: string, cidr: string, port_range: string, protocol = 'tcp') => ({
  id,
  cidr,
  port_range,
  protocol,
});
const open = {
  id: 'fw-default',
  name: 'net-default',
  firewall_rules: [
    rule('a', '0.0.0.0/0', '0..65535'),
    rule('b', '0.0.0.0/0', '0..65535', 'udp'),
    rule('c', '::/0', '0..65535'),
    rule('d', '::/0', '0..65535', 'udp'),
  ],
};
const ssh = {
  id: 'fw-ssh',
  name: 'web-fw',
  firewall_rules: [rule('s', '198.51.100.7/32', '22..22')],
};

describe('firewall effect', () => {
  it('covers a narrower source and port range of the same protocol only', () => {
    expect(covers(rule('x', '10.0.0.0/8', '0..1024'), rule('y', '10.1.2.0/24', '22..22'))).toBe(
      true,
    );
    expect(covers(rule('x', '10.0.0.0/8', '0..1024'), rule('y', '11.0.0.0/24', '22..22'))).toBe(
      false,
    );
    expect(covers(rule('x', '10.0.0.0/8', '0..21'), rule('y', '10.0.0.0/8', '22..22'))).toBe(false);
    expect(
      covers(rule('x', '0.0.0.0/0', '0..65535', 'udp'), rule('y', '1.2.3.4/32', '22..22')),
    ).toBe(false);
    expect(covers(rule('x', '0.0.0.0/0', '0..65535'), rule('y', '::/0', '22..22'))).toBe(false);
  });

  it('shows that SSH from one address adds nothing beside an allow-all firewall', () => {
    const effects = ruleEffects([open, ssh]);
    const s = effects.find((e) => e.rule.id === 's')!;
    expect(s.coveredBy).toEqual({
      rule: open.firewall_rules[0],
      firewall: { id: 'fw-default', name: 'net-default' },
    });
    expect(effects.filter((e) => !e.coveredBy).map((e) => e.rule.id)).toEqual(['a', 'b', 'c', 'd']);
    expect(allowsAll(open)).toBe(true);
    expect(allowsAll(ssh)).toBe(false);
    expect(openFirewallBeside([ssh, open])).toBe(open);
    expect(openFirewallBeside([open])).toBeUndefined();
    // Without the allow-all firewall, the SSH rule is what counts.
    expect(ruleEffects([ssh])[0]!.coveredBy).toBeNull();
  });

  it('counts the first of identical rules', () => {
    const twin = {
      id: 'fw-2',
      name: 'twin',
      firewall_rules: [rule('t', '198.51.100.7/32', '22..22')],
    };
    const effects = ruleEffects([ssh, twin]);
    expect(effects.map((e) => e.coveredBy?.rule.id ?? null)).toEqual([null, 's']);
  });
});
