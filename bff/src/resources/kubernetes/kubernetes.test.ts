import { X509Certificate } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { parse as parseYaml } from 'yaml';
import {
  kubernetesClusterListSchema,
  kubernetesClusterSchema,
  kubernetesMetricsSchema,
  nodepoolSchema,
  type CreateKubernetesClusterBody,
  type KubernetesCluster,
} from '#shared/api/kubernetes';
import { hourly, vmSize } from '#shared/catalog';
import { newId } from '#shared/ids';
import {
  expectSchema,
  kindServers,
  serverForFile,
  type Reply,
  type TestServer,
} from '../../../test/harness.ts';
import {
  at,
  checkPagination,
  expectCurrentError,
  expectInvalid,
  LOC,
  newOwner,
  OTHER_LOC,
  P,
  pollUntil,
  stranger,
} from '../../../test/fixtures.ts';
import { ageStoredTimes } from '../../testmode/clock.ts';

const { t, slow } = await kindServers();
const small = await serverForFile({
  KUBERNETES_CLUSTER_QUOTA: '1',
  KUBERNETES_NODEPOOL_QUOTA: '2',
});

type Owner = Awaited<ReturnType<typeof newOwner>>;
const US = 'us-east-a2';
const ref = (project: string, kubernetes_cluster_reference: string, loc = LOC) => ({
  ...at(project, loc),
  kubernetes_cluster_reference,
});
const npRef = (project: string, cluster: string, nodepool_reference: string) => ({
  ...ref(project, cluster),
  nodepool_reference,
});
const kcPath = (project: string, name: string, loc = LOC) =>
  `${P(project)}/location/${loc}/kubernetes-cluster/${name}`;

const create = (
  s: TestServer,
  a: Owner,
  name: string,
  body: CreateKubernetesClusterBody = {},
  loc = LOC,
) => s.call('createKubernetesCluster', { token: a.token, params: ref(a.project, name, loc), body });
const get = (s: TestServer, a: Owner, name: string, loc = LOC) =>
  s.call('getKubernetesCluster', { token: a.token, params: ref(a.project, name, loc) });
const count = async (s: TestServer, a: Owner) =>
  (await s.call('listKubernetesClusters', { token: a.token, params: { project_id: a.project } }))
    .body.count;

async function waitFor(
  s: TestServer,
  a: Owner,
  name: string,
  done: (c: KubernetesCluster) => boolean,
  what: string,
  loc = LOC,
): Promise<KubernetesCluster> {
  const res = await pollUntil(
    () => get(s, a, name, loc),
    (r) => r.status === 200 && done(r.body),
    `cluster ${name}: ${what}`,
    500,
  );
  return expectSchema(kubernetesClusterSchema, res.body);
}
const running = (c: KubernetesCluster) =>
  c.display_state === 'running' &&
  [...c.cp_vms, ...c.nodepools.flatMap((p) => p.vms)].every((v) => v.state === 'running');
const waitRunning = (s: TestServer, a: Owner, name: string, loc = LOC) =>
  waitFor(s, a, name, running, 'running', loc);

/** A running cluster of its own project. */
async function runningCluster(name = 'kc', body: CreateKubernetesClusterBody = {}) {
  const a = await newOwner(t);
  expect((await create(t, a, name, body)).status).toBe(200);
  return { a, kc: await waitRunning(t, a, name) };
}

/** The VMs the project's customer sees, and every VM row that serves the cluster (through the cluster). */
const customerVms = async (a: Owner) =>
  (await t.call('listVms', { token: a.token, params: { project_id: a.project } })).body.count;

