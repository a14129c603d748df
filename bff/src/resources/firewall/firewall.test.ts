import { describe, expect, it } from 'vitest';
import {
  firewallDetailSchema,
  firewallListSchema,
  firewallRuleSchema,
  firewallSchema,
  legacyFirewallRuleSchema,
} from '#shared/api/firewall';
import { privateSubnetSchema } from '#shared/api/private-subnet';
import { newId } from '#shared/ids';
import { expectSchema, serverForFile } from '../../../test/harness.ts';
import {
  createFirewall,
  createSubnet,
  createVm,
  expectCurrentError,
  expectInvalid,
  expectOneWinner,
  firewallPath,
  LOC,
  newOwner,
  OTHER_LOC,
  P,
  subnetPath,
  vmPath,
  waitForGone,
  countIn,
} from '../../../test/fixtures.ts';
import { checkKindPagination, listBasics, renameRefusals } from '../../../test/suites.ts';

const t = await serverForFile();

const firewallCount = (token: string, project: string) =>
  countIn(t, token, 'listFirewalls', project);
const rulePath = (project: string, fw: string, rule = '', loc = LOC) =>
  `${firewallPath(project, fw, loc)}/firewall-rule${rule ? `/${rule}` : ''}`;
const rulesOf = async (token: string, project: string, fw: string) =>
  (await t.request('GET', firewallPath(project, fw), { token })).body.firewall_rules as unknown[];

describe('create, get, update, rename and delete a firewall', () => {
  it('creates a firewall without a body and with a description; gets it by name and by ID', async () => {
    const a = await newOwner(t);
    const res = await t.request('POST', firewallPath(a.project, 'plain'), { token: a.token });
    expect(res.status, res.text).toBe(200);
    const plain = expectSchema(firewallDetailSchema, res.body);
    expect(plain).toMatchObject({
      name: 'plain',
      description: '',
      location: LOC,
      firewall_rules: [],
      private_subnets: [],
    });
    expect(plain.id).toMatch(/^fw[0-9a-hjkmnp-tv-z]{24}$/);

    const described = expectSchema(
      firewallDetailSchema,
      await createFirewall(t, a.token, a.project, 'web', OTHER_LOC, { description: 'HTTP in' }),
    );
    expect(described).toMatchObject({ name: 'web', description: 'HTTP in', location: OTHER_LOC });

    for (const ref of ['plain', plain.id]) {
      const got = await t.request('GET', firewallPath(a.project, ref), { token: a.token });
      expect(got.status).toBe(200);
      expect(expectSchema(firewallDetailSchema, got.body)).toEqual(plain);
    }
    // A firewall belongs to its location.
    expectCurrentError(
      await t.request('GET', firewallPath(a.project, 'plain', OTHER_LOC), { token: a.token }),
      404,
      'ResourceNotFound',
    );
    expectCurrentError(
      await t.request('GET', firewallPath(a.project, plain.id, OTHER_LOC), { token: a.token }),
      404,
      'ResourceNotFound',
    );
  });

  it.each([
    ['a description over 1000 characters', 'description', { description: 'x'.repeat(1001) }],
    ['a description that is not a string', 'description', { description: 5 }],
    ['an unknown field', 'rules', { rules: [] }],
  ])(
    'refuses a create body with %s (400 naming %s) and creates nothing',
    async (_what, field, body) => {
      const a = await newOwner(t);
      expectInvalid(
        'current',
        await t.request('POST', firewallPath(a.project, 'nope'), { token: a.token, body }),
        field,
      );
      expect(await firewallCount(a.token, a.project)).toBe(0);
    },
  );

  it('accepts a description of exactly 1000 characters', async () => {
    const a = await newOwner(t);
    const fw = await createFirewall(t, a.token, a.project, 'long', LOC, {
      description: 'x'.repeat(1000),
    });
    expect(fw.description).toHaveLength(1000);
  });

  it('refuses a duplicate name, an ID-shaped name and malformed names', async () => {
    const a = await newOwner(t);
    await createFirewall(t, a.token, a.project, 'taken');
    const e = expectInvalid(
      'current',
      await t.request('POST', firewallPath(a.project, 'taken'), { token: a.token }),
      'name',
    );
    expect(e.message).toBe('name is already taken');
    expectInvalid(
      'current',
      await t.request('POST', firewallPath(a.project, newId('firewall')), { token: a.token }),
      'name',
    );
    for (const name of ['Caps', 'under_score', '-lead', 'x'.repeat(64)]) {
      expectInvalid(
        'current',
        await t.request('POST', firewallPath(a.project, name), { token: a.token }),
        'firewall_reference',
      );
    }
    expect(await firewallCount(a.token, a.project)).toBe(1);
    // The same name in another location is another firewall.
    await createFirewall(t, a.token, a.project, 'taken', OTHER_LOC);
    expect(await firewallCount(a.token, a.project)).toBe(2);
  });

  it('updates the description by name and by ID', async () => {
    const a = await newOwner(t);
    const fw = await createFirewall(t, a.token, a.project, 'desc', LOC, { description: 'old' });
    const res = await t.request('PATCH', firewallPath(a.project, 'desc'), {
      token: a.token,
      body: { description: 'new' },
    });
    expect(res.status, res.text).toBe(200);
    expect(expectSchema(firewallDetailSchema, res.body)).toEqual({ ...fw, description: 'new' });
    expect(
      (
        await t.request('PATCH', firewallPath(a.project, fw.id), {
          token: a.token,
          body: { description: '' },
        })
      ).body.description,
    ).toBe('');
    expect(
      (await t.request('GET', firewallPath(a.project, 'desc'), { token: a.token })).body
        .description,
    ).toBe('');
  });

  it.each([
    [{}, 'description'],
    [{ description: 'x'.repeat(1001) }, 'description'],
    [{ description: null }, 'description'],
    [{ description: 'nul \u0000 inside' }, 'description'],
    [{ description: 'ok', name: 'other' }, 'name'],
  ])('refuses update body %j with a 400 naming %s and changes nothing', async (body, field) => {
    const a = await newOwner(t);
    await createFirewall(t, a.token, a.project, 'fixed', LOC, { description: 'kept' });
    expectInvalid(
      'current',
      await t.request('PATCH', firewallPath(a.project, 'fixed'), { token: a.token, body }),
      field,
    );
    expect(
      (await t.request('GET', firewallPath(a.project, 'fixed'), { token: a.token })).body
        .description,
    ).toBe('kept');
  });

  it('renames by name and by ID', async () => {
    const a = await newOwner(t);
    const fw = await createFirewall(t, a.token, a.project, 'before');
    const res = await t.request('POST', `${firewallPath(a.project, 'before')}/rename`, {
      token: a.token,
      body: { name: 'after' },
    });
    expect(res.status, res.text).toBe(200);
    expect(expectSchema(firewallDetailSchema, res.body)).toEqual({ ...fw, name: 'after' });
    expectCurrentError(
      await t.request('GET', firewallPath(a.project, 'before'), { token: a.token }),
      404,
      'ResourceNotFound',
    );
    const byId = await t.request('POST', `${firewallPath(a.project, fw.id)}/rename`, {
      token: a.token,
      body: { name: 'final' },
    });
    expect(byId.body.name).toBe('final');
    expect(
      (await t.request('GET', firewallPath(a.project, 'final'), { token: a.token })).body.id,
    ).toBe(fw.id);
  });

  renameRefusals(t, {
    what: 'firewall',
    idKind: 'firewall',
    refParam: 'firewall_reference',
    list: 'listFirewalls',
    path: firewallPath,
    create: createFirewall,
  });

  it('deletes by name and by ID (204), detaching it from its subnets; 204 again for a missing one', async () => {
    const a = await newOwner(t);
    const fw = await createFirewall(t, a.token, a.project, 'gone');
    const other = await createFirewall(t, a.token, a.project, 'gone-too');
    const ps = await createSubnet(t, a.token, a.project, 'net');
    await t.request('POST', rulePath(a.project, 'gone'), {
      token: a.token,
      body: { cidr: '10.0.0.0/8' },
    });
    expect(
      (
        await t.request('POST', `${firewallPath(a.project, 'gone')}/attach-subnet`, {
          token: a.token,
          body: { private_subnet_id: ps.id },
        })
      ).status,
    ).toBe(200);

    const del = await t.request('DELETE', firewallPath(a.project, 'gone'), { token: a.token });
    expect(del.status).toBe(204);
    expect(del.text).toBe('');
    expectCurrentError(
      await t.request('GET', firewallPath(a.project, fw.id), { token: a.token }),
      404,
      'ResourceNotFound',
    );
    const subnet = (await t.request('GET', subnetPath(a.project, 'net'), { token: a.token })).body;
    expect(subnet.firewalls.map((f: { name: string }) => f.name)).toEqual(['net-default']);

    expect(
      (await t.request('DELETE', firewallPath(a.project, other.id), { token: a.token })).status,
    ).toBe(204);
    expectCurrentError(
      await t.request('GET', firewallPath(a.project, 'gone-too'), { token: a.token }),
      404,
      'ResourceNotFound',
    );
    for (const ref of ['gone', fw.id, newId('firewall'), 'never-was']) {
      const again = await t.request('DELETE', firewallPath(a.project, ref), { token: a.token });
      expect(again.status, ref).toBe(204);
      expect(again.text).toBe('');
    }
    expect(await firewallCount(a.token, a.project)).toBe(1);
  });

  it('refuses to delete a project that holds a firewall (409), and deletes it once the firewall is gone', async () => {
    const a = await newOwner(t);
    await createFirewall(t, a.token, a.project, 'held');
    const e = expectCurrentError(
      await t.request('DELETE', P(a.project), { token: a.token }),
      409,
      'Conflict',
    );
    expect(e.message).toMatch(/firewall/);
    expect(
      (await t.request('DELETE', firewallPath(a.project, 'held'), { token: a.token })).status,
    ).toBe(204);
    expect((await t.request('DELETE', P(a.project), { token: a.token })).status).toBe(204);
  });
});

