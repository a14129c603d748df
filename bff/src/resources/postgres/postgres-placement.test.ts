// Where a database's parts live (decision 298), as the origin places them: a firewall
// `<id>-firewall` and a private subnet `<id>-subnet` (or the name asked for) in the customer's
// project, the servers in that subnet, and the database's firewall rules the firewall's rules on
// 5432 and 6432; its delete takes them away unless the customer put other things there.
import { describe, expect, it } from 'vitest';
import { serverForFile, type TestServer } from '../../../test/harness.ts';
import {
  at,
  createRule,
  createVm,
  expectCurrentError,
  expectLegacyError,
  expectInvalid,
  inLoc,
  LOC,
  newOwner,
  subnetPath,
  waitForGone,
  firewallPath,
} from '../../../test/fixtures.ts';
import { createPg, getPg, pgAt, pgPath, pgSnapshot } from './postgres.fixtures.ts';

const t = await serverForFile();

const subnets = async (server: TestServer, token: string, project: string) =>
  (await server.call('listPrivateSubnets', { token, params: { project_id: project } })).body.items;
const firewalls = async (server: TestServer, token: string, project: string) =>
  (await server.call('listFirewalls', { token, params: { project_id: project } })).body.items;
const fwAt = (project: string, ref: string) => ({ ...at(project), firewall_reference: ref });

describe('a new database', () => {
  it('makes its firewall and subnet in the project, its servers in the subnet and hidden from the VM list', async () => {
    const a = await newOwner(t);
    const pg = await createPg(t, a.token, a.project, 'main', { size: 'hobby-1', ha_type: 'async' });
    const subnet = (await subnets(t, a.token, a.project)).find((s) => s.name === `${pg.id}-subnet`);
    expect(subnet).toBeDefined();
    const fw = await t.call('getFirewall', {
      token: a.token,
      params: fwAt(a.project, `${pg.id}-firewall`),
    });
    expect(fw.status, fw.text).toBe(200);
    expect(fw.body).toMatchObject({
      name: `${pg.id}-firewall`,
      description: 'Firewall for PostgreSQL database main',
      location: LOC,
      owned_by: null,
    });
    // The subnet is guarded by that firewall alone (no default firewall of its own).
    expect(fw.body.private_subnets.map((s) => s.id)).toEqual([subnet!.id]);
    expect(subnet!.firewalls.map((f) => f.id)).toEqual([fw.body.id]);
    expect((await firewalls(t, a.token, a.project)).map((f) => f.name)).toEqual([
      `${pg.id}-firewall`,
    ]);
    // The origin's default rules: everyone on 5432 and 6432, IPv4 and IPv6.
    expect(fw.body.firewall_rules.map((r) => [r.cidr, r.port_range, r.protocol]).sort()).toEqual([
      ['0.0.0.0/0', '5432..5432', 'tcp'],
      ['0.0.0.0/0', '6432..6432', 'tcp'],
      ['::/0', '5432..5432', 'tcp'],
      ['::/0', '6432..6432', 'tcp'],
    ]);
    // Both servers (primary and standby) have their NICs in it; the VM list shows neither.
    const nics = await t.ctx.db
      .selectFrom('nic')
      .innerJoin('postgres_server', 'postgres_server.vm_id', 'nic.vm_id')
      .select('nic.subnet_id')
      .where('postgres_server.postgres_id', '=', pg.id)
      .execute();
    expect(nics.map((n) => n.subnet_id)).toEqual([subnet!.id, subnet!.id]);
    expect(subnet!.nics).toHaveLength(2);
    expect(
      (await t.call('listVms', { token: a.token, params: { project_id: a.project } })).body.count,
    ).toBe(0);
    // No `default-<location>` subnet is made for them.
    expect((await subnets(t, a.token, a.project)).map((s) => s.name)).toEqual([`${pg.id}-subnet`]);
  });

  it('restricted by default, has its firewall without rules', async () => {
    const a = await newOwner(t);
    const pg = await createPg(t, a.token, a.project, 'shut', {
      size: 'hobby-1',
      restrict_by_default: true,
    });
    const fw = await t.call('getFirewall', {
      token: a.token,
      params: fwAt(a.project, `${pg.id}-firewall`),
    });
    expect(fw.body.firewall_rules).toEqual([]);
    expect(pg.firewall_rules).toEqual([]);
  });

  it('names its subnet `private_subnet_name`; a name taken in the location is a 400 naming it, nothing made', async () => {
    const a = await newOwner(t);
    const pg = await createPg(t, a.token, a.project, 'named', {
      size: 'hobby-1',
      private_subnet_name: 'db-net',
    });
    const names = (await subnets(t, a.token, a.project)).map((s) => s.name);
    expect(names).toEqual(['db-net']);
    const fw = await t.call('getFirewall', {
      token: a.token,
      params: fwAt(a.project, `${pg.id}-firewall`),
    });
    expect(fw.body.private_subnets.map((s) => s.name)).toEqual(['db-net']);

    // What a failed create could leave: databases, rules, servers (the first one's state moves on).
    const made = async () => {
      const { pgs, rules, servers, vms } = await pgSnapshot(t, a.project);
      return { pgs: pgs.map((p) => p.id), rules, servers, vms };
    };
    const before = await made();
    const fwsBefore = await firewalls(t, a.token, a.project);
    const taken = await t.call('createPostgresDatabase', {
      token: a.token,
      params: pgAt(a.project, 'second'),
      body: { size: 'hobby-1', private_subnet_name: 'db-net' },
    });
    expect(expectInvalid('current', taken, 'private_subnet_name').details).toEqual({
      private_subnet_name: `A private subnet named db-net already exists in ${LOC}.`,
    });
    expect(await made()).toEqual(before);
    expect(await firewalls(t, a.token, a.project)).toEqual(fwsBefore);
    expect((await subnets(t, a.token, a.project)).map((s) => s.name)).toEqual(['db-net']);

    const bad = await t.call('createPostgresDatabase', {
      token: a.token,
      params: pgAt(a.project, 'third'),
      invalidBody: { size: 'hobby-1', private_subnet_name: 'Not A Name' },
    });
    expectInvalid('current', bad, 'private_subnet_name');
    expect(await made()).toEqual(before);
  });

  it('counts its subnet in the project’s quota of subnets, as a cluster’s (400, nothing made)', async () => {
    const tight = await serverForFile({ SUBNET_QUOTA: '1' });
    const a = await newOwner(tight);
    await createPg(tight, a.token, a.project, 'first', { size: 'hobby-1' });
    const over = await tight.call('createPostgresDatabase', {
      token: a.token,
      params: pgAt(a.project, 'second'),
      body: { size: 'hobby-1' },
    });
    expect(over.status, over.text).toBe(400);
    expect(
      (
        await tight.call('listPostgresDatabases', {
          token: a.token,
          params: { project_id: a.project },
        })
      ).body.count,
    ).toBe(1);
    expect(await firewalls(tight, a.token, a.project)).toHaveLength(1);
  });
});

