// `ubi kc` post-commands beyond create/show/destroy (the origin's kc specs): rename, upgrade,
// the node pools' create/resize/upgrade/destroy and retire-node, each one API operation.
import { beforeAll, describe, expect, it } from 'vitest';
import type { ResponseOf } from '#shared/routes';
import { LOC, newOwner, pollUntil } from '../../test/fixtures.ts';
import { serverForFile, type TestServer } from '../../test/harness.ts';
import { ubiAs } from '../../test/ubi-client.ts';

let t: TestServer;
let owner: Awaited<ReturnType<typeof newOwner>>;
let cli: ReturnType<typeof ubiAs>;

beforeAll(async () => {
  t = await serverForFile();
  owner = await newOwner(t);
  cli = ubiAs(`${t.base}/cli`, owner.token);
});

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
    // Its pools follow the cluster: one already at its version is refused by the API.
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