describe('create and get a cluster', () => {
  it('creates one with the origin defaults; gets it by name and by ID; it goes creating → running', async () => {
    const a = await newOwner(t);
    const res = await create(t, a, 'prod');
    expect(res.status, res.text).toBe(200);
    const kc = expectSchema(kubernetesClusterSchema, res.body);
    expect(kc.id).toMatch(/^kc[0-9a-hjkmnp-tv-z]{24}$/);
    expect(Object.keys(kc).sort()).toEqual([
      'cp_node_count',
      'cp_vms',
      'display_state',
      'id',
      'location',
      'name',
      'node_size',
      'nodepools',
      'services_load_balancer_url',
      // Null unless failed (docs/testing.md).
      'state_reason',
      'version',
    ]);
    expect(kc).toMatchObject({
      name: 'prod',
      location: LOC,
      version: 'v1.36',
      node_size: 'standard-2',
      cp_node_count: 1,
      display_state: 'creating',
      services_load_balancer_url: `https://prod-services.${kc.id}.k8s.${t.ctx.config.serviceDomain}`,
    });
    expect(kc.cp_vms).toHaveLength(1);
    expect(Object.keys(kc.cp_vms[0]!).sort()).toEqual([
      'boot_image',
      'id',
      'ip4',
      'ip4_enabled',
      'ip6',
      'location',
      'maintenance_window_start_at',
      'name',
      'size',
      'state',
      'storage_size_gib',
      'unix_user',
    ]);
    expect(kc.cp_vms[0]).toMatchObject({
      size: 'standard-2',
      location: LOC,
      ip4_enabled: false,
      boot_image: 'ubuntu-jammy',
      maintenance_window_start_at: 0,
    });
    expect(kc.nodepools).toHaveLength(1);
    const np = kc.nodepools[0]!;
    expect(Object.keys(np).sort()).toEqual([
      'id',
      'kubernetes_cluster_id',
      'name',
      'node_count',
      'node_size',
      'version',
      'vms',
    ]);
    expect(np).toMatchObject({
      kubernetes_cluster_id: kc.id,
      name: 'prod-np',
      node_count: 1,
      node_size: 'standard-2',
      version: 'v1.36',
    });
    expect(np.id).toMatch(/^kn[0-9a-hjkmnp-tv-z]{24}$/);
    expect(np.vms).toHaveLength(1);

    const done = await waitRunning(t, a, 'prod');
    expect(done.cp_vms.map((v) => v.id)).toEqual(kc.cp_vms.map((v) => v.id));
    const byId = await get(t, a, kc.id);
    expect(byId.status).toBe(200);
    expect(byId.body).toEqual(done);
  });

  it('takes the origin body: version, cp_nodes (or its synonym cp_node_count), node_size, worker_size, worker_nodes', async () => {
    const a = await newOwner(t);
    const kc = expectSchema(
      kubernetesClusterSchema,
      (
        await create(
          t,
          a,
          'big',
          {
            version: 'v1.35',
            cp_nodes: 3,
            node_size: 'standard-4',
            worker_size: 'standard-8',
            worker_nodes: 2,
          },
          US,
        )
      ).body,
    );
    expect(kc).toMatchObject({
      location: US,
      version: 'v1.35',
      cp_node_count: 3,
      node_size: 'standard-4',
    });
    expect(kc.cp_vms.map((v) => v.size)).toEqual(['standard-4', 'standard-4', 'standard-4']);
    expect(kc.nodepools[0]).toMatchObject({
      node_count: 2,
      node_size: 'standard-8',
      version: 'v1.35',
    });
    expect(kc.nodepools[0]!.vms.map((v) => v.size)).toEqual(['standard-8', 'standard-8']);
    const syn = expectSchema(
      kubernetesClusterSchema,
      (await create(t, a, 'syn', { cp_node_count: 3 })).body,
    );
    expect(syn.cp_node_count).toBe(3);
    expect((await create(t, a, 'both', { cp_nodes: 3, cp_node_count: 3 })).status).toBe(200);
    // The origin's coercion (behaviour.md §10a): digit strings for its integer fields.
    const strings = expectSchema(
      kubernetesClusterSchema,
      (await create(t, a, 'strings', { cp_nodes: '3', worker_nodes: '2' } as never)).body,
    );
    expect(strings).toMatchObject({
      cp_node_count: 3,
      nodepools: [expect.objectContaining({ node_count: 2 })],
    });
  });

  it('takes any of the origin’s x64 node sizes, not only VM create’s; the node VMs answer and bill at their size', async () => {
    const { a, kc } = await runningCluster('sizes', {
      worker_size: 'standard-30',
      worker_nodes: 2,
    });
    expect(kc.nodepools[0]!.vms.map((v) => v.size)).toEqual(['standard-30', 'standard-30']);
    const pool = await t.call('createKubernetesNodepool', {
      token: a.token,
      params: ref(a.project, 'sizes'),
      body: { name: 'small', node_size: 'burstable-1', node_count: 1 },
    });
    expect(pool.status, pool.text).toBe(200);
    expect(expectSchema(nodepoolSchema, pool.body).node_size).toBe('burstable-1');
    const node = kc.nodepools[0]!.vms[0]!;
    expect(node).toMatchObject({ size: 'standard-30', storage_size_gib: 600 });
    // The VM routes do not show nodes, whatever their size.
    const byId = await t.call('getVmById', {
      token: a.token,
      params: { project_id: a.project, location_name: LOC, vm_id: node.id },
    });
    expect(byId.status).toBe(404);
    await ageStoredTimes(t.ctx.db, a.project, 3600);
    const usage = await t.request('GET', `${P(a.project)}/usage`, { token: a.token });
    expect(usage.status, usage.text).toBe(200);
    // A cluster is billed as one line at its nodes' sizes (decision 294): two standard-30
    // workers, 30 vCPUs at the standard price per vCPU, 390 USD a month each, and more.
    const line = usage.body.resources.find((r: { resource_id: string }) => r.resource_id === kc.id);
    expect(vmSize('standard-30')!.monthlyUsd).toBe(390);
    expect(line.hourly_usd).toBeGreaterThanOrEqual(2 * hourly(390));
    expect(line.amount_usd).toBeGreaterThanOrEqual(2 * hourly(390));
    for (const node_size of ['premium-4', 'burstable-2', 'standard-60']) {
      const ok = await create(t, a, `s-${node_size}`, {
        worker_size: node_size,
        worker_nodes: '3',
      } as never);
      expect(ok.status, ok.text).toBe(200);
      expect(ok.body.nodepools[0]).toMatchObject({ node_size, node_count: 3 });
    }
  });

  it('offers the origin’s selectable versions only, with its message; a pool over the node limit is the limit’s 400', async () => {
    const a = await newOwner(t);
    const old = expectInvalid(
      'current',
      await t.request('POST', kcPath(a.project, 'old'), {
        token: a.token,
        body: { version: 'v1.34' },
      }),
      'version',
    );
    expect(old.details!.version).toBe(
      'Kubernetes version "v1.34" is not supported. Available versions: v1.36, v1.35',
    );
    const over = expectInvalid(
      'current',
      await create(t, a, 'huge', { worker_nodes: 51 }),
      'worker_nodes',
    );
    expect(over.message).toBe('A node pool may hold at most 50 nodes.');
    expect(await count(t, a)).toBe(0);
  });

  it('makes the nodes as VM rows outside the customer’s VM list, in a subnet of their own, with a services load balancer', async () => {
    const { a, kc } = await runningCluster('svc', { worker_nodes: 2 });
    expect(await customerVms(a)).toBe(0);
    const subnets = (
      await t.call('listPrivateSubnets', { token: a.token, params: { project_id: a.project } })
    ).body.items;
    expect(subnets.map((s) => s.name)).toEqual([`${kc.id}-subnet`]);
    const lbs = (
      await t.call('listLoadBalancers', { token: a.token, params: { project_id: a.project } })
    ).body.items;
    expect(lbs.map((l) => l.name)).toEqual([`${kc.id}-services`]);
    const rows = await t.ctx.db
      .selectFrom('vm')
      .select(['id', 'subnet_id'])
      .where('service_of', '=', kc.id)
      .execute();
    expect(rows).toHaveLength(3);
    expect(new Set(rows.map((r) => r.subnet_id))).toEqual(new Set([subnets[0]!.id]));
  });

  it.each<[CreateKubernetesClusterBody | Record<string, unknown>, string]>([
    [{ version: 'v1.33' }, 'version'],
    [{ version: 'v1.34' }, 'version'],
    [{ version: 1.35 }, 'version'],
    [{ cp_nodes: 2 }, 'cp_nodes'],
    [{ cp_nodes: '2' }, 'cp_nodes'],
    [{ cp_nodes: 'three' }, 'cp_nodes'],
    [{ cp_node_count: 0 }, 'cp_node_count'],
    [{ cp_nodes: 1, cp_node_count: 3 }, 'cp_node_count'],
    [{ node_size: 'standard-3' }, 'node_size'],
    [{ worker_size: 'hobby-1' }, 'worker_size'],
    [{ worker_size: 'premium-60' }, 'worker_size'],
    [{ worker_size: 'c4a-standard-4' }, 'worker_size'],
    [{ worker_size: null }, 'worker_size'],
    [{ worker_nodes: 0 }, 'worker_nodes'],
    [{ worker_nodes: 51 }, 'worker_nodes'],
    [{ worker_nodes: 1.5 }, 'worker_nodes'],
    [{ worker_nodes: '1.5' }, 'worker_nodes'],
    [{ worker_nodes: true }, 'worker_nodes'],
    [{ extra: true }, 'extra'],
  ])('refuses body %j with a 400 naming %s; nothing is made', async (body, field) => {
    const a = await newOwner(t);
    expectInvalid(
      'current',
      await t.request('POST', kcPath(a.project, 'bad'), { token: a.token, body }),
      field,
    );
    expect(await count(t, a)).toBe(0);
    expect(
      (await t.call('listPrivateSubnets', { token: a.token, params: { project_id: a.project } }))
        .body.count,
    ).toBe(0);
  });

  it('refuses a bad name (over 40 characters, ID-shaped), a location without Kubernetes, a taken name; 404 for an unknown location', async () => {
    const a = await newOwner(t);
    expectInvalid('current', await create(t, a, 'x'.repeat(41)), 'name');
    expect((await create(t, a, 'x'.repeat(40))).status).toBe(200);
    expectInvalid('current', await create(t, a, newId('kubernetesCluster')), 'name');
    const north = expectInvalid('current', await create(t, a, 'north', {}, OTHER_LOC), 'location');
    expect(north.details!.location).toContain('eu-central-h1, us-east-a2');
    expect(await count(t, a)).toBe(1);
    const taken = expectInvalid('current', await create(t, a, 'x'.repeat(40)), 'name');
    expect(taken.message).toBe('name is already taken');
    expectCurrentError(await create(t, a, 'mars', {}, 'mars-south-1'), 404, 'ResourceNotFound');
    expect(await count(t, a)).toBe(1);
  });

  it('keeps to the cluster quota (400 naming it, nothing made)', async () => {
    const a = await newOwner(small);
    expect((await create(small, a, 'one')).status).toBe(200);
    const over = expectInvalid('current', await create(small, a, 'two'), 'kubernetes_clusters');
    expect(over.message).toContain('1 Kubernetes clusters');
    expect(await count(small, a)).toBe(1);
  });

  it('answers 404 to a stranger, the same as for a missing project', async () => {
    const a = await newOwner(t);
    await create(t, a, 'mine');
    const other = await stranger(t);
    const theirs = await t.call('getKubernetesCluster', {
      token: other.token,
      params: ref(a.project, 'mine'),
    });
    const missing = await t.call('getKubernetesCluster', {
      token: other.token,
      params: ref(newId('project'), 'mine'),
    });
    expectCurrentError(theirs, 404, 'ResourceNotFound');
    expect(theirs.text).toBe(missing.text);
    expectCurrentError(
      await t.call('createKubernetesCluster', {
        token: other.token,
        params: ref(a.project, 'theirs'),
        body: {},
      }),
      404,
      'ResourceNotFound',
    );
    expectCurrentError(
      await t.call('upgradeKubernetesCluster', {
        token: other.token,
        params: ref(a.project, 'mine'),
      }),
      404,
      'ResourceNotFound',
    );
    expect(await count(t, a)).toBe(1);
  });
});

