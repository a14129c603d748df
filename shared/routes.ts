// THE route table. The BFF mounts from it, the OpenAPI document is generated from it and
// the web client is typed from it. Paths are written OpenAPI-style, relative to `base`.
import { z } from 'zod';
import type { Generation } from './errors.ts';
import {
  accountSchema,
  consoleLoginBodySchema,
  consoleSessionSchema,
  loginBodySchema,
  loginSuccessSchema,
  logoutSuccessSchema,
  signupBodySchema,
} from './api/auth.ts';
import {
  createProjectBodySchema,
  projectListSchema,
  projectParamsSchema,
  projectSchema,
} from './api/project.ts';
import {
  createFirewallBodySchema,
  createFirewallRuleBodySchema,
  createFirewallRuleWithIdBodySchema,
  firewallDetailSchema,
  firewallListSchema,
  firewallRuleIdSchema,
  firewallRuleSchema,
  legacyFirewallRuleSchema,
  renameBodySchema,
  subnetAttachmentBodySchema,
  updateFirewallBodySchema,
  updateFirewallRuleBodySchema,
} from './api/firewall.ts';
import { createPrivateSubnetBodySchema, privateSubnetListSchema, privateSubnetSchema } from './api/private-subnet.ts';
import { createVmBodySchema, vmListSchema, vmSchema } from './api/vm.ts';
import { idPattern } from './ids.ts';
import { referenceSchema } from './names.ts';
import { paginationQuerySchema } from './pagination.ts';

type AnyObject = z.ZodObject<z.ZodRawShape>;

export interface RouteDef {
  method: 'get' | 'post' | 'patch' | 'delete';
  /** `/api` for the public REST API, `/auth` for the console's cookie session endpoints. */
  base: '/api' | '/auth';
  path: string;
  generation: Generation;
  /** Whether the caller must be signed in. */
  auth: boolean;
  summary: string;
  tag: string;
  params?: AnyObject;
  query?: AnyObject;
  body?: z.ZodType;
  /** Absent for 204 No Content. */
  response?: z.ZodType;
}

function route<const R extends RouteDef>(r: R): R {
  return r;
}

const P = '/project/{project_id}';
const project_id = projectParamsSchema.shape.project_id;
/** Locations are checked by the BFF (404 with the valid ones), not by the schema. */
const location = z.string();
const idOf = (kind: Parameters<typeof idPattern>[0], what: string) => z.string().regex(idPattern(kind), `Must be a ${what} ID.`);
const legacyLoc = { project_id, location_name: location };
const currentLoc = { project_id, location };

const subnetByName = z.strictObject({ ...legacyLoc, ps_name: referenceSchema });
const subnetById = z.strictObject({ ...legacyLoc, ps_id: idOf('privateSubnet', 'private subnet') });
const subnetRef = z.strictObject({ ...currentLoc, private_subnet_reference: referenceSchema });
const vmByName = z.strictObject({ ...legacyLoc, vm_name: referenceSchema });
const vmById = z.strictObject({ ...legacyLoc, vm_id: idOf('vm', 'VM') });
const vmRef = z.strictObject({ ...currentLoc, vm_reference: referenceSchema });
const firewallRef = z.strictObject({ ...currentLoc, firewall_reference: referenceSchema });
const firewallRuleRef = z.strictObject({ ...currentLoc, firewall_reference: referenceSchema, firewall_rule_id: firewallRuleIdSchema });
const inProject = z.strictObject({ project_id });
const inLegacyLocation = z.strictObject(legacyLoc);
const inLocation = z.strictObject(currentLoc);

const SUBNET = `${P}/location/{location_name}/private-subnet`;
const VM = `${P}/location/{location_name}/vm`;
const FW = `${P}/location/{location}/firewall/{firewall_reference}`;
const legacy = { base: '/api', generation: 'legacy', auth: true } as const;
const current = { base: '/api', generation: 'current', auth: true } as const;

