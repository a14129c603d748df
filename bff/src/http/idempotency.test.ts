// Idempotency keys on creates (decision 073): a repeated create answers the first answer and
// makes nothing new; the key is scoped to the account, the operation, its path and its body.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { newId } from '#shared/ids';
import {
  IDEMPOTENCY_KEY_HEADER,
  IDEMPOTENT_REPLAYED_HEADER,
  takesIdempotencyKey,
} from '#shared/route-helpers';
import { openApiDocument } from '#shared/openapi';
import { routes, type RouteDef } from '#shared/routes';
import { eventually } from '../../test/process.ts';
import { expectError, LOC, newOwner, SSH_KEY, stranger } from '../../test/fixtures.ts';
import { startServer, type Reply, type TestServer } from '../../test/harness.ts';

let t: TestServer;
beforeAll(async () => {
  t = await startServer();
});
afterAll(async () => t.close());

const keyed = (key: string) => ({ [IDEMPOTENCY_KEY_HEADER]: key });
const replayed = (res: Reply) => res.headers.get(IDEMPOTENT_REPLAYED_HEADER) === 'true';
let keys = 0;
const newKey = () => `key-${++keys}-${Math.random().toString(36).slice(2)}`;

async function projectsNamed(token: string, name: string) {
  const res = await t.call('listProjects', { token, query: { page_size: 100 } });
  return res.body.items.filter((p) => p.name === name);
}

/** Sends the same call twice with one key: the second answer is the first, marked replayed. */
async function expectReplay(send: (key: string) => Promise<Reply>): Promise<Reply> {
  const key = newKey();
  const first = await send(key);
  expect(first.status, first.text).toBe(200);
  expect(replayed(first)).toBe(false);
  const again = await send(key);
  expect(again.status).toBe(200);
  expect(replayed(again)).toBe(true);
  expect(again.text).toBe(first.text);
  expect(again.headers.get('content-type')).toBe(first.headers.get('content-type'));
  return first;
}