describe('list firewalls', () => {
  it('pages through the project list and the location lists', async () => {
    const a = await newOwner(t);
    const here = [];
    for (const name of ['delta', 'alpha', 'echo', 'charlie', 'bravo'])
      here.push(await createFirewall(t, a.token, a.project, name));
    const there = [];
    for (const name of ['alpha', 'zulu', 'kilo', 'lima'])
      there.push(await createFirewall(t, a.token, a.project, name, OTHER_LOC));
    await t.request('POST', rulePath(a.project, 'delta'), {
      token: a.token,
      body: { cidr: '192.0.2.0/24', port_range: '443', description: 'https' },
    });

    const list = expectSchema(
      firewallListSchema,
      (await t.request('GET', `${P(a.project)}/firewall?page_size=100`, { token: a.token })).body,
    );
    // Items are firewalls with their rules, without the attached subnets.
    const delta = list.items.find((f) => f.name === 'delta' && f.location === LOC)!;
    const { private_subnets: _, ...withoutSubnets } = (
      await t.request('GET', firewallPath(a.project, 'delta'), { token: a.token })
    ).body;
    expect(delta).toEqual(withoutSubnets);
    expect(delta.firewall_rules).toHaveLength(1);
    // The database writes the items' JSON (decision 245): text that needs escaping, several
    // rules in ID order and a firewall without rules come out as the records say.
    const awkward = 'a "quoted" \\ back\\slash, tab\t, new\nline, ünïcödé ✓, </script>';
    await t.request('PATCH', firewallPath(a.project, 'echo'), {
      token: a.token,
      body: { description: awkward },
    });
    for (const [cidr, port_range] of [
      ['198.51.100.0/24', '22'],
      ['2001:db8::/32', '80..90'],
      ['0.0.0.0/0', '53'],
    ]) {
      const r = await t.request('POST', rulePath(a.project, 'echo'), {
        token: a.token,
        body: { cidr, port_range, protocol: 'udp', description: awkward },
      });
      expect(r.status, r.text).toBe(200);
    }
    const items = expectSchema(
      firewallListSchema,
      (
        await t.request('GET', `${P(a.project)}/location/${LOC}/firewall?page_size=100`, {
          token: a.token,
        })
      ).body,
    ).items;
    for (const item of items) {
      const { private_subnets: __, ...record } = (
        await t.request('GET', firewallPath(a.project, item.id), { token: a.token })
      ).body;
      expect(item).toEqual(record);
    }
    const echo = items.find((f) => f.name === 'echo')!;
    expect(echo.description).toBe(awkward);
    expect(echo.firewall_rules.map((r) => r.id)).toEqual(
      echo.firewall_rules.map((r) => r.id).sort(),
    );
    expect(
      echo.firewall_rules
        .map((r) => `${r.port_range} ${r.protocol} ${r.description === awkward}`)
        .sort(),
    ).toEqual(['22..22 udp true', '53..53 udp true', '80..90 udp true']);
    expect(items.find((f) => f.name === 'alpha')!.firewall_rules).toEqual([]);

    const valid = (item: unknown) => expectSchema(firewallSchema, item);
    expectSchema(
      firewallListSchema,
      (await t.request('GET', `${P(a.project)}/location/${LOC}/firewall`, { token: a.token })).body,
    );
    await checkKindPagination(t, a.token, a.project, 'firewall', 'current', here, there, valid);
  });

  listBasics(t, { whats: 'firewalls', segment: 'firewall', create: createFirewall });

  it('lists the default firewalls of subnets too', async () => {
    const a = await newOwner(t);
    await createSubnet(t, a.token, a.project, 'net');
    const list = expectSchema(
      firewallListSchema,
      (await t.request('GET', `${P(a.project)}/location/${LOC}/firewall`, { token: a.token })).body,
    );
    expect(list.count).toBe(1);
    expect(list.items[0]!.name).toBe('net-default');
    expect(
      list.items[0]!.firewall_rules.map(
        (r) => `${r.cidr} ${r.port_range} ${r.protocol} ${JSON.stringify(r.description)}`,
      ).sort(),
    ).toEqual([
      '0.0.0.0/0 0..65535 tcp ""',
      '0.0.0.0/0 0..65535 udp ""',
      '::/0 0..65535 tcp ""',
      '::/0 0..65535 udp ""',
    ]);
  });
});

