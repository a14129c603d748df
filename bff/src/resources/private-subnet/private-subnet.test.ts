import { describe, expect, it } from 'vitest';
import { firewallDetailSchema } from '#shared/api/firewall';
import { privateSubnetListSchema, privateSubnetSchema } from '#shared/api/private-subnet';
import { vmSchema } from '#shared/api/vm';
import { newId } from '#shared/ids';
import { expectSchema, kindServers } from '../../../test/harness.ts';
import {
  expectCurrentError,
  expectInvalid,
  expectLegacyError,
  expectOneWinner,
  inCidr,
  inLoc,
} from '../../../test/fixtures.ts';
import {
  SSH_KEY,
  firewallPath,
  LOC,
  OTHER_LOC,
  P,
  subnetPath,
  vmPath,
} from '../../../test/fixtures.ts';
import {
  createFirewall,
  createSubnet,
  createVm,
  newOwner,
  pollUntil,
  waitForGone,
  waitForVmState,
  countIn,
} from '../../../test/fixtures.ts';
import { checkKindPagination, listBasics, renameRefusals } from '../../../test/suites.ts';

const { t, slow } = await kindServers();

const subnetCount = (token: string, project: string) =>
  countIn(t, token, 'listPrivateSubnets', project);
const firewallCount = (token: string, project: string) =>
  countIn(t, token, 'listFirewalls', project);

