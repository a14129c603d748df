// Managed objects (decision 287): a Kubernetes cluster's private subnet and its services load
// balancer name the cluster in `owned_by`, refuse every change on their own with 409 naming it,
// and go when the cluster goes. Its firewall `<id>-firewall` is the customer's, as the origin's
// (decision 298's way), and goes with it too.
import { describe, expect, it } from 'vitest';
import { firewallSchema, firewallDetailSchema } from '#shared/api/firewall';
import { loadBalancerSchema } from '#shared/api/load-balancer';
import { expectSchema, serverForFile, type Reply } from '../../test/harness.ts';
import {
  at,
  createFirewall,
  createSubnet,
  expectCurrentError,
  expectLegacyError,
  inLoc,
  LOC,
  newOwner,
  pollUntil,
  SSH_KEY,
} from '../../test/fixtures.ts';

const t = await serverForFile();
const a = await newOwner(t);
const { token, project } = a;

const made = await t.call('createKubernetesCluster', {
  token,
  params: { ...at(project), kubernetes_cluster_reference: 'apps' },
  body: {},
});
expect(made.status, made.text).toBe(200);
const clusterId: string = made.body.id;
const owner = { id: clusterId, name: 'apps', type: 'kubernetes cluster' };
const subnetName = `${clusterId}-subnet`;
const lbName = `${clusterId}-services`;
const fwName = `${clusterId}-firewall`;

/** 409 Conflict naming the cluster, in the route's error body. */
function expectManaged(res: Reply, what: string, legacy = false) {
  const e = legacy
    ? expectLegacyError(res, 409, 'Conflict')
    : expectCurrentError(res, 409, 'Conflict');
  expect(e.message).toBe(
    `${what} is managed by Kubernetes cluster apps: it cannot be changed or deleted on its own. Change or delete the Kubernetes cluster instead.`,
  );
  expect(e.details).toEqual({
    owned_by: clusterId,
    owner_name: 'apps',
    owner_type: 'kubernetes cluster',
  });
}

const lbAt = { ...at(project), load_balancer_reference: lbName };
const fwAt = { ...at(project), firewall_reference: fwName };

