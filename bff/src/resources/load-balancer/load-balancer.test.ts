import { describe, expect, it } from 'vitest';
import {
  loadBalancerListSchema,
  loadBalancerSchema,
  type CreateLoadBalancerBody,
} from '#shared/api/load-balancer';
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
  countIn,
  createLoadBalancer,
  createSubnet,
  createVm,
  expectCurrentError,
  expectInvalid,
  expectLegacyError,
  expectOneWinner,
  loadBalancerPath,
  LOC,
  newOwner,
  OTHER_LOC,
  P,
  pollUntil,
  stranger,
  subnetPath,
  vmPath,
  waitForGone,
  waitForLoadBalancerState,
  waitForVmState,
} from '../../../test/fixtures.ts';
import { checkKindPagination, listBasics, renameRefusals } from '../../../test/suites.ts';

const { t, slow } = await kindServers();
const small = await serverForFile({ LOAD_BALANCER_QUOTA: '2' });

type Owner = Awaited<ReturnType<typeof newOwner>>;
const ref = (project: string, load_balancer_reference: string, loc = LOC) => ({
  ...at(project, loc),
  load_balancer_reference,
});
const lbCount = (s: TestServer, a: Owner) => countIn(s, a.token, 'listLoadBalancers', a.project);
const getLb = (s: TestServer, a: Owner, name: string, loc = LOC) =>
  s.call('getLoadBalancer', { token: a.token, params: ref(a.project, name, loc) });

/** A project with a subnet `net` and a VM `web` in it; `server` defaults to the fast one. */
async function withSubnet(server: TestServer = t) {
  const a = await newOwner(server);
  const ps = await createSubnet(server, a.token, a.project, 'net');
  return { a, ps };
}

/**
 * A VM in the subnet with a public IPv4 (what an IPv4 or dual-stack load balancer, the
 * default, needs), running (on the fast server).
 */
async function runningVm(a: Owner, name: string, subnetId: string, enable_ip4 = true) {
  await createVm(t, a.token, a.project, name, { private_subnet_id: subnetId, enable_ip4 });
  return waitForVmState(t, a.token, a.project, name, 'running');
}

const newLb = (s: TestServer, a: Owner, name: string, body: CreateLoadBalancerBody, loc = LOC) =>
  createLoadBalancer(s, a.token, a.project, name, body, loc);
const attach = (s: TestServer, a: Owner, lb: string, vm_id: string) =>
  s.call('attachLoadBalancerVm', { token: a.token, params: ref(a.project, lb), body: { vm_id } });
const detach = (s: TestServer, a: Owner, lb: string, vm_id: string) =>
  s.call('detachLoadBalancerVm', { token: a.token, params: ref(a.project, lb), body: { vm_id } });

/** The load balancer's attached VMs as `name:health`. */
const vmHealth = (r: Reply) =>
  (r.body.vms as { name: string; health: string }[]).map((v) => `${v.name}:${v.health}`);

