// `ubi lb` against our /cli endpoint, case by case as the origin's lb specs
// (spec/routes/api/cli/lb/*_spec.rb) and the lb lines of its golden files: the same fixture
// (a subnet test-ps, VMs test-vm and test-vm2, a load balancer test-lb on 12345 → 54321), the
// same command lines, the same output; only IDs differ.
import { beforeEach, describe, expect, it } from 'vitest';
import type { ResponseOf } from '#shared/routes';
import {
  LOC,
  createSubnet,
  createVm,
  newOwner,
  waitForLoadBalancerState,
} from '../../test/fixtures.ts';
import { serverForFile, type TestServer } from '../../test/harness.ts';
import { ubiAs } from '../../test/ubi-client.ts';

let t: TestServer;
let owner: Awaited<ReturnType<typeof newOwner>>;
let cli: ReturnType<typeof ubiAs>;
let ps: ResponseOf<'createPrivateSubnet'>;

beforeEach(async () => {
  t ??= await serverForFile();
  owner = await newOwner(t);
  // Each test has a project of its own, which the command line names.
  cli = ubiAs(`${t.base}/cli`, owner.token, { headers: { 'x-ubi-project': owner.project } });
  ps = await createSubnet(t, owner.token, owner.project, 'test-ps');
});

const LB = `${LOC}/test-lb`;

const getLb = async (ref = 'test-lb') => {
  const res = await t.call('getLoadBalancer', {
    token: owner.token,
    params: { project_id: owner.project, location: LOC, load_balancer_reference: ref },
  });
  expect(res.status, res.text).toBe(200);
  return res.body as ResponseOf<'getLoadBalancer'>;
};

/**
 * A VM with a public IPv4 (a dual-stack load balancer takes no other), in the location's default
 * subnet as the origin's `vm create` makes it: the load balancer is in test-ps.
 */
const vm = (name: string) => createVm(t, owner.token, owner.project, name, { enable_ip4: true });

const lbCreated = async () => {
  await cli.ok(['lb', LB, 'create', ps.id, '12345', '54321']);
  return getLb();
};

const vmIds = (lb: ResponseOf<'getLoadBalancer'>) => lb.vms.map((v) => v.id).sort();

describe('create_spec', () => {
  it('creates load balancer with no option and private subnet by id', async () => {
    const body = await cli.ok(['lb', LB, 'create', ps.id, '12345', '54321']);
    const lb = await getLb();
    expect(lb).toMatchObject({
      name: 'test-lb',
      src_port: 12345,
      dst_port: 54321,
      algorithm: 'round_robin',
      health_check_protocol: 'http',
      health_check_endpoint: '/up',
      stack: 'dual',
    });
    expect(body).toBe(`Load balancer created with id: ${lb.id}\n`);
  });

  it('creates load balancer with -aeps options and private subnet by name', async () => {
    const body = await cli.ok(
      ['lb', LB, 'create', '-a', 'hash_based', '-e', '/up2', '-p', 'https', '-s', 'ipv4'].concat([
        'test-ps',
        '1234',
        '5432',
      ]),
    );
    const lb = await getLb();
    expect(lb).toMatchObject({
      name: 'test-lb',
      src_port: 1234,
      dst_port: 5432,
      algorithm: 'hash_based',
      health_check_protocol: 'https',
      health_check_endpoint: '/up2',
      stack: 'ipv4',
    });
    expect(body).toBe(`Load balancer created with id: ${lb.id}\n`);
  });
});

describe('attach-vm_spec', () => {
  it('attaches VM to load balancer by id', async () => {
    const v = await vm('test-vm');
    const lb = await lbCreated();
    expect(await cli.ok(['lb', LB, 'attach-vm', v.id])).toBe(
      `Attached VM ${v.id} to load balancer with id ${lb.id}\n`,
    );
    expect(vmIds(await getLb())).toEqual([v.id]);
  });

  it('attaches VM to load balancer by name', async () => {
    const v = await vm('test-vm');
    const lb = await lbCreated();
    expect(await cli.ok(['lb', LB, 'attach-vm', 'test-vm'])).toBe(
      `Attached VM test-vm to load balancer with id ${lb.id}\n`,
    );
    expect(vmIds(await getLb())).toEqual([v.id]);
  });

  it('refuses an attached VM and one it cannot find with the origin’s 400 (golden files)', async () => {
    const v = await vm('test-vm');
    await lbCreated();
    await cli.ok(['lb', LB, 'attach-vm', v.id]);
    expect(await cli.fails(['lb', LB, 'attach-vm', v.id])).toEqual({
      status: 400,
      stderr:
        '! Unexpected response status: 400\nDetails: Validation failed for following fields: vm_id\n  vm_id: VM is already attached to a load balancer\n',
    });
    // Attached to one load balancer, a VM is refused by any other.
    await cli.ok(['lb', `${LOC}/other-lb`, 'create', 'test-ps', '80', '8080']);
    expect((await cli.fails(['lb', `${LOC}/other-lb`, 'attach-vm', 'test-vm'])).stderr).toMatch(
      /\n {2}vm_id: VM is already attached to a load balancer\n$/,
    );
    expect(await cli.fails(['lb', LB, 'attach-vm', `foo/${v.id}`])).toEqual({
      status: 400,
      stderr: `! Unexpected response status: 400\nDetails: Validation failed for following fields: vm_id\n  vm_id: No matching VM found in ${LOC}\n`,
    });
    expect(vmIds(await getLb())).toEqual([v.id]);
  });
});

