import { z } from 'zod';
import {
  BOOT_IMAGE_NAMES,
  DEFAULT_BOOT_IMAGE,
  DEFAULT_VM_SIZE,
  VM_SIZE_NAMES,
  vmSize,
} from '../catalog.ts';
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
import { AUTHORIZED_KEYS_MESSAGE, isAuthorizedKeys, isKeyName } from './ssh-public-key.ts';
import { wireBool } from '../coerce.ts';
import { HOST_METRIC_KEYS, metricsAnswer, metricsQuery } from './metrics.ts';
import { requiredString } from '../errors.ts';
import { VM_TRANSITIONAL_STATES, VM_WORDS } from './vm-kind.ts';

export { VM_STATES, VM_TRANSITIONAL_STATES, type VmState } from './vm-kind.ts';

export const vmKind = resourceKind({
  idKind: 'vm',
  table: 'vm',
  ...VM_WORDS,
  transitionalStates: VM_TRANSITIONAL_STATES,
  children: [],
  inLocation: true,
  serviceOf: 'service_of',
  quota: { setting: 'VM_QUOTA', default: 200 },
});

/** The fields every VM record shares, the legacy list item's nine and the summary's. */
const vmCoreFields = {
  id: z.string().regex(idPattern('vm')),
  name: z.string(),
  state: z.string(),
  location: z.string(),
  size: z.string(),
  unix_user: z.string(),
  storage_size_gib: z.number().int(),
  ip6: z.ipv6().nullable(),
  ip4: z.ipv4().nullable(),
};

/** The spec's VM summary, embedded in load balancers and Kubernetes clusters (which extend it). */
export const vmSummarySchema = z.strictObject({ ...vmCoreFields, ip4_enabled: z.boolean() });
export type VmSummary = z.infer<typeof vmSummarySchema>;

/** The legacy full record: the spec's thirteen fields. */
export const vmSchema = z
  .strictObject({
    ...vmCoreFields,
    firewalls: z.array(legacyFirewallSchema),
    private_ipv4: z.ipv4(),
    private_ipv6: z.ipv6(),
    subnet: z.string(),
    /** Why the VM is `failed` (an addition to the spec's record); null otherwise. */
    state_reason: z.string().nullable(),
    /** The image the VM booted from (an addition to the spec's record, as the origin's). */
    boot_image: z.string(),
  })
  .meta({ id: 'Vm' });
export type Vm = z.infer<typeof vmSchema>;

/** List items carry the first nine fields, id through ip4. */
export const vmListItemSchema = z.strictObject(vmCoreFields).meta({ id: 'VmListItem' });
export type VmListItem = z.infer<typeof vmListItemSchema>;

export const vmListSchema = listSchema(vmListItemSchema).meta({ id: 'VmList' });
export type VmList = z.infer<typeof vmListSchema>;

export const UNIX_USER_MESSAGE =
  'unix_user must start with a lowercase letter or underscore, use lowercase letters, digits, _ or -, be at most 32 characters, and not be root.';

/** "storage_size must be one of 40, 80 (GiB) for standard-2." */
export const storageSizeMessage = (size: string) =>
  `storage_size must be one of ${vmSize(size)!.storageOptionsGib.join(', ')} (GiB) for ${size}.`;

/** A storage size must be one of the VM size's options (the console's form checks it the same way). */
export function checkStorageSize(
  body: { size: string; storage_size?: number },
  ctx: z.RefinementCtx,
): void {
  if (
    body.storage_size !== undefined &&
    !(vmSize(body.size)!.storageOptionsGib as readonly number[]).includes(body.storage_size)
  ) {
    ctx.addIssue({
      code: 'custom',
      path: ['storage_size'],
      message: storageSizeMessage(body.size),
    });
  }
}

/** The origin's GPU request "count:device"; no GPUs here, so only a count of 0 ("0:") is taken. */
const GPU_MESSAGE = "gpu field must be in the format 'count:device_name'.";
const gpuSchema = z
  .string({ error: GPU_MESSAGE })
  .regex(/^\d+:.*$/, GPU_MESSAGE)
  .superRefine((g, ctx) => {
    const count = Number(g.split(':')[0]);
    if (![0, 1, 2, 4, 8].includes(count))
      ctx.addIssue({
        code: 'custom',
        message: 'gpu count must be one of the following: 0, 1, 2, 4, 8',
      });
    else if (count > 0)
      ctx.addIssue({ code: 'custom', message: 'gpu not available for this project' });
  });

/** A VM's init script (the origin's: at most 2000 characters, run at first boot). */
export const INIT_SCRIPT_MAX = 2000;
const initScriptSchema = z
  .string({ error: 'init_script must be a string.' })
  .max(INIT_SCRIPT_MAX, `init_script must be at most ${INIT_SCRIPT_MAX} characters.`);

/** A VM's key: an OpenSSH key line, authorized_keys text, or (no space) a saved key's name, which the service looks up. */
const vmPublicKeySchema = z
  .string(requiredString('public_key'))
  .refine(
    (k) => isKeyName(k) || isAuthorizedKeys(k),
    `${AUTHORIZED_KEYS_MESSAGE} Or the name of a saved SSH public key.`,
  )
  .transform((k) => k.trim());