describe('create and get a load balancer', () => {
  it('creates one with the origin defaults; gets it by name and by ID; it goes creating → running', async () => {
    const { a, ps } = await withSubnet();
    const res = await t.call('createLoadBalancer', {
      token: a.token,
      params: ref(a.project, 'front'),
      body: { private_subnet_id: ps.id, src_port: 80, dst_port: 8080 },
    });
    expect(res.status, res.text).toBe(200);
    const lb = expectSchema(loadBalancerSchema, res.body);
    expect(lb.id).toMatch(/^1b[0-9a-hjkmnp-tv-z]{24}$/);
    expect(lb).toEqual({
      id: lb.id,
      name: 'front',
      location: LOC,
      hostname: `front.${lb.id}.lb.${t.ctx.config.serviceDomain}`,
      algorithm: 'round_robin',
      src_port: 80,
      dst_port: 8080,
      health_check_endpoint: '/up',
      health_check_protocol: 'http',
      subnet: 'net',
      vms: [],
      stack: 'dual',
      cert_enabled: false,
      state: 'creating',
      // Null unless failed (docs/testing.md).
      state_reason: null,
      // Null unless made for a cluster (owned-by.test.ts).
      owned_by: null,
    });
    const running = await waitForLoadBalancerState(t, a.token, a.project, 'front', 'running');
    expect(running).toEqual({ ...lb, state: 'running' });
    expect((await getLb(t, a, lb.id)).body).toEqual(running);
    // It lives in its location.
    expectCurrentError(await getLb(t, a, 'front', OTHER_LOC), 404, 'ResourceNotFound');
    expectCurrentError(await getLb(t, a, lb.id, OTHER_LOC), 404, 'ResourceNotFound');
  });

  it('takes every body field, and ports as decimal strings (as the origin CLI sends them)', async () => {
    const { a, ps } = await withSubnet();
    const lb = await newLb(t, a, 'full', {
      private_subnet_id: ps.id,
      src_port: '443',
      dst_port: '8443',
      algorithm: 'hash_based',
      health_check_endpoint: '/healthz?full=1',
      health_check_protocol: 'https',
      stack: 'ipv6',
      cert_enabled: true,
    });
    expect(lb).toMatchObject({
      src_port: 443,
      dst_port: 8443,
      algorithm: 'hash_based',
      health_check_endpoint: '/healthz?full=1',
      health_check_protocol: 'https',
      stack: 'ipv6',
      cert_enabled: true,
    });
    for (const [protocol, stack] of [
      ['tcp', 'ipv4'],
      ['http', 'dual'],
    ] as const) {
      const other = await newLb(t, a, `lb-${protocol}`, {
        private_subnet_id: ps.id,
        src_port: 1,
        dst_port: 65535,
        health_check_protocol: protocol,
        stack,
      });
      expect(other).toMatchObject({
        src_port: 1,
        dst_port: 65535,
        health_check_protocol: protocol,
        stack,
      });
    }
  });

  it.each([
    ['no private_subnet_id', 'private_subnet_id', { private_subnet_id: undefined }],
    ['a malformed private_subnet_id', 'private_subnet_id', { private_subnet_id: 'net' }],
    ['a private_subnet_id that is a number', 'private_subnet_id', { private_subnet_id: 7 }],
    ['no src_port', 'src_port', { src_port: undefined }],
    ['src_port 0', 'src_port', { src_port: 0 }],
    ['src_port 65536', 'src_port', { src_port: 65536 }],
    ['src_port 1.5', 'src_port', { src_port: 1.5 }],
    ['src_port "http"', 'src_port', { src_port: 'http' }],
    ['src_port "-1"', 'src_port', { src_port: '-1' }],
    ['src_port true', 'src_port', { src_port: true }],
    ['src_port null', 'src_port', { src_port: null }],
    ['no dst_port', 'dst_port', { dst_port: undefined }],
    ['dst_port -80', 'dst_port', { dst_port: -80 }],
    ['dst_port "99999"', 'dst_port', { dst_port: '99999' }],
    ['an algorithm that is not a string', 'algorithm', { algorithm: 1 }],
    ['an empty health check endpoint', 'health_check_endpoint', { health_check_endpoint: '' }],
    [
      'a health check endpoint with a space',
      'health_check_endpoint',
      { health_check_endpoint: '/is up' },
    ],
    [
      'a health check endpoint over 255 characters',
      'health_check_endpoint',
      { health_check_endpoint: `/${'x'.repeat(255)}` },
    ],
    ['a stack of ipv5', 'stack', { stack: 'ipv5' }],
    ['cert_enabled "yes"', 'cert_enabled', { cert_enabled: 'yes' }],
    ['an unknown field', 'ports', { ports: [] }],
  ])(
    'refuses a create body with %s (400 naming %s) and creates nothing',
    async (_what, field, change) => {
      const { a, ps } = await withSubnet();
      const body = { private_subnet_id: ps.id, src_port: 80, dst_port: 8080, ...change };
      expectInvalid(
        'current',
        await t.call('createLoadBalancer', {
          token: a.token,
          params: ref(a.project, 'nope'),
          invalidBody: body,
        }),
        field,
      );
      expect(await lbCount(t, a)).toBe(0);
    },
  );

  it('accepts a health check endpoint of exactly 255 characters', async () => {
    const { a, ps } = await withSubnet();
    const endpoint = `/${'x'.repeat(254)}`;
    expect(
      (
        await newLb(t, a, 'long', {
          private_subnet_id: ps.id,
          src_port: 80,
          dst_port: 80,
          health_check_endpoint: endpoint,
        })
      ).health_check_endpoint,
    ).toBe(endpoint);
  });

  it('refuses a missing subnet, one of another location and one of another project (400 private_subnet_id); creates nothing', async () => {
    const { a } = await withSubnet();
    const elsewhere = await createSubnet(t, a.token, a.project, 'far', OTHER_LOC);
    const b = await newOwner(t);
    const theirs = await createSubnet(t, b.token, b.project, 'theirs');
    const create = (private_subnet_id: string) =>
      t.call('createLoadBalancer', {
        token: a.token,
        params: ref(a.project, 'nope'),
        body: { private_subnet_id, src_port: 80, dst_port: 80 },
      });
    const missing = expectInvalid(
      'current',
      await create(newId('privateSubnet')),
      'private_subnet_id',
    );
    expect(expectInvalid('current', await create(theirs.id), 'private_subnet_id')).toEqual(missing);
    expect(
      expectInvalid('current', await create(elsewhere.id), 'private_subnet_id').details!
        .private_subnet_id,
    ).toMatch(OTHER_LOC);
    expect(await lbCount(t, a)).toBe(0);
  });

  it('refuses a duplicate name (in the location only), an ID-shaped name and malformed names', async () => {
    const { a, ps } = await withSubnet();
    const far = await createSubnet(t, a.token, a.project, 'far', OTHER_LOC);
    await newLb(t, a, 'taken', { private_subnet_id: ps.id, src_port: 80, dst_port: 80 });
    const create = (name: string) =>
      t.call('createLoadBalancer', {
        token: a.token,
        params: ref(a.project, name),
        body: { private_subnet_id: ps.id, src_port: 81, dst_port: 81 },
      });
    expect(expectInvalid('current', await create('taken'), 'name').message).toBe(
      'name is already taken',
    );
    expectInvalid('current', await create(newId('loadBalancer')), 'name');
    for (const name of ['Caps', 'under_score', '-lead', 'x'.repeat(64)])
      expectInvalid('current', await create(name), 'load_balancer_reference');
    expect(await lbCount(t, a)).toBe(1);
    await newLb(
      t,
      a,
      'taken',
      { private_subnet_id: far.id, src_port: 80, dst_port: 80 },
      OTHER_LOC,
    );
    expect(await lbCount(t, a)).toBe(2);
  });

  it('creates one load balancer when the same name is created four times at once', async () => {
    const { a, ps } = await withSubnet();
    const replies = await Promise.all(
      [80, 81, 82, 83].map((port) =>
        t.call('createLoadBalancer', {
          token: a.token,
          params: ref(a.project, 'race'),
          body: { private_subnet_id: ps.id, src_port: port, dst_port: port },
        }),
      ),
    );
    expectOneWinner(replies, 'current');
    expect(await lbCount(t, a)).toBe(1);
  });

  it('answers another project’s load balancer with 404, as a missing one', async () => {
    const { a, ps } = await withSubnet();
    const lb = await newLb(t, a, 'mine', { private_subnet_id: ps.id, src_port: 80, dst_port: 80 });
    const other = await stranger(t);
    for (const name of ['mine', lb.id]) {
      const res = await t.call('getLoadBalancer', {
        token: other.token,
        params: ref(a.project, name),
      });
      expectCurrentError(res, 404, 'ResourceNotFound');
      expect(res.text).toBe(
        (
          await t.call('getLoadBalancer', {
            token: other.token,
            params: ref(newId('project'), name),
          })
        ).text,
      );
    }
  });
});

