// The origin's per-command specs for `ubi help`, `version`, `vm`, `ps show` and `fw`
// (spec/routes/api/cli/{help,options}_spec.rb, vm/*_spec.rb, fw/*_spec.rb), case by case where
// our answer once differed: the texts, the usage after a refusal, and the statuses.
import { beforeAll, describe, expect, it } from 'vitest';
import { LOC, OTHER_LOC, SSH_KEY, waitForVmState } from '../../test/fixtures.ts';

import { sendArgv } from '../../test/ubi-client.ts';
import { cliForFile } from '../../test/cli-fixture.ts';

const { t, owner, cli } = await cliForFile();

/** One answer of `POST /cli`, as the origin's spec helper reads it (client version 1.0.0 unless given). */
const answer = (argv: string[], version = '1.0.0') =>
  sendArgv(`${t.base}/cli`, owner.token, argv, { version });

const VM_CREATE_HELP = `Create a virtual machine

Usage:
    ubi vm location/vm-name create [options] public-key

Examples:
    ubi vm eu-central-h1/my-vm-name create "$(cat ~/.ssh/id_ed25519.pub)"
    ubi vm eu-central-h1/my-vm-name create "$(cat ~/.ssh/authorized_keys)"
    ubi vm eu-central-h1/my-vm-name create registered-ssh-public-key-name
    ubi vm eu-central-h1/my-vm-name create -i "$(cat /path/to/init/script)" registered-ssh-public-key-name

Options:
    -6, --ipv6-only                  do not enable IPv4
`;

const SSH_HELP = `Connect to a virtual machine using \`ssh\`

Usage:
    ubi vm (location/vm-name | vm-id) [options] ssh [ssh-options --] [remote-cmd [remote-cmd-arg ...]]
`;

describe('help_spec and options_spec', () => {
  it('shows the help of a command and of a post-command, or only its usage', async () => {
    expect((await answer(['help', 'help'])).body).toBe(`Get command help

Usage:
    ubi help [options] [command [subcommand]]

Options:
    -r, --recursive                  also show documentation for all subcommands of command
    -u, --usage                      only show usage
`);
    expect((await answer(['help', 'vm', 'ssh'])).body).toBe(SSH_HELP);
    expect((await answer(['help', '-u', 'help'])).body).toBe(
      'ubi help [options] [command [subcommand]]\n',
    );
  });

  it('shows every subcommand with -r, two blank lines apart, and every usage with -ru', async () => {
    const recursive = (await answer(['help', '-r', 'vm'])).body;
    expect(recursive).toContain(VM_CREATE_HELP);
    expect(recursive).toContain(
      '    Fields: location name id ip4 ip6\n\n\nCreate a virtual machine\n',
    );
    expect(recursive.endsWith('\n\n\n')).toBe(true);
    const usages = (await answer(['help', '-ru', 'vm'])).body;
    expect(usages).toMatch(
      /^ubi vm command \[\.\.\.\]\nubi vm \(location\/vm-name \| vm-id\) \[post-options\] post-command \[\.\.\.\]\nubi vm list \[options\]\nubi vm location\/vm-name create \[options\] public-key\n/,
    );
    // The whole tree from the top, nested groups included.
    const all = (await answer(['help', '-ru'])).body;
    expect(all).toMatch(/^ubi command \[command-options\] \.\.\.\nubi al command \[\.\.\.\]\n/);
    expect(all).toContain('\nubi fw list [options]\n');
    expect(all).toContain('\nubi gh installation list [options]\n');
    expect(all).toContain('\nubi version\n');
    // In the order of the origin's command files: `destroy-nodepool.rb` before `destroy.rb`.
    expect(all).toContain(
      '\nubi kc (location/kc-name | kc-id) destroy-nodepool [options] (np-name | np-id)\nubi kc (location/kc-name | kc-id) destroy [options]\n',
    );
    expect(all).toContain('\nubi sk (sk-name | sk-id) destroy [options]\n');
  });

  it('leaves the interactive commands out of -r for a program older than 1.1.0', async () => {
    expect((await answer(['help', '-ru', 'vm'])).body).not.toContain(' ssh ');
    expect((await answer(['help', '-ru', 'vm'], '1.1.0')).body).toContain(' ssh ');
    expect((await answer(['help', '-ru', 'pg'])).body).not.toContain(' psql ');
    expect((await answer(['help', '-ru', 'pg'], '1.1.0')).body).toContain(' psql ');
    expect((await answer(['help', '-ru', 'vm'], 'unknown')).body).not.toContain(' ssh ');
  });

  it('answers a partial match with the deepest command found', async () => {
    const res = await answer(['help', 'vm', 'ssh', 'foo']);
    expect(res.status).toBe(400);
    expect(res.body).toBe(`! Invalid command: vm ssh foo\n\n${SSH_HELP}`);
  });

  it('answers an unknown command, `ai` and `mi` included, 400 with the top help', async () => {
    for (const word of ['invalid', 'ai', 'mi']) {
      const res = await answer([word, 'api-key', 'list']);
      expect(res.status).toBe(400);
      expect(res.body).toBe(`! Invalid subcommand: ${word}

CLI to interact with Ubicloud

Usage:
    ubi command [command-options] ...

Examples:
    ubi vm list    # List virtual machines
    ubi help vm    # Get help for vm subcommand

Commands:
    al         View project audit log
    fw         Manage firewalls
    gh         Manage GitHub integration
    help       Get command help
    kc         Manage Kubernetes clusters
    lb         Manage load balancers
    pg         Manage PostgreSQL databases
    ps         Manage private subnets
    sk         Manage SSH public keys
    version    Display CLI program version
    vm         Manage virtual machines
`);
    }
  });

  it('answers `version` with arguments 400 with its usage', async () => {
    const res = await answer(['version', 'a'.repeat(26)]);
    expect(res.status).toBe(400);
    expect(res.body).toBe(
      '! Invalid number of arguments for version subcommand (requires: 0, given: 1)\n\nDisplay CLI program version\n\nUsage:\n    ubi version\n',
    );
    const many = await answer(['version', ...Array<string>(25).fill('a')]);
    expect(many.body).toMatch(
      /^! Invalid number of arguments for version subcommand \(requires: 0, given: 25\)\n/,
    );
  });
});

