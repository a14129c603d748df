import { z } from 'zod';
import { requiredString } from '../errors.ts';
import { idPattern } from '../ids.ts';
import { resourceName } from '../names.ts';
import { CIDR_MESSAGE, normalizeCidr, parsePortRange, formatPortRange, PORT_RANGE_MESSAGE } from '../net.ts';
import { listSchema } from '../pagination.ts';

export const PROTOCOLS = ['tcp', 'udp'] as const;
export type Protocol = (typeof PROTOCOLS)[number];

export const firewallIdSchema = z.string().regex(idPattern('firewall'), 'Must be a firewall ID ("fw" and 24 base32 characters).');
export const firewallRuleIdSchema = z.string().regex(idPattern('firewallRule'), 'Must be a firewall rule ID ("fr" and 24 base32 characters).');
export const firewallNameSchema = resourceName('firewall');

/** A CIDR, answered in canonical form (host bits cleared; a bare address is /32 or /128). */
export const cidrSchema = z
  .string({ error: CIDR_MESSAGE })
  .max(64, CIDR_MESSAGE)
  .transform((v, ctx) => {
    const c = normalizeCidr(v);
    if (!c) ctx.addIssue({ code: 'custom', message: CIDR_MESSAGE });
    return c ?? v;
  });

/** `"N"` or `"A..B"`, answered as `"A..B"`. */
export const portRangeSchema = z
  .string({ error: PORT_RANGE_MESSAGE })
  .max(16, PORT_RANGE_MESSAGE)
  .transform((v, ctx) => {
    const r = parsePortRange(v);
    if (!r) ctx.addIssue({ code: 'custom', message: PORT_RANGE_MESSAGE });
    return r ? formatPortRange(r) : v;
  });

export const protocolSchema = z.enum(PROTOCOLS, { error: 'protocol must be tcp or udp.' });
export const descriptionSchema = z.string({ error: 'description must be a string.' }).max(1000, 'description must be at most 1000 characters.');

export const firewallRuleSchema = z
  .strictObject({
    id: z.string().regex(idPattern('firewallRule')),
    cidr: z.string(),
    port_range: z.string(),
    protocol: protocolSchema,
    description: z.string(),
  })
  .meta({ id: 'FirewallRule' });
export type FirewallRule = z.infer<typeof firewallRuleSchema>;

/** The legacy rule shape, also the answer of the spec's rule create. */
export const legacyFirewallRuleSchema = z
  .strictObject({ id: z.string().regex(idPattern('firewallRule')), cidr: z.string(), port_range: z.string() })
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

export const firewallSchema = z
  .strictObject({
    id: z.string().regex(idPattern('firewall')),
    name: z.string(),
    description: z.string(),
    location: z.string(),
    firewall_rules: z.array(firewallRuleSchema),
  })
  .meta({ id: 'Firewall' });
export type Firewall = z.infer<typeof firewallSchema>;

/** A firewall with the subnets it is attached to (get, create, attach, detach, rename, update). */
export const firewallDetailSchema = firewallSchema
  .extend({ private_subnets: z.array(z.strictObject({ id: z.string(), name: z.string() })) })
  .meta({ id: 'FirewallDetailed' });
export type FirewallDetail = z.infer<typeof firewallDetailSchema>;

export const firewallListSchema = listSchema(firewallSchema).meta({ id: 'FirewallList' });

export const createFirewallBodySchema = z.strictObject({ description: descriptionSchema.optional() }).meta({ id: 'CreateFirewallBody' });
export const updateFirewallBodySchema = z.strictObject({ description: descriptionSchema }).meta({ id: 'UpdateFirewallBody' });
export const renameBodySchema = (kind: 'firewall' | 'privateSubnet' | 'vm') =>
  z.strictObject({ name: resourceName(kind) }).meta({ id: `Rename${kind[0]!.toUpperCase()}${kind.slice(1)}Body` });
export const subnetAttachmentBodySchema = z
  .strictObject({ private_subnet_id: z.string(requiredString('private_subnet_id')).regex(idPattern('privateSubnet'), 'Must be a private subnet ID.') })
  .meta({ id: 'SubnetAttachmentBody' });

/** The spec's rule create with a client-chosen ID: `cidr` is required. */
export const createFirewallRuleWithIdBodySchema = z
  .strictObject({
    cidr: cidrSchema,
    port_range: portRangeSchema.optional(),
    protocol: protocolSchema.optional(),
    description: descriptionSchema.optional(),
    firewall_id: z.string().optional(),
    project_id: z.string().optional(),
  })
  .meta({ id: 'CreateFirewallRuleWithIdBody' });

export const createFirewallRuleBodySchema = z
  .strictObject({
    cidr: cidrSchema,
    port_range: portRangeSchema.optional(),
    protocol: protocolSchema.optional(),
    description: descriptionSchema.optional(),
  })
  .meta({ id: 'CreateFirewallRuleBody' });
export type CreateFirewallRuleBody = z.input<typeof createFirewallRuleBodySchema>;

export const updateFirewallRuleBodySchema = z
  .strictObject({
    cidr: cidrSchema.optional(),
    port_range: portRangeSchema.optional(),
    protocol: protocolSchema.optional(),
    description: descriptionSchema.optional(),
  })
  .refine((b) => Object.keys(b).length > 0, 'Give at least one of cidr, port_range, protocol, description.')
  .meta({ id: 'UpdateFirewallRuleBody' });

export const DEFAULT_PORT_RANGE = '0..65535';
