// The origin's golden-file fixture (spec/routes/api/cli/golden_files_spec.rb) rebuilt on our BFF,
// in-process on a temporary SQLite database, for `scripts/cli-golden-replay.ts --api`: through
// the REST API, `POST /cli` where the origin uses its `cli` helper, and the test-mode routes
// (docs/testing.md). What our API cannot make as the origin's is listed in `notes`.
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import type { AddressInfo } from 'node:net';
import { pino } from 'pino';
import { newId } from '#shared/ids';
import { fillPath, routes, type OperationId } from '#shared/routes';
import { boot } from '../bff/src/boot.ts';
import { loadConfig } from '../bff/src/config.ts';
import { listen } from '../bff/src/http/listen.ts';
import { startFakeGithub } from '../bff/test/fake-github.ts';
import { sendArgv, type UbiAnswer } from '../bff/test/ubi-client.ts';

const TEST_MODE_TOKEN = 'golden-replay-test-mode-token-0123456789';
const LOC = 'eu-central-h1';
const GITHUB_APP_ID = '4242';
/** A key our API accepts, where the origin stores the key text "a a" / "ssh-rsa a" unchecked. */
const SSH_KEY =
  'ssh-ed25519 AAAAC3NzaC1lZDI1NTE5AAAAIOMqqnkVzrm0SdG6UOoqKLsabgH5C9okWi0dh2l9GKJl test@example';

/** A BFF on `dataDir`; without `worker`, no transition ever runs (states stay as stored). */
export async function startBff(dataDir: string, env: Record<string, string>, worker: boolean) {
  const config = loadConfig({
    LOG_LEVEL: 'silent',
    PROVISION_DELAY_MS: '20',
    SIGNUP_MAX_PER_IP: '1000000',
    TEST_MODE: '1',
    TEST_MODE_TOKEN,
    DATA_DIR: dataDir,
    ...env,
  });
  const booted = await boot(config, pino({ level: 'silent' }));
  if (worker) await booted.worker.start();
  const server = await listen(booted.app, config, 0, '127.0.0.1');
  const base = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  booted.ctx.publicUrl = base;
  return {
    base,
    db: booted.ctx.db,
    async close() {
      booted.ctx.events.endStreams();
      const closed = new Promise<void>((resolve) => server.close(() => resolve()));
      server.closeAllConnections();
      await closed;
      await booted.worker.stop();
      await booted.ctx.events.close();
      await booted.ctx.db.destroy();
    },
  };
}

interface Answer {
  status: number;
  text: string;
  // eslint-disable-next-line @typescript-eslint/no-explicit-any -- answers are read freely here
  body: any;
  headers: Headers;
}

async function api(
  base: string,
  op: OperationId,
  opts: {
    token?: string;
    params?: Record<string, string>;
    body?: unknown;
    headers?: Record<string, string>;
  } = {},
): Promise<Answer> {
  const route = routes[op];
  const headers: Record<string, string> = { ...opts.headers };
  if (opts.token) headers.authorization = `Bearer ${opts.token}`;
  if (opts.body !== undefined) headers['content-type'] = 'application/json';
  const res = await fetch(base + route.base + fillPath(route.path, opts.params ?? {}), {
    method: route.method.toUpperCase(),
    headers,
    body: opts.body === undefined ? undefined : JSON.stringify(opts.body),
  });
  const text = await res.text();
  const json = res.headers.get('content-type')?.includes('json') && text ? JSON.parse(text) : {};
  return { status: res.status, text, body: json, headers: res.headers };
}

export interface Fixture {
  /** A data directory holding the fixture (the server that built it is closed). */
  dataDir: string;
  /** The environment every server of the replay runs with (the fake GitHub's address…). */
  env: Record<string, string>;
  /** The personal access token (admin) of the fixture's project. */
  token: string;
  /** The origin's fixture IDs the golden lines name, to ours. */
  ids: Map<string, string>;
  /** Names the origin's fixture gives by hand (its cluster's node VMs), to ours. */
  names: Map<string, string>;
  /** What could not be made as the origin's. */
  notes: string[];
  close(): Promise<void>;
}