describe('its firewall rules', () => {
  it('are its firewall’s rules on 5432 and 6432: a rule added to the firewall shows in the database, and the other way round', async () => {
    const a = await newOwner(t);
    const pg = await createPg(t, a.token, a.project, 'fw', {
      size: 'hobby-1',
      restrict_by_default: true,
    });
    const fwName = `${pg.id}-firewall`;
    // Through the database: a row on each port.
    const made = await t.call('createPostgresFirewallRule', {
      token: a.token,
      params: pgAt(a.project, 'fw'),
      body: { cidr: '198.51.100.0/24', description: 'office' },
    });
    expect(made.status, made.text).toBe(200);
    const fw = (await t.call('getFirewall', { token: a.token, params: fwAt(a.project, fwName) }))
      .body;
    expect(fw.firewall_rules.map((r) => [r.cidr, r.port_range, r.description])).toEqual(
      expect.arrayContaining([
        ['198.51.100.0/24', '5432..5432', 'office'],
        ['198.51.100.0/24', '6432..6432', 'office'],
      ]),
    );
    expect(fw.firewall_rules.find((r) => r.port_range === '5432..5432')!.id).toBe(made.body.id);

    // Through the firewall: on 5432 it is the database's; on another port it is not.
    const direct = await createRule(t, a.token, a.project, fwName, {
      cidr: '203.0.113.9/32',
      port_range: '5432',
    });
    await createRule(t, a.token, a.project, fwName, { cidr: '192.0.2.0/24', port_range: '22' });
    const got = (await getPg(t, a.token, a.project, 'fw')).body;
    expect(got.firewall_rules).toEqual([
      { id: made.body.id, cidr: '198.51.100.0/24', description: 'office', port: 5432 },
      { id: made.body.id, cidr: '198.51.100.0/24', description: 'office', port: 6432 },
      { id: direct.id, cidr: '203.0.113.9/32', description: '', port: 5432 },
    ]);
    const listed = await t.call('listPostgresFirewallRules', {
      token: a.token,
      params: pgAt(a.project, 'fw'),
    });
    expect(listed.body.items.map((r) => r.id)).toEqual([made.body.id, direct.id]);

    // Deleted through the database, both rows go; the firewall's other rules stay.
    await t.call('deletePostgresFirewallRule', {
      token: a.token,
      params: { ...pgAt(a.project, 'fw'), postgres_firewall_rule_id: made.body.id },
    });
    const left = (await t.call('getFirewall', { token: a.token, params: fwAt(a.project, fwName) }))
      .body.firewall_rules;
    expect(left.map((r) => r.cidr).sort()).toEqual(['192.0.2.0/24', '203.0.113.9/32']);
  });

  it('are none once the firewall is deleted; its rule routes answer the origin’s 400', async () => {
    const a = await newOwner(t);
    const pg = await createPg(t, a.token, a.project, 'bare', { size: 'hobby-1' });
    const del = await t.call('deleteFirewall', {
      token: a.token,
      params: fwAt(a.project, `${pg.id}-firewall`),
    });
    expect(del.status, del.text).toBe(204);
    expect((await getPg(t, a.token, a.project, 'bare')).body.firewall_rules).toEqual([]);
    const subnet = (await subnets(t, a.token, a.project)).find(
      (s) => s.name === `${pg.id}-subnet`,
    )!;
    const message = `PostgreSQL firewall was deleted, manage firewall rules using an appropriate firewall on the ${subnet.name} private subnet (id: ${subnet.id})`;
    const list = await t.call('listPostgresFirewallRules', {
      token: a.token,
      params: pgAt(a.project, 'bare'),
    });
    expect(expectCurrentError(list, 400, 'InvalidRequest').message).toBe(message);
    const add = await t.call('createPostgresFirewallRule', {
      token: a.token,
      params: pgAt(a.project, 'bare'),
      body: { cidr: '10.0.0.0/8' },
    });
    expect(expectCurrentError(add, 400, 'InvalidRequest').message).toBe(message);
  });

  it('are none once the firewall is detached from the subnet', async () => {
    const a = await newOwner(t);
    const pg = await createPg(t, a.token, a.project, 'loose', { size: 'hobby-1' });
    const subnet = (await subnets(t, a.token, a.project))[0]!;
    const res = await t.call('detachFirewallSubnet', {
      token: a.token,
      params: fwAt(a.project, `${pg.id}-firewall`),
      body: { private_subnet_id: subnet.id },
    });
    expect(res.status, res.text).toBe(200);
    expect((await getPg(t, a.token, a.project, 'loose')).body.firewall_rules).toEqual([]);
  });
});