describe('create and get a private subnet', () => {
  it('creates a subnet with a random /26 and /64 and a default firewall open to everything', async () => {
    const a = await newOwner(t);
    const res = await t.request('POST', subnetPath(a.project, 'backend'), { token: a.token });
    expect(res.status, res.text).toBe(200);
    const ps = expectSchema(privateSubnetSchema, res.body);
    expect(ps).toMatchObject({ name: 'backend', location: LOC, state: 'available', nics: [] });
    expect(ps.id).toMatch(/^ps[0-9a-hjkmnp-tv-z]{24}$/);
    expect(ps.net4).toMatch(/\/26$/);
    expect(inCidr(ps.net4.split('/')[0]!, '10.0.0.0/8')).toBe(true);
    expect(ps.net6).toMatch(/\/64$/);
    expect(inCidr(ps.net6.split('/')[0]!, 'fd00::/8')).toBe(true);

    // The default firewall, in the legacy shape: rules carry only id, cidr and port_range.
    expect(ps.firewalls).toHaveLength(1);
    const fw = ps.firewalls[0]!;
    expect(fw.name).toBe('backend-default');
    expect(fw.firewall_rules).toHaveLength(4);
    for (const rule of fw.firewall_rules)
      expect(Object.keys(rule).sort()).toEqual(['cidr', 'id', 'port_range']);
    expect(fw.firewall_rules.map((r) => `${r.cidr} ${r.port_range}`).sort()).toEqual([
      '0.0.0.0/0 0..65535',
      '0.0.0.0/0 0..65535',
      '::/0 0..65535',
      '::/0 0..65535',
    ]);

    // The same firewall through the firewall API: tcp and udp for each family, attached to the subnet.
    const detail = expectSchema(
      firewallDetailSchema,
      (await t.request('GET', firewallPath(a.project, 'backend-default'), { token: a.token })).body,
    );
    expect(detail.id).toBe(fw.id);
    expect(detail.private_subnets).toEqual([
      expect.objectContaining({ id: ps.id, name: 'backend', net4: ps.net4, net6: ps.net6 }),
    ]);
    expect(
      detail.firewall_rules.map((r) => `${r.cidr} ${r.port_range} ${r.protocol}`).sort(),
    ).toEqual([
      '0.0.0.0/0 0..65535 tcp',
      '0.0.0.0/0 0..65535 udp',
      '::/0 0..65535 tcp',
      '::/0 0..65535 udp',
    ]);

    // Get by name, by ID on the id/ route, and by ID on the by-name route: the same subnet.
    for (const path of [
      subnetPath(a.project, 'backend'),
      subnetPath(a.project, `id/${ps.id}`),
      subnetPath(a.project, ps.id),
    ]) {
      const got = await t.request('GET', path, { token: a.token });
      expect(got.status, path).toBe(200);
      expect(expectSchema(privateSubnetSchema, got.body)).toEqual(ps);
    }
  });

  it('gives different subnets of a project different networks', async () => {
    const a = await newOwner(t);
    const nets = [];
    for (const name of ['one', 'two', 'three'])
      nets.push(await createSubnet(t, a.token, a.project, name));
    expect(new Set(nets.map((n) => n.net4)).size).toBe(3);
    expect(new Set(nets.map((n) => n.net6)).size).toBe(3);
  });

  it('accepts an empty JSON body like no body', async () => {
    const a = await newOwner(t);
    const ps = await createSubnet(t, a.token, a.project, 'empty', LOC, {});
    expect(ps.firewalls.map((f: { name: string }) => f.name)).toEqual(['empty-default']);
  });

  it('attaches the firewall given as firewall_id instead of making a default one', async () => {
    const a = await newOwner(t);
    const fw = await createFirewall(t, a.token, a.project, 'web', LOC, {
      description: 'web traffic',
    });
    const res = await t.request('POST', subnetPath(a.project, 'front'), {
      token: a.token,
      body: { firewall_id: fw.id },
    });
    expect(res.status, res.text).toBe(200);
    const ps = expectSchema(privateSubnetSchema, res.body);
    expect(ps.firewalls).toEqual([
      { id: fw.id, name: 'web', description: 'web traffic', firewall_rules: [] },
    ]);
    expect(await firewallCount(a.token, a.project)).toBe(1);
    expectCurrentError(
      await t.request('GET', firewallPath(a.project, 'front-default'), { token: a.token }),
      404,
      'ResourceNotFound',
    );
    const detail = (await t.request('GET', firewallPath(a.project, 'web'), { token: a.token }))
      .body;
    expect(detail.private_subnets).toEqual([
      expect.objectContaining({ id: ps.id, name: 'front', net4: ps.net4, net6: ps.net6 }),
    ]);
  });

  it.each([
    ['a malformed firewall_id', 'firewall_id', () => ({ firewall_id: 'not-a-firewall' })],
    ['a firewall_id that is not a string', 'firewall_id', () => ({ firewall_id: 7 })],
    ['an unknown firewall_id', 'firewall_id', () => ({ firewall_id: newId('firewall') })],
    ['an unknown field', 'colour', () => ({ colour: 'blue' })],
  ])(
    'refuses a body with %s (flat 400 naming %s) and creates nothing',
    async (_what, field, body) => {
      const a = await newOwner(t);
      expectInvalid(
        'legacy',
        await t.request('POST', subnetPath(a.project, 'nope'), { token: a.token, body: body() }),
        field,
      );
      expect(await subnetCount(a.token, a.project)).toBe(0);
      expect(await firewallCount(a.token, a.project)).toBe(0);
    },
  );

  it('refuses a firewall of another location as firewall_id and creates nothing', async () => {
    const a = await newOwner(t);
    const fw = await createFirewall(t, a.token, a.project, 'north', OTHER_LOC);
    expectInvalid(
      'legacy',
      await t.request('POST', subnetPath(a.project, 'nope'), {
        token: a.token,
        body: { firewall_id: fw.id },
      }),
      'firewall_id',
    );
    expect(await subnetCount(a.token, a.project)).toBe(0);
    expect(await firewallCount(a.token, a.project)).toBe(1);
  });

  it('refuses a body that is not JSON with a flat 400', async () => {
    const a = await newOwner(t);
    const res = await t.request('POST', subnetPath(a.project, 'nope'), {
      token: a.token,
      rawBody: 'firewall_id=x',
      headers: { 'content-type': 'text/plain' },
    });
    expectLegacyError(res, 400, 'InvalidRequest');
    expect(await subnetCount(a.token, a.project)).toBe(0);
  });

  it('refuses malformed JSON with a flat 400 (a legacy route)', async () => {
    const a = await newOwner(t);
    const res = await t.request('POST', subnetPath(a.project, 'nope'), {
      token: a.token,
      rawBody: '{"firewall_id":',
      headers: { 'content-type': 'application/json' },
    });
    expectLegacyError(res, 400, 'InvalidRequest');
    expect(await subnetCount(a.token, a.project)).toBe(0);
  });

  it('refuses a duplicate name in the same location but allows it in another location', async () => {
    const a = await newOwner(t);
    await createSubnet(t, a.token, a.project, 'dup');
    const e = expectInvalid(
      'legacy',
      await t.request('POST', subnetPath(a.project, 'dup'), { token: a.token }),
      'name',
    );
    expect(e.message).toBe('name is already taken');
    await createSubnet(t, a.token, a.project, 'dup', OTHER_LOC);
    expect(await subnetCount(a.token, a.project)).toBe(2);
    expect(await firewallCount(a.token, a.project)).toBe(2);
  });

  it('refuses a name shaped like a private subnet ID, and a malformed name', async () => {
    const a = await newOwner(t);
    expectInvalid(
      'legacy',
      await t.request('POST', subnetPath(a.project, newId('privateSubnet')), { token: a.token }),
      'name',
    );
    expectInvalid(
      'legacy',
      await t.request('POST', subnetPath(a.project, 'Upper-Case'), { token: a.token }),
      'ps_name',
    );
    expectInvalid(
      'legacy',
      await t.request('POST', subnetPath(a.project, 'trailing-'), { token: a.token }),
      'ps_name',
    );
    expectInvalid(
      'legacy',
      await t.request('POST', subnetPath(a.project, 'x'.repeat(64)), { token: a.token }),
      'ps_name',
    );
    expect(await subnetCount(a.token, a.project)).toBe(0);
  });

  it('answers 404 for a subnet that does not exist and 400 for a malformed reference', async () => {
    const a = await newOwner(t);
    expectLegacyError(
      await t.request('GET', subnetPath(a.project, 'missing'), { token: a.token }),
      404,
      'ResourceNotFound',
    );
    expectLegacyError(
      await t.request('GET', subnetPath(a.project, `id/${newId('privateSubnet')}`), {
        token: a.token,
      }),
      404,
      'ResourceNotFound',
    );
    expectInvalid(
      'legacy',
      await t.request('GET', subnetPath(a.project, 'id/not-an-id'), { token: a.token }),
      'ps_id',
    );
    expectInvalid(
      'legacy',
      await t.request('GET', subnetPath(a.project, `id/${newId('vm')}`), { token: a.token }),
      'ps_id',
    );
    expectInvalid(
      'legacy',
      await t.request('GET', subnetPath(a.project, 'Bad_Name'), { token: a.token }),
      'ps_name',
    );
    expectInvalid(
      'legacy',
      await t.request('DELETE', subnetPath(a.project, 'id/not-an-id'), { token: a.token }),
      'ps_id',
    );
  });

  it('does not find a subnet of one location in another', async () => {
    const a = await newOwner(t);
    const ps = await createSubnet(t, a.token, a.project, 'here');
    expectLegacyError(
      await t.request('GET', subnetPath(a.project, 'here', OTHER_LOC), { token: a.token }),
      404,
      'ResourceNotFound',
    );
    expectLegacyError(
      await t.request('GET', subnetPath(a.project, `id/${ps.id}`, OTHER_LOC), { token: a.token }),
      404,
      'ResourceNotFound',
    );
  });
});