describe('vm specs', () => {
  let vmId: string;

  beforeAll(async () => {
    const created = await cli.ok(['vm', `${LOC}/spec-vm`, 'create', SSH_KEY]);
    vmId = /^VM created with id: (vm\w{24})\n$/.exec(created)![1]!;
    await waitForVmState(t, owner.token, owner.project, 'spec-vm', 'running');
  });

  it('create: checks -s and -S before any request, as an invalid argument with the usage', async () => {
    for (const [option, value] of [
      ['-S', 'bad'],
      ['-s', 'bad'],
      ['-s', 'standard-3'],
      ['-S', '41'],
    ]) {
      const res = await answer(['vm', `${LOC}/spec-vm2`, 'create', option!, value!, SSH_KEY]);
      expect(res.status).toBe(400);
      expect(
        res.body.startsWith(`! Invalid argument: ${option} ${value}\n\n${VM_CREATE_HELP}`),
      ).toBe(true);
    }
  });

  it('create: words a key that is neither a key line nor a saved key as the origin does', async () => {
    for (const key of ['a', '# a']) {
      const res = await answer(['vm', `${LOC}/spec-vm2`, 'create', key]);
      expect(res.status).toBe(400);
      expect(
        res.body.startsWith(
          `! Invalid SSH public key provided:\n\n${key}\n\nThe public key given must be the name of a registered SSH public key,\nor must be a valid SSH public key\n\n${VM_CREATE_HELP}`,
        ),
        res.body,
      ).toBe(true);
      expect(res.body).toContain('\nAllowed Option Values:\n    Boot Image: ');
    }
    const none = await answer(['vm', `${LOC}/spec-vm2`, 'create']);
    expect(none.body).toMatch(
      /^! Invalid number of arguments for vm create subcommand \(requires: 1, given: 0\)\n/,
    );
    const two = await answer(['vm', `${LOC}/spec-vm2`, 'create', 'c', 'd']);
    expect(two.body).toMatch(
      /^! Invalid number of arguments for vm create subcommand \(requires: 1, given: 2\)\n/,
    );
  });

  it('create -b: an unknown boot image in the origin words', async () => {
    const res = await answer(['vm', `${LOC}/spec-vm2`, 'create', '-b', 'bad', SSH_KEY]);
    expect(res.status).toBe(400);
    expect(res.body).toBe(
      '! Unexpected response status: 400\nDetails: Validation failed for following fields: boot_image\n  boot_image: "bad" is not a valid boot image name. Available boot image names are: ["ubuntu-jammy", "almalinux-9.1"]\n',
    );
  });

  it('create -p: a subnet of another location is refused; a name is looked up in the VM location', async () => {
    const psId = /id: (ps\w{24})/.exec(await cli.ok(['ps', `${LOC}/spec-ps`, 'create']))![1]!;
    const away = await answer(['vm', `${OTHER_LOC}/spec-vm2`, 'create', '-p', psId, SSH_KEY]);
    expect(away.status).toBe(400);
    expect(away.body).toBe(
      `! Unexpected response status: 400\nDetails: Validation failed for following fields: private_subnet_id\n  private_subnet_id: Private subnet with the given id "${psId}" is not found in the location "${OTHER_LOC}"\n`,
    );
    const res = await answer(['vm', `${OTHER_LOC}/spec-vm2`, 'create', '-p', 'spec-ps', SSH_KEY]);
    expect(res.status).toBe(404);
    expect(res.body).toBe(
      '! Unexpected response status: 404\nDetails: Sorry, we couldn’t find the resource you’re looking for.\n',
    );
  });

  it('list: reads -f as Ruby splits it, and refuses bad fields and locations with the usage', async () => {
    expect(await cli.ok(['vm', 'list', '-Nfid,'])).toBe(`${vmId}\n`);
    for (const [argv, message] of [
      [['-Nf', ''], 'No fields given in vm list -f option'],
      [['-Nf', ',,'], 'No fields given in vm list -f option'],
      [['-Nfid,id'], 'Duplicate field(s) in vm list -f option'],
      [['-Nffoo'], 'Invalid field(s) given in vm list -f option: foo'],
      [['-Nf,id'], 'Invalid field(s) given in vm list -f option: '],
      [['-Nleu-/-h1'], 'Invalid location provided in vm list -l option'],
    ] as const) {
      const res = await answer(['vm', 'list', ...argv]);
      expect(res.status).toBe(400);
      expect(res.body).toMatch(
        new RegExp(`^! ${message.replace(/[()]/g, '\\$&')}\n\nList virtual machines\n`),
      );
    }
    expect(await cli.ok(['vm', 'list', `-Nl${OTHER_LOC}`])).toBe('\n');
  });

  it('start, in a state that refuses it: 400 with the API message', async () => {
    const res = await answer(['vm', `${LOC}/spec-vm`, 'start']);
    expect(res.status).toBe(400);
    expect(res.body).toBe(
      "! Unexpected response status: 400\nDetails: The start action is not supported in the VM's current state\n",
    );
  });

  it('show: the default firewall as the origin describes it; -w chooses its fields', async () => {
    const shown = await cli.ok([
      'vm',
      `${LOC}/spec-vm`,
      'show',
      '-f',
      'firewalls',
      '-w',
      'name,description',
    ]);
    expect(shown).toBe(
      'firewall 1:\n  name: default-eu-central-h1-default\n  description: Default firewall\n',
    );
    const fw = /id: (fw\w{24})/.exec(
      await cli.ok(['vm', `${LOC}/spec-vm`, 'show', '-f', 'id,firewalls', '-w', 'id,name']),
    )![1]!;
    expect(await cli.ok(['vm', vmId, 'show', '-f', 'id,firewalls', '-w', 'id,name'])).toBe(
      `id: ${vmId}\nfirewall 1:\n  id: ${fw}\n  name: default-eu-central-h1-default\n`,
    );
  });

  it('ssh: an unknown VM, an unknown location, a reference with two slashes', async () => {
    const missing = await answer(['vm', `${LOC}/foo`, 'ssh']);
    expect(missing.status).toBe(404);
    expect(missing.body).toBe(
      '! Unexpected response status: 404\nDetails: Sorry, we couldn’t find the resource you’re looking for.\n',
    );
    const place = await answer(['vm', 'foo/spec-vm', 'ssh']);
    expect(place.status).toBe(404);
    expect(place.body).toMatch(
      /^! Unexpected response status: 404\nDetails: Validation failed for following path components: location\n {2}location: Given location is not a valid location\. Available locations: /,
    );
    const slashes = await answer(['vm', `${LOC}/spec-vm/bar`, 'ssh']);
    expect(slashes.status).toBe(400);
    expect(slashes.body).toMatch(
      /^! Invalid vm reference \("eu-central-h1\/spec-vm\/bar"\), should be in location\/vm-name or vm-id format\n/,
    );
  });
});

