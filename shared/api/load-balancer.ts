// Load balancers (api-spec.md "Load balancer"; behaviour.md §10; the origin's document for the
// operations the spec does not list): a frontend port on a hostname, forwarding to a port of
// the VMs attached to it, all of them in one private subnet.
import { ownedBySchema } from './owned-by.ts';
import { z } from 'zod';
import { wireBool } from '../coerce.ts';
import { requiredString } from '../errors.ts';
import { idPattern } from '../ids.ts';
import { referenceSchema } from '../names.ts';
import { listSchema, paginationQuerySchema } from '../pagination.ts';
import { vmSummarySchema } from './vm.ts';
import {
  current,
  currentLoc,
  inLocation,
  inProject,
  P,
  renameBodySchema,
  resourceKind,
  route,
  type RouteList,
} from '../route-helpers.ts';
import { LB_TRANSITIONAL_STATES, LOAD_BALANCER_WORDS } from './load-balancer-kind.ts';

export const LB_ALGORITHMS = ['round_robin', 'hash_based'] as const;
export const LB_HEALTH_CHECK_PROTOCOLS = ['http', 'https', 'tcp'] as const;
export const LB_STACKS = ['dual', 'ipv4', 'ipv6'] as const;
export type LbAlgorithm = (typeof LB_ALGORITHMS)[number];
export type LbHealthCheckProtocol = (typeof LB_HEALTH_CHECK_PROTOCOLS)[number];
export type LbStack = (typeof LB_STACKS)[number];

/** The origin's defaults for what a create may leave out. */
export const LB_DEFAULTS = {
  algorithm: 'round_robin',
  health_check_protocol: 'http',
  health_check_endpoint: '/up',
  stack: 'dual',
  cert_enabled: false,
} as const satisfies {
  algorithm: LbAlgorithm;
  health_check_protocol: LbHealthCheckProtocol;
  health_check_endpoint: string;
  stack: LbStack;
  cert_enabled: boolean;
};

export { LB_STATES, LB_TRANSITIONAL_STATES, type LbState } from './load-balancer-kind.ts';
/** What the (simulated) data plane's health check reports for an attached VM. */
export const LB_VM_HEALTH = ['up', 'down'] as const;
export type LbVmHealth = (typeof LB_VM_HEALTH)[number];

export const loadBalancerKind = resourceKind({
  idKind: 'loadBalancer',
  table: 'load_balancer',
  ...LOAD_BALANCER_WORDS,
  transitionalStates: LB_TRANSITIONAL_STATES,
  children: [],
  inLocation: true,
  quota: { setting: 'LOAD_BALANCER_QUOTA', default: 20 },
});

/** The VM summary of the spec (embedded in load balancers), with its health in this load balancer (decision 090). */
export const lbVmSchema = vmSummarySchema
  .extend({ health: z.enum(LB_VM_HEALTH) })
  .meta({ id: 'LoadBalancerVm' });
export type LbVm = z.infer<typeof lbVmSchema>;

/** The spec's required and optional fields, plus `state` (decision 090). */
export const loadBalancerSchema = z
  .strictObject({
    id: z.string().regex(idPattern('loadBalancer')),
    name: z.string(),
    location: z.string(),
    hostname: z.string(),
    algorithm: z.string(),
    src_port: z.number().int(),
    dst_port: z.number().int(),
    health_check_endpoint: z.string(),
    health_check_protocol: z.string(),
    subnet: z.string(),
    vms: z.array(lbVmSchema),
    stack: z.string().optional(),
    cert_enabled: z.boolean().optional(),
    state: z.string(),
    /** Why the load balancer is `failed` (an addition to the spec's record); null otherwise. */
    state_reason: z.string().nullable(),
    /** The cluster a services load balancer was made for (decision 287); null otherwise. */
    owned_by: ownedBySchema,
  })
  .meta({ id: 'LoadBalancer' });
export type LoadBalancer = z.infer<typeof loadBalancerSchema>;

export const loadBalancerListSchema = listSchema(loadBalancerSchema).meta({
  id: 'LoadBalancerList',
});
export type LoadBalancerList = z.infer<typeof loadBalancerListSchema>;

