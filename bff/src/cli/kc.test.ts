// `ubi kc` post-commands beyond create/show/destroy (the origin's kc specs): rename, upgrade,
// the node pools' create/resize/upgrade/destroy and retire-node, each one API operation.
import { describe, expect, it } from 'vitest';
import type { ResponseOf } from '#shared/routes';
import { LOC, newOwner, pollUntil } from '../../test/fixtures.ts';

import { ubiAs } from '../../test/ubi-client.ts';
import { cliForFile } from '../../test/cli-fixture.ts';

const { t, owner, cli } = await cliForFile();

const params = (ref: string) => ({
  project_id: owner.project,
  location: LOC,
  kubernetes_cluster_reference: ref,
});

/** The cluster once it runs with `done` true of it. */
async function settled(
  ref: string,
  done: (kc: ResponseOf<'getKubernetesCluster'>) => boolean = () => true,
) {
  const res = await pollUntil(
    () => t.call('getKubernetesCluster', { token: owner.token, params: params(ref) }),
    (r) => r.status === 200 && r.body.display_state === 'running' && done(r.body),
    `cluster ${ref} to settle`,
  );
  return res.body as ResponseOf<'getKubernetesCluster'>;
}

const np2 = (kc: ResponseOf<'getKubernetesCluster'>) => kc.nodepools.find((p) => p.name === 'np2');

async function cluster(name: string, version: 'v1.35' | 'v1.36') {
  const res = await t.call('createKubernetesCluster', {
    token: owner.token,
    params: params(name),
    body: { version, cp_nodes: 1, worker_nodes: 1, worker_size: 'standard-2' },
  });
  expect(res.status, res.text).toBe(200);
  return settled(name);
}

describe('ubi kc post-commands', () => {
  it('adds, resizes and destroys a node pool after confirming, and retires a node', async () => {
    const kc = await cluster('pools', 'v1.36');
    const ref = `${LOC}/pools`;
    const created = await cli.ok(['kc', ref, 'create-nodepool', 'np2', 'standard-2', '2']);
    expect(created).toMatch(/^Kubernetes nodepool created with id: kn\w{24}\n$/);
    await settled('pools', (c) => c.nodepools.length === 2);
    expect(await cli.ok(['kc', kc.id, 'resize-nodepool', 'np2', '3'])).toBe(
      'Resized nodepool np2 to 3 nodes.\n',
    );
    const grown = await settled('pools', (c) => np2(c)?.vms.length === 3);
    const node = np2(grown)!.vms[0]!.name;
    expect(await cli.ok(['kc', ref, 'retire-node', node])).toBe(`Retired node ${node}.\n`);
    await settled('pools', (c) => np2(c)?.node_count === 2);
    const prompt = await cli.run(['kc', ref, 'destroy-nodepool', 'np2']);
    expect(prompt.stdout).toBe(
      'Destroying this nodepool is not recoverable.\nEnter the following to confirm destruction of the nodepool: np2\n\nConfirmation: ',
    );
    const wrong = await cli.run(['kc', ref, 'destroy-nodepool', 'np2'], { answer: 'foo' });
    expect(wrong.answers.at(-1)!.status).toBe(400);
    expect(wrong.stderr).toBe('! Confirmation of nodepool name not successful.\n');
    expect(await cli.ok(['kc', ref, 'destroy-nodepool', 'np2'], { answer: 'np2' })).toMatch(
      /Nodepool, if it exists, is now scheduled for destruction\n$/,
    );
    await settled('pools', (c) => c.nodepools.length === 1);
  });

  it('upgrades a cluster to the next version and renames it', async () => {
    const kc = await cluster('up', 'v1.35');
    expect(await cli.ok(['kc', `${LOC}/up`, 'upgrade'])).toBe(
      `Scheduled version upgrade of Kubneretes cluster with id ${kc.id} to version v1.36.\n`,
    );
    await settled('up', (c) => c.version === 'v1.36');
    // Its pools keep their version until upgraded on their own, as at the origin.
    expect(await cli.ok(['kc', `${LOC}/up`, 'upgrade-nodepool', 'up-np'])).toBe(
      'Scheduled version upgrade of nodepool up-np to version v1.36.\n',
    );
    await settled('up', (c) => c.nodepools[0]!.version === 'v1.36');
    // One already at the cluster's version is refused by the API.
    const same = await cli.fails(['kc', `${LOC}/up`, 'upgrade-nodepool', 'up-np']);
    expect(same).toEqual({
      status: 422,
      stderr: '! Unexpected response status: 422\nDetails: Nodepool is not ready to be upgraded\n',
    });
    expect(await cli.ok(['kc', kc.id, 'rename', 'new-name'])).toBe(
      'Kubernetes cluster renamed to new-name\n',
    );
    expect(await cli.ok(['kc', 'list', '-N', '-f', 'name'])).toContain('new-name');
  });

  it('checks node counts and node pool names before calling the API', async () => {
    const count = await cli.fails(['kc', `${LOC}/x`, 'create-nodepool', 'np', 'standard-2', '0']);
    expect(count.stderr).toMatch(
      /^! The node count must be a positive integer\n\nCreate a nodepool on a Kubernetes cluster\n\nUsage:\n {4}ubi kc \(location\/kc-name \| kc-id\) create-nodepool np-name node-size node-count\n$/,
    );
    const slash = await cli.fails(['kc', `${LOC}/x`, 'resize-nodepool', 'a/b', '2']);
    expect(slash.stderr).toMatch(/^! Invalid nodepool name\n/);
    const arity = await cli.fails(['kc', `${LOC}/x`, 'retire-node']);
    expect(arity.stderr).toMatch(
      /^! Invalid number of arguments for kc retire-node subcommand \(requires: 1, given: 0\)\n/,
    );
  });
});