describe('idempotency keys on creates', () => {
  it('are taken by every create of the route table, and only by them', () => {
    const ops = Object.entries(routes as Record<string, RouteDef>)
      .filter(([op, r]) => takesIdempotencyKey(op, r))
      .map(([op]) => op);
    expect(ops.sort()).toEqual([
      'createFirewall',
      'createFirewallRule',
      'createFirewallRuleWithId',
      'createKubernetesCluster',
      'createKubernetesNodepool',
      'createLoadBalancer',
      'createPostgresBackupCredentials',
      'createPostgresClientKeypair',
      'createPostgresDatabase',
      'createPostgresFirewallRule',
      'createPostgresLogDestination',
      'createPostgresMetricDestination',
      'createPostgresReadReplica',
      'createPrivateSubnet',
      'createProject',
      'createSshPublicKey',
      'createVm',
    ]);
    // The OpenAPI document lists the header on those operations.
    const paths = openApiDocument().paths as Record<
      string,
      Record<string, { operationId: string; parameters: { name: string; in: string }[] }>
    >;
    const documented = Object.values(paths)
      .flatMap((methods) => Object.values(methods))
      .filter((o) =>
        o.parameters.some((p) => p.in === 'header' && p.name === IDEMPOTENCY_KEY_HEADER),
      );
    expect(documented.map((o) => o.operationId).sort()).toEqual(ops);
  });

  it('replay the first answer of each create and make one object', async () => {
    const { token, project } = await newOwner(t);
    const loc = { project_id: project, location: LOC };

    const p = await expectReplay((key) =>
      t.call('createProject', { token, body: { name: 'once' }, headers: keyed(key) }),
    );
    expect((await projectsNamed(token, 'once')).map((x) => x.id)).toEqual([p.body.id]);

    const net = await expectReplay((key) =>
      t.call('createPrivateSubnet', {
        token,
        params: { project_id: project, location_name: LOC, ps_name: 'net' },
        headers: keyed(key),
      }),
    );
    const vm = await expectReplay((key) =>
      t.call('createVm', {
        token,
        params: { project_id: project, location_name: LOC, vm_name: 'box' },
        body: { public_key: SSH_KEY },
        headers: keyed(key),
      }),
    );
    expect(vm.body.state).toBe('creating'); // the first answer, even once the VM runs
    const vms = await t.call('listVms', { token, params: { project_id: project } });
    expect(vms.body.items.map((v) => v.name)).toEqual(['box']);

    await expectReplay((key) =>
      t.call('createFirewall', {
        token,
        params: { ...loc, firewall_reference: 'fw' },
        body: { description: 'edge' },
        headers: keyed(key),
      }),
    );
    const rule = { cidr: '10.0.0.0/8', port_range: '22..22' };
    await expectReplay((key) =>
      t.call('createFirewallRule', {
        token,
        params: { ...loc, firewall_reference: 'fw' },
        body: rule,
        headers: keyed(key),
      }),
    );
    const ruleId = newId('firewallRule');
    await expectReplay((key) =>
      t.call('createFirewallRuleWithId', {
        token,
        params: { ...loc, firewall_reference: 'fw', firewall_rule_id: ruleId },
        body: { cidr: '192.168.0.0/16' },
        headers: keyed(key),
      }),
    );
    const fw = await t.call('getFirewall', { token, params: { ...loc, firewall_reference: 'fw' } });
    expect(fw.body.firewall_rules.map((r) => r.cidr).sort()).toEqual([
      '10.0.0.0/8',
      '192.168.0.0/16',
    ]);
    const firewalls = await t.call('listLocationFirewalls', { token, params: loc });
    expect(firewalls.body.items.filter((f) => f.name === 'fw')).toHaveLength(1);

    const lb = { private_subnet_id: net.body.id, src_port: 80, dst_port: 8080 };
    await expectReplay((key) =>
      t.call('createLoadBalancer', {
        token,
        params: { ...loc, load_balancer_reference: 'lb' },
        body: lb,
        headers: keyed(key),
      }),
    );
    expect(
      (await t.call('listLoadBalancers', { token, params: { project_id: project } })).body.count,
    ).toBe(1);
  });

  it('answer 409 Conflict when the key was used for another body, path or operation, and change nothing', async () => {
    const { token, project } = await newOwner(t);
    const key = newKey();
    const first = await t.call('createProject', {
      token,
      body: { name: 'first' },
      headers: keyed(key),
    });
    expect(first.status).toBe(200);

    const otherBody = await t.call('createProject', {
      token,
      body: { name: 'second' },
      headers: keyed(key),
    });
    expect(expectError('current', otherBody, 409, 'Conflict').message).toMatch(
      /already used for a different request/,
    );
    expect(replayed(otherBody)).toBe(false);
    expect(await projectsNamed(token, 'second')).toEqual([]);

    const subnet = (ps_name: string, k: string) =>
      t.call('createPrivateSubnet', {
        token,
        params: { project_id: project, location_name: LOC, ps_name },
        headers: keyed(k),
      });
    // Another operation: the error in that route's generation (legacy here).
    expect(expectError('legacy', await subnet('net-a', key), 409, 'Conflict').message).toMatch(
      /different request/,
    );
    const other = newKey();
    expect((await subnet('net-a', other)).status).toBe(200);
    // The same operation on another path (another name).
    expectError('legacy', await subnet('net-b', other), 409, 'Conflict');
    const subnets = await t.call('listPrivateSubnets', { token, params: { project_id: project } });
    expect(subnets.body.items.map((s) => s.name)).toEqual(['net-a']);
  });

  it('treat a body with its fields in another order as the same request', async () => {
    const { token, project } = await newOwner(t);
    const key = newKey();
    const params = { project_id: project, location_name: LOC, vm_name: 'ordered' };
    const a = await t.call('createVm', {
      token,
      params,
      body: { public_key: SSH_KEY, size: 'standard-2' },
      headers: keyed(key),
    });
    const b = await t.call('createVm', {
      token,
      params,
      rawBody: `{"size":"standard-2","public_key":${JSON.stringify(SSH_KEY)}}`,
      headers: { ...keyed(key), 'content-type': 'application/json' },
    });
    expect(a.status, a.text).toBe(200);
    expect(replayed(b)).toBe(true);
    expect(b.text).toBe(a.text);
  });

  it('store and replay a 4xx answer, which the retry does not run again', async () => {
    const { token, project } = await newOwner(t);
    const params = { project_id: project, location: LOC, firewall_reference: 'taken' };
    expect((await t.call('createFirewall', { token, params })).status).toBe(200);
    const key = newKey();
    const refused = await t.call('createFirewall', { token, params, headers: keyed(key) });
    expect(expectError('current', refused, 400, 'InvalidRequest').message).toBe(
      'name is already taken',
    );

    // The name is free now, but the key's answer stays the first one.
    expect((await t.call('deleteFirewall', { token, params })).status).toBe(204);
    const again = await t.call('createFirewall', { token, params, headers: keyed(key) });
    expect(again.status).toBe(400);
    expect(replayed(again)).toBe(true);
    expect(again.text).toBe(refused.text);
    expect(
      (await t.call('listFirewalls', { token, params: { project_id: project } })).body.items,
    ).toEqual([]);
    // A new key runs the create.
    expect(
      (await t.call('createFirewall', { token, params, headers: keyed(newKey()) })).status,
    ).toBe(200);
  });

  it('reject a malformed key with 400 in the route generation, and change nothing', async () => {
    const { token, project } = await newOwner(t);
    for (const bad of ['', 'x'.repeat(256), 'tab\there', 'caf\u00e9']) {
      const p = await t.call('createProject', {
        token,
        body: { name: 'bad-key' },
        headers: keyed(bad),
      });
      expect(expectError('current', p, 400, 'InvalidRequest').message, JSON.stringify(bad)).toMatch(
        /Idempotency-Key must be 1 to 255 printable ASCII characters/,
      );
      const vm = await t.call('createVm', {
        token,
        params: { project_id: project, location_name: LOC, vm_name: 'bad-key' },
        body: { public_key: SSH_KEY },
        headers: keyed(bad),
      });
      expectError('legacy', vm, 400, 'InvalidRequest');
    }
    expect(await projectsNamed(token, 'bad-key')).toEqual([]);
    expect(
      (await t.call('listVms', { token, params: { project_id: project } })).body.items,
    ).toEqual([]);
    // The longest key is fine.
    expect(
      (
        await t.call('createProject', {
          token,
          body: { name: 'long-key' },
          headers: keyed('~'.repeat(255)),
        })
      ).status,
    ).toBe(200);
  });

  it('change nothing without the header: each create runs', async () => {
    const { token } = await newOwner(t);
    for (let i = 0; i < 2; i++) {
      const res = await t.call('createProject', { token, body: { name: 'plain' } });
      expect(res.status).toBe(200);
      expect(res.headers.get(IDEMPOTENT_REPLAYED_HEADER)).toBeNull();
    }
    expect(await projectsNamed(token, 'plain')).toHaveLength(2);
  });

  it('are ignored on other operations', async () => {
    const { token, project } = await newOwner(t);
    const key = newKey();
    const params = { project_id: project, location: LOC, firewall_reference: 'fw' };
    expect((await t.call('createFirewall', { token, params })).status).toBe(200);
    for (const description of ['one', 'two']) {
      const res = await t.call('updateFirewall', {
        token,
        params,
        body: { description },
        headers: keyed(key),
      });
      expect(res.body.description).toBe(description);
    }
  });

  it('belong to one account: the same key of another account runs its own create', async () => {
    const owner = await newOwner(t);
    const other = await stranger(t);
    const key = newKey();
    const mine = await t.call('createProject', {
      token: owner.token,
      body: { name: 'shared-key' },
      headers: keyed(key),
    });
    const theirs = await t.call('createProject', {
      token: other.token,
      body: { name: 'shared-key' },
      headers: keyed(key),
    });
    expect([mine.status, theirs.status]).toEqual([200, 200]);
    expect(replayed(theirs)).toBe(false);
    expect(theirs.body.id).not.toBe(mine.body.id);
    expect((await projectsNamed(other.token, 'shared-key')).map((p) => p.id)).toEqual([
      theirs.body.id,
    ]);
    expect((await projectsNamed(owner.token, 'shared-key')).map((p) => p.id)).toEqual([
      mine.body.id,
    ]);
  });

  it('run concurrent requests with one key exactly once: the others replay it or answer 409 in progress', async () => {
    const { token, project } = await newOwner(t);
    const key = newKey();
    const params = { project_id: project, location_name: LOC, vm_name: 'racer' };
    const answers = await Promise.all(
      Array.from({ length: 8 }, () =>
        t.call('createVm', { token, params, body: { public_key: SSH_KEY }, headers: keyed(key) }),
      ),
    );
    const fresh = answers.filter((a) => a.status === 200 && !replayed(a));
    expect(fresh).toHaveLength(1);
    for (const a of answers) {
      if (a.status === 200) expect(a.text).toBe(fresh[0]!.text);
      else
        expect(expectError('legacy', a, 409, 'Conflict').message).toMatch(
          /in progress; retry later/,
        );
    }
    expect(
      (await t.call('listVms', { token, params: { project_id: project } })).body.items.map(
        (v) => v.id,
      ),
    ).toEqual([fresh[0]!.body.id]);
  });
});