describe('list load balancers', () => {
  it('pages through the project list and the location lists; items are full records', async () => {
    const { a, ps } = await withSubnet();
    const far = await createSubnet(t, a.token, a.project, 'far', OTHER_LOC);
    const vm = await runningVm(a, 'web', ps.id);
    const here = [];
    for (const [i, name] of ['delta', 'alpha', 'echo', 'charlie', 'bravo'].entries())
      here.push(
        await newLb(t, a, name, { private_subnet_id: ps.id, src_port: 80 + i, dst_port: 80 + i }),
      );
    const there = [];
    for (const name of ['alpha', 'zulu', 'kilo', 'lima'])
      there.push(
        await newLb(
          t,
          a,
          name,
          { private_subnet_id: far.id, src_port: 80, dst_port: 80 },
          OTHER_LOC,
        ),
      );
    expect((await attach(t, a, 'delta', vm.id)).status).toBe(200);
    // Its state and its VM's health move with the worker: compared once they have settled
    // (under load the worker made it running between the list and the GET).
    await waitForLoadBalancerState(t, a.token, a.project, 'delta', 'running');

    const list = expectSchema(
      loadBalancerListSchema,
      (
        await t.call('listLoadBalancers', {
          token: a.token,
          params: { project_id: a.project },
          query: { page_size: 100 },
        })
      ).body,
    );
    expect(list.count).toBe(9);
    const delta = list.items.find((l) => l.name === 'delta')!;
    expect(delta).toEqual((await getLb(t, a, 'delta')).body);
    expect(delta.vms.map((v) => v.id)).toEqual([vm.id]);
    await checkKindPagination(
      t,
      a.token,
      a.project,
      'load-balancer',
      'current',
      here,
      there,
      (item) => expectSchema(loadBalancerSchema, item),
    );
  });

  listBasics(t, {
    whats: 'load balancers',
    segment: 'load-balancer',
    create: async (s, token, project, name) => {
      const ps = await createSubnet(s, token, project, `${name}-net`);
      return createLoadBalancer(s, token, project, name, {
        private_subnet_id: ps.id,
        src_port: 80,
        dst_port: 80,
      });
    },
  });
});

describe('rename a load balancer', () => {
  it('renames by name and by ID; the hostname follows', async () => {
    const { a, ps } = await withSubnet();
    const lb = await newLb(t, a, 'before', {
      private_subnet_id: ps.id,
      src_port: 80,
      dst_port: 80,
    });
    const res = await t.call('renameLoadBalancer', {
      token: a.token,
      params: ref(a.project, 'before'),
      body: { name: 'after' },
    });
    expect(res.status, res.text).toBe(200);
    expect(expectSchema(loadBalancerSchema, res.body)).toMatchObject({
      id: lb.id,
      name: 'after',
      hostname: `after.${lb.id}.lb.${t.ctx.config.serviceDomain}`,
    });
    expectCurrentError(await getLb(t, a, 'before'), 404, 'ResourceNotFound');
    expect(
      (
        await t.call('renameLoadBalancer', {
          token: a.token,
          params: ref(a.project, lb.id),
          body: { name: 'final' },
        })
      ).body.name,
    ).toBe('final');
    expect((await getLb(t, a, 'final')).body.id).toBe(lb.id);
  });

  renameRefusals(t, {
    what: 'load balancer',
    idKind: 'loadBalancer',
    refParam: 'load_balancer_reference',
    list: 'listLoadBalancers',
    path: loadBalancerPath,
    create: async (s, token, project, name) => {
      const ps = await createSubnet(s, token, project, `${name}-net`);
      return createLoadBalancer(s, token, project, name, {
        private_subnet_id: ps.id,
        src_port: 80,
        dst_port: 80,
      });
    },
  });
});