describe('list private subnets', () => {
  it('pages through the project list and the location list', async () => {
    const a = await newOwner(t);
    const here = [];
    for (const name of ['delta', 'alpha', 'echo', 'charlie', 'bravo', 'foxtrot'])
      here.push(await createSubnet(t, a.token, a.project, name));
    const there = [];
    for (const name of ['alpha', 'zulu', 'kilo', 'lima'])
      there.push(await createSubnet(t, a.token, a.project, name, OTHER_LOC));
    const valid = (item: unknown) => expectSchema(privateSubnetSchema, item);
    expectSchema(
      privateSubnetListSchema,
      (await t.request('GET', `${P(a.project)}/private-subnet`, { token: a.token })).body,
    );
    expectSchema(
      privateSubnetListSchema,
      (await t.request('GET', `${P(a.project)}/location/${LOC}/private-subnet`, { token: a.token }))
        .body,
    );
    await checkKindPagination(
      t,
      a.token,
      a.project,
      'private-subnet',
      'legacy',
      here,
      there,
      valid,
    );
    // The items are the full subnets, equal to what get answers.
    const item = (
      await t.request('GET', `${P(a.project)}/private-subnet?page_size=1`, { token: a.token })
    ).body.items[0];
    expect(item).toEqual(
      (await t.request('GET', subnetPath(a.project, `id/${here[0]!.id}`), { token: a.token })).body,
    );
  });

  listBasics(t, { whats: 'subnets', segment: 'private-subnet', create: createSubnet });
});

