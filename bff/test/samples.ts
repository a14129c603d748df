// A request for every route of the table, from samples: a project that holds one object of
// each kind (all named `shared`, settled), path values per parameter name and body values per
// field name. A route with a parameter or a required field that has no sample fails the suite
// that asks for it (add the sample here), so new routes are never skipped silently.
import { expect } from 'vitest';
import { z } from 'zod';
import { newId } from '#shared/ids';
import type { RouteDef } from '#shared/routes';
import type { TestServer } from './harness.ts';
import {
  createFirewall,
  createLoadBalancer,
  createRule,
  createSubnet,
  createVm,
  LOC,
  pollUntil,
  SSH_KEY,
  waitForLoadBalancerState,
  waitForVmState,
} from './fixtures.ts';

export interface World {
  token: string;
  project: string;
  /** A path value per parameter name. */
  sample: Record<string, string>;
  /** A valid body value per body field name. */
  fields: Record<string, unknown>;
  /** The IDs of its objects. */
  ids: {
    subnet: string;
    vm: string;
    firewall: string;
    rule: string;
    loadBalancer: string;
    postgres: string;
    postgresRule: string;
    metricDestination: string;
    logDestination: string;
    installation: string;
    repository: string;
    cacheEntry: string;
    kubernetesCluster: string;
    nodepool: string;
    accessToken: string;
    /** The account that built it (the project's admin). */
    account: string;
    /** A pending invitation, to an address without an account. */
    invitation: string;
    /** A second subnet of the location, connected to the first. */
    peerSubnet: string;
    sshPublicKey: string;
    webhook: string;
    webhookDelivery: string;
    /** A fault rule (test mode) that no job of the project meets. */
    testFault: string;
  };
}

/** Body values for one body schema (by its OpenAPI name) where the shared field sample does not fit it. */
const BODY_SAMPLES: Record<string, Record<string, unknown>> = {
  // A superuser password must be strong; `password` is otherwise the account's (login, sign-up).
  ResetSuperuserPasswordBody: { password: 'Sampl3-Superuser-Passw0rd' },
  // `token` is otherwise a mailed link's; this one has a personal access token's form.
  ConsoleTokenLoginBody: { token: `cct_${'A'.repeat(43)}` },
  // `size` is otherwise a database's; the sample VM (standard-2) grows to this one.
  ResizeVmBody: { size: 'standard-4' },
};

/**
 * Fills the project with a subnet, a VM in it (running, so nothing moves on by itself), a
 * firewall and a rule, a load balancer in the subnet holding the VM (running), a database and a Kubernetes
 * cluster (running), all named `name`; a pending invitation; a second subnet `<name>-peer`
 * connected to the first, and a saved SSH public key.
 */
