import { z } from 'zod';
import { requiredString } from '../errors.ts';
import { idPattern } from '../ids.ts';
import { resourceName } from '../names.ts';
import {
  CIDR_MESSAGE,
  normalizeCidr,
  parsePortRange,
  formatPortRange,
  PORT_RANGE_MESSAGE,
} from '../net.ts';
import { referenceSchema } from '../names.ts';
import { listSchema, paginationQuerySchema } from '../pagination.ts';
import { legacyFirewallRuleSchema } from './firewall-legacy.ts';
import { privateSubnetSchema } from './private-subnet.ts';
import {
  current,
  currentLoc,
  inLocation,
  inProject,
  P,
  renameBodySchema,
  resourceKind,
  route,
  type Quota,
  type RouteList,
} from '../route-helpers.ts';
import { FIREWALL_WORDS } from './firewall-kind.ts';
import { ownedBySchema } from './owned-by.ts';

export const PROTOCOLS = ['tcp', 'udp'] as const;
export type Protocol = (typeof PROTOCOLS)[number];

export const firewallIdSchema = z
  .string()
  .regex(idPattern('firewall'), 'Must be a firewall ID ("fw" and 24 base32 characters).');
export const firewallRuleIdSchema = z
  .string()
  .regex(idPattern('firewallRule'), 'Must be a firewall rule ID ("fr" and 24 base32 characters).');
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

/** `tcp` or `udp`, in any case (the origin lower-cases it). */
export const protocolSchema = z
  .string({ error: 'protocol must be tcp or udp.' })
  .transform((p) => p.toLowerCase())
  .pipe(z.enum(PROTOCOLS, { error: 'protocol must be tcp or udp.' }));
export const descriptionSchema = z
  .string({ error: 'description must be a string.' })
  .max(1000, 'description must be at most 1000 characters.');

export const firewallRuleSchema = z
  .strictObject({
    id: z.string().regex(idPattern('firewallRule')),
    cidr: z.string(),
    port_range: z.string(),
    protocol: z.enum(PROTOCOLS),
    description: z.string(),
  })
  .meta({ id: 'FirewallRule' });
export type FirewallRule = z.infer<typeof firewallRuleSchema>;

export {
  legacyFirewallRuleSchema,
  legacyFirewallSchema,
  type LegacyFirewall,
} from './firewall-legacy.ts';

export const firewallSchema = z
  .strictObject({
    id: z.string().regex(idPattern('firewall')),
    name: z.string(),
    description: z.string(),
    location: z.string(),
    firewall_rules: z.array(firewallRuleSchema),
    /** An addition to the spec's record (decision 287). */
    owned_by: ownedBySchema,
  })
  .meta({ id: 'Firewall' });
export type Firewall = z.infer<typeof firewallSchema>;

/**
 * A firewall with the subnets it is attached to (get, create, attach, detach, rename, update),
 * each the full private subnet record as the origin's `FirewallDetailed` has it.
 */
export const firewallDetailSchema = firewallSchema
  .extend({ private_subnets: z.array(privateSubnetSchema) })
  .meta({ id: 'FirewallDetailed' });
export type FirewallDetail = z.infer<typeof firewallDetailSchema>;

export const firewallListSchema = listSchema(firewallSchema).meta({ id: 'FirewallList' });

export const createFirewallBodySchema = z
  .strictObject({ description: descriptionSchema.optional() })
  .meta({ id: 'CreateFirewallBody' });
export const updateFirewallBodySchema = z
  .strictObject({ description: descriptionSchema })
  .meta({ id: 'UpdateFirewallBody' });
export { renameBodySchema };
export const subnetAttachmentBodySchema = z
  .strictObject({
    private_subnet_id: z
      .string(requiredString('private_subnet_id'))
      .regex(idPattern('privateSubnet'), 'Must be a private subnet ID.'),
  })
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

/** An address (`.` or `:`): a CIDR; else a private subnet's ID or name, whose net4 and net6 the service looks up (the origin's `FirewallRuleOrRules`). */
export const CIDR_OR_SUBNET_MESSAGE = `${CIDR_MESSAGE} Or a private subnet's ID or name in this location.`;
export const isAddressLike = (text: string) => text.includes('.') || text.includes(':');
const cidrOrSubnetSchema = z
  .string({ error: CIDR_OR_SUBNET_MESSAGE })
  .max(64, CIDR_OR_SUBNET_MESSAGE)
  .transform((v, ctx) => {
    if (!isAddressLike(v)) return v;
    const c = normalizeCidr(v);
    if (!c) ctx.addIssue({ code: 'custom', message: CIDR_OR_SUBNET_MESSAGE });
    return c ?? v;
  });

/**
 * The origin's rule create: `cidr` may name a private subnet (a rule for each of its networks);
 * `firewall_id` and `project_id`, which its document allows, must match the path when given.
 */
export const createFirewallRuleBodySchema = z
  .strictObject({
    cidr: cidrOrSubnetSchema,
    port_range: portRangeSchema.optional(),
    protocol: protocolSchema.optional(),
    description: descriptionSchema.optional(),
    firewall_id: z.string({ error: 'firewall_id must be a string.' }).optional(),
    project_id: z.string({ error: 'project_id must be a string.' }).optional(),
  })
  .meta({ id: 'CreateFirewallRuleBody' });
export type CreateFirewallRuleBody = z.input<typeof createFirewallRuleBodySchema>;

