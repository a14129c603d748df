// Per-project limits (behaviour.md §13, decision 070) on a server configured with small ones:
// private subnets, VMs, firewalls, and rules per firewall.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { newId } from '#shared/ids';
import { startServer, type Reply, type TestServer } from '../../test/harness.ts';
import {
  createFirewall,
  createRule,
  createSubnet,
  createVm,
  expectInvalid,
  firewallPath,
  inLoc,
  at,
  newOwner,
  SSH_KEY,
  subnetPath,
  vmPath,
  waitForGone,
} from '../../test/fixtures.ts';

const LIMIT = 3;
let t: TestServer;
beforeAll(async () => {
  t = await startServer({
    SUBNET_QUOTA: String(LIMIT),
    VM_QUOTA: String(LIMIT),
    FIREWALL_QUOTA: String(LIMIT),
    FIREWALL_RULE_QUOTA: String(LIMIT),
  });
});
afterAll(() => t.close());

const count = async (res: Promise<Reply>) => {
  const r = await res;
  expect(r.status, r.text).toBe(200);
  return (r.body as { count: number }).count;
};
const subnets = (token: string, project: string) =>
  count(t.call('listPrivateSubnets', { token, params: { project_id: project } }));
const vms = (token: string, project: string) =>
  count(t.call('listVms', { token, params: { project_id: project } }));
const firewalls = (token: string, project: string) =>
  count(t.call('listFirewalls', { token, params: { project_id: project } }));
const rules = async (token: string, project: string, fw: string) =>
  (await t.call('getFirewall', { token, params: { ...at(project), firewall_reference: fw } })).body
    .firewall_rules.length;

const newSubnet = (token: string, project: string, name: string) =>
  t.call('createPrivateSubnet', { token, params: { ...inLoc(project), ps_name: name } });
const newVm = (
  token: string,
  project: string,
  name: string,
  body: { private_subnet_id?: string } = {},
) =>
  t.call('createVm', {
    token,
    params: { ...inLoc(project), vm_name: name },
    body: { public_key: SSH_KEY, ...body },
  });
const newFirewall = (token: string, project: string, name: string) =>
  t.call('createFirewall', { token, params: { ...at(project), firewall_reference: name } });
const newRule = (token: string, project: string, fw: string, n: number) =>
  t.call('createFirewallRule', {
    token,
    params: { ...at(project), firewall_reference: fw },
    body: { cidr: `10.${n}.0.0/16` },
  });

/** The refusal of a create over a limit: 400 naming it, in the route's error shape. */
function expectOverQuota(
  generation: 'legacy' | 'current',
  res: Reply,
  field: string,
  message: string,
) {
  expect(expectInvalid(generation, res, field).message).toBe(message);
}
const fullOf = (what: string, holder = 'project') =>
  `This ${holder} already has ${LIMIT} ${what}, the most it may hold.`;

