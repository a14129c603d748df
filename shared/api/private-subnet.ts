import { z } from 'zod';
import { requiredString } from '../errors.ts';
import { idPattern } from '../ids.ts';
import { referenceSchema } from '../names.ts';
import { listSchema, paginationQuerySchema } from '../pagination.ts';
import {
  current,
  currentLoc,
  idOf,
  inLegacyLocation,
  inProject,
  legacy,
  legacyLoc,
  P,
  renameBodySchema,
  resourceKind,
  route,
  type RouteList,
} from '../route-helpers.ts';
import { legacyFirewallSchema } from './firewall-legacy.ts';
import { PRIVATE_SUBNET_TRANSITIONAL_STATES, PRIVATE_SUBNET_WORDS } from './private-subnet-kind.ts';

export const nicSchema = z
  .strictObject({
    id: z.string().regex(idPattern('nic')),
    name: z.string(),
    private_ipv4: z.ipv4(),
    private_ipv6: z.ipv6(),
    vm_name: z.string().nullable(),
  })
  .meta({ id: 'Nic' });
export type Nic = z.infer<typeof nicSchema>;

export const privateSubnetSchema = z
  .strictObject({
    id: z.string().regex(idPattern('privateSubnet')),
    name: z.string(),
    location: z.string(),
    state: z.string(),
    net4: z.string(),
    net6: z.string(),
    firewalls: z.array(legacyFirewallSchema),
    nics: z.array(nicSchema),
  })
  .meta({ id: 'PrivateSubnet' });
export type PrivateSubnet = z.infer<typeof privateSubnetSchema>;

export const privateSubnetListSchema = listSchema(privateSubnetSchema).meta({
  id: 'PrivateSubnetList',
});
export type PrivateSubnetList = z.infer<typeof privateSubnetListSchema>;

/** Legacy create takes no body; `firewall_id` attaches that firewall instead of a new default one. */
export const createPrivateSubnetBodySchema = z
  .strictObject({
    firewall_id: z.string().regex(idPattern('firewall'), 'Must be a firewall ID.').optional(),
  })
  .optional()
  .meta({ id: 'CreatePrivateSubnetBody' });

const subnetIdField = (name: string) =>
  z.string(requiredString(name)).regex(idPattern('privateSubnet'), 'Must be a private subnet ID.');

/**
 * The origin's connect body: the ID of a subnet of the project in the same location, as
 * `connected-subnet-id` (the API document's name) or `connected-subnet-ubid` (what the origin's
 * Ruby SDK sends): exactly one of them (decision 197).
 */
export const connectPrivateSubnetBodySchema = z
  .strictObject({
    'connected-subnet-id': subnetIdField('connected-subnet-id').optional(),
    'connected-subnet-ubid': subnetIdField('connected-subnet-ubid').optional().meta({
      description: "A synonym of connected-subnet-id, as the origin's Ruby SDK sends it.",
    }),
  })
  .superRefine((body, ctx) => {
    const given = ['connected-subnet-id', 'connected-subnet-ubid'].filter(
      (k) => body[k as keyof typeof body] !== undefined,
    );
    if (given.length !== 1)
      ctx.addIssue({
        code: 'custom',
        path: ['connected-subnet-id'],
        message: given.length
          ? 'Give connected-subnet-id or connected-subnet-ubid, not both.'
          : 'connected-subnet-id is required.',
      });
  })
  .meta({ id: 'ConnectPrivateSubnetBody' });
/** The subnet a connect body names, by either of its field names. */
export const connectedSubnetIdOf = (body: ConnectPrivateSubnetBody): string =>
  (body['connected-subnet-id'] ?? body['connected-subnet-ubid'])!;
export type ConnectPrivateSubnetBody = z.infer<typeof connectPrivateSubnetBodySchema>;

/** A subnet connected to another one (both ways): the console's "Connected subnets" (decision 197). */
export const connectedSubnetSchema = privateSubnetSchema
  .pick({ id: true, name: true, location: true, state: true, net4: true, net6: true })
  .meta({ id: 'ConnectedPrivateSubnet' });
export type ConnectedSubnet = z.infer<typeof connectedSubnetSchema>;
export const connectedSubnetListSchema = listSchema(connectedSubnetSchema).meta({
  id: 'ConnectedPrivateSubnetList',
});
export type ConnectedSubnetList = z.infer<typeof connectedSubnetListSchema>;