describe('attach and detach VMs', () => {
  it('attaches a VM of its subnet as a VM summary whose health is up once both run; detaches it', async () => {
    const { a, ps } = await withSubnet();
    const vm = await runningVm(a, 'web', ps.id);
    await newLb(t, a, 'front', { private_subnet_id: ps.id, src_port: 80, dst_port: 8080 });
    const res = await attach(t, a, 'front', vm.id);
    expect(res.status, res.text).toBe(200);
    const lb = expectSchema(loadBalancerSchema, res.body);
    expect(lb.vms).toEqual([
      {
        id: vm.id,
        name: 'web',
        state: 'running',
        location: LOC,
        size: vm.size,
        unix_user: vm.unix_user,
        storage_size_gib: vm.storage_size_gib,
        ip4: vm.ip4,
        ip6: vm.ip6,
        ip4_enabled: true,
        // The data plane checks nothing before the load balancer runs.
        health: lb.state === 'running' ? 'up' : 'down',
      },
    ]);
    const up = await pollUntil(
      () => getLb(t, a, 'front'),
      (r) => r.body.state === 'running' && vmHealth(r).join() === 'web:up',
      'web to be up',
    );
    expect(up.body.vms).toHaveLength(1);
    // Attaching it again is the origin's 400 (decision 300), and changes nothing.
    const again = expectInvalid('current', await attach(t, a, 'front', vm.id), 'vm_id');
    expect(again.details!.vm_id).toBe('VM is already attached to a load balancer');
    expect((await getLb(t, a, 'front')).body).toEqual(up.body);

    const detached = await detach(t, a, 'front', vm.id);
    expect(detached.status, detached.text).toBe(200);
    expect(detached.body.vms).toEqual([]);
    // Detaching a VM that is not attached changes nothing either.
    expect((await detach(t, a, 'front', vm.id)).body).toEqual(detached.body);
    // The VM stays.
    expect((await t.request('GET', vmPath(a.project, 'web'), { token: a.token })).body.state).toBe(
      'running',
    );
  });

  it('reports a VM down while it is stopped and up again once it runs', async () => {
    const { a, ps } = await withSubnet();
    const vm = await runningVm(a, 'web', ps.id);
    await newLb(t, a, 'front', { private_subnet_id: ps.id, src_port: 80, dst_port: 80 });
    await attach(t, a, 'front', vm.id);
    await pollUntil(
      () => getLb(t, a, 'front'),
      (r) => vmHealth(r).join() === 'web:up',
      'web to be up',
    );
    expect(
      (
        await t.call('stopVm', {
          token: a.token,
          params: { ...at(a.project), vm_reference: 'web' },
        })
      ).status,
    ).toBe(200);
    expect(vmHealth(await getLb(t, a, 'front'))).toEqual(['web:down']);
    await waitForVmState(t, a.token, a.project, 'web', 'stopped');
    expect(vmHealth(await getLb(t, a, 'front'))).toEqual(['web:down']);
    await t.call('startVm', { token: a.token, params: { ...at(a.project), vm_reference: 'web' } });
    await pollUntil(
      () => getLb(t, a, 'front'),
      (r) => vmHealth(r).join() === 'web:up',
      'web to be up again',
    );
  });

  it('refuses a VM of another project, another location or that does not exist (400 naming vm_id); takes one of another subnet, as the origin', async () => {
    const { a, ps } = await withSubnet();
    const other = await createSubnet(t, a.token, a.project, 'other');
    const outside = await runningVm(a, 'outside', other.id);
    const b = await newOwner(t);
    const theirs = await createVm(t, b.token, b.project, 'theirs');
    const away = await createVm(t, a.token, a.project, 'away', {}, OTHER_LOC);
    await newLb(t, a, 'front', { private_subnet_id: ps.id, src_port: 80, dst_port: 80 });
    expect(
      expectInvalid('current', await attach(t, a, 'front', away.id), 'vm_id').details!.vm_id,
    ).toBe(`No matching VM found in ${LOC}`);
    const taken = await attach(t, a, 'front', outside.id);
    expect(taken.status, taken.text).toBe(200);
    await detach(t, a, 'front', outside.id);
    const missingId = newId('vm');
    const missing = expectInvalid('current', await attach(t, a, 'front', missingId), 'vm_id');
    const foreign = expectInvalid('current', await attach(t, a, 'front', theirs.id), 'vm_id');
    expect(foreign.details!.vm_id!.replace(theirs.id, '<id>')).toBe(
      missing.details!.vm_id!.replace(missingId, '<id>'),
    );
    for (const bad of ['web', '', 5])
      expectInvalid(
        'current',
        await t.call('attachLoadBalancerVm', {
          token: a.token,
          params: ref(a.project, 'front'),
          invalidBody: { vm_id: bad },
        }),
        'vm_id',
      );
    expectInvalid(
      'current',
      await t.call('attachLoadBalancerVm', {
        token: a.token,
        params: ref(a.project, 'front'),
        invalidBody: {},
      }),
      'vm_id',
    );
    expectInvalid(
      'current',
      await t.call('attachLoadBalancerVm', {
        token: a.token,
        params: ref(a.project, 'front'),
        invalidBody: { vm_id: outside.id, extra: 1 },
      }),
      'extra',
    );
    expect((await getLb(t, a, 'front')).body.vms).toEqual([]);
    expectInvalid('current', await detach(t, a, 'front', missingId), 'vm_id');
    expectCurrentError(await attach(t, a, 'absent', outside.id), 404, 'ResourceNotFound');
  });

  it('refuses a VM without a public IPv4 on an ipv4 or dual load balancer (400 naming the field, the origin’s words); an ipv6 one takes it', async () => {
    const { a, ps } = await withSubnet();
    const bare = await runningVm(a, 'bare', ps.id, false);
    const public4 = await runningVm(a, 'public4', ps.id);
    const message =
      'You cannot attach a VM to a load balancer with IPv4 enabled if the VM does not have IPv4 enabled';
    for (const stack of ['ipv4', 'dual'] as const) {
      const name = `front-${stack}`;
      await newLb(t, a, name, { private_subnet_id: ps.id, src_port: 80, dst_port: 80, stack });
      const settings = (r: Reply) => {
        const { algorithm, src_port, dst_port, health_check_endpoint, vms } = r.body;
        return { algorithm, src_port, dst_port, health_check_endpoint, vms };
      };
      const before = settings(await getLb(t, a, name));
      const refused = expectInvalid('current', await attach(t, a, name, bare.id), 'vm_id');
      expect(refused.details!.vm_id).toBe(message);
      // PATCH attaches too: the same rule, naming vms; the settings in that body stay unchanged.
      const patched = expectInvalid(
        'current',
        await t.call('updateLoadBalancer', {
          token: a.token,
          params: ref(a.project, name),
          body: {
            algorithm: 'hash_based',
            src_port: 81,
            dst_port: 81,
            health_check_endpoint: '/health',
            vms: [public4.id, bare.id],
          },
        }),
        'vms',
      );
      expect(patched.details!.vms).toBe(message);
      expect(settings(await getLb(t, a, name))).toEqual(before);
      // A VM with a public IPv4 is taken.
      const ok = await attach(t, a, name, public4.id);
      expect(ok.status, ok.text).toBe(200);
      expect(ok.body.vms).toEqual([expect.objectContaining({ id: public4.id, ip4_enabled: true })]);
      await t.call('deleteLoadBalancer', { token: a.token, params: ref(a.project, name) });
      await waitForGone(t, a.token, loadBalancerPath(a.project, name));
    }
    await newLb(t, a, 'front-ipv6', {
      private_subnet_id: ps.id,
      src_port: 80,
      dst_port: 80,
      stack: 'ipv6',
    });
    const taken = await attach(t, a, 'front-ipv6', bare.id);
    expect(taken.status, taken.text).toBe(200);
    expect(taken.body.vms).toEqual([expect.objectContaining({ id: bare.id, ip4_enabled: false })]);
  });

  it('refuses a VM that is in another load balancer, whatever its port (400, as the origin)', async () => {
    const { a, ps } = await withSubnet();
    const vm = await runningVm(a, 'web', ps.id);
    await newLb(t, a, 'first', { private_subnet_id: ps.id, src_port: 80, dst_port: 8080 });
    await newLb(t, a, 'second', { private_subnet_id: ps.id, src_port: 443, dst_port: 8443 });
    expect((await attach(t, a, 'first', vm.id)).status).toBe(200);
    const e = expectInvalid('current', await attach(t, a, 'second', vm.id), 'vm_id');
    expect(e.details!.vm_id).toBe('VM is already attached to a load balancer');
    expect((await getLb(t, a, 'second')).body.vms).toEqual([]);
    // Detached from the first, it may go to the second.
    await detach(t, a, 'first', vm.id);
    expect((await attach(t, a, 'second', vm.id)).body.vms.map((v: { id: string }) => v.id)).toEqual(
      [vm.id],
    );
  });

  it('attaches a VM to one of two load balancers when both are asked at once', async () => {
    const { a, ps } = await withSubnet();
    const vm = await runningVm(a, 'web', ps.id);
    await newLb(t, a, 'left', { private_subnet_id: ps.id, src_port: 80, dst_port: 8080 });
    await newLb(t, a, 'right', { private_subnet_id: ps.id, src_port: 81, dst_port: 9090 });
    const replies = await Promise.all([attach(t, a, 'left', vm.id), attach(t, a, 'right', vm.id)]);
    expect(replies.map((r) => r.status).sort()).toEqual([200, 400]);
    const held = await Promise.all(
      ['left', 'right'].map(async (name) => (await getLb(t, a, name)).body.vms.length),
    );
    expect(held.sort()).toEqual([0, 1]);
  });

  it('detaches a VM when the VM is deleted; the load balancer stays', async () => {
    const { a, ps } = await withSubnet();
    const vm = await runningVm(a, 'web', ps.id);
    await newLb(t, a, 'front', { private_subnet_id: ps.id, src_port: 80, dst_port: 80 });
    await attach(t, a, 'front', vm.id);
    // The worker holds still while the deleting VM is looked at: its delete cannot finish first.
    await t.worker.stop();
    try {
      expect((await t.request('DELETE', vmPath(a.project, 'web'), { token: a.token })).status).toBe(
        204,
      );
      expect(vmHealth(await getLb(t, a, 'front'))).toEqual(['web:down']);
    } finally {
      await t.worker.start();
    }
    await waitForGone(t, a.token, vmPath(a.project, vm.id));
    const lb = await getLb(t, a, 'front');
    expect(lb.status).toBe(200);
    expect(lb.body.vms).toEqual([]);
  });
});

