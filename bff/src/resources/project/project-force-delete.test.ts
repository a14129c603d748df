// DELETE P?force=true (issue 29): a project is emptied through each kind's own delete, then
// deleted; the answer comes once it is gone (202 when that takes longer than the wait). And
// the refusal without force, which names only what the project's lists show.
import { describe, expect, it } from 'vitest';
import {
  at,
  createFirewall,
  createLoadBalancer,
  createSubnet,
  createVm,
  expectCurrentError,
  LOC,
  memberWith,
  newOwner,
  P,
  pollUntil,
  waitForVmState,
} from '../../../test/fixtures.ts';
import { serverForFile, type TestServer } from '../../../test/harness.ts';
import { openEvents } from '../../../test/sse.ts';
import { createPg, pgAt, waitForPgState } from '../postgres/postgres.fixtures.ts';

const t = await serverForFile();
// Jobs never come due after their first step: objects stay in their transitional states, and
// a forced delete cannot finish within its (short) wait.
const slow = await serverForFile({ PROVISION_DELAY_MS: '600000', PROJECT_DELETE_WAIT_MS: '100' });

type Owner = Awaited<ReturnType<typeof newOwner>>;

const forceDelete = (s: TestServer, token: string, project: string, force = 'true') =>
  s.call('deleteProject', {
    token,
    params: { project_id: project },
    query: { force } as { force: 'true' },
  });
const cluster = (project: string, name: string) => ({
  ...at(project),
  kubernetes_cluster_reference: name,
});

/** A project holding two VMs (one behind a load balancer), a subnet with a firewall and a rule, a database and a cluster: the paths of each, as GET reads them. */
async function fill(s: TestServer, owner: Owner, opts: { running: boolean }) {
  const { token, project } = owner;
  const subnet = await createSubnet(s, token, project, 'net');
  // A public IPv4: the load balancer below (dual stack) takes only such VMs.
  const vm1 = await createVm(s, token, project, 'web-1', {
    private_subnet_id: subnet.id,
    enable_ip4: true,
  });
  const vm2 = await createVm(s, token, project, 'web-2', { private_subnet_id: subnet.id });
  const fw = await createFirewall(s, token, project, 'fw');
  expect(
    (
      await s.call('attachFirewallSubnet', {
        token,
        params: { ...at(project), firewall_reference: 'fw' },
        body: { private_subnet_id: subnet.id },
      })
    ).status,
  ).toBe(200);
  expect(
    (
      await s.call('createFirewallRule', {
        token,
        params: { ...at(project), firewall_reference: 'fw' },
        body: { cidr: '0.0.0.0/0', port_range: '22..22' },
      })
    ).status,
  ).toBe(200);
  const lb = await createLoadBalancer(s, token, project, 'lb', {
    private_subnet_id: subnet.id,
    src_port: 80,
    dst_port: 8080,
  });
  if (opts.running) await waitForVmState(s, token, project, 'web-1', 'running');
  const attached = await s.call('attachLoadBalancerVm', {
    token,
    params: { ...at(project), load_balancer_reference: 'lb' },
    body: { vm_id: vm1.id },
  });
  expect(attached.status, attached.text).toBe(200);
  const pg = await createPg(s, token, project, 'db');
  const kc = await s.call('createKubernetesCluster', {
    token,
    params: cluster(project, 'kc'),
    body: {},
  });
  expect(kc.status, kc.text).toBe(200);
  if (opts.running) {
    await waitForVmState(s, token, project, 'web-2', 'running');
    await waitForPgState(s, token, project, 'db', 'running');
    await pollUntil(
      () => s.call('getKubernetesCluster', { token, params: cluster(project, 'kc') }),
      (r) => r.status === 200 && r.body.display_state === 'running',
      'the cluster to run',
      1000,
    );
  }
  const base = `${P(project)}/location/${LOC}`;
  return {
    ids: [subnet.id, vm1.id, vm2.id, fw.id, lb.id, pg.id, kc.body.id],
    paths: [
      `${base}/private-subnet/net`,
      `${base}/vm/web-1`,
      `${base}/vm/web-2`,
      `${base}/firewall/fw`,
      `${base}/load-balancer/lb`,
      `${base}/postgres/db`,
      `${base}/kubernetes-cluster/kc`,
    ],
  };
}