describe('list clusters', () => {
  it('pages the project’s list and each location’s by ID and by name', async () => {
    const a = await newOwner(t);
    const here: { id: string; name: string }[] = [];
    const there: { id: string; name: string }[] = [];
    for (const name of ['d', 'b', 'a', 'c']) here.push((await create(t, a, name)).body);
    for (const name of ['z', 'y', 'x', 'w']) there.push((await create(t, a, name, {}, US)).body);
    const valid = (item: unknown) => expectSchema(kubernetesClusterSchema, item);
    await checkPagination(
      t,
      a.token,
      {
        path: `${P(a.project)}/kubernetes-cluster`,
        generation: 'current',
        expected: [...here, ...there],
      },
      valid,
    );
    await checkPagination(
      t,
      a.token,
      {
        path: `${P(a.project)}/location/${LOC}/kubernetes-cluster`,
        generation: 'current',
        expected: here,
      },
      valid,
    );
    await checkPagination(
      t,
      a.token,
      {
        path: `${P(a.project)}/location/${US}/kubernetes-cluster`,
        generation: 'current',
        expected: there,
      },
      valid,
    );
    const list = expectSchema(
      kubernetesClusterListSchema,
      (
        await t.call('listKubernetesClusters', {
          token: a.token,
          params: { project_id: a.project },
        })
      ).body,
    );
    expect(list.items.every((c) => c.nodepools.length === 1 && c.cp_vms.length === 1)).toBe(true);
  });

  it('answers an empty list for a project without clusters, and 400 for bad paging', async () => {
    const a = await newOwner(t);
    expect(
      (
        await t.call('listKubernetesClusters', {
          token: a.token,
          params: { project_id: a.project },
        })
      ).body,
    ).toEqual({ count: 0, items: [] });
    expect(
      (
        await t.call('listLocationKubernetesClusters', {
          token: a.token,
          params: at(a.project, OTHER_LOC),
        })
      ).body,
    ).toEqual({ count: 0, items: [] });
    expectInvalid(
      'current',
      await t.request('GET', `${P(a.project)}/kubernetes-cluster?order_column=version`, {
        token: a.token,
      }),
      'order_column',
    );
    expectInvalid(
      'current',
      await t.request('GET', `${P(a.project)}/kubernetes-cluster?page_size=0`, { token: a.token }),
      'page_size',
    );
  });
});