describe('private subnets per project', () => {
  it('refuses one more with a message and creates nothing; a delete frees a slot; another project is unaffected', async () => {
    const a = await newOwner(t);
    for (let i = 0; i < LIMIT; i++) await createSubnet(t, a.token, a.project, `net-${i}`);
    const fwBefore = await firewalls(a.token, a.project);
    expectOverQuota(
      'legacy',
      await newSubnet(a.token, a.project, 'one-more'),
      'private_subnets',
      fullOf('private subnets'),
    );
    expect(await subnets(a.token, a.project)).toBe(LIMIT);
    expect(await firewalls(a.token, a.project)).toBe(fwBefore);

    const b = await newOwner(t);
    for (let i = 0; i < LIMIT; i++) await createSubnet(t, b.token, b.project, `net-${i}`);

    expect(
      (
        await t.call('deletePrivateSubnet', {
          token: a.token,
          params: { ...inLoc(a.project), ps_name: 'net-0' },
        })
      ).status,
    ).toBe(204);
    await waitForGone(t, a.token, subnetPath(a.project, 'net-0'));
    await createSubnet(t, a.token, a.project, 'one-more');
    expect(await subnets(a.token, a.project)).toBe(LIMIT);
  });

  it('counts the default subnet a VM create makes', async () => {
    const a = await newOwner(t);
    for (let i = 0; i < LIMIT; i++) await createSubnet(t, a.token, a.project, `net-${i}`);
    expectOverQuota(
      'legacy',
      await newVm(a.token, a.project, 'web'),
      'private_subnets',
      fullOf('private subnets'),
    );
    expect(await vms(a.token, a.project)).toBe(0);
    expect(await subnets(a.token, a.project)).toBe(LIMIT);
    // A VM in a subnet that exists needs no new one.
    const net = (
      await t.call('getPrivateSubnet', {
        token: a.token,
        params: { ...inLoc(a.project), ps_name: 'net-1' },
      })
    ).body;
    await createVm(t, a.token, a.project, 'web', { private_subnet_id: net.id });
  });
});

describe('VMs per project', () => {
  it('refuses one more with a message and creates nothing; a delete frees a slot', async () => {
    const a = await newOwner(t);
    for (let i = 0; i < LIMIT; i++) await createVm(t, a.token, a.project, `vm-${i}`);
    expectOverQuota('legacy', await newVm(a.token, a.project, 'one-more'), 'vms', fullOf('VMs'));
    expect(await vms(a.token, a.project)).toBe(LIMIT);

    // Another project of the same account has its own limit.
    const other = await newOwner(t);
    await createVm(t, other.token, other.project, 'vm-0');

    expect(
      (
        await t.call('deleteVm', {
          token: a.token,
          params: { ...inLoc(a.project), vm_name: 'vm-0' },
        })
      ).status,
    ).toBe(204);
    await waitForGone(t, a.token, vmPath(a.project, 'vm-0'));
    await createVm(t, a.token, a.project, 'one-more');
  });

  it('counts from the count the database keeps for the project, as its list does: one row read, however many VMs it holds', async () => {
    const a = await newOwner(t);
    await createVm(t, a.token, a.project, 'vm-0');
    // The kept count says the project is full (as it would with LIMIT VMs); its rows say one.
    await t.ctx.db
      .updateTable('scope_count')
      .set({ n: LIMIT })
      .where('tbl', '=', 'vm')
      .where('project_id', '=', a.project)
      .execute();
    expect(await vms(a.token, a.project)).toBe(LIMIT);
    expectOverQuota('legacy', await newVm(a.token, a.project, 'one-more'), 'vms', fullOf('VMs'));
  });
});

describe('firewalls per project', () => {
  it('refuses one more with a message; subnets’ default firewalls do not count; a delete frees a slot', async () => {
    const a = await newOwner(t);
    for (let i = 0; i < LIMIT; i++) await createFirewall(t, a.token, a.project, `fw-${i}`);
    expectOverQuota(
      'current',
      await newFirewall(a.token, a.project, 'one-more'),
      'firewalls',
      fullOf('firewalls'),
    );
    expect(await firewalls(a.token, a.project)).toBe(LIMIT);
    // A new subnet still gets its default firewall.
    await createSubnet(t, a.token, a.project, 'net');
    expect(await firewalls(a.token, a.project)).toBe(LIMIT + 1);

    expect(
      (
        await t.call('deleteFirewall', {
          token: a.token,
          params: { ...at(a.project), firewall_reference: 'fw-0' },
        })
      ).status,
    ).toBe(204);
    await createFirewall(t, a.token, a.project, 'one-more');
  });
});

