// Cross-tenant matrix (issue 7), generated from the route table: every operation inside a
// project × every place an ID of another tenant can go — the project in the path (with the
// caller's own objects in the rest of it), each object reference in the path, each `…_id`
// field of the body (`…-id` too, the origin's connect) — answers exactly as a well-formed ID that does not exist does, and
// changes nothing of the other tenant (nor of the caller, when it is an error).
// A foreign project with its owner's own references (404 byte-identical to a missing project)
// is checked route by route in http/routes.test.ts; it is not repeated here.
// A new path parameter or `…_id` body field without a kind below fails this suite.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { newId, type IdKind } from '#shared/ids';
import { routes, type RouteDef } from '#shared/routes';
import { newProject } from '../../test/fixtures.ts';
import { startServer, type Reply, type TestServer } from '../../test/harness.ts';
import {
  bodyOf,
  bodyShape,
  buildWorld,
  paramNames,
  paramsOf,
  snapshotProject,
  type World,
} from '../../test/samples.ts';

/** What each path parameter names (null: not an object). */
const PATH_KIND: Record<string, IdKind | null> = {
  project_id: 'project',
  location: null,
  location_name: null,
  ps_name: 'privateSubnet',
  ps_id: 'privateSubnet',
  private_subnet_reference: 'privateSubnet',
  vm_name: 'vm',
  vm_id: 'vm',
  vm_reference: 'vm',
  firewall_reference: 'firewall',
  firewall_rule_id: 'firewallRule',
  load_balancer_reference: 'loadBalancer',
  postgres_database_reference: 'postgres',
  postgres_firewall_rule_id: 'postgresFirewallRule',
  metric_destination_id: 'postgresMetricDestination',
  log_destination_id: 'postgresLogDestination',
  installation_reference: 'installation',
  repository_reference: 'repository',
  cache_entry_id: 'githubCacheEntry',
  kubernetes_cluster_reference: 'kubernetesCluster',
  nodepool_reference: 'nodePool',
  // A node is a VM (of the cluster).
  node_name: 'vm',
  token_id: 'accessToken',
  account_id: 'account',
  invitation_id: 'invitation',
  private_subnet_id: 'privateSubnet',
  ssh_public_key_reference: 'sshPublicKey',
  webhook_reference: 'webhookEndpoint',
  delivery_id: 'webhookDelivery',
  fault_id: 'testFault',
  // Any object's ID: a VM's stands for all of them.
  object_id: 'vm',
};
/** `…_id` body fields that hold another system's ID (GitHub's installation ID), not one of ours. */
const EXTERNAL_IDS = new Set(['installation_id']);
/** What each `…_id` body field refers to. */
const BODY_KIND: Record<string, IdKind> = {
  private_subnet_id: 'privateSubnet',
  firewall_id: 'firewall',
  project_id: 'project',
  vm_id: 'vm',
  'connected-subnet-id': 'privateSubnet',
  // A hold (test mode) names any resource: a VM's stands for all of them.
  resource_id: 'vm',
};

interface Slot {
  where: 'path' | 'body';
  name: string;
  kind: IdKind;
}

function slotsOf(op: string, r: RouteDef): Slot[] {
  const path = paramNames(r).map((name): Slot | undefined => {
    if (!(name in PATH_KIND))
      throw new Error(
        `${op}: tenant.test.ts does not know what the path parameter ${name} names (add it to PATH_KIND)`,
      );
    const kind = PATH_KIND[name];
    return kind ? { where: 'path', name, kind } : undefined;
  });
  const body = Object.keys(bodyShape(r))
    .filter((name) => /[_-]id$/.test(name) && !EXTERNAL_IDS.has(name))
    .map((name): Slot => {
      const kind = BODY_KIND[name];
      if (!kind)
        throw new Error(
          `${op}: tenant.test.ts does not know what the body field ${name} refers to (add it to BODY_KIND)`,
        );
      return { where: 'body', name, kind };
    });
  return [...path, ...body].filter((s): s is Slot => s !== undefined);
}

const inProject = (Object.entries(routes) as [string, RouteDef][]).filter(([, r]) =>
  r.path.startsWith('/project/{project_id}'),
);
const stats = { cases: 0, requests: 0, serverErrors: 0 };

let t: TestServer;
let mine: World;
let theirs: World;
let account: Awaited<ReturnType<TestServer['newAccount']>>;
let theirsBefore: string;

beforeAll(async () => {
  t = await startServer();
  account = await t.newAccount();
  const other = await t.newAccount();
  [mine, theirs] = await Promise.all([
    buildWorld(t, account, await newProject(t, account.token)),
    buildWorld(t, other, await newProject(t, other.token)),
  ]);
  theirsBefore = JSON.stringify(await snapshotProject(t, theirs.project));
});
afterAll(async () => {
  console.log(
    `abuse tenant matrix: ${stats.cases} cases, ${stats.requests} requests, ${stats.serverErrors} answers 5xx`,
  );
  await t.close();
});