describe('rename a cluster', () => {
  it('renames by name and by ID; the services URL follows; refuses taken, long and ID-shaped names', async () => {
    const a = await newOwner(t);
    const kc = (await create(t, a, 'old')).body;
    await create(t, a, 'other');
    const renamed = await t.call('renameKubernetesCluster', {
      token: a.token,
      params: ref(a.project, 'old'),
      body: { name: 'new' },
    });
    expect(renamed.status, renamed.text).toBe(200);
    expect(expectSchema(kubernetesClusterSchema, renamed.body)).toMatchObject({
      id: kc.id,
      name: 'new',
      services_load_balancer_url: `https://new-services.${kc.id}.k8s.${t.ctx.config.serviceDomain}`,
    });
    expect(
      (
        await t.call('renameKubernetesCluster', {
          token: a.token,
          params: ref(a.project, kc.id),
          body: { name: 'newer' },
        })
      ).body.name,
    ).toBe('newer');
    const rename = (body: unknown) =>
      t.request('POST', `${kcPath(a.project, 'newer')}/rename`, { token: a.token, body });
    expect(expectInvalid('current', await rename({ name: 'other' }), 'name').message).toBe(
      'name is already taken',
    );
    for (const body of [
      { name: 'x'.repeat(41) },
      { name: newId('kubernetesCluster') },
      { name: 'Bad' },
      {},
      { name: 5 },
    ])
      expectInvalid('current', await rename(body), 'name');
    expectInvalid('current', await rename({ name: 'ok', extra: 1 }), 'extra');
    expectCurrentError(
      await t.call('renameKubernetesCluster', {
        token: a.token,
        params: ref(a.project, 'absent'),
        body: { name: 'x' },
      }),
      404,
      'ResourceNotFound',
    );
    expect((await get(t, a, 'newer')).status).toBe(200);
  });
});

describe('upgrade a cluster', () => {
  it('moves v1.34 → v1.35 → v1.36, `upgrading` on the way, its pools only by their own upgrade; 422 at the newest', async () => {
    // A cluster stored at v1.34 (no longer offered for new clusters) still upgrades.
    const { a, kc } = await runningCluster('up', { version: 'v1.35' });
    await t.ctx.db
      .updateTable('kubernetes_cluster')
      .set({ version: 'v1.34' })
      .where('id', '=', kc.id)
      .execute();
    await t.ctx.db
      .updateTable('kubernetes_nodepool')
      .set({ version: 'v1.34' })
      .where('kubernetes_cluster_id', '=', kc.id)
      .execute();
    const upgrade = () =>
      t.call('upgradeKubernetesCluster', { token: a.token, params: ref(a.project, 'up') });
    for (const [, to] of [
      ['v1.34', 'v1.35'],
      ['v1.35', 'v1.36'],
    ]) {
      const res = await upgrade();
      expect(res.status, res.text).toBe(200);
      const up = expectSchema(kubernetesClusterSchema, res.body);
      expect(up).toMatchObject({ id: kc.id, display_state: 'upgrading', version: to });
      const done = await waitFor(t, a, 'up', (c) => c.display_state === 'running', 'upgraded');
      expect(done.version).toBe(to);
      // The control plane only (as the origin): the pool keeps its version until upgraded.
      const from = done.nodepools[0]!.version;
      expect(from).not.toBe(to);
      const pool = await t.call('upgradeKubernetesNodepool', {
        token: a.token,
        params: npRef(a.project, 'up', 'up-np'),
      });
      expect(pool.status, pool.text).toBe(200);
      expect(expectSchema(nodepoolSchema, pool.body)).toMatchObject({ name: 'up-np', version: to });
      const pooled = await waitFor(t, a, 'up', (c) => c.display_state === 'running', 'pool up');
      expect(pooled.nodepools.map((p) => p.version)).toEqual([to]);
    }
    const newest = expectCurrentError(await upgrade(), 422, 'UnprocessableContent');
    expect(newest.message).toBe('Cluster is not ready to be upgraded');
    expect((await get(t, a, kc.id)).body).toMatchObject({
      version: 'v1.36',
      display_state: 'running',
    });
  });

  it('answers the origin’s 422 while the cluster is busy (creating, upgrading)', async () => {
    const a = await newOwner(slow);
    const kc = (await create(slow, a, 'busy', { version: 'v1.35' })).body;
    const upgrade = () =>
      slow.call('upgradeKubernetesCluster', { token: a.token, params: ref(a.project, 'busy') });
    expect(expectCurrentError(await upgrade(), 422, 'UnprocessableContent').message).toBe(
      'Cluster is not ready to be upgraded',
    );
    // An upgrade in progress (the slow server's jobs never come due; set the state as its upgrade would).
    await slow.ctx.db
      .updateTable('kubernetes_cluster')
      .set({ display_state: 'upgrading' })
      .where('id', '=', kc.id)
      .execute();
    expectCurrentError(await upgrade(), 422, 'UnprocessableContent');
    const resize = await slow.call('resizeKubernetesNodepool', {
      token: a.token,
      params: npRef(a.project, 'busy', 'busy-np'),
      body: { node_count: 2 },
    });
    expect(expectCurrentError(resize, 422, 'UnprocessableContent').message).toBe(
      'Cluster is not ready to resize a nodepool',
    );
    expect((await get(slow, a, 'busy')).body).toMatchObject({
      version: 'v1.35',
      display_state: 'upgrading',
    });
  });
});

