import { describe, expect, it } from 'vitest';
import { privateSubnetSchema } from '#shared/api/private-subnet';
import { vmListItemSchema, vmListSchema, vmSchema } from '#shared/api/vm';
import { newId } from '#shared/ids';
import { expectSchema, kindServers, startServer } from '../../../test/harness.ts';
import {
  expectCurrentError,
  expectInvalid,
  expectLegacyError,
  expectOneWinner,
  inCidr,
  offsetIn,
} from '../../../test/fixtures.ts';
import { LOC, OTHER_LOC, P, SSH_KEY, subnetPath, vmPath } from '../../../test/fixtures.ts';
import {
  countIn,
  createSubnet,
  createVm,
  newOwner,
  pollUntil,
  waitForGone,
  waitForVmState,
} from '../../../test/fixtures.ts';
import { checkKindPagination, listBasics, renameRefusals } from '../../../test/suites.ts';

const { t, slow } = await kindServers();

const actionPath = (project: string, ref: string, action: string, loc = LOC) =>
  `${P(project)}/location/${loc}/vm/${ref}/${action}`;
const vmCount = (token: string, project: string) => countIn(t, token, 'listVms', project);
const subnetCount = (token: string, project: string) =>
  countIn(t, token, 'listPrivateSubnets', project);