describe('attach and detach subnets', () => {
  it('attaches a subnet (shown on the firewall, the subnet and its VMs) and detaches it', async () => {
    const a = await newOwner(t);
    const fw = await createFirewall(t, a.token, a.project, 'guard', LOC, {
      description: 'ssh only',
    });
    const rule = (
      await t.request('POST', rulePath(a.project, 'guard'), {
        token: a.token,
        body: { cidr: '198.51.100.0/24', port_range: '22' },
      })
    ).body;
    const ps = await createSubnet(t, a.token, a.project, 'net');
    await createVm(t, a.token, a.project, 'box', { private_subnet_id: ps.id });

    const attach = await t.request('POST', `${firewallPath(a.project, 'guard')}/attach-subnet`, {
      token: a.token,
      body: { private_subnet_id: ps.id },
    });
    expect(attach.status, attach.text).toBe(200);
    const legacy = {
      id: fw.id,
      name: 'guard',
      description: 'ssh only',
      firewall_rules: [{ id: rule.id, cidr: '198.51.100.0/24', port_range: '22..22' }],
    };
    const subnet = expectSchema(
      privateSubnetSchema,
      (await t.request('GET', subnetPath(a.project, 'net'), { token: a.token })).body,
    );
    // Each attached subnet is its full record, as the origin's FirewallDetailed has it.
    expect(expectSchema(firewallDetailSchema, attach.body).private_subnets).toEqual([subnet]);
    expect(subnet.firewalls).toHaveLength(2);
    expect(subnet.firewalls).toContainEqual(legacy);
    for (const f of subnet.firewalls)
      for (const r of f.firewall_rules) expectSchema(legacyFirewallRuleSchema, r);
    expect(
      (await t.request('GET', vmPath(a.project, 'box'), { token: a.token })).body.firewalls,
    ).toContainEqual(legacy);
    // A firewall without rules shows on the VM too, and the VM's firewalls are its subnet's, in the same order.
    await createFirewall(t, a.token, a.project, 'bare');
    await t.request('POST', `${firewallPath(a.project, 'bare')}/attach-subnet`, {
      token: a.token,
      body: { private_subnet_id: ps.id },
    });
    const three = (await t.request('GET', subnetPath(a.project, 'net'), { token: a.token })).body;
    expect(
      three.firewalls
        .map(
          (f: { name: string; firewall_rules: unknown[] }) =>
            `${f.name} ${f.firewall_rules.length}`,
        )
        .sort(),
    ).toEqual(['bare 0', 'guard 1', 'net-default 4']);
    expect(
      (await t.request('GET', vmPath(a.project, 'box'), { token: a.token })).body.firewalls,
    ).toEqual(three.firewalls);
    await t.request('POST', `${firewallPath(a.project, 'bare')}/detach-subnet`, {
      token: a.token,
      body: { private_subnet_id: ps.id },
    });

    // Attaching again changes nothing; attaching by ID works the same.
    const again = await t.request('POST', `${firewallPath(a.project, fw.id)}/attach-subnet`, {
      token: a.token,
      body: { private_subnet_id: ps.id },
    });
    expect(again.status).toBe(200);
    expect(
      again.body.private_subnets.map((x: { id: string; name: string }) => [x.id, x.name]),
    ).toEqual([[ps.id, 'net']]);

    const detach = await t.request('POST', `${firewallPath(a.project, 'guard')}/detach-subnet`, {
      token: a.token,
      body: { private_subnet_id: ps.id },
    });
    expect(detach.status, detach.text).toBe(200);
    expect(expectSchema(firewallDetailSchema, detach.body).private_subnets).toEqual([]);
    const after = (await t.request('GET', subnetPath(a.project, 'net'), { token: a.token })).body;
    expect(after.firewalls.map((f: { name: string }) => f.name)).toEqual(['net-default']);
    expect(
      (await t.request('GET', vmPath(a.project, 'box'), { token: a.token })).body.firewalls,
    ).not.toContainEqual(legacy);
    // With no firewall left on its subnet, a VM shows none.
    await t.request('POST', `${firewallPath(a.project, 'net-default')}/detach-subnet`, {
      token: a.token,
      body: { private_subnet_id: ps.id },
    });
    const bare = (await t.request('GET', vmPath(a.project, 'box'), { token: a.token })).body;
    expect(bare).toMatchObject({ firewalls: [], subnet: 'net' });
    expect(bare.private_ipv4).toEqual(expect.any(String));
    // Detaching a subnet that is not attached is not an error.
    expect(
      (
        await t.request('POST', `${firewallPath(a.project, 'guard')}/detach-subnet`, {
          token: a.token,
          body: { private_subnet_id: ps.id },
        })
      ).status,
    ).toBe(200);
  });

  it('refuses a subnet of another location, an unknown subnet and malformed bodies with 400', async () => {
    const a = await newOwner(t);
    await createFirewall(t, a.token, a.project, 'guard');
    const north = await createSubnet(t, a.token, a.project, 'north', OTHER_LOC);
    const attach = (body: unknown) =>
      t.request('POST', `${firewallPath(a.project, 'guard')}/attach-subnet`, {
        token: a.token,
        body,
      });
    expectInvalid('current', await attach({ private_subnet_id: north.id }), 'private_subnet_id');
    expectInvalid(
      'current',
      await attach({ private_subnet_id: newId('privateSubnet') }),
      'private_subnet_id',
    );
    expectInvalid('current', await attach({ private_subnet_id: 'not-an-id' }), 'private_subnet_id');
    expectInvalid(
      'current',
      await attach({ private_subnet_id: newId('firewall') }),
      'private_subnet_id',
    );
    expectInvalid('current', await attach({}), 'private_subnet_id');
    expectInvalid('current', await attach({ private_subnet_id: north.id, force: true }), 'force');
    expectInvalid(
      'current',
      await t.request('POST', `${firewallPath(a.project, 'guard')}/detach-subnet`, {
        token: a.token,
        body: { private_subnet_id: 'nope' },
      }),
      'private_subnet_id',
    );
    expect(
      (await t.request('GET', firewallPath(a.project, 'guard'), { token: a.token })).body
        .private_subnets,
    ).toEqual([]);
    expect(
      (await t.request('GET', subnetPath(a.project, 'north', OTHER_LOC), { token: a.token })).body
        .firewalls,
    ).toHaveLength(1);
    expectCurrentError(
      await t.request('POST', `${firewallPath(a.project, 'missing')}/attach-subnet`, {
        token: a.token,
        body: { private_subnet_id: north.id },
      }),
      404,
      'ResourceNotFound',
    );
  });
});