describe('update a load balancer', () => {
  it('sets the whole configuration and the exact set of VMs, by name and by ID', async () => {
    const { a, ps } = await withSubnet();
    const one = await runningVm(a, 'one', ps.id);
    const two = await runningVm(a, 'two', ps.id);
    const three = await runningVm(a, 'three', ps.id);
    const lb = await newLb(t, a, 'front', {
      private_subnet_id: ps.id,
      src_port: 80,
      dst_port: 8080,
    });
    await attach(t, a, 'front', one.id);
    await attach(t, a, 'front', two.id);
    const res = await t.call('updateLoadBalancer', {
      token: a.token,
      params: ref(a.project, 'front'),
      body: {
        algorithm: 'hash_based',
        src_port: 443,
        dst_port: 8443,
        health_check_endpoint: '/ready',
        vms: [two.id, three.id, three.id],
        cert_enabled: true,
        health_check_protocol: 'https',
      },
    });
    expect(res.status, res.text).toBe(200);
    const updated = expectSchema(loadBalancerSchema, res.body);
    expect(updated).toMatchObject({
      id: lb.id,
      algorithm: 'hash_based',
      src_port: 443,
      dst_port: 8443,
      health_check_endpoint: '/ready',
      health_check_protocol: 'https',
      cert_enabled: true,
      stack: 'dual',
    });
    expect(updated.vms.map((v) => v.name)).toEqual(['three', 'two']);
    expect((await getLb(t, a, 'front')).body).toMatchObject({
      algorithm: 'hash_based',
      src_port: 443,
      vms: updated.vms.map((v) => expect.objectContaining({ id: v.id })),
    });

    // What it leaves out (cert_enabled, health_check_protocol) stays; an empty set detaches all.
    const byId = await t.call('updateLoadBalancer', {
      token: a.token,
      params: ref(a.project, lb.id),
      body: {
        algorithm: 'round_robin',
        src_port: 80,
        dst_port: 80,
        health_check_endpoint: '/up',
        vms: [],
      },
    });
    expect(byId.body).toMatchObject({
      algorithm: 'round_robin',
      src_port: 80,
      dst_port: 80,
      health_check_endpoint: '/up',
      health_check_protocol: 'https',
      cert_enabled: true,
      vms: [],
    });
  });

  it.each([
    ['no vms', 'vms', { vms: undefined }],
    ['vms that is not an array', 'vms', { vms: 'vm' }],
    ['vms holding a malformed ID', 'vms.0', { vms: ['web'] }],
    ['no algorithm', 'algorithm', { algorithm: undefined }],
    ['src_port 0', 'src_port', { src_port: 0 }],
    ['no dst_port', 'dst_port', { dst_port: undefined }],
    ['no health check endpoint', 'health_check_endpoint', { health_check_endpoint: undefined }],
    ['cert_enabled 1', 'cert_enabled', { cert_enabled: 1 }],
    ['a stack of ipv5', 'stack', { stack: 'ipv5' }],
    ['a name', 'name', { name: 'other' }],
  ])(
    'refuses an update with %s (400 naming %s) and changes nothing',
    async (_what, field, change) => {
      const { a, ps } = await withSubnet();
      await newLb(t, a, 'fixed', { private_subnet_id: ps.id, src_port: 80, dst_port: 8080 });
      const before = await waitForLoadBalancerState(t, a.token, a.project, 'fixed', 'running');
      const body = {
        algorithm: 'hash_based',
        src_port: 81,
        dst_port: 81,
        health_check_endpoint: '/x',
        vms: [],
        ...change,
      };
      expectInvalid(
        'current',
        await t.call('updateLoadBalancer', {
          token: a.token,
          params: ref(a.project, 'fixed'),
          invalidBody: body,
        }),
        field,
      );
      expect((await getLb(t, a, 'fixed')).body).toEqual(before);
    },
  );

  it('refuses VMs of another location, unknown or in another load balancer (400 vms); changes nothing', async () => {
    const { a, ps } = await withSubnet();
    const vm = await runningVm(a, 'web', ps.id);
    const busy = await runningVm(a, 'busy', ps.id);
    const away = await createVm(t, a.token, a.project, 'away', {}, OTHER_LOC);
    await newLb(t, a, 'front', { private_subnet_id: ps.id, src_port: 80, dst_port: 8080 });
    await newLb(t, a, 'back', { private_subnet_id: ps.id, src_port: 81, dst_port: 9090 });
    await attach(t, a, 'front', vm.id);
    await attach(t, a, 'back', busy.id);
    const before = await waitForLoadBalancerState(t, a.token, a.project, 'front', 'running');
    const update = (vms: string[], dst_port: number) =>
      t.call('updateLoadBalancer', {
        token: a.token,
        params: ref(a.project, 'front'),
        body: {
          algorithm: 'round_robin',
          src_port: 80,
          dst_port,
          health_check_endpoint: '/up',
          vms,
        },
      });
    expectInvalid('current', await update([vm.id, away.id], 8080), 'vms');
    expect(expectInvalid('current', await update([newId('vm')], 8080), 'vms').details!.vms).toBe(
      'VM not found',
    );
    expect(expectInvalid('current', await update([vm.id, busy.id], 8080), 'vms').details!.vms).toBe(
      'VM is already attached to a load balancer',
    );
    expect((await getLb(t, a, 'front')).body).toEqual(before);
    // Its own VMs stay, whatever the port.
    expect((await update([vm.id], 9090)).body).toMatchObject({
      dst_port: 9090,
      vms: [expect.objectContaining({ id: vm.id })],
    });
  });
});