export async function buildWorld(
  server: TestServer,
  account: { id: string; token: string; email: string; password: string },
  project: string,
  name = 'shared',
): Promise<World> {
  const { token } = account;
  const ps = await createSubnet(server, token, project, name);
  // A public IPv4: the load balancer below (dual stack) takes only such VMs.
  await createVm(server, token, project, name, { private_subnet_id: ps.id, enable_ip4: true });
  const vm = await waitForVmState(server, token, project, name, 'running');
  const peer = await createSubnet(server, token, project, `${name}-peer`);
  const connected = await server.call('connectPrivateSubnet', {
    token,
    params: { project_id: project, location: LOC, private_subnet_reference: name },
    body: { 'connected-subnet-id': peer.id },
  });
  expect(connected.status, connected.text).toBe(200);
  const key = await server.call('createSshPublicKey', {
    token,
    params: { project_id: project },
    body: { name, public_key: SSH_KEY },
  });
  expect(key.status, key.text).toBe(200);
  const fw = await createFirewall(server, token, project, name);
  const rule = await createRule(server, token, project, name, { cidr: '10.0.0.0/8' });
  await createLoadBalancer(server, token, project, name, {
    private_subnet_id: ps.id,
    src_port: 80,
    dst_port: 8080,
  });
  await server.call('attachLoadBalancerVm', {
    token,
    params: { project_id: project, location: LOC, load_balancer_reference: name },
    body: { vm_id: vm.id },
  });
  const lb = await waitForLoadBalancerState(server, token, project, name, 'running');
  // A database, running, with a rule of its own and a metric and a log destination.
  const at = { project_id: project, location: LOC, postgres_database_reference: name };
  const created = await server.call('createPostgresDatabase', {
    token,
    params: at,
    body: { size: 'hobby-1' },
  });
  expect(created.status, created.text).toBe(200);
  const pg = await pollUntil(
    () => server.call('getPostgresDatabase', { token, params: at }),
    (r) => r.status === 200 && r.body.state === 'running',
    `database ${name} to run`,
  );
  const pgRule = await server.call('createPostgresFirewallRule', {
    token,
    params: at,
    body: { cidr: '198.51.100.0/24', description: 'office' },
  });
  const metrics = await server.call('createPostgresMetricDestination', {
    token,
    params: at,
    body: { url: 'https://metrics.example.com/api/v1/write', username: 'm', password: 'p' },
  });
  const logs = await server.call('createPostgresLogDestination', {
    token,
    params: at,
    body: { name: 'otel', type: 'otlp', url: 'https://otel.example.com/v1/logs' },
  });
  expect([pgRule.status, metrics.status, logs.status]).toEqual([200, 200, 200]);
  const [metricDestination] = (
    await server.call('listPostgresMetricDestinations', { token, params: at })
  ).body.items;
  const [logDestination] = (await server.call('listPostgresLogDestinations', { token, params: at }))
    .body.items;
  // A code-host installation (the simulated provider's demo) with its repository `api` and a cache entry.
  const installation = await server.call('connectGithubInstallation', {
    token,
    params: { project_id: project },
  });
  expect(installation.status, installation.text).toBe(200);
  const inRepo = {
    project_id: project,
    installation_reference: installation.body.name,
    repository_reference: 'api',
  };
  const repository = (await server.call('getGithubRepository', { token, params: inRepo })).body;
  const [cacheEntry] = (await server.call('listGithubCacheEntries', { token, params: inRepo })).body
    .items;
  // A Kubernetes cluster (the smallest: one control-plane node, one worker), running.
  const kcAt = { project_id: project, location: LOC, kubernetes_cluster_reference: name };
  expect(
    (await server.call('createKubernetesCluster', { token, params: kcAt, body: {} })).status,
  ).toBe(200);
  const kc = await pollUntil(
    () => server.call('getKubernetesCluster', { token, params: kcAt }),
    (r) =>
      r.status === 200 &&
      r.body.display_state === 'running' &&
      r.body.nodepools[0].vms.every((v: { state: string }) => v.state === 'running'),
    `cluster ${name} to run`,
  );
  const nodepool = kc.body.nodepools[0]!;
  // A personal access token of the project's creator.
  const accessToken = await server.call('issueToken', {
    token,
    params: { project_id: project },
    body: { name, role: 'viewer' },
  });
  expect(accessToken.status, accessToken.text).toBe(200);
  // A pending invitation, to an address of its own (invitations are throttled per address).
  const fault = await server.call('addTestFault', {
    token,
    params: { project_id: project },
    body: { kind: 'load_balancer', operation: 'upgrade', count: 1 },
  });
  expect(fault.status, fault.text).toBe(200);
  const invited = await server.call('inviteProjectMember', {
    token,
    params: { project_id: project },
    body: { email: `invitee-${project}@example.com`, role: 'viewer' },
  });
  expect(invited.status, invited.text).toBe(200);
  const invitation = invited.body.invitation!;
  // A webhook, disabled (nothing is sent from the world), with a test delivery (failed at once: the webhook is off).
  const hook = await server.call('registerWebhook', {
    token,
    params: { project_id: project },
    body: { name, url: 'https://hooks.example.com/cloud', event_types: ['*'], enabled: false },
  });
  expect(hook.status, hook.text).toBe(200);
  const hookAt = { project_id: project, webhook_reference: name };
  const delivery = await server.call('testWebhook', { token, params: hookAt });
  expect(delivery.status, delivery.text).toBe(200);
  await pollUntil(
    () =>
      server.call('getWebhookDelivery', {
        token,
        params: { ...hookAt, delivery_id: delivery.body.id },
      }),
    (r) => r.status === 200 && r.body.state === 'failed',
    'the test delivery of a disabled webhook to fail',
  );
  // The cluster's services load balancer runs on its own: wait for it too, so nothing in the
  // project moves on by itself once the world is built.
  await pollUntil(
    () =>
      server.call('listLoadBalancers', {
        token,
        params: { project_id: project },
        query: { page_size: 100 },
      }),
    (r) =>
      r.status === 200 && r.body.items.every((lb: { state: string }) => lb.state === 'running'),
    `the load balancers of ${name} to run`,
  );
  return {
    token,
    project,
    sample: {
      project_id: project,
      location: LOC,
      location_name: LOC,
      ps_name: name,
      ps_id: ps.id,
      private_subnet_reference: name,
      vm_name: name,
      vm_id: vm.id,
      vm_reference: name,
      firewall_reference: name,
      firewall_rule_id: rule.id,
      load_balancer_reference: name,
      postgres_database_reference: name,
      postgres_firewall_rule_id: pgRule.body.id,
      metric_destination_id: metricDestination!.id,
      log_destination_id: logDestination!.id,
      installation_reference: installation.body.name,
      repository_reference: 'api',
      cache_entry_id: cacheEntry!.id,
      kubernetes_cluster_reference: name,
      nodepool_reference: nodepool.name,
      node_name: nodepool.vms[0]!.name,
      // No one's session: revoking it changes nothing (204), and never ends the caller's.
      session_id: newId('session'),
      token_id: accessToken.body.id,
      account_id: account.id,
      invitation_id: invitation.id,
      private_subnet_id: peer.id,
      ssh_public_key_reference: name,
      object_id: vm.id,
      webhook_reference: name,
      delivery_id: delivery.body.id,
      fault_id: fault.body.id,
    },
    fields: {
      name: 'renamed',
      description: 'changed',
      public_key: SSH_KEY,
      cidr: '192.0.2.0/24',
      port_range: '22',
      protocol: 'udp',
      private_subnet_id: ps.id,
      vm_id: vm.id,
      vms: [vm.id],
      src_port: 443,
      dst_port: 8443,
      algorithm: 'hash_based',
      health_check_endpoint: '/healthz',
      cert_enabled: true,
      login: account.email,
      email: account.email,
      password: account.password,
      // A mailed link's token (verification, password reset): well formed, never issued.
      token: 'a-mailed-link-token',
      size: 'hobby-1',
      restore_target: pg.body.earliest_restore_time,
      url: 'https://collector.example.com/v1/write',
      username: 'collector',
      type: 'otlp',
      common_name: 'app_user',
      // Postgres: a client keypair's lifetime, and the two objects a config replace needs.
      duration: 3600,
      pg_config: {},
      pgbouncer_config: {},
      node_count: 2,
      // The account page's routes: the password stays the same, and the code is wrong.
      current_password: account.password,
      new_password: account.password,
      code: '000000',
      role: 'admin',
      'connected-subnet-id': peer.id,
      event_types: ['vm.*'],
      // Test mode (its routes): a rule no job of the project meets, a step delay.
      kind: 'load_balancer',
      operation: 'upgrade',
      delay_ms: 20,
      // A spend alert's threshold (USD a month).
      threshold_usd: 50,
      disk_usage_percent: 10,
    },
    ids: {
      subnet: ps.id,
      vm: vm.id,
      firewall: fw.id,
      rule: rule.id,
      loadBalancer: lb.id,
      postgres: pg.body.id,
      postgresRule: pgRule.body.id,
      metricDestination: metricDestination!.id,
      logDestination: logDestination!.id,
      installation: installation.body.id,
      repository: repository.id,
      cacheEntry: cacheEntry!.id,
      kubernetesCluster: kc.body.id,
      nodepool: nodepool.id,
      accessToken: accessToken.body.id,
      account: account.id,
      invitation: invitation.id,
      peerSubnet: peer.id,
      sshPublicKey: key.body.id,
      webhook: hook.body.id,
      webhookDelivery: delivery.body.id,
      testFault: fault.body.id,
    },
  };
}