export const routes = {
  // Sessions
  login: route({
    method: 'post', base: '/api', path: '/login', generation: 'current', auth: false, tag: 'Login',
    summary: 'Log in; the JWT is returned in the `authorization` response header',
    query: z.object(loginBodySchema.shape).partial(), body: loginBodySchema.optional(), response: loginSuccessSchema,
  }),
  logout: route({
    method: 'post', base: '/api', path: '/logout', generation: 'current', auth: true, tag: 'Login',
    summary: 'Revoke the session of the token used for this request', response: logoutSuccessSchema,
  }),

  // Console sessions (cookie based; not part of the public API document)
  consoleSignup: route({
    method: 'post', base: '/auth', path: '/signup', generation: 'current', auth: false, tag: 'Console',
    summary: 'Create an account and sign in', body: signupBodySchema, response: z.strictObject({ account: accountSchema }),
  }),
  consoleLogin: route({
    method: 'post', base: '/auth', path: '/login', generation: 'current', auth: false, tag: 'Console',
    summary: 'Sign in; sets the HttpOnly session cookie', body: consoleLoginBodySchema, response: z.strictObject({ account: accountSchema }),
  }),
  consoleLogout: route({
    method: 'post', base: '/auth', path: '/logout', generation: 'current', auth: false, tag: 'Console',
    summary: 'Sign out; revokes the session and clears the cookie',
  }),
  consoleSession: route({
    method: 'get', base: '/auth', path: '/session', generation: 'current', auth: true, tag: 'Console',
    summary: 'The signed-in account and the CSRF token for unsafe requests', response: consoleSessionSchema,
  }),

  // Projects
  listProjects: route({
    method: 'get', base: '/api', path: '/project', generation: 'current', auth: true, tag: 'Project',
    summary: "List the caller's projects", query: paginationQuerySchema, response: projectListSchema,
  }),
  createProject: route({
    method: 'post', base: '/api', path: '/project', generation: 'current', auth: true, tag: 'Project',
    summary: 'Create a project', body: createProjectBodySchema, response: projectSchema,
  }),
  getProject: route({
    method: 'get', base: '/api', path: '/project/{project_id}', generation: 'current', auth: true, tag: 'Project',
    summary: 'Get a project', params: projectParamsSchema, response: projectSchema,
  }),
  deleteProject: route({
    method: 'delete', base: '/api', path: '/project/{project_id}', generation: 'current', auth: true, tag: 'Project',
    summary: 'Delete a project (409 while it holds resources)', params: projectParamsSchema,
  }),

  // Private subnets (legacy routes, flat errors; the rename is current)
  createPrivateSubnet: route({
    ...legacy, method: 'post', path: `${SUBNET}/{ps_name}`, tag: 'Private Subnet',
    summary: 'Create a private subnet (no body; `firewall_id` attaches that firewall instead of a new default one)',
    params: subnetByName, body: createPrivateSubnetBodySchema, response: privateSubnetSchema,
  }),
  getPrivateSubnet: route({ ...legacy, method: 'get', path: `${SUBNET}/{ps_name}`, tag: 'Private Subnet', summary: 'Get a private subnet by name', params: subnetByName, response: privateSubnetSchema }),
  getPrivateSubnetById: route({ ...legacy, method: 'get', path: `${SUBNET}/id/{ps_id}`, tag: 'Private Subnet', summary: 'Get a private subnet by ID', params: subnetById, response: privateSubnetSchema }),
  listPrivateSubnets: route({ ...legacy, method: 'get', path: `${P}/private-subnet`, tag: 'Private Subnet', summary: 'List the private subnets of the project in all locations', params: inProject, query: paginationQuerySchema, response: privateSubnetListSchema }),
  listLocationPrivateSubnets: route({ ...legacy, method: 'get', path: SUBNET, tag: 'Private Subnet', summary: 'List the private subnets in a location', params: inLegacyLocation, query: paginationQuerySchema, response: privateSubnetListSchema }),
  deletePrivateSubnet: route({ ...legacy, method: 'delete', path: `${SUBNET}/{ps_name}`, tag: 'Private Subnet', summary: 'Delete a private subnet by name (409 while VMs are attached)', params: subnetByName }),
  deletePrivateSubnetById: route({ ...legacy, method: 'delete', path: `${SUBNET}/id/{ps_id}`, tag: 'Private Subnet', summary: 'Delete a private subnet by ID (409 while VMs are attached)', params: subnetById }),
  renamePrivateSubnet: route({
    ...current, method: 'post', path: `${P}/location/{location}/private-subnet/{private_subnet_reference}/rename`, tag: 'Private Subnet',
    summary: 'Rename a private subnet', params: subnetRef, body: renameBodySchema('privateSubnet'), response: privateSubnetSchema,
  }),

  // Virtual machines (legacy routes, flat errors; actions and rename are current)
  createVm: route({ ...legacy, method: 'post', path: `${VM}/{vm_name}`, tag: 'Virtual Machine', summary: 'Create a VM', params: vmByName, body: createVmBodySchema, response: vmSchema }),
  getVm: route({ ...legacy, method: 'get', path: `${VM}/{vm_name}`, tag: 'Virtual Machine', summary: 'Get a VM by name (or ID)', params: vmByName, response: vmSchema }),
  getVmById: route({ ...legacy, method: 'get', path: `${VM}/id/{vm_id}`, tag: 'Virtual Machine', summary: 'Get a VM by ID', params: vmById, response: vmSchema }),
  listVms: route({ ...legacy, method: 'get', path: `${P}/vm`, tag: 'Virtual Machine', summary: 'List the VMs of the project in all locations', params: inProject, query: paginationQuerySchema, response: vmListSchema }),
  listLocationVms: route({ ...legacy, method: 'get', path: VM, tag: 'Virtual Machine', summary: 'List the VMs in a location', params: inLegacyLocation, query: paginationQuerySchema, response: vmListSchema }),
  deleteVm: route({ ...legacy, method: 'delete', path: `${VM}/{vm_name}`, tag: 'Virtual Machine', summary: 'Delete a VM by name (or ID)', params: vmByName }),
  deleteVmById: route({ ...legacy, method: 'delete', path: `${VM}/id/{vm_id}`, tag: 'Virtual Machine', summary: 'Delete a VM by ID', params: vmById }),
  restartVm: route({ ...current, method: 'post', path: `${P}/location/{location}/vm/{vm_reference}/restart`, tag: 'Virtual Machine', summary: 'Restart a running VM', params: vmRef, response: vmSchema }),
  stopVm: route({ ...current, method: 'post', path: `${P}/location/{location}/vm/{vm_reference}/stop`, tag: 'Virtual Machine', summary: 'Stop a running VM', params: vmRef, response: vmSchema }),
  startVm: route({ ...current, method: 'post', path: `${P}/location/{location}/vm/{vm_reference}/start`, tag: 'Virtual Machine', summary: 'Start a stopped VM', params: vmRef, response: vmSchema }),
  renameVm: route({ ...current, method: 'post', path: `${P}/location/{location}/vm/{vm_reference}/rename`, tag: 'Virtual Machine', summary: 'Rename a VM', params: vmRef, body: renameBodySchema('vm'), response: vmSchema }),

  // Firewalls and rules (current routes)
  listFirewalls: route({ ...current, method: 'get', path: `${P}/firewall`, tag: 'Firewall', summary: 'List the firewalls of the project in all locations', params: inProject, query: paginationQuerySchema, response: firewallListSchema }),
  listLocationFirewalls: route({ ...current, method: 'get', path: `${P}/location/{location}/firewall`, tag: 'Firewall', summary: 'List the firewalls in a location', params: inLocation, query: paginationQuerySchema, response: firewallListSchema }),
  createFirewall: route({ ...current, method: 'post', path: FW, tag: 'Firewall', summary: 'Create a firewall with this name', params: firewallRef, body: createFirewallBodySchema.optional(), response: firewallDetailSchema }),
  getFirewall: route({ ...current, method: 'get', path: FW, tag: 'Firewall', summary: 'Get a firewall with its rules and attached subnets', params: firewallRef, response: firewallDetailSchema }),
  updateFirewall: route({ ...current, method: 'patch', path: FW, tag: 'Firewall', summary: "Update a firewall's description", params: firewallRef, body: updateFirewallBodySchema, response: firewallDetailSchema }),
  renameFirewall: route({ ...current, method: 'post', path: `${FW}/rename`, tag: 'Firewall', summary: 'Rename a firewall', params: firewallRef, body: renameBodySchema('firewall'), response: firewallDetailSchema }),
  deleteFirewall: route({ ...current, method: 'delete', path: FW, tag: 'Firewall', summary: 'Delete a firewall (detaching it from its subnets)', params: firewallRef }),
  attachFirewallSubnet: route({ ...current, method: 'post', path: `${FW}/attach-subnet`, tag: 'Firewall', summary: 'Attach a private subnet to the firewall', params: firewallRef, body: subnetAttachmentBodySchema, response: firewallDetailSchema }),
  detachFirewallSubnet: route({ ...current, method: 'post', path: `${FW}/detach-subnet`, tag: 'Firewall', summary: 'Detach a private subnet from the firewall', params: firewallRef, body: subnetAttachmentBodySchema, response: firewallDetailSchema }),
  createFirewallRuleWithId: route({
    ...current, method: 'post', path: `${FW}/firewall-rule/{firewall_rule_id}`, tag: 'Firewall Rule',
    summary: 'Create a firewall rule with a client-chosen ID (repeating it with the same content answers the same rule)',
    params: firewallRuleRef, body: createFirewallRuleWithIdBodySchema, response: legacyFirewallRuleSchema,
  }),
  createFirewallRule: route({ ...current, method: 'post', path: `${FW}/firewall-rule`, tag: 'Firewall Rule', summary: 'Create a firewall rule', params: firewallRef, body: createFirewallRuleBodySchema, response: firewallRuleSchema }),
  getFirewallRule: route({ ...current, method: 'get', path: `${FW}/firewall-rule/{firewall_rule_id}`, tag: 'Firewall Rule', summary: 'Get a firewall rule', params: firewallRuleRef, response: firewallRuleSchema }),
  updateFirewallRule: route({ ...current, method: 'patch', path: `${FW}/firewall-rule/{firewall_rule_id}`, tag: 'Firewall Rule', summary: 'Update a firewall rule', params: firewallRuleRef, body: updateFirewallRuleBodySchema, response: firewallRuleSchema }),
  deleteFirewallRule: route({ ...current, method: 'delete', path: `${FW}/firewall-rule/{firewall_rule_id}`, tag: 'Firewall Rule', summary: 'Delete a firewall rule', params: firewallRuleRef }),
} as const satisfies Record<string, RouteDef>;

export type Routes = typeof routes;
export type OperationId = keyof Routes;

type Out<T> = T extends z.ZodType ? z.output<T> : undefined;
type In<T> = T extends z.ZodType ? z.input<T> : undefined;

export type ParamsOf<Op extends OperationId> = Out<Routes[Op] extends { params: infer P } ? P : undefined>;
export type QueryOf<Op extends OperationId> = Out<Routes[Op] extends { query: infer Q } ? Q : undefined>;
export type BodyOf<Op extends OperationId> = Out<Routes[Op] extends { body: infer B } ? B : undefined>;
export type BodyInputOf<Op extends OperationId> = In<Routes[Op] extends { body: infer B } ? B : undefined>;
export type ResponseOf<Op extends OperationId> = Routes[Op] extends { response: infer R }
  ? Out<R>
  : void;

/** `/project/{project_id}` → `/project/:project_id` (Express). */
export function expressPath(path: string): string {
  return path.replace(/\{(\w+)\}/g, ':$1');
}

/** Fills an OpenAPI-style path with values (URL-encoded). */
export function fillPath(path: string, params: Record<string, string>): string {
  return path.replace(/\{(\w+)\}/g, (_, key: string) => encodeURIComponent(params[key] ?? ''));
}