describe('firewall rules', () => {
  it('creates a rule with a server-chosen ID and defaults, gets, updates and deletes it', async () => {
    const a = await newOwner(t);
    const fw = await createFirewall(t, a.token, a.project, 'rules');
    const res = await t.request('POST', rulePath(a.project, 'rules'), {
      token: a.token,
      body: { cidr: '10.1.2.3/8' },
    });
    expect(res.status, res.text).toBe(200);
    const rule = expectSchema(firewallRuleSchema, res.body);
    expect(rule).toEqual({
      id: expect.stringMatching(/^fr[0-9a-hjkmnp-tv-z]{24}$/),
      cidr: '10.0.0.0/8',
      port_range: '0..65535',
      protocol: 'tcp',
      description: '',
    });

    for (const fwRef of ['rules', fw.id]) {
      const got = await t.request('GET', rulePath(a.project, fwRef, rule.id), { token: a.token });
      expect(got.status).toBe(200);
      expect(expectSchema(firewallRuleSchema, got.body)).toEqual(rule);
    }
    expect(await rulesOf(a.token, a.project, 'rules')).toEqual([rule]);

    const updates: [Record<string, unknown>, Partial<typeof rule>][] = [
      [{ port_range: '22' }, { port_range: '22..22' }],
      [
        { port_range: '8000..8080', protocol: 'udp' },
        { port_range: '8000..8080', protocol: 'udp' },
      ],
      [{ cidr: '10.1.2.3' }, { cidr: '10.1.2.3/32' }],
      [{ cidr: '2001:DB8:0:0::1' }, { cidr: '2001:db8::1/128' }],
      [{ cidr: '2001:db8:abcd:12::/48' }, { cidr: '2001:db8:abcd::/48' }],
      [{ description: 'office' }, { description: 'office' }],
    ];
    let current = rule;
    for (const [body, change] of updates) {
      const up = await t.request('PATCH', rulePath(a.project, 'rules', rule.id), {
        token: a.token,
        body,
      });
      expect(up.status, up.text).toBe(200);
      current = { ...current, ...change };
      expect(expectSchema(firewallRuleSchema, up.body)).toEqual(current);
      expect(
        (await t.request('GET', rulePath(a.project, 'rules', rule.id), { token: a.token })).body,
      ).toEqual(current);
    }

    const del = await t.request('DELETE', rulePath(a.project, 'rules', rule.id), {
      token: a.token,
    });
    expect(del.status).toBe(204);
    expect(del.text).toBe('');
    expectCurrentError(
      await t.request('GET', rulePath(a.project, 'rules', rule.id), { token: a.token }),
      404,
      'ResourceNotFound',
    );
    expect(await rulesOf(a.token, a.project, 'rules')).toEqual([]);
    // Deleting it again, or a rule that never was, is not an error.
    for (const id of [rule.id, newId('firewallRule')])
      expect(
        (await t.request('DELETE', rulePath(a.project, 'rules', id), { token: a.token })).status,
      ).toBe(204);
  });

  it.each([
    [
      'a port like "N"',
      { cidr: '0.0.0.0/0', port_range: '443' },
      { cidr: '0.0.0.0/0', port_range: '443..443' },
    ],
    [
      'the full range',
      { cidr: '::/0', port_range: '0..65535', protocol: 'udp' },
      { cidr: '::/0', port_range: '0..65535', protocol: 'udp' },
    ],
    ['a bare IPv4 address', { cidr: '192.0.2.7' }, { cidr: '192.0.2.7/32' }],
    ['a bare IPv6 address', { cidr: 'fd00::5' }, { cidr: 'fd00::5/128' }],
    [
      'host bits set',
      { cidr: '172.16.5.4/12', port_range: '1..1024' },
      { cidr: '172.16.0.0/12', port_range: '1..1024' },
    ],
  ])('normalizes a rule with %s', async (_what, body, expected) => {
    const a = await newOwner(t);
    await createFirewall(t, a.token, a.project, 'norm');
    const res = await t.request('POST', rulePath(a.project, 'norm'), { token: a.token, body });
    expect(res.status, res.text).toBe(200);
    expect(res.body).toMatchObject(expected);
  });

  it.each([
    ['no cidr', 'cidr', { port_range: '22' }],
    ['a cidr that is no address', 'cidr', { cidr: 'everywhere' }],
    ['a prefix too long', 'cidr', { cidr: '10.0.0.0/33' }],
    ['an octet too big', 'cidr', { cidr: '300.1.1.1/32' }],
    ['a cidr that is not a string', 'cidr', { cidr: 10 }],
    ['a reversed port range', 'port_range', { cidr: '10.0.0.0/8', port_range: '80..79' }],
    ['a port above 65535', 'port_range', { cidr: '10.0.0.0/8', port_range: '70000' }],
    ['a negative port', 'port_range', { cidr: '10.0.0.0/8', port_range: '-1' }],
    ['a port range with a dash', 'port_range', { cidr: '10.0.0.0/8', port_range: '80-90' }],
    ['a numeric port range', 'port_range', { cidr: '10.0.0.0/8', port_range: 22 }],
    ['protocol icmp', 'protocol', { cidr: '10.0.0.0/8', protocol: 'icmp' }],
    [
      'a description too long',
      'description',
      { cidr: '10.0.0.0/8', description: 'x'.repeat(1001) },
    ],
    ['an unknown field', 'action', { cidr: '10.0.0.0/8', action: 'deny' }],
  ])('refuses a rule with %s (400 naming %s) and creates nothing', async (_what, field, body) => {
    const a = await newOwner(t);
    await createFirewall(t, a.token, a.project, 'strict');
    expectInvalid(
      'current',
      await t.request('POST', rulePath(a.project, 'strict'), { token: a.token, body }),
      field,
    );
    expectInvalid(
      'current',
      await t.request('POST', rulePath(a.project, 'strict', newId('firewallRule')), {
        token: a.token,
        body,
      }),
      field,
    );
    expect(await rulesOf(a.token, a.project, 'strict')).toEqual([]);
  });

  it('makes a rule for each network of a subnet named by ID or name in cidr, answering them as an array (the origin’s FirewallRuleOrRules)', async () => {
    const a = await newOwner(t);
    await createFirewall(t, a.token, a.project, 'from-subnet');
    const ps = await createSubnet(t, a.token, a.project, 'app');
    for (const [cidr, port_range] of [
      ['app', '22'],
      [ps.id, '443'],
    ]) {
      const res = await t.request('POST', rulePath(a.project, 'from-subnet'), {
        token: a.token,
        body: { cidr, port_range, protocol: 'TCP' },
      });
      expect(res.status, res.text).toBe(200);
      const rules = expectSchema(firewallRuleSchema.array(), res.body);
      expect(rules.map((r) => [r.cidr, r.port_range, r.protocol])).toEqual([
        [ps.net4, `${port_range}..${port_range}`, 'tcp'],
        [ps.net6, `${port_range}..${port_range}`, 'tcp'],
      ]);
    }
    expect(await rulesOf(a.token, a.project, 'from-subnet')).toHaveLength(4);
    // An unknown subnet, or one of another location, is neither a CIDR nor a subnet here.
    const other = await createSubnet(t, a.token, a.project, 'far', OTHER_LOC);
    for (const cidr of ['nowhere', other.id]) {
      const e = expectInvalid(
        'current',
        await t.request('POST', rulePath(a.project, 'from-subnet'), {
          token: a.token,
          body: { cidr },
        }),
        'cidr',
      );
      expect(e.details!.cidr).toContain("private subnet's ID or name");
    }
    expect(await rulesOf(a.token, a.project, 'from-subnet')).toHaveLength(4);
  });

  it('takes protocol in any case, and firewall_id and project_id that match the path (the origin’s document allows them)', async () => {
    const a = await newOwner(t);
    const fw = await createFirewall(t, a.token, a.project, 'cases');
    const res = await t.request('POST', rulePath(a.project, 'cases'), {
      token: a.token,
      body: { cidr: '10.0.0.0/8', protocol: 'UDP', firewall_id: fw.id, project_id: a.project },
    });
    expect(res.status, res.text).toBe(200);
    expect(res.body).toMatchObject({ protocol: 'udp' });
    const patched = await t.request('PATCH', rulePath(a.project, 'cases', res.body.id), {
      token: a.token,
      body: { protocol: 'Tcp' },
    });
    expect(patched.body).toMatchObject({ protocol: 'tcp' });
    expectInvalid(
      'current',
      await t.request('POST', rulePath(a.project, 'cases'), {
        token: a.token,
        body: { cidr: '10.1.0.0/16', firewall_id: newId('firewall') },
      }),
      'firewall_id',
    );
    expectInvalid(
      'current',
      await t.request('POST', rulePath(a.project, 'cases'), {
        token: a.token,
        body: { cidr: '10.1.0.0/16', project_id: newId('project') },
      }),
      'project_id',
    );
    expect(await rulesOf(a.token, a.project, 'cases')).toHaveLength(1);
  });

  it('refuses bad updates with 400 and keeps the rule as it was', async () => {
    const a = await newOwner(t);
    await createFirewall(t, a.token, a.project, 'upd');
    const rule = (
      await t.request('POST', rulePath(a.project, 'upd'), {
        token: a.token,
        body: { cidr: '10.0.0.0/8', port_range: '22' },
      })
    ).body;
    const patch = (body: unknown) =>
      t.request('PATCH', rulePath(a.project, 'upd', rule.id), { token: a.token, body });
    expectInvalid('current', await patch({ port_range: '80..79' }), 'port_range');
    expectInvalid('current', await patch({ port_range: '70000' }), 'port_range');
    expectInvalid('current', await patch({ cidr: 'nowhere' }), 'cidr');
    expectInvalid('current', await patch({ protocol: 'sctp' }), 'protocol');
    expectInvalid(
      'current',
      await patch({ protocol: 'udp', description: '\u0000' }),
      'description',
    );
    expectInvalid('current', await patch({ id: newId('firewallRule') }), 'id');
    expectCurrentError(await patch({}), 400, 'InvalidRequest');
    expect(
      (await t.request('GET', rulePath(a.project, 'upd', rule.id), { token: a.token })).body,
    ).toEqual(rule);
    expectCurrentError(
      await t.request('PATCH', rulePath(a.project, 'upd', newId('firewallRule')), {
        token: a.token,
        body: { port_range: '1' },
      }),
      404,
      'ResourceNotFound',
    );
  });

  it('refuses an identical rule twice, by create and by update', async () => {
    const a = await newOwner(t);
    await createFirewall(t, a.token, a.project, 'dups');
    const first = (
      await t.request('POST', rulePath(a.project, 'dups'), {
        token: a.token,
        body: { cidr: '10.0.0.0/8', port_range: '22' },
      })
    ).body;
    expectInvalid(
      'current',
      await t.request('POST', rulePath(a.project, 'dups'), {
        token: a.token,
        body: { cidr: '10.9.9.9/8', port_range: '22..22' },
      }),
      'cidr',
    );
    // Another protocol is another rule.
    const udp = await t.request('POST', rulePath(a.project, 'dups'), {
      token: a.token,
      body: { cidr: '10.0.0.0/8', port_range: '22', protocol: 'udp' },
    });
    expect(udp.status).toBe(200);
    expectInvalid(
      'current',
      await t.request('PATCH', rulePath(a.project, 'dups', udp.body.id), {
        token: a.token,
        body: { protocol: 'tcp' },
      }),
      'cidr',
    );
    expect((await rulesOf(a.token, a.project, 'dups')).length).toBe(2);
    expect(
      (await t.request('GET', rulePath(a.project, 'dups', first.id), { token: a.token })).body
        .protocol,
    ).toBe('tcp');
  });

  it('does not find a rule through another firewall', async () => {
    const a = await newOwner(t);
    await createFirewall(t, a.token, a.project, 'mine');
    await createFirewall(t, a.token, a.project, 'other');
    const rule = (
      await t.request('POST', rulePath(a.project, 'mine'), {
        token: a.token,
        body: { cidr: '10.0.0.0/8' },
      })
    ).body;
    expectCurrentError(
      await t.request('GET', rulePath(a.project, 'other', rule.id), { token: a.token }),
      404,
      'ResourceNotFound',
    );
    expectCurrentError(
      await t.request('PATCH', rulePath(a.project, 'other', rule.id), {
        token: a.token,
        body: { port_range: '1' },
      }),
      404,
      'ResourceNotFound',
    );
    expect(
      (await t.request('DELETE', rulePath(a.project, 'other', rule.id), { token: a.token })).status,
    ).toBe(204);
    expect(
      (await t.request('GET', rulePath(a.project, 'mine', rule.id), { token: a.token })).body,
    ).toEqual(rule);
  });

  it('refuses a malformed rule ID with 400', async () => {
    const a = await newOwner(t);
    await createFirewall(t, a.token, a.project, 'ids');
    for (const [method, body] of [
      ['GET'],
      ['PATCH', { port_range: '1' }],
      ['DELETE'],
      ['POST', { cidr: '10.0.0.0/8' }],
    ] as const) {
      for (const id of ['not-a-rule', newId('firewall')]) {
        expectInvalid(
          'current',
          await t.request(method, rulePath(a.project, 'ids', id), { token: a.token, body }),
          'firewall_rule_id',
        );
      }
    }
  });
});