describe('create a VM', () => {
  it('creates a VM with the defaults in default-<location>, made on demand, with a NIC and addresses', async () => {
    const a = await newOwner(t);
    const res = await t.request('POST', vmPath(a.project, 'web'), {
      token: a.token,
      body: { public_key: SSH_KEY },
    });
    expect(res.status, res.text).toBe(200);
    const vm = expectSchema(vmSchema, res.body);
    // The spec's thirteen fields, state_reason (null unless failed; docs/testing.md) and
    // boot_image (the origin's record has it).
    expect(Object.keys(res.body)).toHaveLength(15);
    expect(res.body.state_reason).toBeNull();
    expect(res.body.boot_image).toBe('ubuntu-jammy');
    expect(vm).toMatchObject({
      name: 'web',
      state: 'creating',
      location: LOC,
      size: 'standard-2',
      unix_user: 'ubi',
      storage_size_gib: 40,
      ip4: null,
      subnet: `default-${LOC}`,
    });
    expect(vm.id).toMatch(/^vm[0-9a-hjkmnp-tv-z]{24}$/);
    expect(inCidr(vm.ip6!, '2001:db8::/32')).toBe(true);
    const row = await t.ctx.db
      .selectFrom('vm')
      .select(['boot_image', 'public_key'])
      .where('id', '=', vm.id)
      .executeTakeFirstOrThrow();
    expect(row).toEqual({ boot_image: 'ubuntu-jammy', public_key: SSH_KEY });

    // The subnet was made for it, with its default firewall, which the VM shows.
    const subnet = expectSchema(
      privateSubnetSchema,
      (await t.request('GET', subnetPath(a.project, `default-${LOC}`), { token: a.token })).body,
    );
    expect(subnet.state).toBe('available');
    expect(subnet.firewalls.map((f) => f.name)).toEqual([`default-${LOC}-default`]);
    expect(vm.firewalls).toEqual(subnet.firewalls);
    expect(subnet.nics).toHaveLength(1);
    expect(subnet.nics[0]).toMatchObject({
      name: 'web-nic',
      vm_name: 'web',
      private_ipv4: vm.private_ipv4,
      private_ipv6: vm.private_ipv6,
    });
    expect(inCidr(vm.private_ipv4, subnet.net4)).toBe(true);
    expect(offsetIn(vm.private_ipv4, subnet.net4)).toBeGreaterThanOrEqual(4);
    expect(offsetIn(vm.private_ipv4, subnet.net4)).toBeLessThan(63);
    expect(inCidr(vm.private_ipv6, subnet.net6)).toBe(true);

    // A second VM joins the same default subnet with other addresses.
    const other = expectSchema(vmSchema, await createVm(t, a.token, a.project, 'api'));
    expect(other.subnet).toBe(`default-${LOC}`);
    expect(other.private_ipv4).not.toBe(vm.private_ipv4);
    expect(other.ip6).not.toBe(vm.ip6);
    expect(await subnetCount(a.token, a.project)).toBe(1);
    // Another location gets its own default subnet.
    expect((await createVm(t, a.token, a.project, 'web', {}, OTHER_LOC)).subnet).toBe(
      `default-${OTHER_LOC}`,
    );
    expect(await subnetCount(a.token, a.project)).toBe(2);
  });

  it('reaches running, and keeps its addresses', async () => {
    const a = await newOwner(t);
    const vm = await createVm(t, a.token, a.project, 'boot');
    expect(vm.state).toBe('creating');
    const running = expectSchema(
      vmSchema,
      await waitForVmState(t, a.token, a.project, 'boot', 'running'),
    );
    expect(running).toEqual({ ...vm, state: 'running' });
  });

  it('takes every body field: subnet, size, user, image and a public IPv4', async () => {
    const a = await newOwner(t);
    const ps = await createSubnet(t, a.token, a.project, 'mine');
    const vm = expectSchema(
      vmSchema,
      await createVm(t, a.token, a.project, 'full', {
        private_subnet_id: ps.id,
        size: 'standard-8',
        unix_user: 'deploy_1',
        boot_image: 'almalinux-9.1',
        enable_ip4: true,
      }),
    );
    expect(vm).toMatchObject({
      size: 'standard-8',
      unix_user: 'deploy_1',
      storage_size_gib: 160,
      subnet: 'mine',
      firewalls: ps.firewalls,
    });
    expect(inCidr(vm.ip4!, '203.0.113.0/24')).toBe(true);
    expect(offsetIn(vm.ip4!, '203.0.113.0/24')).toBeGreaterThan(0);
    expect(inCidr(vm.private_ipv4, ps.net4)).toBe(true);
    expect(offsetIn(vm.private_ipv4, ps.net4)).toBeGreaterThanOrEqual(4);
    expect(offsetIn(vm.private_ipv4, ps.net4)).toBeLessThan(63);
    expect(inCidr(vm.private_ipv6, ps.net6)).toBe(true);
    const row = await t.ctx.db
      .selectFrom('vm')
      .select('boot_image')
      .where('id', '=', vm.id)
      .executeTakeFirstOrThrow();
    expect(row.boot_image).toBe('almalinux-9.1');
    // No default subnet was needed.
    expect(await subnetCount(a.token, a.project)).toBe(1);
    const nics = (await t.request('GET', subnetPath(a.project, 'mine'), { token: a.token })).body
      .nics;
    expect(nics.map((n: { name: string; vm_name: string }) => [n.name, n.vm_name])).toEqual([
      ['full-nic', 'full'],
    ]);
  });

  it.each([
    ['standard-2', 40],
    ['standard-4', 80],
    ['standard-8', 160],
    ['standard-16', 320],
  ] as const)('gives size %s %i GiB of storage', async (size, gib) => {
    const a = await newOwner(t);
    const vm = await createVm(t, a.token, a.project, 'sized', { size });
    expect(vm.size).toBe(size);
    expect(vm.storage_size_gib).toBe(gib);
    const item = (await t.request('GET', `${P(a.project)}/vm`, { token: a.token })).body.items[0];
    expect(item.storage_size_gib).toBe(gib);
  });

  it('gives each VM of a subnet its own private addresses, none of them reserved', async () => {
    const a = await newOwner(t);
    const ps = await createSubnet(t, a.token, a.project, 'crowd');
    const vms = [];
    for (let i = 0; i < 6; i++)
      vms.push(await createVm(t, a.token, a.project, `n${i}`, { private_subnet_id: ps.id }));
    expect(new Set(vms.map((v) => v.private_ipv4)).size).toBe(6);
    expect(new Set(vms.map((v) => v.private_ipv6)).size).toBe(6);
    for (const v of vms) {
      expect(inCidr(v.private_ipv4, ps.net4)).toBe(true);
      expect(offsetIn(v.private_ipv4, ps.net4)).toBeGreaterThanOrEqual(4);
      expect(offsetIn(v.private_ipv4, ps.net4)).toBeLessThan(63);
      expect(inCidr(v.private_ipv6, ps.net6)).toBe(true);
    }
  });

  const badBodies: [string, string, () => Record<string, unknown>][] = [
    ['public_key missing', 'public_key', () => ({})],
    ['public_key not a key', 'public_key', () => ({ public_key: 'not a key' })],
    ['public_key of a wrong type', 'public_key', () => ({ public_key: 42 })],
    [
      'public_key of a key line and a line that is no key',
      'public_key',
      () => ({ public_key: `${SSH_KEY}\nnot a key` }),
    ],
    ['an unknown size', 'size', () => ({ public_key: SSH_KEY, size: 'standard-3' })],
    ['unix_user root', 'unix_user', () => ({ public_key: SSH_KEY, unix_user: 'root' })],
    ['unix_user with a space', 'unix_user', () => ({ public_key: SSH_KEY, unix_user: 'bad user' })],
    [
      'an unknown boot_image',
      'boot_image',
      () => ({ public_key: SSH_KEY, boot_image: 'windows-11' }),
    ],
    ['enable_ip4 as a string', 'enable_ip4', () => ({ public_key: SSH_KEY, enable_ip4: 'yes' })],
    [
      'a malformed private_subnet_id',
      'private_subnet_id',
      () => ({ public_key: SSH_KEY, private_subnet_id: 'not-a-subnet' }),
    ],
    [
      'a firewall ID as private_subnet_id',
      'private_subnet_id',
      () => ({ public_key: SSH_KEY, private_subnet_id: newId('firewall') }),
    ],
    [
      'an unknown private_subnet_id',
      'private_subnet_id',
      () => ({ public_key: SSH_KEY, private_subnet_id: newId('privateSubnet') }),
    ],
    ['an unknown field', 'colour', () => ({ public_key: SSH_KEY, colour: 'blue' })],
  ];
  it.each(badBodies)(
    'refuses a body with %s (flat 400 naming %s) and creates nothing',
    async (_what, field, body) => {
      const a = await newOwner(t);
      expectInvalid(
        'legacy',
        await t.request('POST', vmPath(a.project, 'nope'), { token: a.token, body: body() }),
        field,
      );
      expect(await vmCount(a.token, a.project)).toBe(0);
      expect(await subnetCount(a.token, a.project)).toBe(0);
      expectLegacyError(
        await t.request('GET', vmPath(a.project, 'nope'), { token: a.token }),
        404,
        'ResourceNotFound',
      );
    },
  );

  it('refuses a request without a body with a flat 400 naming public_key', async () => {
    const a = await newOwner(t);
    expectInvalid(
      'legacy',
      await t.request('POST', vmPath(a.project, 'nope'), { token: a.token }),
      'public_key',
    );
    expect(await vmCount(a.token, a.project)).toBe(0);
  });

  it('refuses a private subnet of another location or another project, and creates nothing', async () => {
    const a = await newOwner(t);
    const b = await newOwner(t);
    const north = await createSubnet(t, a.token, a.project, 'north', OTHER_LOC);
    const foreign = await createSubnet(t, b.token, b.project, 'theirs');
    expectInvalid(
      'legacy',
      await t.request('POST', vmPath(a.project, 'nope'), {
        token: a.token,
        body: { public_key: SSH_KEY, private_subnet_id: north.id },
      }),
      'private_subnet_id',
    );
    expectInvalid(
      'legacy',
      await t.request('POST', vmPath(a.project, 'nope'), {
        token: a.token,
        body: { public_key: SSH_KEY, private_subnet_id: foreign.id },
      }),
      'private_subnet_id',
    );
    expect(await vmCount(a.token, a.project)).toBe(0);
    expect(await subnetCount(a.token, a.project)).toBe(1);
    expect(
      (await t.request('GET', subnetPath(b.project, 'theirs'), { token: b.token })).body.nics,
    ).toEqual([]);
  });

  it('refuses a body that is not JSON, and malformed JSON, with a flat 400', async () => {
    const a = await newOwner(t);
    expectLegacyError(
      await t.request('POST', vmPath(a.project, 'nope'), {
        token: a.token,
        rawBody: 'public_key=x',
        headers: { 'content-type': 'text/plain' },
      }),
      400,
      'InvalidRequest',
    );
    expectLegacyError(
      await t.request('POST', vmPath(a.project, 'nope'), {
        token: a.token,
        rawBody: '{"public_key":',
        headers: { 'content-type': 'application/json' },
      }),
      400,
      'InvalidRequest',
    );
    expect(await vmCount(a.token, a.project)).toBe(0);
  });

  it('refuses a duplicate name in the location (flat 400 "name is already taken") but not in another location', async () => {
    const a = await newOwner(t);
    await createVm(t, a.token, a.project, 'twin');
    const e = expectInvalid(
      'legacy',
      await t.request('POST', vmPath(a.project, 'twin'), {
        token: a.token,
        body: { public_key: SSH_KEY },
      }),
      'name',
    );
    expect(e.message).toBe('name is already taken');
    expect(await vmCount(a.token, a.project)).toBe(1);
    await createVm(t, a.token, a.project, 'twin', {}, OTHER_LOC);
    expect(await vmCount(a.token, a.project)).toBe(2);
  });

  it('refuses a name shaped like a VM ID, and malformed names', async () => {
    const a = await newOwner(t);
    expectInvalid(
      'legacy',
      await t.request('POST', vmPath(a.project, newId('vm')), {
        token: a.token,
        body: { public_key: SSH_KEY },
      }),
      'name',
    );
    for (const name of ['Web', '-web', 'web-', 'w_b', 'x'.repeat(64)]) {
      expectInvalid(
        'legacy',
        await t.request('POST', vmPath(a.project, name), {
          token: a.token,
          body: { public_key: SSH_KEY },
        }),
        'vm_name',
      );
    }
    expect(await vmCount(a.token, a.project)).toBe(0);
  });
});