describe('DELETE P?force=true', () => {
  it('deletes every resource of every kind and the project, answers once it is gone, and the audit log keeps the deletion', async () => {
    const owner = await newOwner(t);
    const { paths } = await fill(t, owner, { running: true });
    for (const path of paths)
      expect((await t.request('GET', path, { token: owner.token })).status, path).toBe(200);

    const res = await forceDelete(t, owner.token, owner.project);
    expect(res.status, res.text).toBe(204);

    expectCurrentError(
      await t.call('getProject', { token: owner.token, params: { project_id: owner.project } }),
      404,
      'ResourceNotFound',
    );
    for (const path of paths)
      expect((await t.request('GET', path, { token: owner.token })).status, path).toBe(404);
    const projects = await t.call('listProjects', {
      token: owner.token,
      query: { page_size: 1000 },
    });
    expect(projects.body.items.map((p) => p.id)).not.toContain(owner.project);
    // Nothing of the project is left, the servers and nodes no list shows included.
    for (const table of [
      'vm',
      'private_subnet',
      'firewall',
      'load_balancer',
      'postgres',
      'kubernetes_cluster',
    ] as const) {
      expect(
        await t.ctx.db
          .selectFrom(table)
          .select('id')
          .where('project_id', '=', owner.project)
          .execute(),
        table,
      ).toEqual([]);
    }
    // The project's audit log outlives it (decision 205); no route reads a deleted project's log.
    const entries = await t.ctx.db
      .selectFrom('audit_entry')
      .selectAll()
      .where('project_id', '=', owner.project)
      .where('action', '=', 'deleteProject')
      .execute();
    expect(entries).toMatchObject([
      { account_id: owner.id, object_id: owner.project, object_kind: 'project', error_type: null },
    ]);

    // Deletes are idempotent: the project that is gone is 404, as for any other.
    expectCurrentError(await forceDelete(t, owner.token, owner.project), 404, 'ResourceNotFound');
  });

  it('deletes an empty project at once, and force=false is the ordinary delete', async () => {
    const owner = await newOwner(t);
    expect((await forceDelete(t, owner.token, owner.project)).status).toBe(204);
    expectCurrentError(
      await t.call('getProject', { token: owner.token, params: { project_id: owner.project } }),
      404,
      'ResourceNotFound',
    );

    const other = await newOwner(t);
    await createSubnet(t, other.token, other.project, 'kept');
    expect(
      expectCurrentError(await forceDelete(t, other.token, other.project, 'false'), 409, 'Conflict')
        .message,
    ).toMatch(/1 private subnet/);
  });

  it('answers 202 when the project is not gone within the wait; every object is being deleted, each with its events, and the deletion goes on', async () => {
    const owner = await newOwner(slow);
    const { ids } = await fill(slow, owner, { running: false });
    const s = await openEvents(slow.base, owner.project, { token: owner.token });
    expect(s.status, s.text).toBe(200);

    const res = await forceDelete(slow, owner.token, owner.project);
    expect(res.status, res.text).toBe(202);
    expect(res.text).toBe('');

    // Each object the lists show starts its own deletion, as its own DELETE would (the
    // firewall has no deleting state: it goes at once).
    const going = (
      e: { event: string; data: { object: { id: string }; state: string | null } },
      id: string,
    ) => e.data.object.id === id && (e.event === 'firewall.deleted' || e.data.state === 'deleting');
    await s.waitFor(
      (events) => ids.every((id) => events.some((e) => going(e, id))),
      'every object deleting',
    );
    s.close();
    const project = await slow.call('getProject', {
      token: owner.token,
      params: { project_id: owner.project },
    });
    expect(project.status).toBe(200);
    const vms = await slow.call('listVms', {
      token: owner.token,
      params: { project_id: owner.project },
    });
    expect(vms.body.items.map((v) => v.state)).toEqual(['deleting', 'deleting']);

    // Sent again, it waits again (and starts no second job).
    expect((await forceDelete(slow, owner.token, owner.project)).status).toBe(202);
    const jobs = await slow.ctx.db
      .selectFrom('job')
      .select('state')
      .where('kind', '=', 'project.destroy')
      .where('resource_id', '=', owner.project)
      .execute();
    expect(jobs).toEqual([{ state: 'pending' }]);
  });

  it('refuses members and viewers with the project-role refusal, and deletes nothing', async () => {
    const owner = await newOwner(slow);
    await createSubnet(slow, owner.token, owner.project, 'kept');
    for (const role of ['member', 'viewer'] as const) {
      const account = await memberWith(slow, owner, role);
      const e = expectCurrentError(
        await forceDelete(slow, account.token, owner.project),
        403,
        'Unauthorized',
      );
      expect(e.message).toBe(
        `Your role in this project (${role}) does not allow this. Only an admin of the project can do it.`,
      );
    }
    const subnets = await slow.call('listPrivateSubnets', {
      token: owner.token,
      params: { project_id: owner.project },
    });
    expect(subnets.body.items.map((x) => [x.name, x.state])).toEqual([['kept', 'available']]);
    expect(
      await slow.ctx.db
        .selectFrom('job')
        .select('id')
        .where('kind', '=', 'project.destroy')
        .where('resource_id', '=', owner.project)
        .execute(),
    ).toEqual([]);
  });

  it.each(['yes', '1', 'TRUE', ''])(
    'refuses force=%j with a 400 naming force, and deletes nothing',
    async (force) => {
      const owner = await newOwner(slow);
      const e = expectCurrentError(
        await forceDelete(slow, owner.token, owner.project, force),
        400,
        'InvalidRequest',
      );
      expect(e.details).toEqual({ force: 'force must be true or false.' });
      expect(
        (
          await slow.call('getProject', {
            token: owner.token,
            params: { project_id: owner.project },
          })
        ).status,
      ).toBe(200);
    },
  );
});

