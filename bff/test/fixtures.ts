// Shared helpers for the networking and compute API tests (private subnets, VMs, firewalls).
import { expect } from 'vitest';
import { currentErrorSchema, legacyErrorSchema, type Generation } from '#shared/errors';
import { LOCATION_NAMES } from '#shared/catalog';
import { newId } from '#shared/ids';
import { parseCidr, parseIPv4, parseIPv6 } from '#shared/net';
import type { Role } from '#shared/roles';
import type { BodyInputOf, ResponseOf } from '#shared/routes';
import { expectSchema, type Reply, type TestServer } from './harness.ts';

/** A valid OpenSSH public key line. */
export const SSH_KEY =
  'ssh-ed25519 AAAAC3NzaC1lZDI1NTE5AAAAIOMqqnkVzrm0SdG6UOoqKLsabgH5C9okWi0dh2l9GKJl test@example';
export const LOC = 'eu-central-h1';
export const OTHER_LOC = 'eu-north-h1';
export const BAD_LOC = 'mars-south-1';

type ErrorInner = {
  code: number;
  type: string;
  message: string;
  details: Record<string, string> | null;
};

/** A legacy (flat) error body with this status and type; answers the body. */
export function expectLegacyError(res: Reply, status: number, type: string): ErrorInner {
  expect(res.status, res.text).toBe(status);
  const body = expectSchema(legacyErrorSchema, res.body);
  expect(body.type).toBe(type);
  expect(body.code).toBe(status);
  return body;
}

/** A current (nested) error body with this status and type; answers the inner error. */
export function expectCurrentError(res: Reply, status: number, type: string): ErrorInner {
  expect(res.status, res.text).toBe(status);
  const body = expectSchema(currentErrorSchema, res.body);
  expect(body.error.type).toBe(type);
  expect(body.error.code).toBe(status);
  return body.error;
}

export function expectError(
  generation: Generation,
  res: Reply,
  status: number,
  type: string,
): ErrorInner {
  return generation === 'legacy'
    ? expectLegacyError(res, status, type)
    : expectCurrentError(res, status, type);
}

/** The 404 of an unknown location: `details.location` lists the valid ones. */
export function expectUnknownLocation(generation: Generation, res: Reply): void {
  const e = expectError(generation, res, 404, 'ResourceNotFound');
  expect(Object.keys(e.details ?? {})).toEqual(['location']);
  for (const name of LOCATION_NAMES) expect(e.details!.location).toContain(name);
}

/** A 400 InvalidRequest whose `details` name exactly these fields. */
export function expectInvalid(generation: Generation, res: Reply, ...fields: string[]): ErrorInner {
  const e = expectError(generation, res, 400, 'InvalidRequest');
  expect(Object.keys(e.details ?? {}).sort()).toEqual([...fields].sort());
  return e;
}

export async function newProject(
  server: TestServer,
  token: string,
  name = 'proj',
): Promise<string> {
  const res = await server.call('createProject', { token, body: { name } });
  expect(res.status, res.text).toBe(200);
  return res.body.id;
}

type Account = Awaited<ReturnType<TestServer['newAccount']>>;
const owners = new WeakMap<TestServer, Promise<Account>>();
const strangers = new WeakMap<TestServer, Promise<Account>>();

/**
 * The server's test account (signed up once per server: password hashing is slow) with a
 * new project of its own, so each test starts from an empty project.
 */
export async function newOwner(server: TestServer) {
  if (!owners.has(server)) owners.set(server, server.newAccount());
  const account = await owners.get(server)!;
  const project = await newProject(server, account.token);
  return { ...account, project };
}

/** Another account, in the owner's project with this role (put there directly, no invitation). */
export async function memberWith(
  server: TestServer,
  owner: { project: string },
  role: Role,
): Promise<Account> {
  const account = await server.newAccount();
  await server.ctx.db
    .insertInto('project_member')
    .values({
      project_id: owner.project,
      account_id: account.id,
      role,
      created_at: new Date().toISOString(),
    })
    .execute();
  return account;
}

/** A second account of the server, member of none of the owner's projects. */
export function stranger(server: TestServer): Promise<Account> {
  if (!strangers.has(server)) strangers.set(server, server.newAccount());
  return strangers.get(server)!;
}

export const P = (project: string) => `/api/project/${project}`;

/** How many objects of a kind the project holds, by its list route (`count`). */
export async function countIn(
  server: TestServer,
  token: string,
  list: 'listPrivateSubnets' | 'listFirewalls' | 'listVms' | 'listLoadBalancers',
  project: string,
): Promise<number> {
  return (await server.call(list, { params: { project_id: project }, token })).body.count;
}

export const subnetPath = (project: string, name: string, loc = LOC) =>
  `${P(project)}/location/${loc}/private-subnet/${name}`;
export const vmPath = (project: string, name: string, loc = LOC) =>
  `${P(project)}/location/${loc}/vm/${name}`;