describe('values outside the origin’s enums', () => {
  it('refuses an algorithm or health check protocol with the origin’s whole message (400, no details); changes nothing', async () => {
    const { a, ps } = await withSubnet();
    const refused = (res: Reply, message: string) => {
      const e = expectCurrentError(res, 400, 'InvalidRequest');
      expect(e).toMatchObject({ message, details: null });
    };
    const ALG = 'algorithm is not one of the supported values (hash_based, round_robin)';
    const PROTO = 'health_check_protocol is not one of the supported values (http, https, tcp)';
    const create = (change: Record<string, unknown>) =>
      t.call('createLoadBalancer', {
        token: a.token,
        params: ref(a.project, 'front'),
        invalidBody: { private_subnet_id: ps.id, src_port: 80, dst_port: 8080, ...change },
      });
    refused(await create({ algorithm: 'least_conn' }), ALG);
    refused(await create({ health_check_protocol: 'udp' }), PROTO);
    refused(await create({ health_check_protocol: 'HTTP' }), PROTO);
    expect((await getLb(t, a, 'front')).status).toBe(404);
    await newLb(t, a, 'front', { private_subnet_id: ps.id, src_port: 80, dst_port: 8080 });
    const before = await waitForLoadBalancerState(t, a.token, a.project, 'front', 'running');
    const update = (change: Record<string, unknown>) =>
      t.call('updateLoadBalancer', {
        token: a.token,
        params: ref(a.project, 'front'),
        invalidBody: {
          algorithm: 'hash_based',
          src_port: 81,
          dst_port: 81,
          health_check_endpoint: '/x',
          vms: [],
          ...change,
        },
      });
    refused(await update({ algorithm: 'random' }), ALG);
    refused(await update({ health_check_protocol: 'udp' }), PROTO);
    // With another field refused too, every field is named as usual.
    expectInvalid(
      'current',
      await update({ algorithm: 'random', src_port: 0 }),
      'algorithm',
      'src_port',
    );
    expect((await getLb(t, a, 'front')).body).toEqual(before);
  });
});

describe('toggle the SSL certificate', () => {
  it('sets cert_enabled and answers the load balancer, by name and by ID', async () => {
    const { a, ps } = await withSubnet();
    const lb = await newLb(t, a, 'tls', {
      private_subnet_id: ps.id,
      src_port: 443,
      dst_port: 8080,
    });
    const on = await t.call('toggleLoadBalancerSslCertificate', {
      token: a.token,
      params: ref(a.project, 'tls'),
      body: { cert_enabled: true },
    });
    expect(on.status, on.text).toBe(200);
    expect(expectSchema(loadBalancerSchema, on.body)).toEqual({
      ...lb,
      cert_enabled: true,
      state: on.body.state,
    });
    expect((await getLb(t, a, lb.id)).body.cert_enabled).toBe(true);
    // Setting it to what it is changes nothing.
    expect(
      (
        await t.call('toggleLoadBalancerSslCertificate', {
          token: a.token,
          params: ref(a.project, lb.id),
          body: { cert_enabled: true },
        })
      ).body.cert_enabled,
    ).toBe(true);
    const off = await t.call('toggleLoadBalancerSslCertificate', {
      token: a.token,
      params: ref(a.project, lb.id),
      body: { cert_enabled: false },
    });
    expect(off.body.cert_enabled).toBe(false);
  });

  it.each([[{}], [{ cert_enabled: 'yes' }], [{ cert_enabled: null }], [{ cert_enabled: 1 }]])(
    'refuses body %j with a 400 naming cert_enabled and changes nothing',
    async (body) => {
      const { a, ps } = await withSubnet();
      await newLb(t, a, 'tls', {
        private_subnet_id: ps.id,
        src_port: 443,
        dst_port: 8080,
        cert_enabled: true,
      });
      expectInvalid(
        'current',
        await t.call('toggleLoadBalancerSslCertificate', {
          token: a.token,
          params: ref(a.project, 'tls'),
          invalidBody: body,
        }),
        'cert_enabled',
      );
      expect((await getLb(t, a, 'tls')).body.cert_enabled).toBe(true);
    },
  );

  it('takes the origin’s coerced booleans ("1"/"0", "true"/"false") and sets cert_enabled by default for an https health check', async () => {
    const { a, ps } = await withSubnet();
    const https = await newLb(t, a, 'https', {
      private_subnet_id: ps.id,
      src_port: 443,
      dst_port: 8443,
      health_check_protocol: 'https',
    });
    expect(https.cert_enabled).toBe(true);
    const http = await newLb(t, a, 'http', {
      private_subnet_id: ps.id,
      src_port: 80,
      dst_port: 8080,
      health_check_protocol: 'http',
      cert_enabled: '1' as never,
    });
    expect(http.cert_enabled).toBe(true);
    const toggle = (cert_enabled: string) =>
      t.call('toggleLoadBalancerSslCertificate', {
        token: a.token,
        params: ref(a.project, 'http'),
        invalidBody: { cert_enabled },
      });
    expect((await toggle('false')).body.cert_enabled).toBe(false);
    expect((await toggle('true')).body.cert_enabled).toBe(true);
    expect((await toggle('0')).body.cert_enabled).toBe(false);
    // The origin's PATCH takes (and keeps) the stack, and an endpoint need not start with "/".
    const body = {
      algorithm: 'round_robin',
      src_port: '81',
      dst_port: '8081',
      health_check_endpoint: 'healthz',
      vms: [],
      stack: 'ipv4',
      cert_enabled: 'true',
    };
    const patched = await t.call('updateLoadBalancer', {
      token: a.token,
      params: ref(a.project, 'http'),
      invalidBody: body,
    });
    expect(patched.status, patched.text).toBe(200);
    expect(patched.body).toMatchObject({
      src_port: 81,
      dst_port: 8081,
      health_check_endpoint: 'healthz',
      stack: 'dual',
      cert_enabled: true,
    });
  });

  it('refuses an unknown field beside cert_enabled', async () => {
    const { a, ps } = await withSubnet();
    await newLb(t, a, 'tls', { private_subnet_id: ps.id, src_port: 443, dst_port: 8080 });
    expectInvalid(
      'current',
      await t.call('toggleLoadBalancerSslCertificate', {
        token: a.token,
        params: ref(a.project, 'tls'),
        invalidBody: { cert_enabled: true, certificate: 'x' },
      }),
      'certificate',
    );
    expect((await getLb(t, a, 'tls')).body.cert_enabled).toBe(false);
  });
});