describe('get and list VMs', () => {
  it('finds a VM by name, by ID on the by-name route and on the id/ route', async () => {
    const a = await newOwner(t);
    const vm = await createVm(t, a.token, a.project, 'findme');
    await waitForVmState(t, a.token, a.project, 'findme', 'running');
    const expected = { ...vm, state: 'running' };
    for (const ref of ['findme', vm.id, `id/${vm.id}`]) {
      const res = await t.request('GET', vmPath(a.project, ref), { token: a.token });
      expect(res.status, ref).toBe(200);
      expect(expectSchema(vmSchema, res.body)).toEqual(expected);
    }
  });

  it('answers 404 (flat) for a missing VM and 400 (flat) for a malformed reference', async () => {
    const a = await newOwner(t);
    const vm = await createVm(t, a.token, a.project, 'here');
    expectLegacyError(
      await t.request('GET', vmPath(a.project, 'absent'), { token: a.token }),
      404,
      'ResourceNotFound',
    );
    expectLegacyError(
      await t.request('GET', vmPath(a.project, newId('vm')), { token: a.token }),
      404,
      'ResourceNotFound',
    );
    expectLegacyError(
      await t.request('GET', vmPath(a.project, `id/${newId('vm')}`), { token: a.token }),
      404,
      'ResourceNotFound',
    );
    expectLegacyError(
      await t.request('GET', vmPath(a.project, 'here', OTHER_LOC), { token: a.token }),
      404,
      'ResourceNotFound',
    );
    expectLegacyError(
      await t.request('GET', vmPath(a.project, `id/${vm.id}`, OTHER_LOC), { token: a.token }),
      404,
      'ResourceNotFound',
    );
    expectInvalid(
      'legacy',
      await t.request('GET', vmPath(a.project, 'Not_A_Name'), { token: a.token }),
      'vm_name',
    );
    expectInvalid(
      'legacy',
      await t.request('GET', vmPath(a.project, 'id/not-an-id'), { token: a.token }),
      'vm_id',
    );
    expectInvalid(
      'legacy',
      await t.request('GET', vmPath(a.project, `id/${newId('privateSubnet')}`), { token: a.token }),
      'vm_id',
    );
    expectInvalid(
      'legacy',
      await t.request('DELETE', vmPath(a.project, 'id/not-an-id'), { token: a.token }),
      'vm_id',
    );
  });

  it('lists items with exactly the nine fields id through ip4, and pages through both lists', async () => {
    const a = await newOwner(t);
    const here = [];
    for (const name of ['delta', 'alpha', 'echo', 'charlie', 'bravo'])
      here.push(await createVm(t, a.token, a.project, name));
    const there = [];
    for (const name of ['alpha', 'zulu', 'kilo', 'lima'])
      there.push(await createVm(t, a.token, a.project, name, { enable_ip4: true }, OTHER_LOC));

    const list = expectSchema(
      vmListSchema,
      (await t.request('GET', `${P(a.project)}/vm?page_size=100`, { token: a.token })).body,
    );
    for (const item of list.items) {
      expect(Object.keys(item).sort()).toEqual([
        'id',
        'ip4',
        'ip6',
        'location',
        'name',
        'size',
        'state',
        'storage_size_gib',
        'unix_user',
      ]);
      const full = (
        await t.request('GET', vmPath(a.project, `id/${item.id}`, item.location), {
          token: a.token,
        })
      ).body;
      const { id, name, location, size, unix_user, storage_size_gib, ip6, ip4 } = full;
      // The state may move on between the two requests; everything else is the same.
      expect(item).toEqual({
        id,
        name,
        state: expect.any(String),
        location,
        size,
        unix_user,
        storage_size_gib,
        ip6,
        ip4,
      });
    }
    const valid = (item: unknown) => expectSchema(vmListItemSchema, item);
    expectSchema(
      vmListSchema,
      (await t.request('GET', `${P(a.project)}/location/${LOC}/vm`, { token: a.token })).body,
    );
    await checkKindPagination(t, a.token, a.project, 'vm', 'legacy', here, there, valid);
  });

  listBasics(t, { whats: 'VMs', segment: 'vm', create: createVm });
});