export const firewallPath = (project: string, ref: string, loc = LOC) =>
  `${P(project)}/location/${loc}/firewall/${ref}`;
export const loadBalancerPath = (project: string, ref: string, loc = LOC) =>
  `${P(project)}/location/${loc}/load-balancer/${ref}`;

/** Path values of a subnet, VM or firewall route: the project and location, then the object's own. */
export const inLoc = (project_id: string, location_name = LOC) => ({ project_id, location_name });
export const at = (project_id: string, location = LOC) => ({ project_id, location });

export async function createSubnet(
  server: TestServer,
  token: string,
  project: string,
  name: string,
  loc = LOC,
  body?: BodyInputOf<'createPrivateSubnet'>,
) {
  const res = await server.call('createPrivateSubnet', {
    token,
    params: { ...inLoc(project, loc), ps_name: name },
    body,
  });
  expect(res.status, res.text).toBe(200);
  return res.body;
}

export async function createVm(
  server: TestServer,
  token: string,
  project: string,
  name: string,
  body: Partial<BodyInputOf<'createVm'>> = {},
  loc = LOC,
) {
  const res = await server.call('createVm', {
    token,
    params: { ...inLoc(project, loc), vm_name: name },
    body: { public_key: SSH_KEY, ...body },
  });
  expect(res.status, res.text).toBe(200);
  return res.body;
}

export async function createFirewall(
  server: TestServer,
  token: string,
  project: string,
  name: string,
  loc = LOC,
  body?: BodyInputOf<'createFirewall'>,
) {
  const res = await server.call('createFirewall', {
    token,
    params: { ...at(project, loc), firewall_reference: name },
    body,
  });
  expect(res.status, res.text).toBe(200);
  return res.body;
}

export async function createLoadBalancer(
  server: TestServer,
  token: string,
  project: string,
  name: string,
  body: BodyInputOf<'createLoadBalancer'>,
  loc = LOC,
) {
  const res = await server.call('createLoadBalancer', {
    token,
    params: { ...at(project, loc), load_balancer_reference: name },
    body,
  });
  expect(res.status, res.text).toBe(200);
  return res.body;
}

export async function waitForLoadBalancerState(
  server: TestServer,
  token: string,
  project: string,
  ref: string,
  state: string,
  loc = LOC,
) {
  const get = () =>
    server.call('getLoadBalancer', {
      token,
      params: { ...at(project, loc), load_balancer_reference: ref },
    });
  const res = await pollUntil(
    get,
    (r) => r.status === 200 && r.body.state === state,
    `load balancer ${ref} to be ${state}`,
  );
  return res.body as ResponseOf<'getLoadBalancer'>;
}

/** One rule with a CIDR (a subnet's reference makes two: createFirewallRule answers them as an array). */
export async function createRule(
  server: TestServer,
  token: string,
  project: string,
  firewall: string,
  body: BodyInputOf<'createFirewallRule'>,
  loc = LOC,
) {
  const res = await server.call('createFirewallRule', {
    token,
    params: { ...at(project, loc), firewall_reference: firewall },
    body,
  });
  expect(res.status, res.text).toBe(200);
  expect(Array.isArray(res.body)).toBe(false);
  return res.body as Exclude<typeof res.body, unknown[]>;
}

/**
 * Polls `get` (every `intervalMs`, at most `tries` times) until `done` holds for its answer;
 * answers the last reply. Fails with the last reply when it never does.
 */
export async function pollUntil(
  get: () => Promise<Reply>,
  done: (r: Reply) => boolean,
  what: string,
  tries = 250,
  intervalMs = 20,
): Promise<Reply> {
  let last: Reply | undefined;
  for (let i = 0; i < tries; i++) {
    last = await get();
    if (done(last)) return last;
    await new Promise((r) => setTimeout(r, intervalMs));
  }
  throw new Error(`gave up waiting for ${what}; last answer ${last?.status} ${last?.text}`);
}

export async function waitForVmState(
  server: TestServer,
  token: string,
  project: string,
  name: string,
  state: string,
  loc = LOC,
) {
  const get = () =>
    server.call('getVm', { token, params: { ...inLoc(project, loc), vm_name: name } });
  const res = await pollUntil(
    get,
    (r) => r.status === 200 && r.body.state === state,
    `VM ${name} to be ${state}`,
  );
  return res.body as ResponseOf<'getVm'>;
}

/** Waits until GET answers 404 (the object is gone). */
export async function waitForGone(server: TestServer, token: string, path: string) {
  await pollUntil(
    () => server.request('GET', path, { token }),
    (r) => r.status === 404,
    `${path} to be gone`,
  );
}