describe('rules per firewall', () => {
  it('refuses one more by either create; a repeat of a rule made is still answered; another firewall is unaffected', async () => {
    const a = await newOwner(t);
    await createFirewall(t, a.token, a.project, 'full');
    await createFirewall(t, a.token, a.project, 'empty');
    const id = newId('firewallRule');
    const withId = (rule: string, fw: string, cidr: string) =>
      t.call('createFirewallRuleWithId', {
        token: a.token,
        params: { ...at(a.project), firewall_reference: fw, firewall_rule_id: rule },
        body: { cidr },
      });
    expect((await withId(id, 'full', '10.0.0.0/16')).status).toBe(200);
    const first = await createRule(t, a.token, a.project, 'full', { cidr: '10.1.0.0/16' });
    await createRule(t, a.token, a.project, 'full', { cidr: '10.2.0.0/16' });

    const message = fullOf('firewall rules', 'firewall');
    expectOverQuota(
      'current',
      await newRule(a.token, a.project, 'full', 3),
      'firewall_rules',
      message,
    );
    expectOverQuota(
      'current',
      await withId(newId('firewallRule'), 'full', '10.3.0.0/16'),
      'firewall_rules',
      message,
    );
    expect((await withId(id, 'full', '10.0.0.0/16')).status).toBe(200);
    expect(await rules(a.token, a.project, 'full')).toBe(LIMIT);
    await createRule(t, a.token, a.project, 'empty', { cidr: '10.3.0.0/16' });

    expect(
      (
        await t.request('DELETE', `${firewallPath(a.project, 'full')}/firewall-rule/${first.id}`, {
          token: a.token,
        })
      ).status,
    ).toBe(204);
    await createRule(t, a.token, a.project, 'full', { cidr: '10.3.0.0/16' });
  });
});

describe('creates fired at once', () => {
  const N = 8;
  /** Exactly LIMIT of N parallel creates succeed; the others are refused over the limit, nothing else. */
  function expectLimitHeld(
    replies: Reply[],
    generation: 'legacy' | 'current',
    field: string,
    message: string,
  ) {
    const statuses = replies.map((r) => r.status).sort();
    expect(statuses, replies.map((r) => r.text).join('\n')).toEqual([
      ...Array(LIMIT).fill(200),
      ...Array(N - LIMIT).fill(400),
    ]);
    for (const r of replies.filter((x) => x.status === 400))
      expectOverQuota(generation, r, field, message);
  }
  const fire = (create: (i: number) => Promise<Reply>) =>
    Promise.all(Array.from({ length: N }, (_, i) => create(i)));

  it('never make more subnets than the limit', async () => {
    const a = await newOwner(t);
    expectLimitHeld(
      await fire((i) => newSubnet(a.token, a.project, `net-${i}`)),
      'legacy',
      'private_subnets',
      fullOf('private subnets'),
    );
    expect(await subnets(a.token, a.project)).toBe(LIMIT);
  });

  it('never make more VMs than the limit', async () => {
    const a = await newOwner(t);
    expectLimitHeld(
      await fire((i) => newVm(a.token, a.project, `vm-${i}`)),
      'legacy',
      'vms',
      fullOf('VMs'),
    );
    expect(await vms(a.token, a.project)).toBe(LIMIT);
    expect(await subnets(a.token, a.project)).toBe(1);
  });

  it('never make more firewalls than the limit', async () => {
    const a = await newOwner(t);
    expectLimitHeld(
      await fire((i) => newFirewall(a.token, a.project, `fw-${i}`)),
      'current',
      'firewalls',
      fullOf('firewalls'),
    );
    expect(await firewalls(a.token, a.project)).toBe(LIMIT);
  });

  it('never make more rules in a firewall than the limit', async () => {
    const a = await newOwner(t);
    await createFirewall(t, a.token, a.project, 'busy');
    expectLimitHeld(
      await fire((i) => newRule(a.token, a.project, 'busy', i)),
      'current',
      'firewall_rules',
      fullOf('firewall rules', 'firewall'),
    );
    expect(await rules(a.token, a.project, 'busy')).toBe(LIMIT);
  });
});