export async function buildFixture(): Promise<Fixture> {
  const notes: string[] = [];
  const ids = new Map<string, string>();
  const names = new Map<string, string>();
  const gh = await startFakeGithub({ appId: GITHUB_APP_ID, pageSize: 30 });
  gh.installations.set(12345678, {
    id: 12345678,
    login: 'test-installation-name',
    repositories: [{ id: 87654321, name: 'test-repository-name' }],
  });
  const env = {
    GITHUB_API_URL: gh.url,
    GITHUB_APP_ID,
    GITHUB_APP_PRIVATE_KEY: gh.privateKeyPem,
  };
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'golden-fixture-'));
  const bff = await startBff(dataDir, env, true);
  const { base } = bff;
  const must = async (what: string, answer: Promise<Answer>) => {
    const res = await answer;
    if (res.status >= 300) throw new Error(`fixture: ${what}: ${res.status} ${res.text}`);
    return res;
  };
  const tryTo = async (what: string, answer: Promise<Answer>) => {
    const res = await answer;
    if (res.status >= 300) notes.push(`${what}: ${res.status} ${res.text.slice(0, 300)}`);
    return res;
  };

  const email = 'golden@example.com';
  const password = 'golden replay password';
  await must(
    'test account',
    api(base, 'addTestAccount', {
      headers: { 'test-mode-token': TEST_MODE_TOKEN },
      body: { email, password, memberships: [] },
    }),
  );
  const jwt = (
    await must('login', api(base, 'login', { body: { login: email, password } }))
  ).headers
    .get('authorization')!
    .replace(/^Bearer /, '');
  const project = (
    await must('project', api(base, 'createProject', { token: jwt, body: { name: 'project-1' } }))
  ).body.id as string;
  const token = (
    await must(
      'token',
      api(base, 'issueToken', {
        token: jwt,
        params: { project_id: project },
        body: { name: 'golden', role: 'admin' },
      }),
    )
  ).body.token as string;
  const p = { project_id: project };
  const at = { ...p, location: LOC };
  const cli = async (line: string[]): Promise<UbiAnswer> => {
    const res = await sendArgv(`${base}/cli`, token, line, { version: '1.0.0' });
    if (res.status !== 200) throw new Error(`fixture: ubi ${line.join(' ')}: ${res.body}`);
    return res;
  };
  const hold = (name: string) =>
    must(`hold ${name}`, api(base, 'holdTestTransitions', { token, params: p, body: { name } }));
  const waitFor = async (
    what: string,
    get: () => Promise<Answer>,
    done: (a: Answer) => boolean,
  ) => {
    let res = await get();
    for (let i = 0; i < 400 && !done(res); i++) {
      await new Promise((resolve) => setTimeout(resolve, 50));
      res = await get();
    }
    if (!done(res))
      throw new Error(
        `fixture: ${what} did not settle: ${JSON.stringify(res.body.state)} ${res.text.slice(0, 200)}`,
      );
    return res;
  };

  // SSH key `spk` (the origin stores "a a" without checking it).
  let sk = await tryTo(
    'ssh public key spk with public key "a a"',
    api(base, 'createSshPublicKey', { token, params: p, body: { name: 'spk', public_key: 'a a' } }),
  );
  if (sk.status >= 300)
    sk = await must(
      'ssh public key spk',
      api(base, 'createSshPublicKey', {
        token,
        params: p,
        body: { name: 'spk', public_key: SSH_KEY },
      }),
    );
  ids.set('sk684jk5sa027g4mmr3rrwmakr', sk.body.id);

  // VM test-vm, running, in its default subnet (the origin sets its IPs: ours are our own).
  const created = await sendArgv(
    `${base}/cli`,
    token,
    ['vm', `${LOC}/test-vm`, 'create', 'ssh-rsa a'],
    {
      version: '1.0.0',
    },
  );
  if (created.status !== 200) {
    notes.push(`vm create with public key "ssh-rsa a": ${created.body.split('\n')[0]}`);
    await cli(['vm', `${LOC}/test-vm`, 'create', SSH_KEY]);
  }
  const vm = await waitFor(
    'test-vm',
    () => api(base, 'getVm', { token, params: { ...p, location_name: LOC, vm_name: 'test-vm' } }),
    (a) => a.body.state === 'running',
  );
  ids.set('vmdzyppz6j166jh5e9t2dwrfas', vm.body.id);
  notes.push('test-vm: ip4 128.0.0.1 and the private addresses are ours (addresses normalised)');

  // The GitHub installation and repository, through the fake GitHub; its cache entry has no
  // route (entries come from runners), so it is the one row written to the database directly.
  const inst = await must(
    'github installation',
    api(base, 'connectGithubInstallation', {
      token,
      params: p,
      body: { installation_id: 12345678 },
    }),
  );
  const repo = await bff.db
    .selectFrom('github_repository')
    .select('id')
    .where('installation_id', '=', inst.body.id)
    .executeTakeFirstOrThrow();
  const entryId = newId('githubCacheEntry');
  const fixed = new Date().toISOString();
  await bff.db
    .insertInto('github_cache_entry')
    .values({
      id: entryId,
      repository_id: repo.id,
      key: 'test-key',
      scope: 'test-scope',
      size: 10987654321,
      created_at: fixed,
      last_accessed_at: fixed,
    })
    .execute();
  ids.set('gejszqw0k8z24k4bzt4ynyctg2', entryId);
  notes.push('github cache entry: inserted into the database (no route makes one)');

  // Database test-pg, held in `creating` as the origin's (its strand never ran).
  await hold('test-pg');
  await cli([
    'pg',
    `${LOC}/test-pg`,
    'create',
    ...'-s standard-2 -S 64 -t foo=bar -v 16'.split(' '),
  ]);
  const pgRef = { ...at, postgres_database_reference: 'test-pg' };
  const rules = await must(
    'pg firewall rules',
    api(base, 'listPostgresFirewallRules', { token, params: pgRef }),
  );
  const first = (rules.body.items as { id: string; cidr: string; port?: unknown }[]).find(
    (r) => r.cidr === '0.0.0.0/0',
  );
  if (first) {
    ids.set('frpqgkgjd09y4pnjaq2pkeacam', first.id);
    await tryTo(
      'pg first firewall rule description',
      api(base, 'updatePostgresFirewallRule', {
        token,
        params: { ...pgRef, postgres_firewall_rule_id: first.id },
        body: { description: 'pg-fw-desc' },
      }),
    );
  } else notes.push(`pg firewall rules: no 0.0.0.0/0 5432 rule in ${rules.text}`);
  // One entry a request, so that what our API refuses leaves the rest set.
  for (const [key, entries] of Object.entries({
    pg_config: { allow_in_place_tablespaces: 'on', max_connections: '1000' },
    pgbouncer_config: { server_round_robin: '1', disable_pqexec: '1' },
  }))
    for (const [name, value] of Object.entries(entries))
      await tryTo(
        `pg ${key} ${name}=${value}`,
        api(base, 'updatePostgresConfig', {
          token,
          params: pgRef,
          body: { [key]: { [name]: value } },
        }),
      );
  await cli(['pg', `${LOC}/test-pg`, 'reset-superuser-password', 'bar456FOO123']);
  await cli([
    'pg',
    `${LOC}/test-pg`,
    'add-metric-destination',
    'foo',
    'bar',
    'https://baz.example.com',
  ]);
  const pg = await must('get test-pg', api(base, 'getPostgresDatabase', { token, params: pgRef }));
  ids.set('pgvm1qb9gwct1mqmay7m54yma5', pg.body.id);
  if (pg.body.state !== 'creating') notes.push(`test-pg is ${pg.body.state}, not creating`);
  notes.push('test-pg: no backup (the origin stubs one 5 hours old for earliest-restore-time)');

  // Subnet test-ps.
  await cli(['ps', `${LOC}/test-ps`, 'create']);

  // Load balancer test-lb in test-vm's subnet, with test-vm attached.
  const subnets = await must(
    'subnets',
    api(base, 'listLocationPrivateSubnets', { token, params: { ...p, location_name: LOC } }),
  );
  const subnet = (subnets.body.items as { id: string; name: string }[]).find(
    (s) => s.name === `default-${LOC}`,
  );
  if (!subnet) throw new Error(`fixture: no default subnet in ${subnets.text}`);
  ids.set('psfzm9e26xky5m9ggetw4dpqe2', subnet.id);
  const lbRef = { ...at, load_balancer_reference: 'test-lb' };
  const lb = await must(
    'test-lb',
    api(base, 'createLoadBalancer', {
      token,
      params: lbRef,
      body: { private_subnet_id: subnet.id, src_port: 12345, dst_port: 54321 },
    }),
  );
  ids.set('1bvp8yk1karj4ngwhtgrfh6esd', lb.body.id);
  await tryTo(
    'attach test-vm to test-lb',
    api(base, 'attachLoadBalancerVm', { token, params: lbRef, body: { vm_id: vm.body.id } }),
  );

  // The default firewall and its rules (1: 0.0.0.0/0 tcp, 3: ::/0 tcp in the origin's).
  const fws = await must('firewalls', api(base, 'listFirewalls', { token, params: p }));
  const fw = (fws.body.items as { id: string; name: string }[]).find(
    (f) => f.name === `default-${LOC}-default`,
  );
  if (fw) {
    ids.set('fw4gj2v4h1fe3q28q0hnf7g8n1', fw.id);
    const full = await must(
      'default firewall',
      api(base, 'getFirewall', {
        token,
        params: { ...p, location: LOC, firewall_reference: fw.id },
      }),
    );
    const rule = (cidr: string) =>
      (full.body.firewall_rules as { id: string; cidr: string; protocol?: string }[]).find(
        (r) => r.cidr === cidr && (r.protocol ?? 'tcp') === 'tcp',
      )?.id;
    const r1 = rule('0.0.0.0/0');
    const r3 = rule('::/0');
    if (r1) ids.set('fra7jvrz94be7qy8qrq8n1jrp1', r1);
    if (r3) ids.set('fr7cv7h5bz324maazy93ykn8s4', r3);
  } else notes.push(`no default firewall default-${LOC}-default in ${fws.text.slice(0, 300)}`);

  // Cluster test-kc (the origin's second selectable version, v1.35) and its second node pool.
  await cli(['kc', `${LOC}/test-kc`, 'create', ...'-c 1 -z standard-2 -w 1 -v v1.35'.split(' ')]);
  const kcRef = { ...at, kubernetes_cluster_reference: 'test-kc' };
  const kc = await waitFor(
    'test-kc',
    () => api(base, 'getKubernetesCluster', { token, params: kcRef }),
    (a) => a.body.state === 'running' || a.body.display_state === 'running',
  );
  ids.set('kcnzrctjjg4j4g6eqvdsvzthwp', kc.body.id);
  // The origin sets its first node pool's node_count to 2, with two node VMs.
  await must(
    'test-kc-np to 2 nodes',
    api(base, 'resizeKubernetesNodepool', {
      token,
      params: { ...kcRef, nodepool_reference: 'test-kc-np' },
      body: { node_count: 2 },
    }),
  );
  await waitFor(
    'test-kc after resizing test-kc-np',
    () => api(base, 'getKubernetesCluster', { token, params: kcRef }),
    (a) => a.body.display_state === 'running' && a.body.nodepools?.[0]?.vms?.length === 2,
  );
  await must(
    'test-kc-np2',
    api(base, 'createKubernetesNodepool', {
      token,
      params: kcRef,
      body: { name: 'test-kc-np2', node_size: 'standard-2', node_count: 1 },
    }),
  );
  await waitFor(
    'test-kc after its second node pool',
    () => api(base, 'getKubernetesCluster', { token, params: kcRef }),
    (a) => a.body.state === 'running' || a.body.display_state === 'running',
  );
  // The origin's fixture leaves test-kc-np a version behind (v1.34 is no longer selectable).
  await bff.db
    .updateTable('kubernetes_nodepool')
    .set({ version: 'v1.34' })
    .where('kubernetes_cluster_id', '=', kc.body.id)
    .where('name', '=', 'test-kc-np')
    .execute();
  const settled = await must(
    'test-kc',
    api(base, 'getKubernetesCluster', { token, params: kcRef }),
  );
  const npVms = (settled.body.nodepools?.[0]?.vms ?? []) as { name: string }[];
  if (npVms[0]) names.set('kc-np-vm', npVms[0].name);
  if (npVms[1]) names.set('kc-np-vm-2', npVms[1].name);
  const cpVm = (settled.body.cp_vms ?? settled.body.control_plane_vms ?? [])[0] as
    { name: string } | undefined;
  if (cpVm) names.set('kc-cp-vm', cpVm.name);
  notes.push(
    'test-kc: its nodes are running (the origin’s are creating), test-kc-np set to v1.34 in the database (as the origin’s), no kubeconfig "example-kubeconfig"',
  );
  await waitFor(
    'test-lb',
    () => api(base, 'getLoadBalancer', { token, params: lbRef }),
    (a) => !['creating', 'updating', 'pending'].includes(String(a.body.state)),
  );
  await bff.close();
  return {
    dataDir,
    env,
    token,
    ids,
    names,
    notes,
    async close() {
      await gh.close();
      fs.rmSync(dataDir, { recursive: true, force: true });
    },
  };
}
