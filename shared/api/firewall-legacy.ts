// A firewall and its rules as the legacy subnet and VM records embed them (the spec's shapes),
// apart from firewall.ts so that the private subnet record can embed them while a detailed
// firewall embeds private subnet records.
import { z } from 'zod';
import { idPattern } from '../ids.ts';

/** The legacy rule shape, also the answer of the spec's rule create. */
export const legacyFirewallRuleSchema = z
  .strictObject({
    id: z.string().regex(idPattern('firewallRule')),
    cidr: z.string(),
    port_range: z.string(),
  })
  .meta({ id: 'LegacyFirewallRule' });

/** A firewall inside legacy subnet and VM responses. */
export const legacyFirewallSchema = z
  .strictObject({
    id: z.string().regex(idPattern('firewall')),
    name: z.string(),
    description: z.string(),
    firewall_rules: z.array(legacyFirewallRuleSchema),
  })
  .meta({ id: 'LegacyFirewall' });
export type LegacyFirewall = z.infer<typeof legacyFirewallSchema>;