const PORT_MESSAGE = (field: string) => `${field} must be an integer from 1 to 65535.`;
/** A port: an integer, or its decimal digits in a string (the origin's CLI sends them so). */
const portSchema = (field: string) =>
  z
    .union(
      [
        z.number({ error: PORT_MESSAGE(field) }),
        z
          .string({ error: PORT_MESSAGE(field) })
          .regex(/^\d{1,5}$/, PORT_MESSAGE(field))
          .transform(Number),
      ],
      { error: PORT_MESSAGE(field) },
    )
    .pipe(
      z
        .number()
        .int(PORT_MESSAGE(field))
        .min(1, PORT_MESSAGE(field))
        .max(65535, PORT_MESSAGE(field)),
    );

/**
 * A value of the origin's database enum: any other text is refused as its database refuses it,
 * "<field> is not one of the supported values (<sorted values>)", as the whole message
 * (`bare`: no details; bff/src/errors.ts).
 */
const originEnumSchema = <const T extends readonly [string, ...string[]]>(
  field: string,
  values: T,
) =>
  z
    .string({ error: `${field} must be a string.` })
    .refine((v) => (values as readonly string[]).includes(v), {
      message: `${field} is not one of the supported values (${[...values].sort().join(', ')})`,
      params: { bare: true },
    })
    .pipe(z.enum(values))
    // The document still lists the values.
    .meta({ enum: [...values] });
const algorithmSchema = originEnumSchema('algorithm', LB_ALGORITHMS);
const protocolSchema = originEnumSchema('health_check_protocol', LB_HEALTH_CHECK_PROTOCOLS);
const stackSchema = z.enum(LB_STACKS, { error: `stack must be one of ${LB_STACKS.join(', ')}.` });
/** A boolean, or "true"/"1"/"false"/"0" (the origin's coercion). */
const certEnabledSchema = wireBool('cert_enabled must be true or false.');

export const HEALTH_CHECK_ENDPOINT_MESSAGE =
  'health_check_endpoint must be 1 to 255 visible characters (a path such as /up), without spaces or control characters.';
/** What the health check asks for: the origin takes any non-empty text; ours is visible ASCII without spaces (usable in a request line). */
export const healthCheckEndpointSchema = z
  .string({ error: HEALTH_CHECK_ENDPOINT_MESSAGE })
  .regex(/^[\x21-\x7e]{1,255}$/, HEALTH_CHECK_ENDPOINT_MESSAGE);

const vmIdSchema = (field: string) =>
  z
    .string(requiredString(field))
    .regex(idPattern('vm'), `${field} must be a VM ID ("vm" and 24 base32 characters).`);

export const createLoadBalancerBodySchema = z
  .strictObject({
    private_subnet_id: z
      .string(requiredString('private_subnet_id'))
      .regex(idPattern('privateSubnet'), 'Must be a private subnet ID.'),
    src_port: portSchema('src_port'),
    dst_port: portSchema('dst_port'),
    algorithm: algorithmSchema.default(LB_DEFAULTS.algorithm),
    health_check_endpoint: healthCheckEndpointSchema.default(LB_DEFAULTS.health_check_endpoint),
    health_check_protocol: protocolSchema.default(LB_DEFAULTS.health_check_protocol),
    stack: stackSchema.default(LB_DEFAULTS.stack),
    /** Default (the service's): on for an https health check, as the origin's. */
    cert_enabled: certEnabledSchema.optional(),
  })
  .meta({ id: 'CreateLoadBalancerBody' });
export type CreateLoadBalancerBody = z.input<typeof createLoadBalancerBodySchema>;

/** The most VMs one load balancer may hold (the project's VM quota bounds it anyway). */
export const LB_MAX_VMS = 200;