describe('ps show and fw specs', () => {
  it("ps show prints a firewall's path empty, as the origin's subnet record has none", async () => {
    await cli.ok(['ps', `${LOC}/show-ps`, 'create']);
    expect(
      await cli.ok([
        'ps',
        `${LOC}/show-ps`,
        'show',
        '-f',
        'firewalls',
        '-w',
        'name,description,path',
      ]),
    ).toBe('firewall 1:\n  name: show-ps-default\n  description: Default firewall\n  path: \n');
  });

  it('fw rename refuses a bad name with the API message; delete-rule a malformed rule ID', async () => {
    await cli.ok(['fw', `${LOC}/spec-fw`, 'create']);
    const bad = await answer(['fw', `${LOC}/spec-fw`, 'rename', 'new name']);
    expect(bad.status).toBe(400);
    expect(bad.body).toBe(
      '! Unexpected response status: 400\nDetails: Validation failed for following fields: name\n  name: Name must only contain lowercase letters, numbers, and hyphens and have max length 63.\n',
    );
    const rule = await answer([
      'fw',
      `${LOC}/spec-fw`,
      'delete-rule',
      'fr0000000000000000000000000/',
    ]);
    expect(rule.status).toBe(400);
    expect(rule.body).toMatch(/^! Invalid rule id format\n\nRemove a firewall rule\n/);
  });
});