describe('firewall rule create with a client-chosen ID', () => {
  it('creates the rule with that ID; the same request again answers the same rule; other content is 409', async () => {
    const a = await newOwner(t);
    const fw = await createFirewall(t, a.token, a.project, 'spec');
    const id = newId('firewallRule');
    const body = {
      cidr: '10.1.2.3/8',
      port_range: '22',
      firewall_id: fw.id,
      project_id: a.project,
    };
    const res = await t.request('POST', rulePath(a.project, 'spec', id), { token: a.token, body });
    expect(res.status, res.text).toBe(200);
    expect(expectSchema(legacyFirewallRuleSchema, res.body)).toEqual({
      id,
      cidr: '10.0.0.0/8',
      port_range: '22..22',
    });
    const full = expectSchema(
      firewallRuleSchema,
      (await t.request('GET', rulePath(a.project, 'spec', id), { token: a.token })).body,
    );
    expect(full).toEqual({
      id,
      cidr: '10.0.0.0/8',
      port_range: '22..22',
      protocol: 'tcp',
      description: '',
    });

    // A retry (same content, even written differently) answers the same rule.
    for (const retry of [
      body,
      { cidr: '10.0.0.0/8', port_range: '22..22' },
      { cidr: '10.0.0.0/8', port_range: '22', firewall_id: fw.id },
    ]) {
      const again = await t.request('POST', rulePath(a.project, fw.id, id), {
        token: a.token,
        body: retry,
      });
      expect(again.status, again.text).toBe(200);
      expect(again.body).toEqual(res.body);
    }
    // The same ID with other content conflicts.
    for (const other of [
      { cidr: '10.0.0.0/8', port_range: '23' },
      { cidr: '10.0.0.0/8', port_range: '22', protocol: 'udp' },
      { cidr: '0.0.0.0/0', port_range: '22' },
      { cidr: '10.0.0.0/8', port_range: '22', description: 'ssh' },
    ]) {
      const e = expectCurrentError(
        await t.request('POST', rulePath(a.project, 'spec', id), { token: a.token, body: other }),
        409,
        'Conflict',
      );
      expect(e.message).toMatch(/rule/i);
    }
    // Rule IDs are unique across the service (decision 258): another firewall cannot take it.
    await createFirewall(t, a.token, a.project, 'elsewhere');
    const there = await t.request('POST', rulePath(a.project, 'elsewhere', id), {
      token: a.token,
      body: { cidr: '192.0.2.0/24', port_range: '443' },
    });
    expect(expectCurrentError(there, 409, 'Conflict').message).toBe(
      'A firewall rule with this ID already exists with other content.',
    );
    expect(await rulesOf(a.token, a.project, 'spec')).toEqual([full]);
    expect(await rulesOf(a.token, a.project, 'elsewhere')).toEqual([]);
  });

  it("refuses an ID another account's rule has with the same 409 as its own firewall's, naming no one; changes nothing", async () => {
    const a = await newOwner(t);
    const b = await newOwner(t);
    await createFirewall(t, a.token, a.project, 'mine');
    await createFirewall(t, b.token, b.project, 'theirs');
    const theirs = newId('firewallRule');
    const own = newId('firewallRule');
    expect(
      (
        await t.request('POST', rulePath(b.project, 'theirs', theirs), {
          token: b.token,
          body: { cidr: '0.0.0.0/0', port_range: '80' },
        })
      ).status,
    ).toBe(200);
    expect(
      (
        await t.request('POST', rulePath(a.project, 'mine', own), {
          token: a.token,
          body: { cidr: '192.0.2.0/24', port_range: '443' },
        })
      ).status,
    ).toBe(200);

    const body = { cidr: '10.0.0.0/8', port_range: '22' };
    const onTheirs = await t.request('POST', rulePath(a.project, 'mine', theirs), {
      token: a.token,
      body,
    });
    const onOwn = await t.request('POST', rulePath(a.project, 'mine', own), {
      token: a.token,
      body,
    });
    // Even the content of their rule is no retry: it was not made here.
    const sameAsTheirs = await t.request('POST', rulePath(a.project, 'mine', theirs), {
      token: a.token,
      body: { cidr: '0.0.0.0/0', port_range: '80' },
    });
    for (const reply of [onTheirs, onOwn, sameAsTheirs]) {
      expectCurrentError(reply, 409, 'Conflict');
      expect(reply.body).toEqual(onOwn.body);
      expect(reply.text).not.toContain(b.project);
    }
    expect(await rulesOf(a.token, a.project, 'mine')).toEqual([
      { id: own, cidr: '192.0.2.0/24', port_range: '443..443', protocol: 'tcp', description: '' },
    ]);
    expect(await rulesOf(b.token, b.project, 'theirs')).toEqual([
      { id: theirs, cidr: '0.0.0.0/0', port_range: '80..80', protocol: 'tcp', description: '' },
    ]);
    // object-info finds the rule only in its owner's project.
    expect(
      (await t.request('GET', `${P(b.project)}/object-info/${theirs}`, { token: b.token })).status,
    ).toBe(200);
    expectCurrentError(
      await t.request('GET', `${P(a.project)}/object-info/${theirs}`, { token: a.token }),
      404,
      'ResourceNotFound',
    );
  });

  it('lets one of many creates racing for one ID in different projects win; the rest are 409', async () => {
    const owners = await Promise.all(Array.from({ length: 6 }, () => newOwner(t)));
    await Promise.all(owners.map((o) => createFirewall(t, o.token, o.project, 'race')));
    const id = newId('firewallRule');
    const replies = await Promise.all(
      owners.map((o, i) =>
        t.request('POST', rulePath(o.project, 'race', id), {
          token: o.token,
          body: { cidr: `10.${i}.0.0/16` },
        }),
      ),
    );
    expect(replies.map((r) => r.status).sort(), replies.map((r) => r.text).join('\n')).toEqual([
      200, 409, 409, 409, 409, 409,
    ]);
    for (const r of replies.filter((x) => x.status === 409)) expectCurrentError(r, 409, 'Conflict');
    const holders = await Promise.all(
      owners.map(async (o) => (await rulesOf(o.token, o.project, 'race')).length),
    );
    expect(holders.reduce((n, k) => n + k, 0)).toBe(1);
  });

  it('refuses firewall_id or project_id that do not match the path', async () => {
    const a = await newOwner(t);
    const fw = await createFirewall(t, a.token, a.project, 'match');
    const other = await createFirewall(t, a.token, a.project, 'other');
    const post = (body: unknown) =>
      t.request('POST', rulePath(a.project, 'match', newId('firewallRule')), {
        token: a.token,
        body,
      });
    expectInvalid(
      'current',
      await post({ cidr: '10.0.0.0/8', firewall_id: other.id }),
      'firewall_id',
    );
    expectInvalid(
      'current',
      await post({ cidr: '10.0.0.0/8', firewall_id: 'match' }),
      'firewall_id',
    );
    expectInvalid(
      'current',
      await post({ cidr: '10.0.0.0/8', project_id: newId('project') }),
      'project_id',
    );
    expectInvalid(
      'current',
      await post({ cidr: '10.0.0.0/8', firewall_id: fw.id, project_id: 'x' }),
      'project_id',
    );
    expect(await rulesOf(a.token, a.project, 'match')).toEqual([]);
    expect(await rulesOf(a.token, a.project, 'other')).toEqual([]);
  });

  it('refuses an identical rule under a new ID', async () => {
    const a = await newOwner(t);
    await createFirewall(t, a.token, a.project, 'twice');
    expect(
      (
        await t.request('POST', rulePath(a.project, 'twice', newId('firewallRule')), {
          token: a.token,
          body: { cidr: '10.0.0.0/8' },
        })
      ).status,
    ).toBe(200);
    expectInvalid(
      'current',
      await t.request('POST', rulePath(a.project, 'twice', newId('firewallRule')), {
        token: a.token,
        body: { cidr: '10.0.0.0/8' },
      }),
      'cidr',
    );
    expect((await rulesOf(a.token, a.project, 'twice')).length).toBe(1);
  });

  it('lets an ID be used again once its firewall is deleted (the rules go with the firewall)', async () => {
    const a = await newOwner(t);
    await createFirewall(t, a.token, a.project, 'temp');
    const id = newId('firewallRule');
    expect(
      (
        await t.request('POST', rulePath(a.project, 'temp', id), {
          token: a.token,
          body: { cidr: '10.0.0.0/8' },
        })
      ).status,
    ).toBe(200);
    expect(
      (await t.request('DELETE', firewallPath(a.project, 'temp'), { token: a.token })).status,
    ).toBe(204);
    await createFirewall(t, a.token, a.project, 'temp');
    const again = await t.request('POST', rulePath(a.project, 'temp', id), {
      token: a.token,
      body: { cidr: '10.0.0.0/8' },
    });
    expect(again.status, again.text).toBe(200);
    expect(again.body.id).toBe(id);
  });
});