describe('concurrent requests', () => {
  it('creates one VM when the same name is created six times at once; the others are told the name is taken', async () => {
    const a = await newOwner(t);
    const replies = await Promise.all(
      Array.from({ length: 6 }, () =>
        t.request('POST', vmPath(a.project, 'race'), {
          token: a.token,
          body: { public_key: SSH_KEY },
        }),
      ),
    );
    expectOneWinner(replies, 'legacy');
    expect(await vmCount(a.token, a.project)).toBe(1);
    expect(await subnetCount(a.token, a.project)).toBe(1);
  });

  it('gives VMs created at once in one new default subnet distinct addresses', async () => {
    const a = await newOwner(t);
    const replies = await Promise.all(
      Array.from({ length: 6 }, (_, i) =>
        t.request('POST', vmPath(a.project, `p${i}`), {
          token: a.token,
          body: { public_key: SSH_KEY, enable_ip4: true },
        }),
      ),
    );
    for (const r of replies) expect(r.status, r.text).toBe(200);
    const vms = replies.map((r) => expectSchema(vmSchema, r.body));
    expect(new Set(vms.map((v) => v.subnet))).toEqual(new Set([`default-${LOC}`]));
    for (const key of ['private_ipv4', 'private_ipv6', 'ip4', 'ip6'] as const)
      expect(new Set(vms.map((v) => v[key])).size, key).toBe(6);
    expect(await subnetCount(a.token, a.project)).toBe(1);
  });

  it('renames one VM when four are renamed to the same name at once; the others are told the name is taken', async () => {
    const a = await newOwner(t);
    for (const name of ['ra', 'rb', 'rc', 'rd']) await createVm(t, a.token, a.project, name);
    const replies = await Promise.all(
      ['ra', 'rb', 'rc', 'rd'].map((n) =>
        t.request('POST', actionPath(a.project, n, 'rename'), {
          token: a.token,
          body: { name: 'winner' },
        }),
      ),
    );
    expectOneWinner(replies, 'current');
    const names = (await t.request('GET', `${P(a.project)}/vm`, { token: a.token })).body.items.map(
      (v: { name: string }) => v.name,
    );
    expect(names.filter((n: string) => n === 'winner')).toHaveLength(1);
  });
});