describe('node pools', () => {
  const vmsOf = (c: KubernetesCluster, pool: string) =>
    c.nodepools.find((p) => p.name === pool)!.vms;
  const serviceVmRows = (id: string) =>
    t.ctx.db.selectFrom('vm').select('id').where('service_of', '=', id).execute();

  it('adds a pool, resizes it up and down one node at a time (VM rows follow), renames, upgrades and deletes it', async () => {
    const { a, kc } = await runningCluster('pools');
    const created = await t.call('createKubernetesNodepool', {
      token: a.token,
      params: ref(a.project, 'pools'),
      body: { name: 'gpu', node_size: 'standard-4', node_count: 2 },
    });
    expect(created.status, created.text).toBe(200);
    const np = expectSchema(nodepoolSchema, created.body);
    expect(np).toMatchObject({
      kubernetes_cluster_id: kc.id,
      name: 'gpu',
      node_count: 2,
      node_size: 'standard-4',
      version: 'v1.36',
    });
    let now = await waitRunning(t, a, 'pools');
    expect(vmsOf(now, 'gpu')).toHaveLength(2);
    expect(await serviceVmRows(kc.id)).toHaveLength(4);

    // Up: 2 → 4, one node at a time (never two being made at once).
    const resize = (node_count: number) =>
      t.call('resizeKubernetesNodepool', {
        token: a.token,
        params: npRef(a.project, 'pools', np.id),
        body: { node_count },
      });
    const up = await resize(4);
    expect(up.status, up.text).toBe(200);
    expect(expectSchema(nodepoolSchema, up.body)).toMatchObject({ node_count: 4 });
    const seen = new Set<number>();
    now = await waitFor(
      t,
      a,
      'pools',
      (c) => {
        const vms = vmsOf(c, 'gpu');
        expect(vms.filter((v) => v.state !== 'running').length).toBeLessThanOrEqual(1);
        seen.add(vms.length);
        return running(c);
      },
      'resized up',
    );
    expect(vmsOf(now, 'gpu')).toHaveLength(4);
    expect(await serviceVmRows(kc.id)).toHaveLength(6);
    expect(await customerVms(a)).toBe(0);

    // Down: 4 → 1; the rows of the removed nodes are gone.
    expect((await resize(1)).status).toBe(200);
    await waitFor(t, a, 'pools', (c) => running(c) && vmsOf(c, 'gpu').length === 1, 'resized down');
    expect(await serviceVmRows(kc.id)).toHaveLength(3);

    const renamed = await t.call('renameKubernetesNodepool', {
      token: a.token,
      params: npRef(a.project, 'pools', 'gpu'),
      body: { name: 'cpu' },
    });
    expect(renamed.status, renamed.text).toBe(200);
    expect(expectSchema(nodepoolSchema, renamed.body)).toMatchObject({ id: np.id, name: 'cpu' });
    expect(
      expectInvalid(
        'current',
        await t.call('renameKubernetesNodepool', {
          token: a.token,
          params: npRef(a.project, 'pools', 'cpu'),
          body: { name: 'pools-np' },
        }),
        'name',
      ).message,
    ).toBe('name is already taken');

    // Already at the cluster's version.
    const current = await t.call('upgradeKubernetesNodepool', {
      token: a.token,
      params: npRef(a.project, 'pools', 'cpu'),
    });
    expect(expectCurrentError(current, 422, 'UnprocessableContent').message).toBe(
      'Nodepool is not ready to be upgraded',
    );

    const del = await t.call('deleteKubernetesNodepool', {
      token: a.token,
      params: npRef(a.project, 'pools', np.id),
    });
    expect(del.status).toBe(204);
    now = await waitRunning(t, a, 'pools');
    expect(now.nodepools.map((p) => p.name)).toEqual(['pools-np']);
    expect(await serviceVmRows(kc.id)).toHaveLength(2);
    // Idempotent.
    expect(
      (
        await t.call('deleteKubernetesNodepool', {
          token: a.token,
          params: npRef(a.project, 'pools', 'cpu'),
        })
      ).status,
    ).toBe(204);
    // The last node pool stays (the origin's 422), whatever the cluster's state.
    const last = await t.call('deleteKubernetesNodepool', {
      token: a.token,
      params: npRef(a.project, 'pools', 'pools-np'),
    });
    expect(expectCurrentError(last, 422, 'UnprocessableContent').message).toBe(
      'You cannot delete the last nodepool of a cluster',
    );
    expect((await get(t, a, 'pools')).body.nodepools.map((p: { name: string }) => p.name)).toEqual([
      'pools-np',
    ]);
  });

  it('refuses bad pool bodies with a 400 naming the field; nothing changes', async () => {
    const { a } = await runningCluster('badpools');
    const cases: [string, unknown, string][] = [
      ['', { node_count: 1 }, 'name'],
      ['', { name: 'fresh', node_size: 'huge' }, 'node_size'],
      ['', { name: 'fresh', node_count: 0 }, 'node_count'],
      ['', { name: 'fresh', node_count: 51 }, 'node_count'],
      ['', { name: 'fresh', node_count: 'two' }, 'node_count'],
      ['', { name: 'fresh', extra: 1 }, 'extra'],
      ['', { name: 'x'.repeat(41) }, 'name'],
      ['', { name: 'badpools-np' }, 'name'],
      ['/badpools-np/resize', {}, 'node_count'],
      ['/badpools-np/resize', { node_count: -1 }, 'node_count'],
      ['/badpools-np/resize', { node_count: '-1' }, 'node_count'],
      ['/badpools-np/resize', { node_count: 2.5 }, 'node_count'],
      ['/badpools-np/resize', { node_count: 51 }, 'node_count'],
      ['/badpools-np/resize', { node_count: 2, more: 1 }, 'more'],
    ];
    for (const [suffix, body, field] of cases) {
      expectInvalid(
        'current',
        await t.request('POST', `${kcPath(a.project, 'badpools')}/nodepool${suffix}`, {
          token: a.token,
          body,
        }),
        field,
      );
    }
    // The name is the body's: the path with a name after /nodepool creates nothing.
    expect(
      (
        await t.request('POST', `${kcPath(a.project, 'badpools')}/nodepool/fresh`, {
          token: a.token,
          body: { node_count: 1 },
        })
      ).status,
    ).toBe(404);
    const c = await get(t, a, 'badpools');
    expect(c.body).toMatchObject({ display_state: 'running' });
    expect(
      c.body.nodepools.map(
        (p: { name: string; node_count: number }) => `${p.name}:${p.node_count}`,
      ),
    ).toEqual(['badpools-np:1']);
    expectCurrentError(
      await t.call('resizeKubernetesNodepool', {
        token: a.token,
        params: npRef(a.project, 'badpools', 'absent'),
        body: { node_count: 2 },
      }),
      404,
      'ResourceNotFound',
    );
  });

  it('keeps to the node pool quota of a cluster', async () => {
    const a = await newOwner(small);
    await create(small, a, 'q');
    await waitRunning(small, a, 'q');
    expect(
      (
        await small.call('createKubernetesNodepool', {
          token: a.token,
          params: ref(a.project, 'q'),
          body: { name: 'two' },
        })
      ).status,
    ).toBe(200);
    await waitRunning(small, a, 'q');
    expectInvalid(
      'current',
      await small.call('createKubernetesNodepool', {
        token: a.token,
        params: ref(a.project, 'q'),
        body: { name: 'three' },
      }),
      'node_pools',
    );
    expect((await get(small, a, 'q')).body.nodepools).toHaveLength(2);
  });

  it('answers the origin’s 422 to pool adds and resizes while the cluster is busy', async () => {
    const a = await newOwner(slow);
    await create(slow, a, 'busy');
    const add = await slow.call('createKubernetesNodepool', {
      token: a.token,
      params: ref(a.project, 'busy'),
      body: { name: 'more' },
    });
    expect(expectCurrentError(add, 422, 'UnprocessableContent').message).toBe(
      'Cluster is not ready to add a nodepool',
    );
    expectCurrentError(
      await slow.call('resizeKubernetesNodepool', {
        token: a.token,
        params: npRef(a.project, 'busy', 'busy-np'),
        body: { node_count: 3 },
      }),
      422,
      'UnprocessableContent',
    );
    expectCurrentError(
      await slow.call('deleteKubernetesNodepool', {
        token: a.token,
        params: npRef(a.project, 'busy', 'busy-np'),
      }),
      422,
      'UnprocessableContent',
    );
    expect(
      (await get(slow, a, 'busy')).body.nodepools.map((p: { node_count: number }) => p.node_count),
    ).toEqual([1]);
  });
});