describe('attach-vm of a cluster’s node', () => {
  it('does not find a Kubernetes node (the origin keeps them in its own project)', async () => {
    await lbCreated();
    const kc = await t.call('createKubernetesCluster', {
      token: owner.token,
      params: { project_id: owner.project, location: LOC, kubernetes_cluster_reference: 'kc' },
      body: { version: 'v1.36', worker_nodes: 1 },
    });
    expect(kc.status, kc.text).toBe(200);
    const node = (kc.body as ResponseOf<'createKubernetesCluster'>).cp_vms[0]!.id;
    expect((await cli.fails(['lb', LB, 'attach-vm', node])).stderr).toMatch(
      new RegExp(`\\n {2}vm_id: No matching VM found in ${LOC}\\n$`),
    );
  });
});

describe('detach-vm_spec', () => {
  it('detaches VM from load balancer by id', async () => {
    const v = await vm('test-vm');
    const lb = await lbCreated();
    await cli.ok(['lb', LB, 'attach-vm', v.id]);
    expect(await cli.ok(['lb', LB, 'detach-vm', v.id])).toBe(
      `Detached VM ${v.id} from load balancer with id ${lb.id}\n`,
    );
    expect(vmIds(await getLb())).toEqual([]);
  });

  it('detaches VM from load balancer by name', async () => {
    await vm('test-vm');
    const lb = await lbCreated();
    await cli.ok(['lb', LB, 'attach-vm', 'test-vm']);
    expect(await cli.ok(['lb', LB, 'detach-vm', 'test-vm'])).toBe(
      `Detached VM test-vm from load balancer with id ${lb.id}\n`,
    );
    expect(vmIds(await getLb())).toEqual([]);
  });
});

describe('destroy_spec', () => {
  const destroyed = 'Load balancer, if it exists, is now scheduled for destruction\n';

  it('destroys load balancer directly if -f option is given', async () => {
    await lbCreated();
    expect(await cli.ok(['lb', LB, 'destroy', '-f'])).toBe(destroyed);
    expect((await getLb()).state).toBe('deleting');
  });

  it('asks for confirmation if -f option is not given', async () => {
    await lbCreated();
    const run = await cli.run(['lb', LB, 'destroy']);
    expect(run.answers[0]!.headers['ubi-confirm']).toBe('Confirmation');
    expect(run.answers[0]!.body).toBe(
      'Destroying this load balancer is not recoverable.\nEnter the following to confirm destruction of the load balancer: test-lb\n',
    );
    expect((await getLb()).state).not.toBe('deleting');
  });

  it('works on correct confirmation', async () => {
    await lbCreated();
    expect(await cli.ok(['--confirm', 'test-lb', 'lb', LB, 'destroy'])).toBe(destroyed);
    expect((await getLb()).state).toBe('deleting');
  });

  it('fails on incorrect confirmation', async () => {
    await lbCreated();
    expect(await cli.fails(['--confirm', 'foo', 'lb', LB, 'destroy'])).toEqual({
      status: 400,
      stderr: '! Confirmation of load balancer name not successful.\n',
    });
    expect((await getLb()).state).not.toBe('deleting');
  });
});

describe('enable-ssl-certificate_spec and disable-ssl-certificate_spec', () => {
  it('enables and disables SSL certificates', async () => {
    const lb = await lbCreated();
    expect(await cli.ok(['lb', LB, 'enable-ssl-certificate'])).toBe(
      `Enabled SSL certificate for load balancer with id ${lb.id}\n`,
    );
    expect((await getLb()).cert_enabled).toBe(true);
    expect(await cli.ok(['lb', LB, 'disable-ssl-certificate'])).toBe(
      `Disabled SSL certificate for load balancer with id ${lb.id}\n`,
    );
    expect((await getLb()).cert_enabled).toBe(false);
  });
});

describe('rename_spec', () => {
  it('renames load balancer', async () => {
    await lbCreated();
    expect(await cli.ok(['lb', LB, 'rename', 'new-name'])).toBe(
      'Load balancer renamed to new-name\n',
    );
    expect((await getLb('new-name')).name).toBe('new-name');
  });
});