describe('VM lifecycle', () => {
  it('goes creating → running; restart → restarting → running; stop → stopping → stopped; start → starting → running', async () => {
    const a = await newOwner(t);
    const vm = await createVm(t, a.token, a.project, 'cycle');
    expect(vm.state).toBe('creating');
    await waitForVmState(t, a.token, a.project, 'cycle', 'running');

    const steps: [string, string, string, string][] = [
      ['restart', 'cycle', 'restarting', 'running'],
      ['stop', vm.id, 'stopping', 'stopped'],
      ['start', 'cycle', 'starting', 'running'],
    ];
    for (const [action, ref, during, after] of steps) {
      const res = await t.request('POST', actionPath(a.project, ref, action), { token: a.token });
      expect(res.status, res.text).toBe(200);
      const answered = expectSchema(vmSchema, res.body);
      expect(answered).toEqual({ ...vm, state: during });
      await waitForVmState(t, a.token, a.project, 'cycle', after);
    }
  });

  it('refuses actions the state does not allow with the origin’s nested 400', async () => {
    const a = await newOwner(t);
    await createVm(t, a.token, a.project, 'strict');
    await waitForVmState(t, a.token, a.project, 'strict', 'running');
    const start = expectCurrentError(
      await t.request('POST', actionPath(a.project, 'strict', 'start'), { token: a.token }),
      400,
      'InvalidRequest',
    );
    expect(start.message).toBe("The start action is not supported in the VM's current state");
    expect(
      (await t.request('GET', vmPath(a.project, 'strict'), { token: a.token })).body.state,
    ).toBe('running');

    expect(
      (await t.request('POST', actionPath(a.project, 'strict', 'stop'), { token: a.token })).status,
    ).toBe(200);
    await waitForVmState(t, a.token, a.project, 'strict', 'stopped');
    const stop = expectCurrentError(
      await t.request('POST', actionPath(a.project, 'strict', 'stop'), { token: a.token }),
      400,
      'InvalidRequest',
    );
    expect(stop.message).toBe("The stop action is not supported in the VM's current state");
    expectCurrentError(
      await t.request('POST', actionPath(a.project, 'strict', 'restart'), { token: a.token }),
      400,
      'InvalidRequest',
    );
    expect(
      (await t.request('GET', vmPath(a.project, 'strict'), { token: a.token })).body.state,
    ).toBe('stopped');
  });

  it('a stop sent right after a start wins, whenever the start finishes', async () => {
    const a = await newOwner(t);
    await createVm(t, a.token, a.project, 'flip');
    await waitForVmState(t, a.token, a.project, 'flip', 'running');
    expect(
      (await t.request('POST', actionPath(a.project, 'flip', 'stop'), { token: a.token })).status,
    ).toBe(200);
    await waitForVmState(t, a.token, a.project, 'flip', 'stopped');
    expect(
      (await t.request('POST', actionPath(a.project, 'flip', 'start'), { token: a.token })).status,
    ).toBe(200);
    expect(
      (await t.request('POST', actionPath(a.project, 'flip', 'stop'), { token: a.token })).status,
    ).toBe(200);
    await waitForVmState(t, a.token, a.project, 'flip', 'stopped');
  });

  it('answers actions on a missing VM 404 and on a malformed reference 400 (nested)', async () => {
    const a = await newOwner(t);
    for (const action of ['restart', 'stop', 'start']) {
      expectCurrentError(
        await t.request('POST', actionPath(a.project, 'ghost', action), { token: a.token }),
        404,
        'ResourceNotFound',
      );
      expectCurrentError(
        await t.request('POST', actionPath(a.project, newId('vm'), action), { token: a.token }),
        404,
        'ResourceNotFound',
      );
      expectInvalid(
        'current',
        await t.request('POST', actionPath(a.project, 'Ghost!', action), { token: a.token }),
        'vm_reference',
      );
    }
  });

  it('deletes: deleting → gone; the NIC leaves the subnet and the name is free again', async () => {
    const a = await newOwner(t);
    const vm = await createVm(t, a.token, a.project, 'doomed');
    await waitForVmState(t, a.token, a.project, 'doomed', 'running');
    const del = await t.request('DELETE', vmPath(a.project, 'doomed'), { token: a.token });
    expect(del.status).toBe(204);
    expect(del.text).toBe('');
    const during = await t.request('GET', vmPath(a.project, `id/${vm.id}`), { token: a.token });
    if (during.status === 200) expect(during.body.state).toBe('deleting');
    await waitForGone(t, a.token, vmPath(a.project, `id/${vm.id}`));
    expectLegacyError(
      await t.request('GET', vmPath(a.project, 'doomed'), { token: a.token }),
      404,
      'ResourceNotFound',
    );
    expect(await vmCount(a.token, a.project)).toBe(0);
    expect(
      (await t.request('GET', subnetPath(a.project, `default-${LOC}`), { token: a.token })).body
        .nics,
    ).toEqual([]);
    // Deleting again, and actions on it, find nothing.
    expect(
      (await t.request('DELETE', vmPath(a.project, 'doomed'), { token: a.token })).status,
    ).toBe(204);
    expectCurrentError(
      await t.request('POST', actionPath(a.project, vm.id, 'restart'), { token: a.token }),
      404,
      'ResourceNotFound',
    );
    const again = await createVm(t, a.token, a.project, 'doomed');
    expect(again.id).not.toBe(vm.id);
  });

  it('deletes by ID on the by-name route and on the id/ route', async () => {
    const a = await newOwner(t);
    const one = await createVm(t, a.token, a.project, 'one');
    const two = await createVm(t, a.token, a.project, 'two');
    expect((await t.request('DELETE', vmPath(a.project, one.id), { token: a.token })).status).toBe(
      204,
    );
    expect(
      (await t.request('DELETE', vmPath(a.project, `id/${two.id}`), { token: a.token })).status,
    ).toBe(204);
    await waitForGone(t, a.token, vmPath(a.project, 'one'));
    await waitForGone(t, a.token, vmPath(a.project, 'two'));
  });

  it('answers 204 for deleting a VM that does not exist', async () => {
    const a = await newOwner(t);
    for (const ref of ['never-was', newId('vm'), `id/${newId('vm')}`]) {
      const res = await t.request('DELETE', vmPath(a.project, ref), { token: a.token });
      expect(res.status, ref).toBe(204);
      expect(res.text).toBe('');
    }
  });

  it('refuses to delete a project that holds a VM (409), and deletes it once everything is gone', async () => {
    const a = await newOwner(t);
    await createVm(t, a.token, a.project, 'held');
    const e = expectCurrentError(
      await t.request('DELETE', P(a.project), { token: a.token }),
      409,
      'Conflict',
    );
    expect(e.message).toMatch(/VM/);
    expect((await t.request('DELETE', vmPath(a.project, 'held'), { token: a.token })).status).toBe(
      204,
    );
    await waitForGone(t, a.token, vmPath(a.project, 'held'));
    expect(
      (await t.request('DELETE', subnetPath(a.project, `default-${LOC}`), { token: a.token }))
        .status,
    ).toBe(204);
    await waitForGone(t, a.token, subnetPath(a.project, `default-${LOC}`));
    expect((await t.request('DELETE', P(a.project), { token: a.token })).status).toBe(204);
  });
});