describe('retire a node', () => {
  const retire = (s: TestServer, a: Owner, cluster: string, node_name: string) =>
    s.call('retireKubernetesNode', {
      token: a.token,
      params: { ...ref(a.project, cluster), node_name },
    });

  it('removes a worker node and shrinks its pool by one, answering the pool; the old VM row goes', async () => {
    const { a, kc } = await runningCluster('ret', { worker_nodes: 3 });
    const old = kc.nodepools[0]!.vms[0]!;
    const res = await retire(t, a, 'ret', old.name);
    expect(res.status, res.text).toBe(200);
    const pool = expectSchema(nodepoolSchema, res.body);
    expect(pool).toMatchObject({ id: kc.nodepools[0]!.id, node_count: 2 });
    expect((await get(t, a, 'ret')).body.display_state).toBe('updating');
    const now = await waitFor(
      t,
      a,
      'ret',
      (c) => running(c) && !c.nodepools[0]!.vms.some((v) => v.id === old.id),
      'node retired',
    );
    expect(now.nodepools[0]).toMatchObject({ node_count: 2 });
    expect(now.nodepools[0]!.vms).toHaveLength(2);
    expect(
      await t.ctx.db.selectFrom('vm').select('id').where('id', '=', old.id).executeTakeFirst(),
    ).toBeUndefined();
  });

  it('answers 422 for a node already retiring and for the last node of a pool; 404 for a control-plane or unknown node', async () => {
    // The slow server's jobs never come due: the first node stays retiring.
    const a = await newOwner(slow);
    const kc = expectSchema(
      kubernetesClusterSchema,
      (await create(slow, a, 'ret2', { worker_nodes: 2 })).body,
    );
    const [first, second] = kc.nodepools[0]!.vms;
    expect((await retire(slow, a, 'ret2', first!.name)).status).toBe(200);
    expect(
      expectCurrentError(await retire(slow, a, 'ret2', first!.name), 422, 'UnprocessableContent')
        .message,
    ).toBe(`Node ${first!.name} is already being retired`);
    const last = expectCurrentError(
      await retire(slow, a, 'ret2', second!.name),
      422,
      'UnprocessableContent',
    );
    expect(last.message).toBe('You cannot retire the last node of a nodepool');
    expectCurrentError(await retire(slow, a, 'ret2', kc.cp_vms[0]!.name), 404, 'ResourceNotFound');
    expectCurrentError(await retire(slow, a, 'ret2', 'no-such-node'), 404, 'ResourceNotFound');
    expectInvalid('current', await retire(slow, a, 'ret2', 'Bad_Name'), 'node_name');
    expect((await get(slow, a, 'ret2')).body.nodepools[0]).toMatchObject({ node_count: 1 });
  });

  it('is taken while the cluster is still being created, and the cluster converges to it', async () => {
    const a = await newOwner(slow);
    const young = expectSchema(
      kubernetesClusterSchema,
      (await create(slow, a, 'young', { worker_nodes: 2 })).body,
    );
    const res = await retire(slow, a, 'young', young.nodepools[0]!.vms[1]!.name);
    expect(res.status, res.text).toBe(200);
    expect(expectSchema(nodepoolSchema, res.body).node_count).toBe(1);
    // Still creating: its own converge job removes the node.
    expect((await get(slow, a, 'young')).body.display_state).toBe('creating');
    expect(
      await slow.ctx.db
        .selectFrom('kubernetes_node')
        .select('retiring')
        .where('vm_id', '=', young.nodepools[0]!.vms[1]!.id)
        .executeTakeFirst(),
    ).toEqual({ retiring: 1 });
  });
});