describe('its delete', () => {
  it('takes its firewall and subnet with it', async () => {
    const a = await newOwner(t);
    const pg = await createPg(t, a.token, a.project, 'bye', { size: 'hobby-1' });
    // While it lives its subnet is in use: refused like any subnet with VMs.
    const early = await t.call('deletePrivateSubnet', {
      token: a.token,
      params: { ...inLoc(a.project), ps_name: `${pg.id}-subnet` },
    });
    expect(expectLegacyError(early, 409, 'Conflict').message).toBe(
      `Private subnet ${pg.id}-subnet holds the servers of PostgreSQL database bye; delete the database first.`,
    );
    await t.call('deletePostgresDatabase', { token: a.token, params: pgAt(a.project, 'bye') });
    await waitForGone(t, a.token, pgPath(a.project, 'bye'));
    await waitForGone(t, a.token, subnetPath(a.project, `${pg.id}-subnet`));
    await waitForGone(t, a.token, firewallPath(a.project, `${pg.id}-firewall`));
  });

  it('leaves the subnet when the customer put a VM in it, and a subnet named by the create', async () => {
    const a = await newOwner(t);
    const pg = await createPg(t, a.token, a.project, 'shared', { size: 'hobby-1' });
    const subnet = (await subnets(t, a.token, a.project))[0]!;
    await createVm(t, a.token, a.project, 'mine', { private_subnet_id: subnet.id });
    const named = await createPg(t, a.token, a.project, 'named', {
      size: 'hobby-1',
      private_subnet_name: 'kept-net',
    });
    for (const name of ['shared', 'named'])
      await t.call('deletePostgresDatabase', { token: a.token, params: pgAt(a.project, name) });
    await waitForGone(t, a.token, pgPath(a.project, 'shared'));
    await waitForGone(t, a.token, pgPath(a.project, 'named'));
    await waitForGone(t, a.token, firewallPath(a.project, `${pg.id}-firewall`));
    await waitForGone(t, a.token, firewallPath(a.project, `${named.id}-firewall`));
    expect((await subnets(t, a.token, a.project)).map((s) => s.name).sort()).toEqual(
      [`${pg.id}-subnet`, 'kept-net'].sort(),
    );
  });

  it('keeps a firewall the customer attached to another subnet too, and so its subnet', async () => {
    const a = await newOwner(t);
    const pg = await createPg(t, a.token, a.project, 'wide', { size: 'hobby-1' });
    const other = await t.call('createPrivateSubnet', {
      token: a.token,
      params: { ...inLoc(a.project), ps_name: 'other' },
    });
    const attached = await t.call('attachFirewallSubnet', {
      token: a.token,
      params: fwAt(a.project, `${pg.id}-firewall`),
      body: { private_subnet_id: other.body.id },
    });
    expect(attached.status, attached.text).toBe(200);
    await t.call('deletePostgresDatabase', { token: a.token, params: pgAt(a.project, 'wide') });
    await waitForGone(t, a.token, pgPath(a.project, 'wide'));
    const fw = await t.call('getFirewall', {
      token: a.token,
      params: fwAt(a.project, `${pg.id}-firewall`),
    });
    expect(fw.status).toBe(200);
    expect(fw.body.private_subnets.map((s) => s.name).sort()).toEqual(
      ['other', `${pg.id}-subnet`].sort(),
    );
  });
});