describe('rename a VM', () => {
  const renamePath = (project: string, ref: string) => actionPath(project, ref, 'rename');

  it('renames by name and by ID; the NIC follows', async () => {
    const a = await newOwner(t);
    const vm = await createVm(t, a.token, a.project, 'before');
    const res = await t.request('POST', renamePath(a.project, 'before'), {
      token: a.token,
      body: { name: 'after' },
    });
    expect(res.status, res.text).toBe(200);
    expect(expectSchema(vmSchema, res.body)).toMatchObject({ id: vm.id, name: 'after' });
    expectLegacyError(
      await t.request('GET', vmPath(a.project, 'before'), { token: a.token }),
      404,
      'ResourceNotFound',
    );
    expect((await t.request('GET', vmPath(a.project, 'after'), { token: a.token })).body.id).toBe(
      vm.id,
    );
    const nics = (await t.request('GET', subnetPath(a.project, vm.subnet), { token: a.token })).body
      .nics;
    expect(nics.map((n: { name: string; vm_name: string }) => [n.name, n.vm_name])).toEqual([
      ['after-nic', 'after'],
    ]);

    const byId = await t.request('POST', renamePath(a.project, vm.id), {
      token: a.token,
      body: { name: 'final' },
    });
    expect(byId.status).toBe(200);
    expect(byId.body.name).toBe('final');
  });

  renameRefusals(t, {
    what: 'VM',
    idKind: 'vm',
    refParam: 'vm_reference',
    list: 'listVms',
    path: vmPath,
    create: createVm,
  });
});