describe('changes in any order converge', () => {
  const retire = (a: Owner, cluster: string, node_name: string) =>
    t.call('retireKubernetesNode', {
      token: a.token,
      params: { ...ref(a.project, cluster), node_name },
    });
  const poolsOf = (c: KubernetesCluster) =>
    c.nodepools.map((p) => `${p.name}:${p.node_count}:${p.vms.length}:${p.version}`);

  it('retire during a resize: the pool ends at the new count less one, without the retired node', async () => {
    const { a, kc } = await runningCluster('mix1', { worker_nodes: 2 });
    const old = kc.nodepools[0]!.vms[0]!;
    expect(
      (
        await t.call('resizeKubernetesNodepool', {
          token: a.token,
          params: npRef(a.project, 'mix1', 'mix1-np'),
          body: { node_count: 4 },
        })
      ).status,
    ).toBe(200);
    expect((await retire(a, 'mix1', old.name)).status).toBe(200);
    const done = await waitFor(
      t,
      a,
      'mix1',
      (c) => running(c) && c.nodepools[0]!.vms.length === 3,
      'converged',
    );
    expect(poolsOf(done)).toEqual(['mix1-np:3:3:v1.36']);
    expect(done.nodepools[0]!.vms.map((v) => v.id)).not.toContain(old.id);
    expect(
      await t.ctx.db.selectFrom('vm').select('id').where('service_of', '=', kc.id).execute(),
    ).toHaveLength(4);
  });

  it('retire and pool delete during an upgrade: upgraded, the pool gone, the node retired', async () => {
    const { a, kc } = await runningCluster('mix2', { version: 'v1.35', worker_nodes: 2 });
    expect(
      (
        await t.call('createKubernetesNodepool', {
          token: a.token,
          params: ref(a.project, 'mix2'),
          body: { name: 'extra', node_count: 2 },
        })
      ).status,
    ).toBe(200);
    await waitRunning(t, a, 'mix2');
    expect(
      (await t.call('upgradeKubernetesCluster', { token: a.token, params: ref(a.project, 'mix2') }))
        .status,
    ).toBe(200);
    expect(
      (
        await t.call('deleteKubernetesNodepool', {
          token: a.token,
          params: npRef(a.project, 'mix2', 'extra'),
        })
      ).status,
    ).toBe(204);
    const old = kc.nodepools[0]!.vms[1]!;
    expect((await retire(a, 'mix2', old.name)).status).toBe(200);
    const done = await waitFor(
      t,
      a,
      'mix2',
      (c) => running(c) && c.version === 'v1.36' && c.nodepools[0]!.vms.length === 1,
      'converged',
    );
    // The pool keeps its version: it is upgraded on its own (as the origin).
    expect(poolsOf(done)).toEqual(['mix2-np:1:1:v1.35']);
    expect(
      await t.ctx.db.selectFrom('vm').select('id').where('service_of', '=', kc.id).execute(),
    ).toHaveLength(2);
  });

  it('a retire that comes in as the cluster settles is not lost', async () => {
    const { a, kc } = await runningCluster('mix3', { worker_nodes: 3 });
    const [n1, n2] = kc.nodepools[0]!.vms;
    expect((await retire(a, 'mix3', n1!.name)).status).toBe(200);
    // The second retire lands while the first one's convergence runs (or after it settled).
    await pollUntil(
      () => get(t, a, 'mix3'),
      (r) =>
        !r.body.nodepools[0].vms.some((v: { id: string }) => v.id === n1!.id) ||
        r.body.display_state === 'running',
      'first node going',
      50,
    );
    expect((await retire(a, 'mix3', n2!.name)).status).toBe(200);
    const done = await waitFor(
      t,
      a,
      'mix3',
      (c) => running(c) && c.nodepools[0]!.vms.length === 1,
      'converged',
    );
    expect(poolsOf(done)).toEqual(['mix3-np:1:1:v1.36']);
  });
});