// The origin's kc spec files (spec/routes/api/cli/kc/*_spec.rb) case by case, and the kc lines
// of its golden files that a fixture of ours can reach: each case in a project of its own, as
// the origin's, named to the API by the command line's project header.
describe('the origin’s kc specs', () => {
  /** A new project of the owner, and `ubi` naming it. */
  async function inProject() {
    const res = await t.call('createProject', { token: owner.token, body: { name: 'kc-spec' } });
    expect(res.status, res.text).toBe(200);
    const project = res.body.id;
    const ubi = ubiAs(`${t.base}/cli`, owner.token, { headers: { 'x-ubi-project': project } });
    type Cluster = ResponseOf<'getKubernetesCluster'>;
    const fetch = (ref = 'test-kc') =>
      t.call('getKubernetesCluster', {
        token: owner.token,
        params: { project_id: project, location: LOC, kubernetes_cluster_reference: ref },
      });
    const get = async (ref = 'test-kc') => {
      const kc = await fetch(ref);
      expect(kc.status, kc.text).toBe(200);
      return kc.body as Cluster;
    };
    const running = async (done: (kc: Cluster) => boolean = () => true) =>
      (
        await pollUntil(
          () => fetch(),
          (r) => r.status === 200 && r.body.display_state === 'running' && done(r.body),
          'test-kc to settle',
        )
      ).body as Cluster;
    return { project, ubi, get, running };
  }

  const KC = `${LOC}/test-kc`;
  // The origin's Option.selectable_kubernetes_versions, newest first.
  const [FIRST, LAST] = ['v1.36', 'v1.35'];
  const created = (id: string) => `Kubernetes cluster created with id: ${id}\n`;

  it('create_spec: creates kubernetes cluster with minimal options', async () => {
    const { ubi, get } = await inProject();
    const body = await ubi.ok(
      ['kc', KC, 'create', '-c', '1', '-z', 'standard-2', '-w', '1'].concat(['-v', FIRST]),
    );
    const kc = await get();
    expect(kc).toMatchObject({ name: 'test-kc', version: FIRST });
    expect(body).toBe(created(kc.id));
  });

  it('create_spec: creates kubernetes cluster without --cp-node-count', async () => {
    const { ubi, get } = await inProject();
    const body = await ubi.ok(['kc', KC, 'create', '-z', 'standard-2', '-w', '1', '-v', FIRST]);
    const kc = await get();
    expect(kc).toMatchObject({ name: 'test-kc', cp_node_count: 1, version: FIRST });
    expect(body).toBe(created(kc.id));
  });

  it('create_spec: creates kubernetes cluster without --worker-node-count', async () => {
    const { ubi, get } = await inProject();
    const body = await ubi.ok(['kc', KC, 'create', '-c', '3', '-z', 'standard-2', '-v', FIRST]);
    const kc = await get();
    expect(kc).toMatchObject({ name: 'test-kc', cp_node_count: 3, version: FIRST });
    expect(kc.nodepools.reduce((sum, p) => sum + p.node_count, 0)).toBe(1);
    expect(body).toBe(created(kc.id));
  });

  it('create_spec: creates kubernetes cluster with all options', async () => {
    const { ubi, get } = await inProject();
    const body = await ubi.ok(
      ['kc', KC, 'create', '-c', '3', '-w', '2', '-z', 'standard-2'].concat(['-v', LAST]),
    );
    const kc = await get();
    expect(kc).toMatchObject({ name: 'test-kc', cp_node_count: 3, version: LAST });
    expect(body).toBe(created(kc.id));
  });

  it('create_nodepool_spec: creates a nodepool on a running cluster', async () => {
    const { ubi, running } = await inProject();
    await ubi.ok(['kc', KC, 'create', '-c', '1', '-z', 'standard-2', '-w', '1', '-v', FIRST]);
    const kc = await running();
    const body = await ubi.ok(['kc', KC, 'create-nodepool', 'np2', 'standard-2', '2']);
    const now = await running((c) => np2(c) !== undefined);
    const kn = np2(now)!;
    expect(body).toBe(`Kubernetes nodepool created with id: ${kn.id}\n`);
    expect(kn).toMatchObject({ node_count: 2, node_size: 'standard-2', version: kc.version });
  });

  it('destroy_nodepool_spec: destroys a nodepool', async () => {
    const { ubi, running } = await inProject();
    await ubi.ok(['kc', KC, 'create', '-c', '1', '-z', 'standard-2', '-w', '1', '-v', FIRST]);
    await running();
    await ubi.ok(['kc', KC, 'create-nodepool', 'np2', 'standard-2', '1']);
    await running((c) => np2(c)?.vms.length === 1);
    expect(await ubi.ok(['kc', KC, 'destroy-nodepool', '-f', 'np2'])).toBe(
      'Nodepool, if it exists, is now scheduled for destruction\n',
    );
    await running((c) => np2(c) === undefined);
  });

  it('destroy_spec: destroys kubernetes cluster', async () => {
    const { ubi, get } = await inProject();
    await ubi.ok(['kc', KC, 'create', '-c', '1', '-z', 'standard-2', '-w', '1', '-v', FIRST]);
    expect(await ubi.ok(['kc', KC, 'destroy', '-f'])).toBe(
      'Kubernetes cluster, if it exists, is now scheduled for destruction\n',
    );
    expect((await get()).display_state).toBe('deleting');
  });

  it('rename_spec: renames kubernetes cluster', async () => {
    const { ubi, running, get } = await inProject();
    await ubi.ok(['kc', KC, 'create', '-c', '1', '-z', 'standard-2', '-w', '1', '-v', FIRST]);
    await running();
    expect(await ubi.ok(['kc', KC, 'rename', 'new-name'])).toBe(
      'Kubernetes cluster renamed to new-name\n',
    );
    expect((await get('new-name')).name).toBe('new-name');
  });

  it('upgrade_nodepool_spec: upgrades a nodepool that is behind the cluster version', async () => {
    const { ubi, running } = await inProject();
    await ubi.ok(['kc', KC, 'create', '-c', '1', '-z', 'standard-2', '-w', '1', '-v', FIRST]);
    const kc = await running();
    // As the origin's spec: the pool one version behind (Option.kubernetes_versions[1]).
    await t.ctx.db
      .updateTable('kubernetes_nodepool')
      .set({ version: 'v1.35' })
      .where('id', '=', kc.nodepools[0]!.id)
      .execute();
    expect(await ubi.ok(['kc', KC, 'upgrade-nodepool', 'test-kc-np'])).toBe(
      'Scheduled version upgrade of nodepool test-kc-np to version v1.36.\n',
    );
    const now = await running();
    expect(now.nodepools[0]!.version).toBe('v1.36');
    // An unknown pool: the origin's 404 (golden file). Its words name "the resource"; ours
    // name the kind, as every 404 of our API does.
    expect(await ubi.fails(['kc', KC, 'upgrade-nodepool', 'something'])).toEqual({
      status: 404,
      stderr:
        '! Unexpected response status: 404\nDetails: Sorry, we couldn’t find the resource you’re looking for.\n',
    });
  });

  it('upgrade_spec: upgrades cluster when upgrade is available; show and list as the golden files', async () => {
    const { ubi, running } = await inProject();
    await ubi.ok(['kc', KC, 'create', '-c', '1', '-z', 'standard-2', '-w', '1', '-v', LAST]);
    const kc = await running();
    expect(await ubi.ok(['kc', KC, 'upgrade'])).toBe(
      `Scheduled version upgrade of Kubneretes cluster with id ${kc.id} to version v1.36.\n`,
    );
    // The control plane moved; the pool keeps its version, shown in its section (golden file).
    const now = await running();
    const pool = now.nodepools[0]!;
    const [vm] = now.cp_vms;
    expect(await ubi.ok(['kc', KC, 'show', '-n', 'name,version', '-v', 'name,ip4-enabled'])).toBe(
      `id: ${kc.id}\nname: test-kc\nlocation: ${LOC}\ndisplay-state: running\ncp-node-count: 1\n` +
        `node-size: standard-2\nversion: v1.36\nnodepool 1:\n  name: ${pool.name}\n  version: v1.35\n` +
        `cp-vms 1:\n  name: ${vm!.name}\n  ip4-enabled: ${vm!.ip4_enabled}\n`,
    );
    expect(await ubi.ok(['kc', 'list'])).toBe(
      `location       name     id                          display-state  version  cp-node-count\n` +
        `${LOC}  test-kc  ${kc.id}  running        v1.36    1            \n`,
    );
  });

  it('help -r and -ru walk every kc command in the origin’s order and spacing (golden files)', async () => {
    const { ubi } = await inProject();
    const REF = '(location/kc-name | kc-id)';
    expect(await ubi.ok(['help', '-ru', 'kc'])).toBe(
      [
        'ubi kc command [...]',
        `ubi kc ${REF} post-command [...]`,
        'ubi kc list [options]',
        `ubi kc ${REF} create-nodepool np-name node-size node-count`,
        'ubi kc location/kc-name create [options]',
        `ubi kc ${REF} destroy-nodepool [options] (np-name | np-id)`,
        `ubi kc ${REF} destroy [options]`,
        `ubi kc ${REF} kubeconfig`,
        `ubi kc ${REF} rename new-name`,
        `ubi kc ${REF} resize-nodepool (np-name | np-id) node-count`,
        `ubi kc ${REF} retire-node node-name`,
        `ubi kc ${REF} show [options]`,
        `ubi kc ${REF} upgrade-nodepool (np-name | np-id)`,
        `ubi kc ${REF} upgrade`,
        '',
      ].join('\n'),
    );
    const all = await ubi.ok(['help', '-r', 'kc']);
    expect(all).toMatch(/^Manage Kubernetes clusters\n/);
    // Two blank lines between sections; a command file's order (create-nodepool.rb first).
    expect(all).toContain(
      `\n\n\nCreate a nodepool on a Kubernetes cluster\n\nUsage:\n    ubi kc ${REF} create-nodepool np-name node-size node-count\n\n\nCreate a Kubernetes cluster\n`,
    );
    expect(all).toMatch(
      /\n\n\nUpgrade a Kubernetes cluster to the next supported version\n\nUsage:\n {4}ubi kc \S+ \| kc-id\) upgrade\n\n\n$/,
    );
  });

  it('lists the versions newest first in the help, as the origin (golden file)', async () => {
    const { ubi } = await inProject();
    const { stderr } = await ubi.fails(['kc', KC, 'create', 'invalid']);
    expect(stderr).toContain('\nAllowed Option Values:\n    Version: v1.36 v1.35\n');
    const show = await ubi.fails(['kc', KC, 'show', '-f', 'bad']);
    expect(show.stderr).toContain(
      '\n    Nodepool Fields: id name node-count node-size version vms\n',
    );
  });
});

describe("a cluster's firewall in ubi fw list", () => {
  it('lists `<kc-id>-firewall`, as the origin’s golden file, and no `-subnet-default`', async () => {
    const own = await newOwner(t);
    const made = await t.call('createKubernetesCluster', {
      token: own.token,
      params: { project_id: own.project, location: LOC, kubernetes_cluster_reference: 'fw' },
      body: { cp_nodes: 1, worker_nodes: 1 },
    });
    expect(made.status, made.text).toBe(200);
    const list = await ubiAs(`${t.base}/cli`, own.token, {
      headers: { 'x-ubi-project': own.project },
    }).ok(['fw', 'list']);
    const rows = list
      .trimEnd()
      .split('\n')
      .map((line) => line.trim().split(/ {2,}/));
    expect(rows).toEqual([
      ['location', 'name', 'id'],
      [LOC, `${made.body.id}-firewall`, expect.stringMatching(/^fw[0-9a-hjkmnp-tv-z]{24}$/)],
    ]);
  });
});