/** The other tenant's ID of that kind. */
function foreignId(kind: IdKind): string {
  const ids: Partial<Record<IdKind, string>> = {
    project: theirs.project,
    privateSubnet: theirs.ids.subnet,
    vm: theirs.ids.vm,
    firewall: theirs.ids.firewall,
    firewallRule: theirs.ids.rule,
    loadBalancer: theirs.ids.loadBalancer,
    postgres: theirs.ids.postgres,
    postgresFirewallRule: theirs.ids.postgresRule,
    postgresMetricDestination: theirs.ids.metricDestination,
    postgresLogDestination: theirs.ids.logDestination,
    installation: theirs.ids.installation,
    repository: theirs.ids.repository,
    githubCacheEntry: theirs.ids.cacheEntry,
    kubernetesCluster: theirs.ids.kubernetesCluster,
    nodePool: theirs.ids.nodepool,
    accessToken: theirs.ids.accessToken,
    account: theirs.ids.account,
    invitation: theirs.ids.invitation,
    sshPublicKey: theirs.ids.sshPublicKey,
    webhookEndpoint: theirs.ids.webhook,
    webhookDelivery: theirs.ids.webhookDelivery,
    testFault: theirs.ids.testFault,
  };
  const id = ids[kind];
  if (!id)
    throw new Error(`tenant.test.ts has no object of kind ${kind} in the other tenant's project`);
  return id;
}

/** Sends the route as the caller, with `value` in the slot; the caller's project must not change on an error. */
async function send(r: RouteDef, slot: Slot, value: string): Promise<Reply> {
  const before = JSON.stringify(await snapshotProject(t, mine.project));
  const params = paramsOf(r, mine.sample, slot.where === 'path' ? { [slot.name]: value } : {});
  const body =
    slot.where === 'body'
      ? { ...bodyOf(r, mine.fields), [slot.name]: value }
      : bodyOf(r, mine.fields);
  const res = await t.callRoute(r, { token: mine.token, params, body });
  stats.requests++;
  if (res.status >= 500) stats.serverErrors++;
  expect(res.status, res.text).toBeLessThan(500);
  const changed = JSON.stringify(await snapshotProject(t, mine.project)) !== before;
  if (res.status >= 400)
    expect(
      changed,
      `${r.method} ${r.path} with ${slot.name}=${value} answered ${res.status} and changed the caller's project`,
    ).toBe(false);
  // The other tenant never changes.
  expect(
    JSON.stringify(await snapshotProject(t, theirs.project)),
    `${r.method} ${r.path} with ${slot.name}=${value} changed the other tenant's project`,
  ).toBe(theirsBefore);
  // A success that changed the caller's project (a create with a new ID): start the next case from a fresh one.
  if (changed) mine = await buildWorld(t, account, await newProject(t, account.token));
  return res;
}

/** An answer with the caller's own IDs and the value sent in the slot replaced by their kind. */
function normalized(res: Reply, world: World, value: string): string {
  const names: [string, string][] = [
    [value, '<sent>'],
    [world.project, '<project>'],
    ...Object.entries(world.ids).map(([k, v]): [string, string] => [v, `<${k}>`]),
  ];
  return `${res.status} ${names.reduce((text, [id, name]) => text.split(id).join(name), res.text)}`;
}

/**
 * Slots where the client chooses a new object's ID: IDs are unique across the service
 * (decision 258), so another tenant's is taken, and answered as an ID taken in the caller's own
 * firewall is: the same 409, naming no one.
 */
const CHOSEN_IDS = new Set(['createFirewallRuleWithId firewall_rule_id']);

describe.each(inProject.map(([op, r]) => [op, r, slotsOf(op, r)] as const))(
  '%s',
  (op, r, slots) => {
    it.each(slots.map((s) => [`${s.where} ${s.name}`, s] as const))(
      "answers another tenant's ID in %s exactly as a missing one; changes neither project",
      async (_label, slot) => {
        stats.cases++;
        const foreign = foreignId(slot.kind);
        if (CHOSEN_IDS.has(`${op} ${slot.name}`)) {
          const taken = await send(r, slot, foreign);
          expect(taken.status, taken.text).toBe(409);
          expect(taken.body).toEqual({
            error: {
              code: 409,
              type: 'Conflict',
              message: 'A firewall rule with this ID already exists with other content.',
              details: null,
            },
          });
          return;
        }
        const asForeign = normalized(await send(r, slot, foreign), mine, foreign);
        const missing = newId(slot.kind);
        const asMissing = normalized(await send(r, slot, missing), mine, missing);
        expect(asForeign, `${op}: ${slot.name} of another tenant`).toBe(asMissing);
      },
    );
  },
);