describe('while provisioning takes long (VMs stay in their transitional states)', () => {
  it('stops a VM while it is starting or restarting, as the origin allows; the stop wins', async () => {
    const a = await newOwner(slow);
    await createVm(slow, a.token, a.project, 'busy');
    for (const during of ['starting', 'restarting']) {
      // The slow server's jobs never come due: put the VM where its action would.
      await slow.ctx.db
        .updateTable('vm')
        .set({ state: during })
        .where('project_id', '=', a.project)
        .where('name', '=', 'busy')
        .execute();
      const res = await slow.request('POST', actionPath(a.project, 'busy', 'stop'), {
        token: a.token,
      });
      expect(res.status, res.text).toBe(200);
      expect(res.body.state).toBe('stopping');
      expectCurrentError(
        await slow.request('POST', actionPath(a.project, 'busy', 'restart'), { token: a.token }),
        400,
        'InvalidRequest',
      );
    }
  });

  it('refuses every action while creating and while deleting (400), and deletes a creating VM', async () => {
    const a = await newOwner(slow);
    await createVm(slow, a.token, a.project, 'young');
    for (const action of ['restart', 'stop', 'start']) {
      expectCurrentError(
        await slow.request('POST', actionPath(a.project, 'young', action), { token: a.token }),
        400,
        'InvalidRequest',
      );
    }
    expect(
      (await slow.request('GET', vmPath(a.project, 'young'), { token: a.token })).body.state,
    ).toBe('creating');
    expect(
      (await slow.request('DELETE', vmPath(a.project, 'young'), { token: a.token })).status,
    ).toBe(204);
    expect(
      (await slow.request('GET', vmPath(a.project, 'young'), { token: a.token })).body.state,
    ).toBe('deleting');
    for (const action of ['restart', 'stop', 'start']) {
      expectCurrentError(
        await slow.request('POST', actionPath(a.project, 'young', action), { token: a.token }),
        400,
        'InvalidRequest',
      );
    }
    // A second delete of a deleting VM is accepted and changes nothing.
    expect(
      (await slow.request('DELETE', vmPath(a.project, 'young'), { token: a.token })).status,
    ).toBe(204);
    expect(
      (await slow.request('GET', vmPath(a.project, 'young'), { token: a.token })).body.state,
    ).toBe('deleting');
  });
});

describe('public IPv4 addresses', () => {
  it('reuses the public IPv4 of a deleted VM once the pool is exhausted', async () => {
    // The seeded VMs, all in one project, are more than the default VM quota.
    const s = await startServer({ VM_QUOTA: '1000' });
    try {
      const a = await newOwner(s);
      const ps = await createSubnet(s, a.token, a.project, 'pool');
      // Seed VMs holding every public address but the last one of 198.51.100.0/24.
      const taken = [
        ...Array.from({ length: 254 }, (_, i) => `203.0.113.${i + 1}`),
        ...Array.from({ length: 253 }, (_, i) => `198.51.100.${i + 1}`),
      ];
      const now = new Date().toISOString();
      await s.ctx.db.transaction().execute(async (tx) => {
        for (const [i, ip4] of taken.entries()) {
          await tx
            .insertInto('vm')
            .values({
              id: newId('vm'),
              project_id: a.project,
              location: LOC,
              name: `seed${i}`,
              state: 'running',
              size: 'standard-2',
              unix_user: 'ubi',
              public_key: SSH_KEY,
              boot_image: 'ubuntu-jammy',
              storage_size_gib: 40,
              ip4,
              ip6: `2001:db8::${(i + 1).toString(16)}`,
              subnet_id: ps.id,
              created_at: now,
            })
            .execute();
        }
      });
      const first = await s.request('POST', vmPath(a.project, 'lucky'), {
        token: a.token,
        body: { public_key: SSH_KEY, enable_ip4: true, private_subnet_id: ps.id },
      });
      expect(first.status, first.text).toBe(200);
      expect(first.body.ip4).toBe('198.51.100.254');
      // Nothing left: refused, and nothing made.
      expectLegacyError(
        await s.request('POST', vmPath(a.project, 'unlucky'), {
          token: a.token,
          body: { public_key: SSH_KEY, enable_ip4: true, private_subnet_id: ps.id },
        }),
        409,
        'Conflict',
      );
      expectLegacyError(
        await s.request('GET', vmPath(a.project, 'unlucky'), { token: a.token }),
        404,
        'ResourceNotFound',
      );
      // Without a public IPv4 a VM can still be made.
      expect(
        (
          await s.request('POST', vmPath(a.project, 'private'), {
            token: a.token,
            body: { public_key: SSH_KEY, private_subnet_id: ps.id },
          })
        ).body.ip4,
      ).toBeNull();

      expect(
        (await s.request('DELETE', vmPath(a.project, 'lucky'), { token: a.token })).status,
      ).toBe(204);
      await pollUntil(
        () => s.request('GET', vmPath(a.project, 'lucky'), { token: a.token }),
        (r) => r.status === 404,
        'the VM to go',
      );
      const next = await s.request('POST', vmPath(a.project, 'unlucky'), {
        token: a.token,
        body: { public_key: SSH_KEY, enable_ip4: true, private_subnet_id: ps.id },
      });
      expect(next.status, next.text).toBe(200);
      expect(next.body.ip4).toBe('198.51.100.254');
    } finally {
      await s.close();
    }
  });
});