/** The whole configuration, as the origin's PATCH takes it: `vms` is the set of attached VM IDs. */
export const updateLoadBalancerBodySchema = z
  .strictObject({
    algorithm: algorithmSchema,
    src_port: portSchema('src_port'),
    dst_port: portSchema('dst_port'),
    health_check_endpoint: healthCheckEndpointSchema,
    vms: z
      .array(vmIdSchema('vms'), { error: 'vms must be an array of VM IDs.' })
      .max(LB_MAX_VMS, `vms may hold at most ${LB_MAX_VMS} VM IDs.`),
    health_check_protocol: protocolSchema.optional(),
    cert_enabled: certEnabledSchema.optional(),
    /** The origin's document lists it; its PATCH does not change the stack, nor does ours. */
    stack: stackSchema.optional(),
  })
  .meta({ id: 'UpdateLoadBalancerBody' });
export type UpdateLoadBalancerBody = z.input<typeof updateLoadBalancerBodySchema>;

/** Any text: one that names no VM of the project there is the origin's 400 "No matching VM found". */
export const loadBalancerVmBodySchema = z
  .strictObject({ vm_id: z.string(requiredString('vm_id')) })
  .meta({ id: 'LoadBalancerVmBody' });
export const toggleSslCertificateBodySchema = z
  .strictObject({ cert_enabled: certEnabledSchema })
  .meta({ id: 'ToggleSslCertificateBody' });

const lbRef = z.strictObject({ ...currentLoc, load_balancer_reference: referenceSchema });
const LB = `${P}/location/{location}/load-balancer/{load_balancer_reference}`;
const lb = { ...current, tag: 'Load Balancer' } as const;

export const loadBalancerRoutes = {
  listLoadBalancers: route({
    ...lb,
    method: 'get',
    path: `${P}/load-balancer`,
    summary: 'List the load balancers of the project in all locations',
    params: inProject,
    query: paginationQuerySchema,
    response: loadBalancerListSchema,
  }),
  listLocationLoadBalancers: route({
    ...lb,
    method: 'get',
    path: `${P}/location/{location}/load-balancer`,
    summary: 'List the load balancers in a location',
    params: inLocation,
    query: paginationQuerySchema,
    response: loadBalancerListSchema,
  }),
  createLoadBalancer: route({
    ...lb,
    method: 'post',
    path: LB,
    summary: 'Create a load balancer with this name in a private subnet',
    params: lbRef,
    body: createLoadBalancerBodySchema,
    response: loadBalancerSchema,
  }),
  getLoadBalancer: route({
    ...lb,
    method: 'get',
    path: LB,
    summary: 'Get a load balancer with its VMs and their health',
    params: lbRef,
    response: loadBalancerSchema,
  }),
  updateLoadBalancer: route({
    ...lb,
    method: 'patch',
    path: LB,
    summary: "Update a load balancer's configuration and the set of its VMs",
    params: lbRef,
    body: updateLoadBalancerBodySchema,
    response: loadBalancerSchema,
  }),
  renameLoadBalancer: route({
    ...lb,
    method: 'post',
    path: `${LB}/rename`,
    summary: 'Rename a load balancer',
    params: lbRef,
    body: renameBodySchema('loadBalancer'),
    response: loadBalancerSchema,
  }),
  deleteLoadBalancer: route({
    ...lb,
    method: 'delete',
    path: LB,
    summary: 'Delete a load balancer (its VMs stay)',
    params: lbRef,
  }),
  attachLoadBalancerVm: route({
    ...lb,
    method: 'post',
    path: `${LB}/attach-vm`,
    summary: "Attach a VM of the project in the load balancer's location",
    params: lbRef,
    body: loadBalancerVmBodySchema,
    response: loadBalancerSchema,
  }),
  detachLoadBalancerVm: route({
    ...lb,
    method: 'post',
    path: `${LB}/detach-vm`,
    summary: 'Detach a VM from the load balancer',
    params: lbRef,
    body: loadBalancerVmBodySchema,
    response: loadBalancerSchema,
  }),
  toggleLoadBalancerSslCertificate: route({
    ...lb,
    method: 'post',
    path: `${LB}/toggle-ssl-certificate`,
    summary: 'Enable or disable the SSL certificate of the load balancer',
    params: lbRef,
    body: toggleSslCertificateBodySchema,
    response: loadBalancerSchema,
  }),
} as const satisfies RouteList;