describe('rename a private subnet', () => {
  const renamePath = (project: string, ref: string, loc = LOC) =>
    `${P(project)}/location/${loc}/private-subnet/${ref}/rename`;

  it('renames by name and by ID; the subnet is found under its new name only', async () => {
    const a = await newOwner(t);
    const ps = await createSubnet(t, a.token, a.project, 'old');
    const byName = await t.request('POST', renamePath(a.project, 'old'), {
      token: a.token,
      body: { name: 'new' },
    });
    expect(byName.status, byName.text).toBe(200);
    expect(expectSchema(privateSubnetSchema, byName.body)).toEqual({ ...ps, name: 'new' });
    expectLegacyError(
      await t.request('GET', subnetPath(a.project, 'old'), { token: a.token }),
      404,
      'ResourceNotFound',
    );
    expect((await t.request('GET', subnetPath(a.project, 'new'), { token: a.token })).body).toEqual(
      { ...ps, name: 'new' },
    );

    const byId = await t.request('POST', renamePath(a.project, ps.id), {
      token: a.token,
      body: { name: 'newer' },
    });
    expect(byId.status, byId.text).toBe(200);
    expect(expectSchema(privateSubnetSchema, byId.body).name).toBe('newer');
    expect(
      (await t.request('GET', subnetPath(a.project, `id/${ps.id}`), { token: a.token })).body.name,
    ).toBe('newer');
  });

  renameRefusals(t, {
    what: 'subnet',
    idKind: 'privateSubnet',
    refParam: 'private_subnet_reference',
    list: 'listPrivateSubnets',
    path: subnetPath,
    create: createSubnet,
  });
});

describe('concurrent requests', () => {
  it('creates one subnet when the same name is created six times at once; the others are told the name is taken', async () => {
    const a = await newOwner(t);
    const replies = await Promise.all(
      Array.from({ length: 6 }, () =>
        t.request('POST', subnetPath(a.project, 'race'), { token: a.token }),
      ),
    );
    expectOneWinner(replies, 'legacy');
    expect(await subnetCount(a.token, a.project)).toBe(1);
    expect(await firewallCount(a.token, a.project)).toBe(1);
  });

  it('renames one subnet when four are renamed to the same name at once; the others are told the name is taken', async () => {
    const a = await newOwner(t);
    for (const name of ['ra', 'rb', 'rc', 'rd']) await createSubnet(t, a.token, a.project, name);
    const replies = await Promise.all(
      ['ra', 'rb', 'rc', 'rd'].map((n) =>
        t.request('POST', `${P(a.project)}/location/${LOC}/private-subnet/${n}/rename`, {
          token: a.token,
          body: { name: 'winner' },
        }),
      ),
    );
    expectOneWinner(replies, 'current');
    const names = (
      await t.request('GET', `${P(a.project)}/private-subnet`, { token: a.token })
    ).body.items.map((s: { name: string }) => s.name);
    expect(names.filter((n: string) => n === 'winner')).toHaveLength(1);
  });

  it('never accepts both a VM create into a subnet and the delete of that subnet sent at the same moment', async () => {
    const a = await newOwner(t);
    for (let i = 0; i < 6; i++) {
      const ps = await createSubnet(t, a.token, a.project, `contest${i}`);
      const vmParams = { ...inLoc(a.project), vm_name: `v${i}` };
      const subnetParams = { ...inLoc(a.project), ps_id: ps.id };
      const [vm, del] = await Promise.all([
        t.call('createVm', {
          token: a.token,
          params: vmParams,
          body: { public_key: SSH_KEY, private_subnet_id: ps.id },
        }),
        t.call('deletePrivateSubnetById', { token: a.token, params: subnetParams }),
      ]);
      // Whichever request the database orders first wins; the other is refused. The delete may
      // even finish entirely (the worker's step is short) before the create reads the subnet,
      // which is then unknown (400 naming private_subnet_id). Both accepted would leave a VM in
      // a subnet that stays "deleting" for ever.
      const outcome = `${vm.status}/${del.status}`;
      expect(['200/409', '409/204', '400/204'], `${outcome}: ${vm.text} ${del.text}`).toContain(
        outcome,
      );
      if (vm.status === 409) expectLegacyError(vm, 409, 'Conflict');
      if (vm.status === 400) expectInvalid('legacy', vm, 'private_subnet_id');
      if (del.status === 409)
        expect(expectLegacyError(del, 409, 'Conflict').message).toContain(`v${i}`);
      // The end state agrees: the VM lives in an available subnet, or neither is left.
      if (vm.status === 200) {
        const subnet = (
          await t.call('getPrivateSubnetById', { token: a.token, params: subnetParams })
        ).body;
        expect(subnet.state).toBe('available');
        expect(subnet.nics.map((n) => n.vm_name)).toEqual([`v${i}`]);
      } else {
        await waitForGone(t, a.token, subnetPath(a.project, `id/${ps.id}`));
        expectLegacyError(
          await t.call('getVm', { token: a.token, params: vmParams }),
          404,
          'ResourceNotFound',
        );
      }
    }
  });
});