describe('the origin’s create body (behaviour.md §10a)', () => {
  it('takes a saved SSH key’s name as public_key, and refuses a name the project has not saved', async () => {
    const a = await newOwner(t);
    const saved = await t.request('POST', `${P(a.project)}/ssh-public-key`, {
      token: a.token,
      body: { name: 'laptop', public_key: SSH_KEY },
    });
    expect(saved.status, saved.text).toBe(200);
    const res = await t.request('POST', vmPath(a.project, 'by-name'), {
      token: a.token,
      body: { public_key: 'laptop' },
    });
    expect(res.status, res.text).toBe(200);
    const row = await t.ctx.db
      .selectFrom('vm')
      .select('public_key')
      .where('id', '=', res.body.id)
      .executeTakeFirstOrThrow();
    expect(row.public_key).toBe(SSH_KEY);
    const unknown = expectLegacyError(
      await t.request('POST', vmPath(a.project, 'nope'), {
        token: a.token,
        body: { public_key: 'desktop' },
      }),
      400,
      'InvalidRequest',
    );
    expect(unknown.details).toEqual({ public_key: expect.stringContaining('desktop') });
    // Another project's key of that name is not this project's.
    const b = await newOwner(t);
    expectLegacyError(
      await t.request('POST', vmPath(b.project, 'theirs'), {
        token: b.token,
        body: { public_key: 'laptop' },
      }),
      400,
      'InvalidRequest',
    );
    expect(await vmCount(a.token, a.project)).toBe(1);
  });

  it('takes init_script (stored for the first boot) and gpu "0:" (none); a GPU count or a bad form is refused', async () => {
    const a = await newOwner(t);
    const res = await t.request('POST', vmPath(a.project, 'boot'), {
      token: a.token,
      body: { public_key: SSH_KEY, init_script: '#!/bin/sh\necho hi', gpu: '0:' },
    });
    expect(res.status, res.text).toBe(200);
    expectSchema(vmSchema, res.body);
    const row = await t.ctx.db
      .selectFrom('vm')
      .select('init_script')
      .where('id', '=', res.body.id)
      .executeTakeFirstOrThrow();
    expect(row.init_script).toBe('#!/bin/sh\necho hi');
    for (const [body, message] of [
      [{ gpu: '1:a100' }, 'gpu not available for this project'],
      [{ gpu: '3:a100' }, 'gpu count must be one of the following: 0, 1, 2, 4, 8'],
      [{ gpu: 'a100' }, "gpu field must be in the format 'count:device_name'."],
      [{ init_script: 'x'.repeat(2001) }, 'init_script must be at most 2000 characters.'],
    ] as const) {
      const e = expectLegacyError(
        await t.request('POST', vmPath(a.project, 'bad'), {
          token: a.token,
          body: { public_key: SSH_KEY, ...body },
        }),
        400,
        'InvalidRequest',
      );
      expect(Object.values(e.details ?? {})).toEqual([message]);
    }
    expect(await vmCount(a.token, a.project)).toBe(1);
  });

  it('takes "true"/"1"/"false"/"0" for enable_ip4 and digits for storage_size, as the origin coerces them', async () => {
    const a = await newOwner(t);
    for (const [name, enable_ip4, ip4] of [
      ['s-true', 'true', true],
      ['s-one', '1', true],
      ['s-false', 'false', false],
      ['s-zero', '0', false],
    ] as const) {
      const res = await t.request('POST', vmPath(a.project, name), {
        token: a.token,
        body: { public_key: SSH_KEY, enable_ip4, storage_size: '80' },
      });
      expect(res.status, res.text).toBe(200);
      expect(res.body.ip4 !== null).toBe(ip4);
      expect(res.body.storage_size_gib).toBe(80);
    }
    expectLegacyError(
      await t.request('POST', vmPath(a.project, 'yes'), {
        token: a.token,
        body: { public_key: SSH_KEY, enable_ip4: 'yes' },
      }),
      400,
      'InvalidRequest',
    );
    expectLegacyError(
      await t.request('POST', vmPath(a.project, 'nul'), {
        token: a.token,
        body: { public_key: SSH_KEY, enable_ip4: null },
      }),
      400,
      'InvalidRequest',
    );
  });
});