describe('kubeconfig and metrics', () => {
  it('answers 422 until the cluster is provisioned, as the origin does', async () => {
    const a = await newOwner(slow);
    const kc = (await create(slow, a, 'young')).body;
    const res = await slow.call('getKubernetesClusterKubeconfig', {
      token: a.token,
      params: ref(a.project, kc.id),
    });
    expect(expectCurrentError(res, 422, 'UnprocessableContent').message).toBe(
      'Cluster is not ready, kubeconfig is not available yet',
    );
  });

  it('answers a kubeconfig YAML for the cluster’s API endpoint with a client certificate signed by the cluster’s CA', async () => {
    const { a, kc } = await runningCluster('cfg');
    const res = await t.call('getKubernetesClusterKubeconfig', {
      token: a.token,
      params: ref(a.project, kc.id),
    });
    expect(res.status).toBe(200);
    expect(res.headers.get('content-type')).toMatch(/^text\/yaml/);
    expect(res.headers.get('content-disposition')).toBe(
      'attachment; filename="cfg-kubeconfig.yaml"',
    );
    const doc = parseYaml(res.text) as {
      apiVersion: string;
      kind: string;
      clusters: {
        name: string;
        cluster: { server: string; 'certificate-authority-data': string };
      }[];
      users: {
        name: string;
        user: { 'client-certificate-data': string; 'client-key-data': string };
      }[];
      contexts: { name: string; context: { cluster: string; user: string } }[];
      'current-context': string;
    };
    expect(doc).toMatchObject({ apiVersion: 'v1', kind: 'Config', 'current-context': 'cfg' });
    expect(doc.clusters[0]!.cluster.server).toBe(
      `https://cfg.${kc.id}.k8s.${t.ctx.config.serviceDomain}:443`,
    );
    expect(doc.contexts[0]!.context).toEqual({ cluster: 'cfg', user: doc.users[0]!.name });
    const decode = (b64: string) => Buffer.from(b64, 'base64').toString();
    const ca = new X509Certificate(decode(doc.clusters[0]!.cluster['certificate-authority-data']));
    const client = new X509Certificate(decode(doc.users[0]!.user['client-certificate-data']));
    expect(ca.ca).toBe(true);
    expect(client.checkIssued(ca)).toBe(true);
    expect(client.verify(ca.publicKey)).toBe(true);
    expect(client.subject).toContain('CN=kubernetes-admin');
    expect(client.subject).toContain('O=system:masters');
    expect(decode(doc.users[0]!.user['client-key-data'])).toContain('BEGIN PRIVATE KEY');
    // Another cluster's CA did not sign it.
    const other = (await create(t, a, 'cfg2')).body;
    await waitRunning(t, a, 'cfg2');
    const otherDoc = parseYaml(
      (
        await t.call('getKubernetesClusterKubeconfig', {
          token: a.token,
          params: ref(a.project, other.id),
        })
      ).text,
    ) as typeof doc;
    const otherCa = new X509Certificate(
      decode(otherDoc.clusters[0]!.cluster['certificate-authority-data']),
    );
    expect(client.verify(otherCa.publicKey)).toBe(false);
  });

  it('answers metrics per node; filters by key; refuses a bad key or range', async () => {
    const { a } = await runningCluster('met', { worker_nodes: 2 });
    const since = new Date(Date.now() - 60_000).toISOString();
    const metrics = (query: Record<string, string>) =>
      t.call('getKubernetesClusterMetrics', {
        token: a.token,
        params: ref(a.project, 'met'),
        query,
      });
    const res = await metrics({});
    expect(res.status, res.text).toBe(200);
    const m = expectSchema(kubernetesMetricsSchema, res.body);
    // The origin's twelve keys (lib/metrics.rb), in its order.
    expect(m.metrics.map((x) => x.key)).toEqual([
      'cpu_usage',
      'load_average',
      'memory_usage',
      'disk_usage',
      'disk_io',
      'network_traffic',
      'api_request_rate',
      'api_request_latency',
      'api_inflight_requests',
      'pending_pods',
      'cluster_database_size',
      'cluster_objects',
    ]);
    expect(m.metrics[0]).toMatchObject({ name: 'CPU Usage', unit: '%' });
    expect(m.metrics[0]!.series.map((s) => s.labels.role).sort()).toEqual([
      'control-plane',
      'worker',
      'worker',
    ]);
    // Reads and writes per node; the API server's from the control plane only.
    expect(m.metrics.find((x) => x.key === 'disk_io')!.series.map((s) => s.labels.name)).toEqual([
      'Reads',
      'Writes',
      'Reads',
      'Writes',
      'Reads',
      'Writes',
    ]);
    expect(
      m.metrics.find((x) => x.key === 'api_request_rate')!.series.map((s) => s.labels.role),
    ).toEqual(['control-plane']);
    const one = expectSchema(
      kubernetesMetricsSchema,
      (await metrics({ key: 'pending_pods', start: since })).body,
    );
    expect(one.metrics.map((x) => x.key)).toEqual(['pending_pods']);
    expectInvalid('current', await metrics({ key: 'pod_count' }), 'key');
    expectInvalid('current', await metrics({ key: 'temperature' }), 'key');
    expectInvalid('current', await metrics({ start: 'yesterday' }), 'start');
    expectInvalid('current', await metrics({ start: new Date().toISOString(), end: since }), 'end');
  });
});

describe('delete a cluster', () => {
  it('answers 204, goes deleting → gone with its nodes, load balancer and subnet; a repeat is 204 too', async () => {
    const { a, kc } = await runningCluster('bye', { worker_nodes: 2 });
    const del = () =>
      t.call('deleteKubernetesCluster', { token: a.token, params: ref(a.project, 'bye') });
    expect((await del()).status).toBe(204);
    const r: Reply = await get(t, a, 'bye');
    if (r.status === 200) expect(r.body.display_state).toBe('deleting');
    // Deleting (422) or already gone (404): never upgraded.
    expect([404, 422]).toContain(
      (await t.call('upgradeKubernetesCluster', { token: a.token, params: ref(a.project, kc.id) }))
        .status,
    );
    await pollUntil(
      () => get(t, a, kc.id),
      (x) => x.status === 404,
      'cluster gone',
      500,
    );
    expect(
      await t.ctx.db.selectFrom('vm').select('id').where('service_of', '=', kc.id).execute(),
    ).toEqual([]);
    expect(
      (await t.call('listLoadBalancers', { token: a.token, params: { project_id: a.project } }))
        .body.count,
    ).toBe(0);
    await pollUntil(
      () => t.call('listPrivateSubnets', { token: a.token, params: { project_id: a.project } }),
      (x) => x.body.count === 0,
      'subnet gone',
      500,
    );
    expect((await del()).status).toBe(204);
    expect(await count(t, a)).toBe(0);
    // The project can go now.
    expect((await t.request('DELETE', P(a.project), { token: a.token })).status).toBe(204);
  });

  it('deletes a cluster that is still being created', async () => {
    const a = await newOwner(t);
    const kc = (await create(t, a, 'young')).body;
    expect(
      (await t.call('deleteKubernetesCluster', { token: a.token, params: ref(a.project, 'young') }))
        .status,
    ).toBe(204);
    await pollUntil(
      () => get(t, a, kc.id),
      (x) => x.status === 404,
      'cluster gone',
      500,
    );
  });
});