describe('update_spec', () => {
  let vm1: ResponseOf<'createVm'>;
  let vm2: ResponseOf<'createVm'>;
  let lb: ResponseOf<'getLoadBalancer'>;

  beforeEach(async () => {
    vm1 = await vm('test-vm');
    vm2 = await vm('test-vm2');
    lb = await lbCreated();
    await cli.ok(['lb', LB, 'attach-vm', vm1.id]);
  });

  const update = (...args: string[]) => cli.ok(['lb', LB, 'update', ...args]);
  const updated = () => `Updated load balancer with id ${lb.id}\n`;
  const settings = { src_port: 1234, dst_port: 5432, algorithm: 'hash_based' };

  it('updates the load balancer', async () => {
    expect(await update('hash_based', '1234', '5432', '/up2', 'true', vm1.id)).toBe(updated());
    const now = await getLb();
    expect(now).toMatchObject({ ...settings, health_check_endpoint: '/up2', cert_enabled: true });
    expect(vmIds(now)).toEqual([vm1.id]);
  });

  it('adds new VMs the load balancer by id', async () => {
    expect(await update('hash_based', '1234', '5432', '/up2', 'false', vm1.id, vm2.id)).toBe(
      updated(),
    );
    const now = await getLb();
    expect(now).toMatchObject({ ...settings, health_check_endpoint: '/up2', cert_enabled: false });
    expect(vmIds(now)).toEqual([vm1.id, vm2.id].sort());
  });

  it('adds new VMs the load balancer by name', async () => {
    expect(await update('hash_based', '1234', '5432', '/up2', 'true', 'test-vm', 'test-vm2')).toBe(
      updated(),
    );
    const now = await getLb();
    expect(now).toMatchObject({ ...settings, health_check_endpoint: '/up2', cert_enabled: true });
    expect(vmIds(now)).toEqual([vm1.id, vm2.id].sort());
  });

  it('removes VMs not given from the load balancer', async () => {
    expect(await update('hash_based', '1234', '5432', '/up2', 'false')).toBe(updated());
    const now = await getLb();
    expect(now).toMatchObject({ ...settings, health_check_endpoint: '/up2', cert_enabled: false });
    expect(vmIds(now)).toEqual([]);
  });

  it('answers the origin’s errors for a bad algorithm, port or boolean (golden files)', async () => {
    const usage =
      '\nUpdate a load balancer\n\nUsage:\n    ubi lb (location/lb-name | lb-id) update algorithm src-port dst-port health-check-endpoint cert-enabled [(vm-name | vm-id) [...]]\n';
    expect(await cli.fails(['lb', LB, 'update', 'bad', '1234', '54321', '/up2', 'true'])).toEqual({
      status: 400,
      stderr:
        '! Unexpected response status: 400\nDetails: algorithm is not one of the supported values (hash_based, round_robin)\n',
    });
    expect(await cli.fails(['lb', LB, 'update', 'https', 'a', '54321', '/up2', 'true'])).toEqual({
      status: 400,
      stderr: `! Invalid src-port argument: "a"\n${usage}`,
    });
    expect(
      await cli.fails(['lb', LB, 'update', 'hash_based', '1234', '54321', '/up2', 'bad']),
    ).toEqual({ status: 400, stderr: `! Invalid cert-enabled argument: "bad"\n${usage}` });
    expect(await getLb()).toMatchObject({ src_port: 12345, algorithm: 'round_robin' });
  });
});

describe('show and list (golden files)', () => {
  it('shows every field in the origin’s order and lists with dashed headers', async () => {
    const v = await vm('test-vm');
    await lbCreated();
    await cli.ok(['lb', LB, 'attach-vm', 'test-vm']);
    // Settled, so that its state holds between the two reads.
    const lb = await waitForLoadBalancerState(t, owner.token, owner.project, 'test-lb', 'running');
    const lines = [
      `id: ${lb.id}`,
      'name: test-lb',
      `state: ${lb.state}`,
      `location: ${LOC}`,
      `hostname: ${lb.hostname}`,
      'algorithm: round_robin',
      'stack: dual',
      'health-check-endpoint: /up',
      'health-check-protocol: http',
      'src-port: 12345',
      'dst-port: 54321',
      'subnet: test-ps',
      'vms:',
      `  ${v.id}`,
      'cert-enabled: false',
    ];
    expect(await cli.ok(['lb', lb.id, 'show'])).toBe(`${lines.join('\n')}\n`);
    expect(await cli.ok(['lb', LB, 'show', '-f', 'src-port,dst-port,subnet,vms'])).toBe(
      `src-port: 12345\ndst-port: 54321\nsubnet: test-ps\nvms:\n  ${v.id}\n`,
    );
    const host = lb.hostname.padEnd('hostname'.length);
    expect(await cli.ok(['lb', 'list', '-f', 'src-port,dst-port,hostname'])).toBe(
      `src-port  dst-port  ${'hostname'.padEnd(host.length)}\n12345     54321     ${host}\n`,
    );
    expect(await cli.ok(['lb', 'list', '-l', LOC, '-N', '-f', 'name,id'])).toBe(
      `test-lb  ${lb.id}\n`,
    );
    // None there: an empty line, as the origin ends every answer with one.
    expect(await cli.ok(['lb', 'list', '-l', 'eu-north-h1', '-N', '-f', 'name,id'])).toBe('\n');
  });
});