/** The names of a route's path parameters, in order. */
export const paramNames = (route: RouteDef) =>
  [...route.path.matchAll(/\{(\w+)\}/g)].map((m) => m[1]!);

/** Path values of a route, from the samples (a new parameter name needs a sample in buildWorld). */
export function paramsOf(
  route: RouteDef,
  sample: Record<string, string>,
  overrides: Record<string, string> = {},
): Record<string, string> {
  return Object.fromEntries(
    paramNames(route).map((name) => {
      const value = overrides[name] ?? sample[name];
      if (value === undefined)
        throw new Error(`bff/test/samples.ts has no sample value for the path parameter ${name}`);
      return [name, value];
    }),
  );
}

/** The fields of a route's body schema (of the object inside an optional body), or none. */
export function bodyShape(route: RouteDef): Record<string, z.ZodType> {
  let schema = route.body as
    (z.ZodType & { shape?: Record<string, z.ZodType>; unwrap?: () => z.ZodType }) | undefined;
  while (schema && !schema.shape && schema.unwrap) schema = schema.unwrap() as typeof schema;
  return schema?.shape ?? {};
}

/**
 * A body the route accepts, built from its schema: its required fields, or every field with a
 * sample when that is what the schema needs (e.g. an update that must change something).
 */
export function bodyOf(
  route: RouteDef,
  fieldSample: Record<string, unknown>,
): Record<string, unknown> | undefined {
  if (!route.body || route.body.safeParse(undefined).success) return undefined;
  const own =
    BODY_SAMPLES[(z.globalRegistry.get(route.body) as { id?: string } | undefined)?.id ?? ''];
  if (own) fieldSample = { ...fieldSample, ...own };
  const shape = bodyShape(route);
  const fields = Object.keys(shape);
  const pick = (names: string[]) =>
    Object.fromEntries(names.filter((n) => n in fieldSample).map((n) => [n, fieldSample[n]]));
  const required = pick(fields.filter((n) => !shape[n]!.safeParse(undefined).success));
  const body = route.body.safeParse(required).success ? required : pick(fields);
  expect(
    route.body.safeParse(body).success,
    `a valid sample body for ${route.method} ${route.path} (add a field sample in bff/test/samples.ts)`,
  ).toBe(true);
  return body;
}