/** The rule made, or the rules made for a subnet's networks (the origin answers an array then). */
export const firewallRuleOrRulesSchema = z
  .union([firewallRuleSchema, z.array(firewallRuleSchema)])
  .meta({ id: 'FirewallRuleOrRules' });

export const updateFirewallRuleBodySchema = z
  .strictObject({
    cidr: cidrSchema.optional(),
    port_range: portRangeSchema.optional(),
    protocol: protocolSchema.optional(),
    description: descriptionSchema.optional(),
  })
  .refine(
    (b) => Object.keys(b).length > 0,
    'Give at least one of cidr, port_range, protocol, description.',
  )
  .meta({ id: 'UpdateFirewallRuleBody' });

export const DEFAULT_PORT_RANGE = '0..65535';

/** The most rules one firewall may hold. */
export const firewallRuleQuota = {
  setting: 'FIREWALL_RULE_QUOTA',
  default: 200,
  plural: 'firewall rules',
} as const satisfies Quota & { plural: string };

export const firewallKind = resourceKind({
  idKind: 'firewall',
  table: 'firewall',
  ...FIREWALL_WORDS,
  transitionalStates: [],
  children: ['firewallRule'],
  inLocation: true,
  // A subnet's default firewall is made with it and goes with it: the subnet quota bounds those.
  quota: { setting: 'FIREWALL_QUOTA', default: 50, notCounting: 'default_for_subnet_id' },
  childQuota: firewallRuleQuota,
});

const firewallRef = z.strictObject({ ...currentLoc, firewall_reference: referenceSchema });
const firewallRuleRef = z.strictObject({
  ...currentLoc,
  firewall_reference: referenceSchema,
  firewall_rule_id: firewallRuleIdSchema,
});
const FW = `${P}/location/{location}/firewall/{firewall_reference}`;
const RULE = `${FW}/firewall-rule/{firewall_rule_id}`;
const fw = { ...current, tag: 'Firewall' } as const;
const rule = { ...current, tag: 'Firewall Rule' } as const;

// Firewalls and rules (current routes).
export const firewallRoutes = {
  listFirewalls: route({
    ...fw,
    method: 'get',
    path: `${P}/firewall`,
    summary: 'List the firewalls of the project in all locations',
    params: inProject,
    query: paginationQuerySchema,
    response: firewallListSchema,
  }),
  listLocationFirewalls: route({
    ...fw,
    method: 'get',
    path: `${P}/location/{location}/firewall`,
    summary: 'List the firewalls in a location',
    params: inLocation,
    query: paginationQuerySchema,
    response: firewallListSchema,
  }),
  createFirewall: route({
    ...fw,
    method: 'post',
    path: FW,
    summary: 'Create a firewall with this name',
    params: firewallRef,
    body: createFirewallBodySchema.optional(),
    response: firewallDetailSchema,
  }),
  getFirewall: route({
    ...fw,
    method: 'get',
    path: FW,
    summary: 'Get a firewall with its rules and attached subnets',
    params: firewallRef,
    response: firewallDetailSchema,
  }),
  updateFirewall: route({
    ...fw,
    method: 'patch',
    path: FW,
    summary: "Update a firewall's description",
    params: firewallRef,
    body: updateFirewallBodySchema,
    response: firewallDetailSchema,
  }),
  renameFirewall: route({
    ...fw,
    method: 'post',
    path: `${FW}/rename`,
    summary: 'Rename a firewall',
    params: firewallRef,
    body: renameBodySchema('firewall'),
    response: firewallDetailSchema,
  }),
  deleteFirewall: route({
    ...fw,
    method: 'delete',
    path: FW,
    summary: 'Delete a firewall (detaching it from its subnets)',
    params: firewallRef,
  }),
  attachFirewallSubnet: route({
    ...fw,
    method: 'post',
    path: `${FW}/attach-subnet`,
    summary: 'Attach a private subnet to the firewall',
    params: firewallRef,
    body: subnetAttachmentBodySchema,
    response: firewallDetailSchema,
  }),
  detachFirewallSubnet: route({
    ...fw,
    method: 'post',
    path: `${FW}/detach-subnet`,
    summary: 'Detach a private subnet from the firewall',
    params: firewallRef,
    body: subnetAttachmentBodySchema,
    response: firewallDetailSchema,
  }),
  createFirewallRuleWithId: route({
    ...rule,
    method: 'post',
    path: RULE,
    summary:
      'Create a firewall rule with a client-chosen ID (repeating it with the same content answers the same rule)',
    params: firewallRuleRef,
    body: createFirewallRuleWithIdBodySchema,
    response: legacyFirewallRuleSchema,
  }),
  createFirewallRule: route({
    ...rule,
    method: 'post',
    path: `${FW}/firewall-rule`,
    summary: 'Create a firewall rule',
    params: firewallRef,
    body: createFirewallRuleBodySchema,
    response: firewallRuleOrRulesSchema,
  }),
  getFirewallRule: route({
    ...rule,
    method: 'get',
    path: RULE,
    summary: 'Get a firewall rule',
    params: firewallRuleRef,
    response: firewallRuleSchema,
  }),
  updateFirewallRule: route({
    ...rule,
    method: 'patch',
    path: RULE,
    summary: 'Update a firewall rule',
    params: firewallRuleRef,
    body: updateFirewallRuleBodySchema,
    response: firewallRuleSchema,
  }),
  deleteFirewallRule: route({
    ...rule,
    method: 'delete',
    path: RULE,
    summary: 'Delete a firewall rule',
    params: firewallRuleRef,
  }),
} as const satisfies RouteList;