describe('delete a private subnet', () => {
  it('deletes by name and by id/: 204, then the subnet and its default firewall go away', async () => {
    const a = await newOwner(t);
    const one = await createSubnet(t, a.token, a.project, 'one');
    const two = await createSubnet(t, a.token, a.project, 'two');
    const byName = await t.request('DELETE', subnetPath(a.project, 'one'), { token: a.token });
    expect(byName.status).toBe(204);
    expect(byName.text).toBe('');
    const byId = await t.request('DELETE', subnetPath(a.project, `id/${two.id}`), {
      token: a.token,
    });
    expect(byId.status).toBe(204);
    await waitForGone(t, a.token, subnetPath(a.project, `id/${one.id}`));
    await waitForGone(t, a.token, subnetPath(a.project, `id/${two.id}`));
    expect(await subnetCount(a.token, a.project)).toBe(0);
    expect(await firewallCount(a.token, a.project)).toBe(0);
    // Nothing is left: the project can go.
    expect((await t.request('DELETE', P(a.project), { token: a.token })).status).toBe(204);
  });

  it('deletes by ID on the by-name route', async () => {
    const a = await newOwner(t);
    const ps = await createSubnet(t, a.token, a.project, 'byid');
    expect(
      (await t.request('DELETE', subnetPath(a.project, ps.id), { token: a.token })).status,
    ).toBe(204);
    await waitForGone(t, a.token, subnetPath(a.project, 'byid'));
  });

  it('keeps a firewall given at create when the subnet goes', async () => {
    const a = await newOwner(t);
    const fw = await createFirewall(t, a.token, a.project, 'keeper');
    const ps = await createSubnet(t, a.token, a.project, 'guarded', LOC, { firewall_id: fw.id });
    expect(
      (await t.request('DELETE', subnetPath(a.project, 'guarded'), { token: a.token })).status,
    ).toBe(204);
    await waitForGone(t, a.token, subnetPath(a.project, `id/${ps.id}`));
    const detail = (await t.request('GET', firewallPath(a.project, 'keeper'), { token: a.token }))
      .body;
    expect(detail.private_subnets).toEqual([]);
  });

  it('answers 204 for a subnet that does not exist, by name and by id/', async () => {
    const a = await newOwner(t);
    for (const ref of ['never-was', `id/${newId('privateSubnet')}`, newId('privateSubnet')]) {
      const res = await t.request('DELETE', subnetPath(a.project, ref), { token: a.token });
      expect(res.status, ref).toBe(204);
      expect(res.text).toBe('');
    }
  });

  it('refuses (409, flat, naming the VM) while a VM is attached; allows it once the VM is deleting', async () => {
    const a = await newOwner(t);
    const ps = await createSubnet(t, a.token, a.project, 'busy');
    await createVm(t, a.token, a.project, 'worker', { private_subnet_id: ps.id });
    await waitForVmState(t, a.token, a.project, 'worker', 'running');

    const shown = expectSchema(
      privateSubnetSchema,
      (await t.request('GET', subnetPath(a.project, 'busy'), { token: a.token })).body,
    );
    expect(shown.nics.map((n) => [n.name, n.vm_name])).toEqual([['worker-nic', 'worker']]);

    for (const ref of ['busy', `id/${ps.id}`]) {
      const e = expectLegacyError(
        await t.request('DELETE', subnetPath(a.project, ref), { token: a.token }),
        409,
        'Conflict',
      );
      expect(e.message).toContain('worker');
    }
    expect(
      (await t.request('GET', subnetPath(a.project, 'busy'), { token: a.token })).body.state,
    ).toBe('available');

    expect(
      (await t.request('DELETE', vmPath(a.project, 'worker'), { token: a.token })).status,
    ).toBe(204);
    const del = await t.request('DELETE', subnetPath(a.project, `id/${ps.id}`), { token: a.token });
    expect(del.status, del.text).toBe(204);
    await waitForGone(t, a.token, vmPath(a.project, 'worker'));
    await waitForGone(t, a.token, subnetPath(a.project, `id/${ps.id}`));
    expect(await subnetCount(a.token, a.project)).toBe(0);
  });
});