/** Whether an IPv4 or IPv6 address lies inside a CIDR. */
export function inCidr(address: string, cidr: string): boolean {
  const net = parseCidr(cidr);
  if (!net) throw new Error(`not a CIDR: ${cidr}`);
  const value = net.family === 4 ? parseIPv4(address) : parseIPv6(address);
  if (value === undefined) return false;
  const max = net.family === 4 ? 32 : 128;
  const mask =
    net.prefix === 0 ? 0n : ((1n << BigInt(net.prefix)) - 1n) << BigInt(max - net.prefix);
  return (value & mask) === net.network;
}

/** The offset of an IPv4 address inside its IPv4 network (0 = network address). */
export function offsetIn(address: string, cidr: string): number {
  return Number(parseIPv4(address)! - parseCidr(cidr)!.network);
}

export interface ListCase {
  /** The list path without a query string. */
  path: string;
  /** The error body generation of the route. */
  generation: Generation;
  /** Every item the list must hold (in scope), as created. */
  expected: { id: string; name: string }[];
}

/**
 * The pagination contract of one list route (behaviour.md §6): default page of 10 by id,
 * page_size and an ID cursor, ordering by name with a name cursor, count ignoring the cursor,
 * bad parameters answered 400 naming the parameter. Needs at least 4 items in scope.
 */
export async function checkPagination(
  server: TestServer,
  token: string,
  listCase: ListCase,
  validItem: (item: unknown) => void,
) {
  const get = (q: string) => server.request('GET', `${listCase.path}${q}`, { token });
  const byId = [...listCase.expected].sort((a, b) => (a.id < b.id ? -1 : 1));
  const byName = [...listCase.expected].sort((a, b) =>
    a.name === b.name ? (a.id < b.id ? -1 : 1) : a.name < b.name ? -1 : 1,
  );
  const total = listCase.expected.length;
  expect(total).toBeGreaterThanOrEqual(4);

  const all = await get('?page_size=1000');
  expect(all.status, all.text).toBe(200);
  expect(all.body.count).toBe(total);
  expect(all.body.items.map((i: { id: string }) => i.id)).toEqual(byId.map((i) => i.id));
  for (const item of all.body.items) validItem(item);

  const dflt = (await get('')).body;
  expect(dflt.count).toBe(total);
  expect(dflt.items.map((i: { id: string }) => i.id)).toEqual(byId.slice(0, 10).map((i) => i.id));

  // Walk the whole list two at a time by ID cursor.
  const seen: string[] = [];
  let cursor = '';
  for (let i = 0; i < total; i += 2) {
    const page = await get(`?page_size=2${cursor ? `&start_after=${cursor}` : ''}`);
    expect(page.status, page.text).toBe(200);
    expect(page.body.count).toBe(total);
    expect(page.body.items.length).toBe(Math.min(2, total - i));
    seen.push(...page.body.items.map((x: { id: string }) => x.id));
    cursor = seen.at(-1)!;
  }
  expect(seen).toEqual(byId.map((i) => i.id));
  const after = await get(`?start_after=${cursor}`);
  expect(after.body).toEqual({ count: total, items: [] });

  const named = (await get('?order_column=name&page_size=1000')).body;
  expect(named.items.map((i: { id: string }) => i.id)).toEqual(byName.map((i) => i.id));
  const cut = byName[1]!.name;
  const afterName = (await get(`?order_column=name&start_after=${cut}&page_size=2`)).body;
  expect(afterName.count).toBe(total);
  expect(afterName.items.map((i: { id: string }) => i.id)).toEqual(
    byName
      .filter((i) => i.name > cut)
      .slice(0, 2)
      .map((i) => i.id),
  );

  const bad: [string, string][] = [
    ['?page_size=0', 'page_size'],
    ['?page_size=-1', 'page_size'],
    ['?page_size=two', 'page_size'],
    ['?page_size=1.5', 'page_size'],
    ['?order_column=created_at', 'order_column'],
    ['?start_after=not-an-id', 'start_after'],
    ['?start_after=', 'start_after'],
    [`?start_after=${newId('project')}`, 'start_after'],
    ['?page_size=2&page_size=3', 'page_size'],
  ];
  for (const [q, field] of bad) {
    const e = expectInvalid(listCase.generation, await get(q), field);
    if (field === 'order_column')
      expect(e.details!.order_column).toBe('Supported ordering columns: id, name');
  }
}

/**
 * Statuses of replies fired at once, sorted; a 400 must be "name is already taken" (or the
 * given message), never anything else.
 */
export function expectOneWinner(
  replies: Reply[],
  generation: Generation,
  taken = 'name is already taken',
): Reply {
  const statuses = replies.map((r) => r.status).sort();
  expect(statuses, replies.map((r) => r.text).join('\n')).toEqual([
    200,
    ...Array(replies.length - 1).fill(400),
  ]);
  for (const r of replies.filter((x) => x.status === 400))
    expect(expectError(generation, r, 400, 'InvalidRequest').message).toBe(taken);
  return replies.find((r) => r.status === 200)!;
}