describe('delete a load balancer', () => {
  it('deletes by name and by ID: deleting → gone; its VMs stay; 204 again for a missing one', async () => {
    const { a, ps } = await withSubnet();
    const vm = await runningVm(a, 'web', ps.id);
    const lb = await newLb(t, a, 'gone', { private_subnet_id: ps.id, src_port: 80, dst_port: 80 });
    const other = await newLb(t, a, 'gone-too', {
      private_subnet_id: ps.id,
      src_port: 81,
      dst_port: 81,
    });
    await attach(t, a, 'gone', vm.id);
    const del = await t.call('deleteLoadBalancer', {
      token: a.token,
      params: ref(a.project, 'gone'),
    });
    expect([del.status, del.text]).toEqual([204, '']);
    await waitForGone(t, a.token, loadBalancerPath(a.project, lb.id));
    expect(
      (await t.call('deleteLoadBalancer', { token: a.token, params: ref(a.project, other.id) }))
        .status,
    ).toBe(204);
    await waitForGone(t, a.token, loadBalancerPath(a.project, 'gone-too'));
    for (const name of ['gone', lb.id, newId('loadBalancer'), 'never-was']) {
      const again = await t.call('deleteLoadBalancer', {
        token: a.token,
        params: ref(a.project, name),
      });
      expect([again.status, again.text], name).toEqual([204, '']);
    }
    expect(await lbCount(t, a)).toBe(0);
    expect((await t.request('GET', vmPath(a.project, 'web'), { token: a.token })).body.state).toBe(
      'running',
    );
    // Its name is free again.
    await newLb(t, a, 'gone', { private_subnet_id: ps.id, src_port: 80, dst_port: 80 });
  });

  it('refuses to delete its subnet (409, flat) until it is gone', async () => {
    const { a, ps } = await withSubnet();
    await newLb(t, a, 'front', { private_subnet_id: ps.id, src_port: 80, dst_port: 80 });
    const e = expectLegacyError(
      await t.request('DELETE', subnetPath(a.project, 'net'), { token: a.token }),
      409,
      'Conflict',
    );
    expect(e.message).toBe('Private subnet net has load balancers (front); delete them first.');
    expectLegacyError(
      await t.request('DELETE', `${P(a.project)}/location/${LOC}/private-subnet/id/${ps.id}`, {
        token: a.token,
      }),
      409,
      'Conflict',
    );
    expect(
      (await t.request('GET', subnetPath(a.project, 'net'), { token: a.token })).body.state,
    ).toBe('available');
    // Once the load balancer is deleting, the subnet may go: it goes after it.
    await t.call('deleteLoadBalancer', { token: a.token, params: ref(a.project, 'front') });
    expect(
      (await t.request('DELETE', subnetPath(a.project, 'net'), { token: a.token })).status,
    ).toBe(204);
    await waitForGone(t, a.token, subnetPath(a.project, ps.id));
    expect(await lbCount(t, a)).toBe(0);
  });

  it('refuses to delete a project that holds a load balancer (409), and deletes it once everything is gone', async () => {
    const { a, ps } = await withSubnet();
    await newLb(t, a, 'held', { private_subnet_id: ps.id, src_port: 80, dst_port: 80 });
    const e = expectCurrentError(
      await t.request('DELETE', P(a.project), { token: a.token }),
      409,
      'Conflict',
    );
    expect(e.message).toMatch(/1 load balancer\b/);
    await t.call('deleteLoadBalancer', { token: a.token, params: ref(a.project, 'held') });
    await waitForGone(t, a.token, loadBalancerPath(a.project, 'held'));
    await t.request('DELETE', subnetPath(a.project, 'net'), { token: a.token });
    await waitForGone(t, a.token, subnetPath(a.project, ps.id));
    expect((await t.request('DELETE', P(a.project), { token: a.token })).status).toBe(204);
  });
});