describe('managed objects of a Kubernetes cluster', () => {
  it('name the cluster in owned_by: records, list items and object-info', async () => {
    const lb = await t.call('getLoadBalancer', { token, params: lbAt });
    expect(expectSchema(loadBalancerSchema, lb.body).owned_by).toEqual(owner);
    const fw = await t.call('getFirewall', { token, params: fwAt });
    expect(expectSchema(firewallDetailSchema, fw.body).owned_by).toBeNull();

    const lbs = await t.call('listLoadBalancers', { token, params: { project_id: project } });
    expect(lbs.body.items.find((l) => l.name === lbName)?.owned_by).toEqual(owner);

    const subnet = await t.call('getPrivateSubnet', {
      token,
      params: { ...inLoc(project), ps_name: subnetName },
    });
    // The spec's subnet record takes no extra field: object-info answers its owner.
    expect(Object.keys(subnet.body)).not.toContain('owned_by');
    const info = await t.call('getObjectInfo', {
      token,
      params: { project_id: project, object_id: subnet.body.id },
    });
    expect(info.body).toEqual({
      type: 'private subnet',
      location: LOC,
      name: subnetName,
      owned_by: owner,
    });
  });

  it("answers owned_by null for the user's own objects", async () => {
    const fw = await createFirewall(t, token, project, 'mine');
    expect(fw.owned_by).toBeNull();
    const subnet = await createSubnet(t, token, project, 'own-net');
    const fws = await t.call('listLocationFirewalls', { token, params: at(project) });
    for (const f of fws.body.items) expect(expectSchema(firewallSchema, f).owned_by).toBeNull();
    const info = await t.call('getObjectInfo', {
      token,
      params: { project_id: project, object_id: subnet.id },
    });
    expect(info.body.owned_by).toBeNull();
  });

  it('refuse changes and deletes of the load balancer with 409 naming the cluster', async () => {
    const before = (await t.call('getLoadBalancer', { token, params: lbAt })).body;
    expectManaged(
      await t.call('renameLoadBalancer', { token, params: lbAt, body: { name: 'mine' } }),
      `Load balancer ${lbName}`,
    );
    expectManaged(
      await t.call('updateLoadBalancer', {
        token,
        params: lbAt,
        body: {
          algorithm: 'hash_based',
          src_port: 80,
          dst_port: 8080,
          health_check_endpoint: '/up',
          vms: [],
        },
      }),
      `Load balancer ${lbName}`,
    );
    expectManaged(
      await t.call('toggleLoadBalancerSslCertificate', {
        token,
        params: lbAt,
        body: { cert_enabled: true },
      }),
      `Load balancer ${lbName}`,
    );
    expectManaged(
      await t.call('deleteLoadBalancer', { token, params: lbAt }),
      `Load balancer ${lbName}`,
    );
    const after = (await t.call('getLoadBalancer', { token, params: lbAt })).body;
    expect({ ...after, state: before.state, vms: before.vms }).toEqual(before);
    expect(after.state).not.toBe('deleting');
  });

  it("leave the firewall the customer's: no rules, and theirs to change", async () => {
    const fw = (await t.call('getFirewall', { token, params: fwAt })).body;
    expect([fw.description, fw.firewall_rules]).toEqual(['', []]);
    const rule = await t.call('createFirewallRule', {
      token,
      params: fwAt,
      body: { cidr: '10.0.0.0/8' },
    });
    expect(rule.status, rule.text).toBe(200);
    const [added] = (await t.call('getFirewall', { token, params: fwAt })).body.firewall_rules;
    expect(added?.cidr).toBe('10.0.0.0/8');
    const gone = await t.call('deleteFirewallRule', {
      token,
      params: { ...fwAt, firewall_rule_id: added!.id },
    });
    expect(gone.status, gone.text).toBe(204);
  });

  it("refuse changes of the subnet, and the user's firewalls and VMs in it", async () => {
    const what = `Private subnet ${subnetName}`;
    const subnet = (
      await t.call('getPrivateSubnet', {
        token,
        params: { ...inLoc(project), ps_name: subnetName },
      })
    ).body;
    expectManaged(
      await t.call('deletePrivateSubnet', {
        token,
        params: { ...inLoc(project), ps_name: subnetName },
      }),
      what,
      true,
    );
    expectManaged(
      await t.call('renamePrivateSubnet', {
        token,
        params: { ...at(project), private_subnet_reference: subnetName },
        body: { name: 'x' },
      }),
      what,
    );
    const fw = await createFirewall(t, token, project, 'attach-me');
    expectManaged(
      await t.call('attachFirewallSubnet', {
        token,
        params: { ...at(project), firewall_reference: fw.id },
        body: { private_subnet_id: subnet.id },
      }),
      what,
    );
    expectManaged(
      await t.call('createVm', {
        token,
        params: { ...inLoc(project), vm_name: 'intruder' },
        body: { public_key: SSH_KEY, private_subnet_id: subnet.id },
      }),
      what,
      true,
    );
    const after = await t.call('getPrivateSubnet', {
      token,
      params: { ...inLoc(project), ps_name: subnetName },
    });
    expect(after.body.firewalls.map((f) => f.name)).toEqual([fwName]);
    expect(after.body.state).toBe('available');
  });

  it('go with the cluster when it is deleted', async () => {
    const del = await t.call('deleteKubernetesCluster', {
      token,
      params: { ...at(project), kubernetes_cluster_reference: 'apps' },
    });
    expect(del.status, del.text).toBe(204);
    await pollUntil(
      () => t.call('getLoadBalancer', { token, params: lbAt }),
      (r) => r.status === 404,
      'the services load balancer gone',
      500,
    );
    await pollUntil(
      () => t.call('getFirewall', { token, params: fwAt }),
      (r) => r.status === 404,
      'the firewall gone',
      500,
    );
    // Its firewall goes as its subnet's delete starts; the subnet once its job ends.
    await pollUntil(
      () =>
        t.call('getPrivateSubnet', { token, params: { ...inLoc(project), ps_name: subnetName } }),
      (r) => r.status === 404,
      'the subnet gone',
      500,
    );
  });
});