/**
 * Every row of the project's objects straight from the database (the project, its members, invitations and tokens,
 * subnets, NICs, VMs, firewalls, rules, attachments, load balancers and their VMs, databases and what they hold, clusters
 * with their node pools and nodes, code-host installations and what they hold, SSH public keys, subnet connections), ordered:
 * equal snapshots mean nothing changed. Attachments and connections count when either end is the project's.
 */
export async function snapshotProject(server: TestServer, project: string) {
  const { db } = server.ctx;
  const [projectRows, members, tokens, invitations, subnets, firewalls, vms, balancers] =
    await Promise.all([
      db.selectFrom('project').selectAll().where('id', '=', project).execute(),
      db
        .selectFrom('project_member')
        .selectAll()
        .where('project_id', '=', project)
        .orderBy('account_id')
        .execute(),
      db
        .selectFrom('access_token')
        .selectAll()
        .where('project_id', '=', project)
        .orderBy('id')
        .execute(),
      db
        .selectFrom('project_invitation')
        .selectAll()
        .where('project_id', '=', project)
        .orderBy('id')
        .execute(),
      db
        .selectFrom('private_subnet')
        .selectAll()
        .where('project_id', '=', project)
        .orderBy('id')
        .execute(),
      db
        .selectFrom('firewall')
        .selectAll()
        .where('project_id', '=', project)
        .orderBy('id')
        .execute(),
      db.selectFrom('vm').selectAll().where('project_id', '=', project).orderBy('id').execute(),
      db
        .selectFrom('load_balancer')
        .selectAll()
        .where('project_id', '=', project)
        .orderBy('id')
        .execute(),
    ]);
  const subnetIds = ['', ...subnets.map((s) => s.id)];
  const firewallIds = ['', ...firewalls.map((f) => f.id)];
  const balancerIds = ['', ...balancers.map((b) => b.id)];
  const pgs = await db
    .selectFrom('postgres')
    .selectAll()
    .where('project_id', '=', project)
    .orderBy('id')
    .execute();
  const pgIds = ['', ...pgs.map((p) => p.id)];
  // A database's firewall rules are its firewall's (decision 298): among the firewall rules.
  const [pgMetrics, pgLogs, pgServers] = await Promise.all([
    db
      .selectFrom('postgres_metric_destination')
      .selectAll()
      .where('postgres_id', 'in', pgIds)
      .orderBy('id')
      .execute(),
    db
      .selectFrom('postgres_log_destination')
      .selectAll()
      .where('postgres_id', 'in', pgIds)
      .orderBy('id')
      .execute(),
    db
      .selectFrom('postgres_server')
      .selectAll()
      .where('postgres_id', 'in', pgIds)
      .orderBy('vm_id')
      .execute(),
  ]);
  const clusters = await db
    .selectFrom('kubernetes_cluster')
    .selectAll()
    .where('project_id', '=', project)
    .orderBy('id')
    .execute();
  const clusterIds = ['', ...clusters.map((c) => c.id)];
  const [nodepools, nodes] = await Promise.all([
    db
      .selectFrom('kubernetes_nodepool')
      .selectAll()
      .where('kubernetes_cluster_id', 'in', clusterIds)
      .orderBy('id')
      .execute(),
    db
      .selectFrom('kubernetes_node')
      .selectAll()
      .where('kubernetes_cluster_id', 'in', clusterIds)
      .orderBy('vm_id')
      .execute(),
  ]);
  const [nics, rules, attachments, balancerVms] = await Promise.all([
    db.selectFrom('nic').selectAll().where('subnet_id', 'in', subnetIds).orderBy('id').execute(),
    db
      .selectFrom('firewall_rule')
      .selectAll()
      .where('firewall_id', 'in', firewallIds)
      .orderBy('id')
      .execute(),
    db
      .selectFrom('firewall_subnet')
      .selectAll()
      .where((eb) =>
        eb.or([eb('firewall_id', 'in', firewallIds), eb('subnet_id', 'in', subnetIds)]),
      )
      .orderBy('firewall_id')
      .orderBy('subnet_id')
      .execute(),
    db
      .selectFrom('load_balancer_vm')
      .selectAll()
      .where('load_balancer_id', 'in', balancerIds)
      .orderBy('load_balancer_id')
      .orderBy('vm_id')
      .execute(),
  ]);
  const [sshKeys, connections] = await Promise.all([
    db
      .selectFrom('ssh_public_key')
      .selectAll()
      .where('project_id', '=', project)
      .orderBy('id')
      .execute(),
    db
      .selectFrom('connected_subnet')
      .selectAll()
      .where((eb) =>
        eb.or([eb('subnet_id', 'in', subnetIds), eb('connected_subnet_id', 'in', subnetIds)]),
      )
      .orderBy('subnet_id')
      .orderBy('connected_subnet_id')
      .execute(),
  ]);
  const webhooks = await db
    .selectFrom('webhook_endpoint')
    .select([
      'id',
      'name',
      'url',
      'event_types',
      'enabled',
      'secret_sealed',
      'previous_secret_sealed',
    ])
    .where('project_id', '=', project)
    .orderBy('id')
    .execute();
  const installations = await db
    .selectFrom('github_installation')
    .selectAll()
    .where('project_id', '=', project)
    .orderBy('id')
    .execute();
  const repositories = await db
    .selectFrom('github_repository')
    .selectAll()
    .where('installation_id', 'in', ['', ...installations.map((i) => i.id)])
    .orderBy('id')
    .execute();
  const cacheEntries = await db
    .selectFrom('github_cache_entry')
    .selectAll()
    .where('repository_id', 'in', ['', ...repositories.map((r) => r.id)])
    .orderBy('id')
    .execute();
  return {
    project: projectRows,
    members,
    tokens,
    invitations,
    subnets,
    firewalls,
    vms,
    nics,
    rules,
    attachments,
    balancers,
    balancerVms,
    pgs,
    pgMetrics,
    pgLogs,
    pgServers,
    installations,
    repositories,
    cacheEntries,
    clusters,
    nodepools,
    nodes,
    sshKeys,
    connections,
    webhooks,
  };
}

/** The seed and size of a seeded suite: ABUSE_SEED repeats a run, ABUSE_RUNS makes it nightly-sized. */
export function abuseSettings(suite: string, defaultRuns: number): { seed: number; runs: number } {
  const seed = process.env.ABUSE_SEED
    ? Number(process.env.ABUSE_SEED)
    : Math.floor(Math.random() * 2 ** 31);
  const runs = process.env.ABUSE_RUNS ? Number(process.env.ABUSE_RUNS) : defaultRuns;
  if (!Number.isInteger(seed) || !Number.isInteger(runs) || runs < 1)
    throw new Error('ABUSE_SEED and ABUSE_RUNS must be integers (ABUSE_RUNS ≥ 1)');
  console.log(
    `${suite}: seed ${seed}, ${runs} runs per case (repeat with ABUSE_SEED=${seed}; ABUSE_RUNS=2000 for a nightly-sized run)`,
  );
  return { seed, runs };
}