export const privateSubnetKind = resourceKind({
  idKind: 'privateSubnet',
  table: 'private_subnet',
  ...PRIVATE_SUBNET_WORDS,
  transitionalStates: PRIVATE_SUBNET_TRANSITIONAL_STATES,
  children: ['nic'],
  inLocation: true,
  quota: { setting: 'SUBNET_QUOTA', default: 100 },
});

const subnetByName = z.strictObject({ ...legacyLoc, ps_name: referenceSchema });
const subnetById = z.strictObject({ ...legacyLoc, ps_id: idOf('privateSubnet', 'private subnet') });
const subnetRef = z.strictObject({ ...currentLoc, private_subnet_reference: referenceSchema });
const SUBNET = `${P}/location/{location_name}/private-subnet`;
const SUBNET_REF = `${P}/location/{location}/private-subnet/{private_subnet_reference}`;
const disconnectParams = z.strictObject({
  ...currentLoc,
  private_subnet_reference: referenceSchema,
  private_subnet_id: idOf('privateSubnet', 'private subnet'),
});
const tag = 'Private Subnet';

// Legacy routes, flat errors; the rename is current.
export const privateSubnetRoutes = {
  createPrivateSubnet: route({
    ...legacy,
    method: 'post',
    path: `${SUBNET}/{ps_name}`,
    tag,
    summary:
      'Create a private subnet (no body; `firewall_id` attaches that firewall instead of a new default one)',
    params: subnetByName,
    body: createPrivateSubnetBodySchema,
    response: privateSubnetSchema,
  }),
  getPrivateSubnet: route({
    ...legacy,
    method: 'get',
    path: `${SUBNET}/{ps_name}`,
    tag,
    summary: 'Get a private subnet by name',
    params: subnetByName,
    response: privateSubnetSchema,
  }),
  getPrivateSubnetById: route({
    ...legacy,
    method: 'get',
    path: `${SUBNET}/id/{ps_id}`,
    tag,
    summary: 'Get a private subnet by ID',
    params: subnetById,
    response: privateSubnetSchema,
  }),
  listPrivateSubnets: route({
    ...legacy,
    method: 'get',
    path: `${P}/private-subnet`,
    tag,
    summary: 'List the private subnets of the project in all locations',
    params: inProject,
    query: paginationQuerySchema,
    response: privateSubnetListSchema,
  }),
  listLocationPrivateSubnets: route({
    ...legacy,
    method: 'get',
    path: SUBNET,
    tag,
    summary: 'List the private subnets in a location',
    params: inLegacyLocation,
    query: paginationQuerySchema,
    response: privateSubnetListSchema,
  }),
  deletePrivateSubnet: route({
    ...legacy,
    method: 'delete',
    path: `${SUBNET}/{ps_name}`,
    tag,
    summary: 'Delete a private subnet by name (409 while VMs are attached)',
    params: subnetByName,
  }),
  deletePrivateSubnetById: route({
    ...legacy,
    method: 'delete',
    path: `${SUBNET}/id/{ps_id}`,
    tag,
    summary: 'Delete a private subnet by ID (409 while VMs are attached)',
    params: subnetById,
  }),
  renamePrivateSubnet: route({
    ...current,
    method: 'post',
    path: `${SUBNET_REF}/rename`,
    tag,
    summary: 'Rename a private subnet',
    params: subnetRef,
    body: renameBodySchema('privateSubnet'),
    response: privateSubnetSchema,
  }),
  connectPrivateSubnet: route({
    ...current,
    method: 'post',
    path: `${SUBNET_REF}/connect`,
    tag,
    summary:
      'Connect another subnet of the project in the same location (both ways; again: no change)',
    params: subnetRef,
    body: connectPrivateSubnetBodySchema,
    response: privateSubnetSchema,
  }),
  disconnectPrivateSubnet: route({
    ...current,
    method: 'post',
    path: `${SUBNET_REF}/disconnect/{private_subnet_id}`,
    tag,
    summary: 'Disconnect a connected subnet (one not connected: no change)',
    params: disconnectParams,
    response: privateSubnetSchema,
  }),
  listConnectedPrivateSubnets: route({
    ...current,
    method: 'get',
    path: `${SUBNET_REF}/connected-subnet`,
    tag,
    summary: 'List the subnets connected to a private subnet',
    params: subnetRef,
    query: paginationQuerySchema,
    response: connectedSubnetListSchema,
  }),
} as const satisfies RouteList;