describe('projects holding subnets', () => {
  it('refuses to delete a project that holds a subnet (409), then deletes it once the subnet is gone', async () => {
    const a = await newOwner(t);
    await createSubnet(t, a.token, a.project, 'held');
    const e = expectCurrentError(
      await t.request('DELETE', P(a.project), { token: a.token }),
      409,
      'Conflict',
    );
    expect(e.message).toMatch(/private subnet/);
    expect((await t.request('GET', P(a.project), { token: a.token })).status).toBe(200);
    expect(
      (await t.request('DELETE', subnetPath(a.project, 'held'), { token: a.token })).status,
    ).toBe(204);
    await waitForGone(t, a.token, subnetPath(a.project, 'held'));
    expect((await t.request('DELETE', P(a.project), { token: a.token })).status).toBe(204);
  });
});

describe('subnets and their VMs', () => {
  it('lists the NICs of attached VMs and the firewalls a VM sees', async () => {
    const a = await newOwner(t);
    const ps = await createSubnet(t, a.token, a.project, 'shared-net');
    const vm = expectSchema(
      vmSchema,
      await createVm(t, a.token, a.project, 'app', { private_subnet_id: ps.id }),
    );
    expect(vm.subnet).toBe('shared-net');
    expect(vm.firewalls).toEqual(ps.firewalls);
    const shown = expectSchema(
      privateSubnetSchema,
      (await t.request('GET', subnetPath(a.project, 'shared-net'), { token: a.token })).body,
    );
    expect(shown.nics).toHaveLength(1);
    expect(shown.nics[0]).toMatchObject({
      name: 'app-nic',
      vm_name: 'app',
      private_ipv4: vm.private_ipv4,
      private_ipv6: vm.private_ipv6,
    });
    expect(shown.nics[0]!.id).toMatch(/^nc[0-9a-hjkmnp-tv-z]{24}$/);
    // The lists answer the same subnet, NICs included, as get does (their JSON is made apart, decision 230).
    const second = await createVm(t, a.token, a.project, 'worker', { private_subnet_id: ps.id });
    expect(
      (
        await t.request('POST', `${vmPath(a.project, 'worker')}/rename`, {
          token: a.token,
          body: { name: 'renamed' },
        })
      ).status,
    ).toBe(200);
    const got = expectSchema(
      privateSubnetSchema,
      (await t.request('GET', subnetPath(a.project, 'shared-net'), { token: a.token })).body,
    );
    expect(got.nics.map((n) => n.id)).toEqual(got.nics.map((n) => n.id).sort());
    expect(got.nics.find((n) => n.private_ipv4 === second.private_ipv4)).toMatchObject({
      vm_name: 'renamed',
      name: 'renamed-nic',
    });
    for (const list of [
      `${P(a.project)}/private-subnet`,
      `${P(a.project)}/location/${LOC}/private-subnet`,
    ]) {
      const res = await t.request('GET', list, { token: a.token });
      expect(res.headers.get('content-type')).toBe('application/json; charset=utf-8');
      expect(expectSchema(privateSubnetListSchema, res.body)).toEqual({ count: 1, items: [got] });
    }
    for (const name of ['app', 'renamed'])
      await t.request('DELETE', vmPath(a.project, name), { token: a.token });
    await pollUntil(
      () => t.request('GET', subnetPath(a.project, 'shared-net'), { token: a.token }),
      (r) => r.status === 200 && r.body.nics.length === 0,
      'the NIC to go',
    );
  });
});

