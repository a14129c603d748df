// The post-commands that change an object in place, as the origin's specs show them: every
// kind's `rename`, the firewall's description and rules (`update-description`, `modify-rule`),
// the load balancer's `update` and SSL switch. Fixtures are built through the API.
import { describe, expect, it } from 'vitest';
import {
  createFirewall,
  createLoadBalancer,
  createRule,
  createSubnet,
  createVm,
  LOC,
} from '../../test/fixtures.ts';

import { cliForFile } from '../../test/cli-fixture.ts';

const { t, owner, cli } = await cliForFile();

describe('rename', () => {
  it('renames an object of each kind, by name or ID, and prints the new name', async () => {
    const ps = await createSubnet(t, owner.token, owner.project, 'ren-ps');
    const vm = await createVm(t, owner.token, owner.project, 'ren-vm', {
      private_subnet_id: ps.id,
    });
    const fw = await createFirewall(t, owner.token, owner.project, 'ren-fw');
    const lb = await createLoadBalancer(t, owner.token, owner.project, 'ren-lb', {
      private_subnet_id: ps.id,
      src_port: 80,
      dst_port: 8080,
    });
    expect(await cli.ok(['ps', `${LOC}/ren-ps`, 'rename', 'ren-ps2'])).toBe(
      'Private subnet renamed to ren-ps2\n',
    );
    expect(await cli.ok(['vm', vm.id, 'rename', 'ren-vm2'])).toBe(
      'Virtual machine renamed to ren-vm2\n',
    );
    expect(await cli.ok(['fw', `${LOC}/ren-fw`, 'rename', 'ren-fw2'])).toBe(
      'Firewall renamed to ren-fw2\n',
    );
    expect(await cli.ok(['lb', lb.id, 'rename', 'ren-lb2'])).toBe(
      'Load balancer renamed to ren-lb2\n',
    );
    expect(await cli.ok(['vm', 'list', '-N', '-f', 'name'])).toBe('ren-vm2\n');
    expect(await cli.ok(['fw', fw.id, 'show', '-f', 'name'])).toBe('name: ren-fw2\n');
    expect(await cli.ok(['ps', `${LOC}/ren-ps2`, 'show', '-f', 'name'])).toBe('name: ren-ps2\n');
  });

  it("answers a name the API refuses with the API's status and message, and keeps the name", async () => {
    await createFirewall(t, owner.token, owner.project, 'ren-bad');
    const { status, stderr } = await cli.fails(['fw', `${LOC}/ren-bad`, 'rename', 'new name']);
    expect(status).toBe(400);
    expect(stderr).toMatch(/^! Unexpected response status: 400\nDetails: /);
    expect(await cli.ok(['fw', `${LOC}/ren-bad`, 'show', '-f', 'name'])).toBe('name: ren-bad\n');
  });

  it('takes exactly one new name', async () => {
    const { status, stderr } = await cli.fails(['vm', `${LOC}/x`, 'rename']);
    expect(status).toBe(400);
    expect(stderr).toBe(
      '! Invalid number of arguments for vm rename subcommand (requires: 1, given: 0)\n\nRename a virtual machine\n\nUsage:\n    ubi vm (location/vm-name | vm-id) rename new-name\n',
    );
  });
});