describe('the data plane', () => {
  it('is told to create the load balancer, then its new configuration after each change, then to destroy it, each once', async () => {
    const { a, ps } = await withSubnet();
    const vm = await runningVm(a, 'web', ps.id);
    const lb = await newLb(t, a, 'front', { private_subnet_id: ps.id, src_port: 80, dst_port: 80 });
    const calls = async () =>
      (
        await t.ctx.db
          .selectFrom('sim_call')
          .select('operation')
          .where('resource_id', '=', lb.id)
          .orderBy('created_at')
          .execute()
      )
        .map((c) => c.operation)
        .join(' ');
    await waitForLoadBalancerState(t, a.token, a.project, 'front', 'running');
    expect(await calls()).toBe('createLoadBalancer');
    await attach(t, a, 'front', vm.id);
    await pollUntil(
      async () => ({ status: 200, headers: new Headers(), body: await calls(), text: '' }),
      (r) => r.body === 'createLoadBalancer updateLoadBalancer',
      'the data plane to be told of the attached VM',
    );
    await t.call('deleteLoadBalancer', { token: a.token, params: ref(a.project, 'front') });
    await waitForGone(t, a.token, loadBalancerPath(a.project, lb.id));
    expect(await calls()).toBe('createLoadBalancer updateLoadBalancer destroyLoadBalancer');
  });
});

describe('while provisioning takes long (load balancers stay in their transitional states)', () => {
  it('takes changes while creating; refuses them while deleting (409); a second delete changes nothing', async () => {
    const { a, ps } = await withSubnet(slow);
    const vm = await createVm(slow, a.token, a.project, 'web', {
      private_subnet_id: ps.id,
      enable_ip4: true,
    });
    await newLb(slow, a, 'young', { private_subnet_id: ps.id, src_port: 80, dst_port: 80 });
    const attached = await attach(slow, a, 'young', vm.id);
    expect(attached.body).toMatchObject({
      state: 'creating',
      vms: [expect.objectContaining({ id: vm.id, state: 'creating', health: 'down' })],
    });
    expect(
      (
        await slow.call('toggleLoadBalancerSslCertificate', {
          token: a.token,
          params: ref(a.project, 'young'),
          body: { cert_enabled: true },
        })
      ).status,
    ).toBe(200);

    expect(
      (await slow.call('deleteLoadBalancer', { token: a.token, params: ref(a.project, 'young') }))
        .status,
    ).toBe(204);
    const deleting = (await getLb(slow, a, 'young')).body;
    expect(deleting.state).toBe('deleting');
    const conflicts = [
      await attach(slow, a, 'young', vm.id),
      await detach(slow, a, 'young', vm.id),
      await slow.call('toggleLoadBalancerSslCertificate', {
        token: a.token,
        params: ref(a.project, 'young'),
        body: { cert_enabled: false },
      }),
      await slow.call('updateLoadBalancer', {
        token: a.token,
        params: ref(a.project, 'young'),
        body: {
          algorithm: 'round_robin',
          src_port: 80,
          dst_port: 80,
          health_check_endpoint: '/up',
          vms: [],
        },
      }),
    ];
    for (const r of conflicts)
      expect(expectCurrentError(r, 409, 'Conflict').message).toBe(
        'Load balancer young is being deleted.',
      );
    expect(
      (await slow.call('deleteLoadBalancer', { token: a.token, params: ref(a.project, 'young') }))
        .status,
    ).toBe(204);
    expect((await getLb(slow, a, 'young')).body).toEqual(deleting);
  });

  it('refuses a subnet that is being deleted, and a VM that is being deleted (409)', async () => {
    const { a, ps } = await withSubnet(slow);
    const gone = await createSubnet(slow, a.token, a.project, 'going');
    expect(
      (await slow.request('DELETE', subnetPath(a.project, 'going'), { token: a.token })).status,
    ).toBe(204);
    const e = expectCurrentError(
      await slow.call('createLoadBalancer', {
        token: a.token,
        params: ref(a.project, 'late'),
        body: { private_subnet_id: gone.id, src_port: 80, dst_port: 80 },
      }),
      409,
      'Conflict',
    );
    expect(e.message).toBe('Private subnet going is being deleted.');
    expect(await lbCount(slow, a)).toBe(0);

    const vm = await createVm(slow, a.token, a.project, 'doomed', {
      private_subnet_id: ps.id,
      enable_ip4: true,
    });
    await slow.request('DELETE', vmPath(a.project, 'doomed'), { token: a.token });
    await newLb(slow, a, 'front', { private_subnet_id: ps.id, src_port: 80, dst_port: 80 });
    expect(expectCurrentError(await attach(slow, a, 'front', vm.id), 409, 'Conflict').message).toBe(
      'VM doomed is being deleted.',
    );
    expect((await getLb(slow, a, 'front')).body.vms).toEqual([]);
  });
});

describe('the load balancer quota', () => {
  it('refuses one more than LOAD_BALANCER_QUOTA with 400 naming it and creates nothing; a delete frees a slot', async () => {
    const { a, ps } = await withSubnet(small);
    for (const name of ['one', 'two'])
      await newLb(small, a, name, { private_subnet_id: ps.id, src_port: 80, dst_port: 80 });
    const create = () =>
      small.call('createLoadBalancer', {
        token: a.token,
        params: ref(a.project, 'three'),
        body: { private_subnet_id: ps.id, src_port: 80, dst_port: 80 },
      });
    expect(expectInvalid('current', await create(), 'load_balancers').message).toBe(
      'This project already has 2 load balancers, the most it may hold.',
    );
    expect(await lbCount(small, a)).toBe(2);
    await small.call('deleteLoadBalancer', { token: a.token, params: ref(a.project, 'one') });
    await waitForGone(small, a.token, loadBalancerPath(a.project, 'one'));
    expect((await create()).status).toBe(200);
    // Another project has its own quota.
    const b = await withSubnet(small);
    await newLb(small, b.a, 'one', { private_subnet_id: b.ps.id, src_port: 80, dst_port: 80 });
  });
});