describe('while provisioning takes long (subnets and VMs stay in their transitional states)', () => {
  it('shows a deleting subnet as deleting, deletes it again with 204 and refuses new VMs and firewalls in it', async () => {
    const a = await newOwner(slow);
    const ps = await createSubnet(slow, a.token, a.project, 'leaving');
    await createVm(slow, a.token, a.project, 'last', { private_subnet_id: ps.id });
    expect(
      (await slow.request('DELETE', vmPath(a.project, 'last'), { token: a.token })).status,
    ).toBe(204);
    expect(
      (await slow.request('GET', vmPath(a.project, 'last'), { token: a.token })).body.state,
    ).toBe('deleting');
    // A VM that is being deleted does not hold the subnet back.
    expect(
      (await slow.request('DELETE', subnetPath(a.project, 'leaving'), { token: a.token })).status,
    ).toBe(204);
    const seen = expectSchema(
      privateSubnetSchema,
      (await slow.request('GET', subnetPath(a.project, 'leaving'), { token: a.token })).body,
    );
    expect(seen.state).toBe('deleting');
    expect(
      (await slow.request('DELETE', subnetPath(a.project, `id/${ps.id}`), { token: a.token }))
        .status,
    ).toBe(204);

    const refused = await slow.request('POST', vmPath(a.project, 'late'), {
      token: a.token,
      body: { public_key: SSH_KEY, private_subnet_id: ps.id },
    });
    expectLegacyError(refused, 409, 'Conflict');
    await createFirewall(slow, a.token, a.project, 'late-fw');
    expectCurrentError(
      await slow.request('POST', `${firewallPath(a.project, 'late-fw')}/attach-subnet`, {
        token: a.token,
        body: { private_subnet_id: ps.id },
      }),
      409,
      'Conflict',
    );
    expect((await slow.request('GET', vmPath(a.project, 'late'), { token: a.token })).status).toBe(
      404,
    );
  });

  it('does not put a new VM into default-<location> while that subnet is being deleted', async () => {
    const a = await newOwner(slow);
    const first = await createVm(slow, a.token, a.project, 'first');
    expect(first.subnet).toBe(`default-${LOC}`);
    expect(
      (await slow.request('DELETE', vmPath(a.project, 'first'), { token: a.token })).status,
    ).toBe(204);
    expect(
      (await slow.request('DELETE', subnetPath(a.project, `default-${LOC}`), { token: a.token }))
        .status,
    ).toBe(204);
    expect(
      (await slow.request('GET', subnetPath(a.project, `default-${LOC}`), { token: a.token })).body
        .state,
    ).toBe('deleting');

    // Either refused (409) or placed in a subnet that is available, never in the one going away.
    const res = await slow.request('POST', vmPath(a.project, 'second'), {
      token: a.token,
      body: { public_key: SSH_KEY },
    });
    if (res.status === 200) {
      const vm = expectSchema(vmSchema, res.body);
      const subnet = (
        await slow.request('GET', subnetPath(a.project, vm.subnet), { token: a.token })
      ).body;
      expect(subnet.state, `the VM joined subnet ${vm.subnet}, which is ${subnet.state}`).toBe(
        'available',
      );
    } else {
      expectLegacyError(res, 409, 'Conflict');
    }
  });
});