export const createVmBodySchema = z
  .strictObject({
    public_key: vmPublicKeySchema,
    size: z
      .enum(VM_SIZE_NAMES, { error: `size must be one of ${VM_SIZE_NAMES.join(', ')}.` })
      .default(DEFAULT_VM_SIZE),
    unix_user: z
      .string({ error: UNIX_USER_MESSAGE })
      .regex(/^[a-z_][a-z0-9_-]{0,31}$/, UNIX_USER_MESSAGE)
      .refine((u) => u !== 'root', UNIX_USER_MESSAGE)
      .default('ubi'),
    boot_image: z
      .enum(BOOT_IMAGE_NAMES, {
        // The origin's words (lib/validation.rb), its list written as Ruby prints an array.
        error: (issue) =>
          `${typeof issue.input === 'string' ? JSON.stringify(issue.input) : 'The value'} is not a valid boot image name. Available boot image names are: [${BOOT_IMAGE_NAMES.map((name) => JSON.stringify(name)).join(', ')}]`,
      })
      .default(DEFAULT_BOOT_IMAGE),
    enable_ip4: wireBool('enable_ip4 must be true or false.').default(false),
    private_subnet_id: z
      .string({ error: 'private_subnet_id must be a string.' })
      .regex(idPattern('privateSubnet'), 'Must be a private subnet ID.')
      .optional(),
    /** GiB, one of the size's storage options (behaviour.md §9); the size's default when absent. The origin's CLI sends it as a string. */
    storage_size: z
      .union(
        [
          z.number().int(),
          z
            .string()
            .regex(/^\d{1,6}$/)
            .transform(Number),
        ],
        { error: 'storage_size must be a whole number of GiB.' },
      )
      .optional(),
    init_script: initScriptSchema.optional(),
    gpu: gpuSchema.optional(),
  })
  .superRefine(checkStorageSize)
  .meta({ id: 'CreateVmBody' });
export type CreateVmBody = z.input<typeof createVmBodySchema>;

/**
 * Resize (decision 295): the new size, of the VM's family and larger; the storage grows to the
 * new size's smallest option that is not below it.
 */
export const resizeVmBodySchema = z
  .strictObject({
    size: z.enum(VM_SIZE_NAMES, { error: `size must be one of ${VM_SIZE_NAMES.join(', ')}.` }),
  })
  .meta({ id: 'ResizeVmBody' });

// Metrics: the origin's node metrics (CPU, load, memory, disk, disk I/O, network), in the same
// shape as a database's (decision 278).
export const VM_METRIC_KEYS = HOST_METRIC_KEYS;
export const vmMetricsQuerySchema = metricsQuery(VM_METRIC_KEYS);
export const vmMetricsSchema = metricsAnswer('VmMetrics');

const vmByName = z.strictObject({ ...legacyLoc, vm_name: referenceSchema });
const vmById = z.strictObject({ ...legacyLoc, vm_id: idOf('vm', 'VM') });
const vmRef = z.strictObject({ ...currentLoc, vm_reference: referenceSchema });
const VM = `${P}/location/{location_name}/vm`;
const VM_REF = `${P}/location/{location}/vm/{vm_reference}`;
const tag = 'Virtual Machine';

// Legacy routes, flat errors; actions and rename are current.
export const vmRoutes = {
  createVm: route({
    ...legacy,
    method: 'post',
    path: `${VM}/{vm_name}`,
    tag,
    summary: 'Create a VM',
    params: vmByName,
    body: createVmBodySchema,
    response: vmSchema,
  }),
  getVm: route({
    ...legacy,
    method: 'get',
    path: `${VM}/{vm_name}`,
    tag,
    summary: 'Get a VM by name (or ID)',
    params: vmByName,
    response: vmSchema,
  }),
  getVmById: route({
    ...legacy,
    method: 'get',
    path: `${VM}/id/{vm_id}`,
    tag,
    summary: 'Get a VM by ID',
    params: vmById,
    response: vmSchema,
  }),
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
  deleteVm: route({
    ...legacy,
    method: 'delete',
    path: `${VM}/{vm_name}`,
    tag,
    summary: 'Delete a VM by name (or ID)',
    params: vmByName,
  }),
  deleteVmById: route({
    ...legacy,
    method: 'delete',
    path: `${VM}/id/{vm_id}`,
    tag,
    summary: 'Delete a VM by ID',
    params: vmById,
  }),
  restartVm: route({
    ...current,
    method: 'post',
    path: `${VM_REF}/restart`,
    tag,
    summary: 'Restart a running VM',
    params: vmRef,
    response: vmSchema,
  }),
  stopVm: route({
    ...current,
    method: 'post',
    path: `${VM_REF}/stop`,
    tag,
    summary: 'Stop a running VM',
    params: vmRef,
    response: vmSchema,
  }),
  startVm: route({
    ...current,
    method: 'post',
    path: `${VM_REF}/start`,
    tag,
    summary: 'Start a stopped VM',
    params: vmRef,
    response: vmSchema,
  }),
  resizeVm: route({
    ...current,
    method: 'post',
    path: `${VM_REF}/resize`,
    tag,
    summary:
      'Resize a running VM to a larger size of its family (through resizing, back to running)',
    params: vmRef,
    body: resizeVmBodySchema,
    response: vmSchema,
  }),
  getVmMetrics: route({
    ...current,
    method: 'get',
    path: `${VM_REF}/metrics`,
    tag,
    summary: 'Time series of CPU, load, memory, disk, disk I/O and network',
    params: vmRef,
    query: vmMetricsQuerySchema,
    response: vmMetricsSchema,
  }),
  renameVm: route({
    ...current,
    method: 'post',
    path: `${VM_REF}/rename`,
    tag,
    summary: 'Rename a VM',
    params: vmRef,
    body: renameBodySchema('vm'),
    response: vmSchema,
  }),
} as const satisfies RouteList;
