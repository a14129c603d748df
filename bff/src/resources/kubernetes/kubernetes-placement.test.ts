// Where a cluster's subnet and firewall live, as the origin's KubernetesClusterNexus places
// them (decision 298's way): in the customer's project, `<id>-firewall` (no description, no
// rules, the customer's) guards `<id>-subnet`; no `-subnet-default`. Deleting the cluster
// deletes both, unless the customer made the firewall guard another subnet too.
import { describe, expect, it } from 'vitest';
import { serverForFile } from '../../../test/harness.ts';
import {
  at,
  createSubnet,
  firewallPath,
  inLoc,
  newOwner,
  pollUntil,
  subnetPath,
  waitForGone,
} from '../../../test/fixtures.ts';

const t = await serverForFile();

async function cluster(token: string, project: string, name: string) {
  const made = await t.call('createKubernetesCluster', {
    token,
    params: { ...at(project), kubernetes_cluster_reference: name },
    body: { cp_nodes: 1, worker_nodes: 1 },
  });
  expect(made.status, made.text).toBe(200);
  return made.body.id as string;
}

async function deleteCluster(token: string, project: string, name: string) {
  const del = await t.call('deleteKubernetesCluster', {
    token,
    params: { ...at(project), kubernetes_cluster_reference: name },
  });
  expect(del.status, del.text).toBe(204);
  await pollUntil(
    () =>
      t.call('getKubernetesCluster', {
        token,
        params: { ...at(project), kubernetes_cluster_reference: name },
      }),
    (r) => r.status === 404,
    `cluster ${name} gone`,
  );
}

describe("a cluster's subnet and firewall", () => {
  it('are `<id>-firewall` guarding `<id>-subnet` in the project, and go with the cluster', async () => {
    const { token, project } = await newOwner(t);
    const id = await cluster(token, project, 'apps');
    const fws = (await t.call('listLocationFirewalls', { token, params: at(project) })).body.items;
    expect(fws.map((f) => [f.name, f.description, f.firewall_rules, f.owned_by])).toEqual([
      [`${id}-firewall`, '', [], null],
    ]);
    const subnet = await t.call('getPrivateSubnet', {
      token,
      params: { ...inLoc(project), ps_name: `${id}-subnet` },
    });
    expect(subnet.status, subnet.text).toBe(200);
    expect(subnet.body.firewalls.map((f) => f.name)).toEqual([`${id}-firewall`]);

    await deleteCluster(token, project, 'apps');
    await waitForGone(t, token, firewallPath(project, `${id}-firewall`));
    await waitForGone(t, token, subnetPath(project, `${id}-subnet`));
    const left = await t.call('listLocationFirewalls', { token, params: at(project) });
    expect(left.body.items).toEqual([]);
  });

  it('keeps the firewall when the customer made it guard another subnet too', async () => {
    const { token, project } = await newOwner(t);
    const id = await cluster(token, project, 'shared');
    const mine = await createSubnet(t, token, project, 'mine');
    const attached = await t.call('attachFirewallSubnet', {
      token,
      params: { ...at(project), firewall_reference: `${id}-firewall` },
      body: { private_subnet_id: mine.id },
    });
    expect(attached.status, attached.text).toBe(200);

    await deleteCluster(token, project, 'shared');
    await waitForGone(t, token, subnetPath(project, `${id}-subnet`));
    const fw = await t.call('getFirewall', {
      token,
      params: { ...at(project), firewall_reference: `${id}-firewall` },
    });
    expect(fw.status, fw.text).toBe(200);
    expect(fw.body.private_subnets.map((s) => s.name)).toEqual(['mine']);
  });
});