describe('concurrent requests', () => {
  it('creates one firewall when the same name is created six times at once; the others are told the name is taken', async () => {
    const a = await newOwner(t);
    const replies = await Promise.all(
      Array.from({ length: 6 }, () =>
        t.request('POST', firewallPath(a.project, 'race'), { token: a.token }),
      ),
    );
    expectOneWinner(replies, 'current');
    expect(await firewallCount(a.token, a.project)).toBe(1);
  });

  it('renames one firewall when four are renamed to the same name at once; the others are told the name is taken', async () => {
    const a = await newOwner(t);
    for (const name of ['ra', 'rb', 'rc', 'rd']) await createFirewall(t, a.token, a.project, name);
    const replies = await Promise.all(
      ['ra', 'rb', 'rc', 'rd'].map((n) =>
        t.request('POST', `${firewallPath(a.project, n)}/rename`, {
          token: a.token,
          body: { name: 'winner' },
        }),
      ),
    );
    expectOneWinner(replies, 'current');
    const names = (
      await t.request('GET', `${P(a.project)}/firewall`, { token: a.token })
    ).body.items.map((f: { name: string }) => f.name);
    expect(names.filter((n: string) => n === 'winner')).toHaveLength(1);
  });

  it('makes one rule when the same rule is created six times at once; the others are refused as identical', async () => {
    const a = await newOwner(t);
    await createFirewall(t, a.token, a.project, 'burst');
    const replies = await Promise.all(
      Array.from({ length: 6 }, () =>
        t.request('POST', rulePath(a.project, 'burst'), {
          token: a.token,
          body: { cidr: '10.0.0.0/8', port_range: '22' },
        }),
      ),
    );
    expect(replies.map((r) => r.status).sort(), replies.map((r) => r.text).join('\n')).toEqual([
      200, 400, 400, 400, 400, 400,
    ]);
    for (const r of replies.filter((x) => x.status === 400)) expectInvalid('current', r, 'cidr');
    expect(await rulesOf(a.token, a.project, 'burst')).toHaveLength(1);
  });

  it('answers every repeat of a rule create with the same client ID and content with the same rule', async () => {
    const a = await newOwner(t);
    await createFirewall(t, a.token, a.project, 'retry');
    const id = newId('firewallRule');
    const replies = await Promise.all(
      Array.from({ length: 6 }, () =>
        t.request('POST', rulePath(a.project, 'retry', id), {
          token: a.token,
          body: { cidr: '10.0.0.0/8' },
        }),
      ),
    );
    for (const r of replies) {
      expect(r.status, r.text).toBe(200);
      expect(r.body).toEqual({ id, cidr: '10.0.0.0/8', port_range: '0..65535' });
    }
    expect(await rulesOf(a.token, a.project, 'retry')).toHaveLength(1);
  });
});

describe('subnet deletion and firewalls', () => {
  it('removes a subnet from the firewalls it was attached to when it goes', async () => {
    const a = await newOwner(t);
    await createFirewall(t, a.token, a.project, 'keeper');
    const ps = await createSubnet(t, a.token, a.project, 'brief');
    await t.request('POST', `${firewallPath(a.project, 'keeper')}/attach-subnet`, {
      token: a.token,
      body: { private_subnet_id: ps.id },
    });
    expect(
      (await t.request('DELETE', subnetPath(a.project, 'brief'), { token: a.token })).status,
    ).toBe(204);
    await waitForGone(t, a.token, subnetPath(a.project, `id/${ps.id}`));
    const keeper = expectSchema(
      firewallDetailSchema,
      (await t.request('GET', firewallPath(a.project, 'keeper'), { token: a.token })).body,
    );
    expect(keeper.private_subnets).toEqual([]);
    // The default firewall went with the subnet; the attached one stays.
    expect(
      (await t.request('GET', `${P(a.project)}/firewall`, { token: a.token })).body.items.map(
        (f: { name: string }) => f.name,
      ),
    ).toEqual(['keeper']);
  });
});