describe('idempotency keys after their TTL', () => {
  let short: TestServer;
  beforeAll(async () => {
    short = await startServer({ IDEMPOTENCY_TTL_MS: '300' });
  });
  afterAll(async () => short.close());

  it('run the create again once the key expired, and are pruned', async () => {
    const { token } = await short.newAccount();
    const key = newKey();
    const create = () =>
      short.call('createProject', { token, body: { name: 'expiring' }, headers: keyed(key) });
    const first = await create();
    expect(first.status).toBe(200);
    // Replayed until the key expires, then run again.
    const second = await eventually(async () => {
      const res = await create();
      expect(res.status).toBe(200);
      return replayed(res) ? undefined : res;
    });
    expect(second.body.id).not.toBe(first.body.id);
    const list = await short.call('listProjects', { token });
    expect(list.body.items.filter((p) => p.name === 'expiring')).toHaveLength(2);

    // Expired keys do not stay in the database: later keyed creates prune them.
    const lonely = (
      await short.call('createProject', {
        token,
        body: { name: 'lonely' },
        headers: keyed(newKey()),
      })
    ).body.id;
    const stored = await short.ctx.db
      .selectFrom('idempotency_key')
      .select('key')
      .where('body', 'like', `%${lonely}%`)
      .execute();
    expect(stored).toHaveLength(1);
    await eventually(async () => {
      await short.call('createProject', {
        token,
        body: { name: 'pruner' },
        headers: keyed(newKey()),
      });
      const left = await short.ctx.db
        .selectFrom('idempotency_key')
        .select('key')
        .where('key', '=', stored[0]!.key)
        .execute();
      return left.length === 0 ? true : undefined;
    });
  });
});