describe('firewall edits', () => {
  it('updates the description', async () => {
    await createFirewall(t, owner.token, owner.project, 'desc-fw');
    expect(await cli.ok(['fw', `${LOC}/desc-fw`, 'update-description', 'new desc'])).toBe(
      'Firewall description updated to new desc\n',
    );
    expect(await cli.ok(['fw', `${LOC}/desc-fw`, 'show', '-f', 'description'])).toBe(
      'description: new desc\n',
    );
  });

  it('modifies a rule: CIDR, ports and description; a lone start port is that port', async () => {
    const fw = await createFirewall(t, owner.token, owner.project, 'mod-fw');
    const rule = await createRule(t, owner.token, owner.project, fw.id, {
      cidr: '1.2.3.0/24',
    });
    const ref = `${LOC}/mod-fw`;
    expect(
      await cli.ok([
        'fw',
        ref,
        'modify-rule',
        '-c',
        '1.2.4.0/24',
        '-s',
        '1',
        '-e',
        '2',
        '-d',
        'my-desc',
        rule.id,
      ]),
    ).toBe(`Modified firewall rule with id: ${rule.id}\n`);
    expect(await cli.ok(['fw', ref, 'show', '-f', 'firewall-rules'])).toBe(
      `rules:\n  1: ${rule.id}  1.2.4.0/24  1..2  tcp  \n`,
    );
    await cli.ok(['fw', ref, 'modify-rule', '-s', '22', rule.id]);
    expect(await cli.ok(['fw', ref, 'show', '-f', 'firewall-rules', '-r', 'port-range'])).toBe(
      `rules:\n  1: 22..22  \n`,
    );
  });

  it('needs at least one option, and a rule ID without a slash', async () => {
    await createFirewall(t, owner.token, owner.project, 'mod-none');
    const none = await cli.fails(['fw', `${LOC}/mod-none`, 'modify-rule', 'fr000']);
    expect(none.status).toBe(400);
    expect(none.stderr).toBe(
      [
        '! Must provide at least one option (-c, -s, -e, -p, or -d)',
        '',
        'Modify a firewall rule',
        '',
        'Usage:',
        '    ubi fw (location/fw-name | fw-id) modify-rule options rule-id',
        '',
        'Options:',
        '    -c, --cidr=ip-range              IPv4 or IPv6 range to allow',
        '    -s, --start-port=port            starting (or only) port to allow (default: 0)',
        '    -e, --end-port=port              ending port to allow (default: 65535)',
        '    -p, --protocol=protocol          protocol to allow (tcp or udp)',
        '    -d, --description=desc           description of rule',
        '',
      ].join('\n'),
    );
    const slash = await cli.fails(['fw', `${LOC}/mod-none`, 'modify-rule', '-s', '1', 'a/b']);
    expect(slash.stderr).toMatch(/^! Invalid rule id format\n/);
  });
});

describe('load balancer edits', () => {
  it('updates every setting and its VMs, and switches the SSL certificate', async () => {
    const ps = await createSubnet(t, owner.token, owner.project, 'upd-ps');
    // A dual-stack load balancer takes only VMs with a public IPv4.
    const vm1 = await createVm(t, owner.token, owner.project, 'upd-vm1', {
      private_subnet_id: ps.id,
      enable_ip4: true,
    });
    await createVm(t, owner.token, owner.project, 'upd-vm2', {
      private_subnet_id: ps.id,
      enable_ip4: true,
    });
    const lb = await createLoadBalancer(t, owner.token, owner.project, 'upd-lb', {
      private_subnet_id: ps.id,
      src_port: 12345,
      dst_port: 54321,
    });
    const ref = `${LOC}/upd-lb`;
    expect(
      await cli.ok(['lb', ref, 'update', 'hash_based', '1234', '5432', '/up2', 'true', vm1.id]),
    ).toBe(`Updated load balancer with id ${lb.id}\n`);
    expect(
      await cli.ok([
        'lb',
        ref,
        'show',
        '-f',
        'algorithm,health-check-endpoint,src-port,dst-port,vms',
      ]),
    ).toBe(
      `algorithm: hash_based\nhealth-check-endpoint: /up2\nsrc-port: 1234\ndst-port: 5432\nvms:\n  ${vm1.id}\n`,
    );
    await cli.ok([
      'lb',
      ref,
      'update',
      'hash_based',
      '1234',
      '5432',
      '/up2',
      'false',
      'upd-vm1',
      'upd-vm2',
    ]);
    expect((await cli.ok(['lb', ref, 'show', '-f', 'vms'])).split('\n').length).toBe(4);
    expect(await cli.ok(['lb', ref, 'enable-ssl-certificate'])).toBe(
      `Enabled SSL certificate for load balancer with id ${lb.id}\n`,
    );
    expect(await cli.ok(['lb', lb.id, 'disable-ssl-certificate'])).toBe(
      `Disabled SSL certificate for load balancer with id ${lb.id}\n`,
    );
  });

  it('checks the ports and the cert-enabled flag before calling the API', async () => {
    const bad = await cli.fails([
      'lb',
      `${LOC}/x`,
      'update',
      'round_robin',
      'a',
      '1',
      '/up',
      'true',
    ]);
    expect(bad.stderr).toMatch(/^! Invalid src-port argument: "a"\n\nUpdate a load balancer\n/);
    const flag = await cli.fails([
      'lb',
      `${LOC}/x`,
      'update',
      'round_robin',
      '1',
      '1',
      '/up',
      'yes',
    ]);
    expect(flag.stderr).toMatch(/^! Invalid cert-enabled argument: "yes"\n/);
    const missing = await cli.fails(['lb', `${LOC}/x`, 'update', 'round_robin', '1', '1', '/up']);
    expect(missing.stderr).toMatch(/^! Invalid cert-enabled argument: nil\n/);
  });
});