describe('the refusal without force', () => {
  it('names what the lists show: a database, not its server VM; a cluster, not its nodes', async () => {
    const owner = await newOwner(slow);
    await createPg(slow, owner.token, owner.project, 'db');
    const vms = await slow.call('listVms', {
      token: owner.token,
      params: { project_id: owner.project },
    });
    expect(vms.body).toEqual({ count: 0, items: [] });
    const e = expectCurrentError(
      await slow.call('deleteProject', {
        token: owner.token,
        params: { project_id: owner.project },
        query: {},
      }),
      409,
      'Conflict',
    );
    // The database made its location's default subnet and that subnet's firewall.
    expect(e.message).toBe(
      'The project still holds resources (1 PostgreSQL database, 1 private subnet, 1 firewall). Delete them first, or delete the project with force=true to delete them with it.',
    );

    const kc = await slow.call('createKubernetesCluster', {
      token: owner.token,
      params: cluster(owner.project, 'kc'),
      body: {},
    });
    expect(kc.status, kc.text).toBe(200);
    await createVm(slow, owner.token, owner.project, 'web');
    const counts = await Promise.all(
      (
        [
          'listKubernetesClusters',
          'listLoadBalancers',
          'listPostgresDatabases',
          'listVms',
          'listPrivateSubnets',
          'listFirewalls',
        ] as const
      ).map(
        async (op) =>
          (await slow.call(op, { token: owner.token, params: { project_id: owner.project } })).body
            .count,
      ),
    );
    const message = expectCurrentError(
      await slow.call('deleteProject', {
        token: owner.token,
        params: { project_id: owner.project },
        query: {},
      }),
      409,
      'Conflict',
    ).message;
    const [clusters, lbs, pgs, vmCount, subnets, firewalls] = counts as [
      number,
      number,
      number,
      number,
      number,
      number,
    ];
    expect(vmCount).toBe(1);
    const plural = (n: number, one: string, many: string) =>
      n ? [`${n} ${n === 1 ? one : many}`] : [];
    const held = [
      ...plural(clusters, 'Kubernetes cluster', 'Kubernetes clusters'),
      ...plural(lbs, 'load balancer', 'load balancers'),
      ...plural(pgs, 'PostgreSQL database', 'PostgreSQL databases'),
      ...plural(vmCount, 'VM', 'VMs'),
      ...plural(subnets, 'private subnet', 'private subnets'),
      ...plural(firewalls, 'firewall', 'firewalls'),
    ];
    expect(message).toBe(
      `The project still holds resources (${held.join(', ')}). Delete them first, or delete the project with force=true to delete them with it.`,
    );
    expect(message).toContain('1 VM,');
    expect(
      (
        await slow.call('getPostgresDatabase', {
          token: owner.token,
          params: pgAt(owner.project, 'db'),
        })
      ).status,
    ).toBe(200);
  });
});
