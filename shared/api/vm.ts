import { z } from 'zod';
import { BOOT_IMAGE_NAMES, DEFAULT_BOOT_IMAGE, DEFAULT_VM_SIZE, VM_SIZE_NAMES } from '../catalog.ts';
import { requiredString } from '../errors.ts';
import { idPattern } from '../ids.ts';
import { isOpenSshPublicKey, SSH_KEY_MESSAGE } from '../net.ts';
import { referenceSchema } from '../names.ts';
import { listSchema, paginationQuerySchema } from '../pagination.ts';
import { current, currentLoc, idOf, inLegacyLocation, inProject, legacy, legacyLoc, P, renameBodySchema, resourceKind, route, type RouteList } from '../route-helpers.ts';
import { legacyFirewallSchema } from './firewall.ts';

export const VM_STATES = ['creating', 'running', 'restarting', 'stopping', 'stopped', 'starting', 'deleting', 'failed'] as const;
export type VmState = (typeof VM_STATES)[number];

export const vmKind = resourceKind({
  idKind: 'vm',
  table: 'vm',
  singular: 'VM',
  plural: 'VMs',
  transitionalStates: ['creating', 'restarting', 'stopping', 'starting', 'deleting'] satisfies VmState[],
  children: [],
  inLocation: true,
  serviceOf: 'postgres_id',
  quota: { setting: 'VM_QUOTA', default: 200 },
});
/** States a VM passes through on its own; the console polls while one is on screen. */
export const VM_TRANSITIONAL_STATES = vmKind.transitionalStates;

/** The legacy full record: the spec's thirteen fields. */
export const vmSchema = z
  .strictObject({
    id: z.string().regex(idPattern('vm')),
    name: z.string(),
    state: z.string(),
    location: z.string(),
    size: z.string(),
    unix_user: z.string(),
    storage_size_gib: z.number().int(),
    ip6: z.ipv6().nullable(),
    ip4: z.ipv4().nullable(),
    firewalls: z.array(legacyFirewallSchema),
    private_ipv4: z.ipv4(),
    private_ipv6: z.ipv6(),
    subnet: z.string(),
  })
  .meta({ id: 'Vm' });
export type Vm = z.infer<typeof vmSchema>;

/** List items carry the first nine fields, id through ip4. */
export const vmListItemSchema = vmSchema
  .pick({ id: true, name: true, state: true, location: true, size: true, unix_user: true, storage_size_gib: true, ip6: true, ip4: true })
  .meta({ id: 'VmListItem' });
export type VmListItem = z.infer<typeof vmListItemSchema>;

export const vmListSchema = listSchema(vmListItemSchema).meta({ id: 'VmList' });
export type VmList = z.infer<typeof vmListSchema>;

export const UNIX_USER_MESSAGE = 'unix_user must start with a lowercase letter or underscore, use lowercase letters, digits, _ or -, be at most 32 characters, and not be root.';

export const createVmBodySchema = z
  .strictObject({
    public_key: z
      .string(requiredString('public_key'))
      .refine(isOpenSshPublicKey, SSH_KEY_MESSAGE)
      .transform((k) => k.trim()),
    size: z.enum(VM_SIZE_NAMES, { error: `size must be one of ${VM_SIZE_NAMES.join(', ')}.` }).default(DEFAULT_VM_SIZE),
    unix_user: z
      .string({ error: UNIX_USER_MESSAGE })
      .regex(/^[a-z_][a-z0-9_-]{0,31}$/, UNIX_USER_MESSAGE)
      .refine((u) => u !== 'root', UNIX_USER_MESSAGE)
      .default('ubi'),
    boot_image: z.enum(BOOT_IMAGE_NAMES, { error: `boot_image must be one of ${BOOT_IMAGE_NAMES.join(', ')}.` }).default(DEFAULT_BOOT_IMAGE),
    enable_ip4: z.boolean({ error: 'enable_ip4 must be true or false.' }).default(false),
    private_subnet_id: z.string({ error: 'private_subnet_id must be a string.' }).regex(idPattern('privateSubnet'), 'Must be a private subnet ID.').optional(),
  })
  .meta({ id: 'CreateVmBody' });
export type CreateVmBody = z.input<typeof createVmBodySchema>;

const vmByName = z.strictObject({ ...legacyLoc, vm_name: referenceSchema });
const vmById = z.strictObject({ ...legacyLoc, vm_id: idOf('vm', 'VM') });
const vmRef = z.strictObject({ ...currentLoc, vm_reference: referenceSchema });
const VM = `${P}/location/{location_name}/vm`;
const VM_REF = `${P}/location/{location}/vm/{vm_reference}`;
const tag = 'Virtual Machine';

// Legacy routes, flat errors; actions and rename are current.
export const vmRoutes = {
  createVm: route({ ...legacy, method: 'post', path: `${VM}/{vm_name}`, tag, summary: 'Create a VM', params: vmByName, body: createVmBodySchema, response: vmSchema }),
  getVm: route({ ...legacy, method: 'get', path: `${VM}/{vm_name}`, tag, summary: 'Get a VM by name (or ID)', params: vmByName, response: vmSchema }),
  getVmById: route({ ...legacy, method: 'get', path: `${VM}/id/{vm_id}`, tag, summary: 'Get a VM by ID', params: vmById, response: vmSchema }),
  listVms: route({
    ...legacy,
    method: 'get',
    path: `${P}/vm`,
    tag,
    summary: 'List the VMs of the project in all locations',
    params: inProject,
    query: paginationQuerySchema,
    response: vmListSchema,
  }),
  listLocationVms: route({
    ...legacy,
    method: 'get',
    path: VM,
    tag,
    summary: 'List the VMs in a location',
    params: inLegacyLocation,
    query: paginationQuerySchema,
    response: vmListSchema,
  }),
  deleteVm: route({ ...legacy, method: 'delete', path: `${VM}/{vm_name}`, tag, summary: 'Delete a VM by name (or ID)', params: vmByName }),
  deleteVmById: route({ ...legacy, method: 'delete', path: `${VM}/id/{vm_id}`, tag, summary: 'Delete a VM by ID', params: vmById }),
  restartVm: route({ ...current, method: 'post', path: `${VM_REF}/restart`, tag, summary: 'Restart a running VM', params: vmRef, response: vmSchema }),
  stopVm: route({ ...current, method: 'post', path: `${VM_REF}/stop`, tag, summary: 'Stop a running VM', params: vmRef, response: vmSchema }),
  startVm: route({ ...current, method: 'post', path: `${VM_REF}/start`, tag, summary: 'Start a stopped VM', params: vmRef, response: vmSchema }),
  renameVm: route({ ...current, method: 'post', path: `${VM_REF}/rename`, tag, summary: 'Rename a VM', params: vmRef, body: renameBodySchema('vm'), response: vmSchema }),
} as const satisfies RouteList;
