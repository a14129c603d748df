// The origin's `ubi` program against our /cli endpoint, on the wire (bff/test/ubi-client.ts
// replays cli/ubi.go): a journey through help, subnets, VMs (list, show, ssh, scp, destroy
// with its confirmation), databases and firewall rules; roles and projects as the REST API
// judges them; bad command lines answered 400 in text, never 500.
import { beforeAll, describe, expect, it } from 'vitest';
import {
  LOC,
  newOwner,
  pollUntil,
  SSH_KEY,
  stranger,
  newProject,
  waitForVmState,
} from '../../test/fixtures.ts';
import { newId } from '#shared/ids';
import { serverForFile, type TestServer } from '../../test/harness.ts';
import { sendArgv, ubi, validateArguments } from '../../test/ubi-client.ts';

let t: TestServer;
let url: string;
/** The owner's login token, a member token and a viewer token of the owner's project. */
let owner: Awaited<ReturnType<typeof newOwner>>;
let member: string;
let viewer: string;

async function issue(
  token: string,
  project: string,
  name: string,
  role: 'admin' | 'member' | 'viewer',
) {
  const res = await t.call('issueToken', {
    token,
    params: { project_id: project },
    body: { name, role },
  });
  expect(res.status, res.text).toBe(200);
  return res.body.token;
}

beforeAll(async () => {
  t = await serverForFile();
  url = `${t.base}/cli`;
  owner = await newOwner(t);
  member = await issue(owner.token, owner.project, 'cli-member', 'member');
  viewer = await issue(owner.token, owner.project, 'cli-viewer', 'viewer');
});

const ID = (prefix: string) => new RegExp(`^${prefix}[0-9a-hjkmnp-tv-z]{24}$`);

/** `ubi …` with the member token; the output must be a success. */
async function ok(argv: string[], opts: Parameters<typeof ubi>[3] = {}) {
  const run = await ubi(url, member, argv, opts);
  expect(run.stderr, `ubi ${argv.join(' ')}`).toBe('');
  expect(run.exit).toBe(0);
  return run;
}

/** The ID a create printed ("… created with id: <id>"). */
const createdId = (stdout: string) => /with id: (\S+)\n$/.exec(stdout)![1]!;

describe('ubi help and version', () => {
  it('lists the commands, and helps with one', async () => {
    const { stdout } = await ok(['help']);
    expect(stdout).toMatch(
      /^CLI to interact with Ubicloud\n\nUsage:\n {4}ubi command \[command-options\] \.\.\.\n/,
    );
    for (const [word, desc] of <[string, string][]>[
      ['fw', 'Manage firewalls'],
      ['help', 'Get command help'],
      ['kc', 'Manage Kubernetes clusters'],
      ['lb', 'Manage load balancers'],
      ['pg', 'Manage PostgreSQL databases'],
      ['ps', 'Manage private subnets'],
      ['version', 'Display CLI program version'],
      ['vm', 'Manage virtual machines'],
    ]) {
      expect(stdout).toContain(`\n    ${word.padEnd(11)}${desc}\n`);
    }
    const vm = await ok(['help', 'vm']);
    expect(vm.stdout).toContain(
      'Usage:\n    ubi vm command [...]\n    ubi vm (location/vm-name | vm-id) [post-options] post-command [...]\n',
    );
    expect(vm.stdout).toMatch(
      /Post Commands:\n(.*\n)*\s+ssh\s+Connect to a virtual machine using `ssh`\n/,
    );
    expect(vm.stdout).toContain(
      'Post Options:\n    -4, --ip4                        use IPv4 address\n',
    );
    const create = await ok(['help', 'vm', 'create']);
    expect(create.stdout).toContain('    -s, --size=size                  server size\n');
    expect(create.stdout).toContain('    -i, --init-script=script         use given init script\n');
    expect(create.stdout).toContain(
      '    ubi vm eu-central-h1/my-vm-name create -i "$(cat /path/to/init/script)" registered-ssh-public-key-name\n',
    );
    expect(create.stdout).toMatch(/Allowed Option Values:\n {4}Boot Image: /);
    expect((await ok(['help', '-u', 'vm', 'list'])).stdout).toBe('ubi vm list [options]\n');
    // As the origin's: `help` and `version` are commands, not global options.
    const option = await ubi(url, member, ['--help']);
    expect(option.answers[0]!.status).toBe(400);
    expect(option.stderr).toBe(`! Invalid option: --help\n\n${(await ok(['help'])).stdout}`);
  });

  it('says the version the program sent, and "unknown" for one that is not a version', async () => {
    expect((await ok(['version'], { version: '1.2.3' })).stdout).toBe('1.2.3\n');
    expect((await ok(['version'], { version: 'undefined' })).stdout).toBe('unknown\n');
  });

  it('answers an unknown or missing command with 400 and the usage', async () => {
    const none = await ubi(url, member, []);
    expect(none.answers[0]!.status).toBe(400);
    expect(none.stderr).toMatch(/^! No subcommand provided\n\nCLI to interact with Ubicloud\n/);
    const bad = await ubi(url, member, ['frobnicate']);
    expect(bad.answers[0]!.status).toBe(400);
    expect(bad.stderr).toMatch(/^! Invalid subcommand: frobnicate\n\n/);
    expect(bad.answers[0]!.headers['content-type']).toMatch(/^text\/plain/);
  });
});

describe('a journey with subnets, VMs, databases and firewalls', () => {
  it('creates a subnet and a VM in it, lists, shows, reaches it with ssh and scp, and destroys it after confirming', async () => {
    const ps = await ok(['ps', `${LOC}/cli-net`, 'create']);
    expect(ps.stdout).toMatch(/^Private subnet created with id: ps\w{24}\n$/);
    const psId = createdId(ps.stdout);

    // -p takes the subnet's name; the key is pasted as the origin's examples do; -i gives
    // the init script.
    const vm = await ok([
      'vm',
      `${LOC}/cli-vm`,
      'create',
      '-p',
      'cli-net',
      '-s',
      'standard-2',
      '-i',
      'echo hello',
      SSH_KEY,
    ]);
    expect(vm.stdout).toMatch(/^VM created with id: vm\w{24}\n$/);
    const vmId = createdId(vm.stdout);
    expect(vmId).toMatch(ID('vm'));
    const record = await waitForVmState(t, member, owner.project, 'cli-vm', 'running');
    expect(record.subnet).toBe('cli-net');
    expect(record.ip4).not.toBeNull();
    const stored = await t.ctx.db
      .selectFrom('vm')
      .select('init_script')
      .where('id', '=', vmId)
      .executeTakeFirstOrThrow();
    expect(stored.init_script).toBe('echo hello');

    // list: a header and one row; -N drops the header, -f picks and orders the columns.
    const list = await ok(['vm', 'list']);
    const [header, row, end] = list.stdout.split('\n');
    expect(header).toMatch(/^location {7}name {4}id {26}ip4 +ip6 +$/);
    expect(row).toMatch(
      new RegExp(
        `^${LOC}  cli-vm  ${vmId}  ${record.ip4!.replaceAll('.', '\\.')} +${record.ip6!} *$`,
      ),
    );
    expect(end).toBe('');
    expect((await ok(['vm', 'list', '-N', '-f', 'name,id'])).stdout).toBe(`cli-vm  ${vmId}\n`);
    expect((await ok(['vm', 'list', '-Nf', 'id', '-l', LOC])).stdout).toBe(`${vmId}\n`);
    // An empty list is an empty line, as the origin prints it.
    expect((await ok(['vm', 'list', '-N', '-l', 'eu-north-h1'])).stdout).toBe('\n');
    expect((await ok(['ps', 'list', '-N', '-f', 'name,id'])).stdout).toBe(`cli-net  ${psId}\n`);

    // show, by location/name and by ID (also with the command word first).
    const show = await ok(['vm', `${LOC}/cli-vm`, 'show']);
    expect(show.stdout).toContain(
      `id: ${vmId}\nname: cli-vm\nstate: running\nlocation: ${LOC}\nsize: standard-2\nunix-user: ubi\nstorage-size-gib: 40\nboot-image: ubuntu-jammy\nip6: ${record.ip6}\n`,
    );
    expect(show.stdout).toContain(`ip4-enabled: true\nip4: ${record.ip4}\n`);
    expect(show.stdout).toContain('subnet: cli-net\nfirewall 1:\n');
    expect(show.stdout).toContain(`  name: cli-net-default\n`);
    expect(show.stdout).toContain(
      `  path: /location/${LOC}/firewall/cli-net-default\n  rules:\n    1: fr`,
    );
    expect(show.stdout).toMatch(/ {4}\d: fr\w{24} {2}0\.0\.0\.0\/0 {2}0\.\.65535 {2}tcp {2}\n/);
    expect((await ok(['vm', vmId, 'show', '-f', 'name,ip4-enabled'])).stdout).toBe(
      'name: cli-vm\nip4-enabled: true\n',
    );
    expect((await ok(['vm', 'show', `${LOC}/cli-vm`, '-f', 'id'])).stdout).toBe(`id: ${vmId}\n`);
    const psShow = await ok(['ps', psId, 'show', '-f', 'name,nics', '-n', 'name,vm-name']);
    expect(psShow.stdout).toBe('name: cli-net\nnic 1:\n  name: cli-vm-nic\n  vm-name: cli-vm\n');

    // ssh: the program runs `ssh [options] -- user@address [command]`, as ubi.go checks it.
    const ssh = await ok(['vm', `${LOC}/cli-vm`, 'ssh', '-A', '--', 'uptime', '-p']);
    expect(ssh.answers[0]!.headers['ubi-command-execute']).toBe('ssh');
    expect(ssh.exec).toEqual({
      program: 'ssh',
      args: ['-A', '--', `ubi@${record.ip4}`, 'uptime', '-p'],
    });
    const ssh6 = await ok(['vm', `${LOC}/cli-vm`, '-6', '-u', 'root', 'ssh']);
    expect(ssh6.exec!.args).toEqual(['--', `root@${record.ip6}`]);
    const scp = await ok(['vm', vmId, 'scp', '-r', 'local-dir', ':/tmp/']);
    expect(scp.exec).toEqual({
      program: 'scp',
      args: ['-r', '--', 'local-dir', `ubi@${record.ip4}:/tmp/`],
    });
    const scp6 = await ok(['vm', vmId, '-6', 'scp', ':/etc/hosts', 'hosts']);
    expect(scp6.exec!.args).toEqual(['--', `ubi@[${record.ip6}]:/etc/hosts`, 'hosts']);
    const sftp = await ok(['vm', vmId, 'sftp', '-b', 'batch']);
    expect(sftp.exec!.args).toEqual(['-b', 'batch', '--', `ubi@${record.ip4}`]);
    const twoRemote = await ubi(url, member, ['vm', vmId, 'scp', ':a', ':b']);
    expect(twoRemote.answers[0]!.status).toBe(400);
    expect(twoRemote.stderr).toBe("! Only one path should be remote (start with ':')\n");

    // restart, stop and start answer at once with the VM's ID.
    expect((await ok(['vm', vmId, 'restart'])).stdout).toBe(
      `Scheduled restart of VM with id ${vmId}\n`,
    );

    // destroy: a prompt first; a wrong answer changes nothing; the name destroys it.
    const refused = await ubi(url, member, ['vm', `${LOC}/cli-vm`, 'destroy'], { answer: 'nope' });
    expect(refused.answers[0]!.headers['ubi-confirm']).toBe('Confirmation');
    expect(refused.stdout).toBe(
      'Destroying this virtual machine is not recoverable.\nEnter the following to confirm destruction of the virtual machine: cli-vm\n\nConfirmation: ',
    );
    expect(refused.answers[1]!.status).toBe(400);
    expect(refused.stderr).toBe('! Confirmation of virtual machine name not successful.\n');
    expect(
      (
        await t.call('getVm', {
          token: member,
          params: { project_id: owner.project, location_name: LOC, vm_name: 'cli-vm' },
        })
      ).status,
    ).toBe(200);
    const destroyed = await ubi(url, member, ['vm', `${LOC}/cli-vm`, 'destroy'], {
      answer: 'cli-vm',
    });
    expect(destroyed.stderr).toBe('');
    expect(destroyed.stdout).toMatch(
      /Confirmation: Virtual machine, if it exists, is now scheduled for destruction\n$/,
    );
    await pollUntil(
      () =>
        t.call('getVm', {
          token: member,
          params: { project_id: owner.project, location_name: LOC, vm_name: 'cli-vm' },
        }),
      (r) => r.status === 404,
      'the VM to be gone',
    );
  });

  it('creates, lists, shows and destroys a PostgreSQL database', async () => {
    const created = await ok([
      'pg',
      `${LOC}/cli-pg`,
      'create',
      '-s',
      'standard-2',
      '-v',
      '17',
      '-t',
      'team=web',
    ]);
    expect(created.stdout).toMatch(/^PostgreSQL database created with id: pg\w{24}\n$/);
    const id = createdId(created.stdout);
    expect((await ok(['pg', 'list', '-N', '-f', 'name,id,version,flavor'])).stdout).toBe(
      `cli-pg  ${id}  17  standard\n`,
    );
    const show = await ok([
      'pg',
      `${LOC}/cli-pg`,
      'show',
      '-f',
      'name,version,ha-type,firewall-rules',
    ]);
    expect(show.stdout).toMatch(
      /^name: cli-pg\nversion: 17\nha-type: none\nfirewall-rules:\n( {2}\d: fr\w{24} {2}\S+ {2}\d+ {2}.*\n)*$/,
    );
    const psql = await ok(['pg', id, '-d', 'app', 'psql', '-c', 'select 1']);
    expect(psql.exec!.program).toBe('psql');
    expect(psql.exec!.args.slice(0, 3)).toEqual(['-c', 'select 1', '--']);
    expect(psql.exec!.args[3]).toMatch(
      /^postgres:\/\/postgres:[^@]+@cli-pg\.pg\w{24}\.postgres\.[^/]+:5432\/app\?sslmode=require$/,
    );
    // A client of 1.1.0 or later takes the password in a header, out of the command line.
    const hidden = await ok(['pg', id, 'psql'], { version: '1.1.0' });
    expect(hidden.exec!.args[1]).toMatch(/^postgres:\/\/postgres@/);
    expect(hidden.answers[0]!.headers['ubi-pgpassword']).toBeTruthy();
    const reset = await ok(['pg', id, 'reset-superuser-password', 'NewPassword12345']);
    expect(reset.stdout).toBe(
      `Superuser password reset scheduled for PostgreSQL database with id: ${id}\n`,
    );
    expect((await ok(['pg', `${LOC}/cli-pg`, 'destroy', '-f'])).stdout).toBe(
      'PostgreSQL database, if it exists, is now scheduled for destruction\n',
    );
  });

  it('creates a firewall, adds and deletes a rule, attaches a subnet, and shows it', async () => {
    const created = await ok(['fw', `${LOC}/cli-fw`, 'create', '-d', 'web servers']);
    const fwId = createdId(created.stdout);
    expect(fwId).toMatch(ID('fw'));
    const added = await ok(['fw', `${LOC}/cli-fw`, 'add-rule', '-s', '22', '10.1.0.0/16']);
    expect(added.stdout).toMatch(/^Added firewall rule with id: fr\w{24}\n$/);
    const ruleId = createdId(added.stdout);
    await ok(['fw', fwId, 'add-rule', '-s', '80', '-e', '443', '-d', 'web', '0.0.0.0/0']);
    await ok(['ps', `${LOC}/cli-fw-net`, 'create', '-f', 'cli-fw']);
    const show = await ok([
      'fw',
      fwId,
      'show',
      '-f',
      'name,description,firewall-rules,private-subnets',
      '-p',
      'name',
      '-r',
      'id,cidr,port-range',
    ]);
    expect(show.stdout).toBe(
      `name: cli-fw\ndescription: web servers\nrules:\n  1: ${ruleId}  10.1.0.0/16  22..22  \n  2: ${show.stdout.match(/2: (fr\w{24})/)![1]}  0.0.0.0/0  80..443  \nprivate subnet 1:\n  name: cli-fw-net\n`,
    );
    expect((await ok(['fw', fwId, 'delete-rule', ruleId])).stdout).toBe(
      'Firewall rule, if it existed, has been deleted\n',
    );
    // A subnet's name as the CIDR: a rule for each of its networks; -p picks the protocol.
    const bySubnet = await ok(['fw', fwId, 'add-rule', '-p', 'udp', '-s', '53', 'cli-fw-net']);
    expect(bySubnet.stdout).toMatch(/^Added firewall rules with ids: fr\w{24} fr\w{24}\n$/);
    const udp = await ok(['fw', fwId, 'show', '-f', 'firewall-rules', '-r', 'port-range,protocol']);
    expect(udp.stdout).toBe(
      'rules:\n  1: 80..443  tcp  \n  2: 53..53  udp  \n  3: 53..53  udp  \n',
    );
    const badProtocol = await ubi(url, member, ['fw', fwId, 'add-rule', '-p', 'icmp', '1.2.3.4']);
    expect(badProtocol.answers[0]!.status).toBe(400);
    expect(badProtocol.stderr).toContain('protocol must be tcp or udp.');
    const help = await ok(['help', 'fw', 'add-rule']);
    expect(help.stdout).toContain(
      `ubi fw (location/fw-name | fw-id) add-rule [options] (cidr | ps-id | ps-name)\n`,
    );
    expect(help.stdout).toContain(
      '    -p, --protocol=protocol          protocol to allow (tcp or udp, default: tcp)\n',
    );
    expect((await ok(['fw', fwId, 'detach-subnet', 'cli-fw-net'])).stdout).toBe(
      `Detached private subnet cli-fw-net from firewall with id ${fwId}\n`,
    );
    expect((await ok(['fw', fwId, 'attach-subnet', 'cli-fw-net'])).stdout).toBe(
      `Attached private subnet cli-fw-net to firewall with id ${fwId}\n`,
    );
    expect((await ok(['fw', 'list', '-N', '-f', 'name', '-l', LOC])).stdout).toMatch(/^cli-fw *$/m);
    const wrongRule = await ubi(url, member, ['fw', fwId, 'add-rule', 'not-a-cidr']);
    expect(wrongRule.answers[0]!.status).toBe(400);
    expect(wrongRule.stderr).toMatch(
      /^! Unexpected response status: 400\nDetails: .+\n {2}cidr: .+\n$/,
    );
  });

  it('connects two subnets by name or ID and disconnects them, in the origin words (ps connect_spec, disconnect_spec)', async () => {
    await ok(['ps', `${LOC}/cli-a`, 'create']);
    const b = createdId((await ok(['ps', `${LOC}/cli-b`, 'create'])).stdout);
    const a = createdId(
      (await ok(['ps', `${LOC}/cli-a`, 'show', '-f', 'id'])).stdout.replace('id: ', 'with id: '),
    );
    // A name is the subnet of that name in the subnet's own location.
    expect((await ok(['ps', `${LOC}/cli-a`, 'connect', 'cli-b'])).stdout).toBe(
      `Connected private subnet cli-b to ${a}\n`,
    );
    expect((await ok(['ps', `${LOC}/cli-a`, 'connect', b])).stdout).toBe(
      `Connected private subnet ${b} to ${a}\n`,
    );
    const self = await ubi(url, member, ['ps', `${LOC}/cli-a`, 'connect', 'cli-a']);
    expect(self.answers[0]!.status).toBe(400);
    expect(self.stderr).toBe(
      '! Unexpected response status: 400\nDetails: Cannot connect private subnet to itself\n',
    );
    const unknown = await ubi(url, member, [
      'ps',
      `${LOC}/cli-a`,
      'connect',
      newId('privateSubnet'),
    ]);
    expect(unknown.answers[0]!.status).toBe(400);
    expect(unknown.stderr).toBe(
      '! Unexpected response status: 400\nDetails: Subnet to be connected not found\n',
    );
    expect((await ok(['ps', a, 'disconnect', 'cli-b'])).stdout).toBe(
      `Disconnected private subnet cli-b from ${a}\n`,
    );
    expect((await ok(['ps', a, 'disconnect', b])).stdout).toBe(
      `Disconnected private subnet ${b} from ${a}\n`,
    );
    const gone = await ubi(url, member, ['ps', a, 'disconnect', newId('privateSubnet')]);
    expect(gone.answers[0]!.status).toBe(400);
    expect(gone.stderr).toBe(
      '! Unexpected response status: 400\nDetails: Subnet to be disconnected not found\n',
    );
    // A name the location does not have: the lookup's 404, in the origin's words.
    const missing = await ubi(url, member, ['ps', a, 'disconnect', 'foo2']);
    expect(missing.answers[0]!.status).toBe(404);
    expect(missing.stderr).toBe(
      '! Unexpected response status: 404\nDetails: Sorry, we couldn’t find the resource you’re looking for.\n',
    );
    expect((await ok(['help', 'ps', 'connect'])).stdout).toContain(
      'ubi ps (location/ps-name | ps-id) connect (ps-name | ps-id)\n',
    );
  });
});

describe('load balancers and Kubernetes clusters', () => {
  it('creates a load balancer, attaches and detaches a VM, shows, lists and destroys it', async () => {
    await ok(['ps', `${LOC}/cli-lb-net`, 'create']);
    const vmId = createdId(
      (await ok(['vm', `${LOC}/cli-lb-vm`, 'create', '-6', '-p', 'cli-lb-net', SSH_KEY])).stdout,
    );
    await waitForVmState(t, member, owner.project, 'cli-lb-vm', 'running');
    // -6: no IPv4 address, so ssh -4 has nothing to reach.
    const noIp4 = await ubi(url, member, ['vm', vmId, '-4', 'ssh']);
    expect(noIp4.answers[0]!.status).toBe(400);
    expect(noIp4.stderr).toBe('! No valid IPv4 address for requested VM\n');
    const created = await ok([
      'lb',
      `${LOC}/cli-lb`,
      'create',
      '-a',
      'hash_based',
      '-p',
      'tcp',
      '-c',
      'true',
      // An IPv6 load balancer takes the VM without IPv4; a dual-stack one refuses it.
      '-s',
      'ipv6',
      'cli-lb-net',
      '80',
      '8080',
    ]);
    expect(created.stdout).toMatch(/^Load balancer created with id: 1b\w{24}\n$/);
    const lbId = createdId(created.stdout);
    expect((await ok(['lb', 'list', '-N', '-f', 'name,src-port,dst-port'])).stdout).toBe(
      'cli-lb  80  8080\n',
    );
    await ok(['lb', `${LOC}/cli-lb-dual`, 'create', 'cli-lb-net', '81', '8081']);
    const refused = await ubi(url, member, ['lb', `${LOC}/cli-lb-dual`, 'attach-vm', vmId]);
    expect(refused.stderr).toBe(
      '! Unexpected response status: 400\nDetails: Validation failed for following fields: vm_id\n  vm_id: You cannot attach a VM to a load balancer with IPv4 enabled if the VM does not have IPv4 enabled\n',
    );
    await ok(['lb', `${LOC}/cli-lb-dual`, 'destroy', '-f']);
    expect((await ok(['lb', lbId, 'attach-vm', 'cli-lb-vm'])).stdout).toBe(
      `Attached VM cli-lb-vm to load balancer with id ${lbId}\n`,
    );
    const show = await ok([
      'lb',
      `${LOC}/cli-lb`,
      'show',
      '-f',
      'name,algorithm,health-check-protocol,src-port,subnet,vms,cert-enabled',
    ]);
    expect(show.stdout).toBe(
      `name: cli-lb\nalgorithm: hash_based\nhealth-check-protocol: tcp\nsrc-port: 80\nsubnet: cli-lb-net\nvms:\n  ${vmId}\ncert-enabled: true\n`,
    );
    expect((await ok(['lb', lbId, 'detach-vm', vmId])).stdout).toBe(
      `Detached VM ${vmId} from load balancer with id ${lbId}\n`,
    );
    expect((await ok(['lb', lbId, 'show', '-f', 'vms'])).stdout).toBe('vms:\n');
    expect((await ok(['lb', lbId, 'destroy', '-f'])).stdout).toBe(
      'Load balancer, if it exists, is now scheduled for destruction\n',
    );
    const stopped = await ok(['vm', vmId, 'stop']);
    expect(stopped.stdout).toBe(
      `Scheduled stop of VM with id ${vmId}.\nNote that stopped VMs still accrue billing charges. To stop billing charges,\ndestroy the VM.\n`,
    );
    await waitForVmState(t, member, owner.project, 'cli-lb-vm', 'stopped');
    expect((await ok(['vm', vmId, 'start'])).stdout).toBe(
      `Scheduled start of VM with id ${vmId}\n`,
    );
  });

  it('creates a Kubernetes cluster, shows it with its node pool, prints its kubeconfig and destroys it', async () => {
    const created = await ok([
      'kc',
      `${LOC}/cli-kc`,
      'create',
      '-c',
      '1',
      '-w',
      '2',
      '-z',
      'standard-2',
    ]);
    expect(created.stdout).toMatch(/^Kubernetes cluster created with id: kc\w{24}\n$/);
    const id = createdId(created.stdout);
    await pollUntil(
      () =>
        t.call('getKubernetesCluster', {
          token: member,
          params: { project_id: owner.project, location: LOC, kubernetes_cluster_reference: id },
        }),
      (r) => r.status === 200 && r.body.display_state === 'running',
      'the cluster to run',
    );
    expect((await ok(['kc', 'list', '-N', '-f', 'name,display_state,cp_node_count'])).stdout).toBe(
      'cli-kc  running  1\n',
    );
    const show = await ok([
      'kc',
      id,
      'show',
      '-f',
      'name,nodepools',
      '-n',
      'name,node-count,vms',
      '-v',
      'name',
    ]);
    expect(show.stdout).toMatch(
      /^name: cli-kc\nnodepool 1:\n {2}name: cli-kc-np\n {2}node-count: 2\n {2}vm 1:\n {4}name: \S+\n {2}vm 2:\n {4}name: \S+\n$/,
    );
    const kubeconfig = await ok(['kc', `${LOC}/cli-kc`, 'kubeconfig']);
    expect(kubeconfig.stdout).toMatch(/^apiVersion: v1\n/m);
    const prompt = await ubi(url, member, ['kc', `${LOC}/cli-kc`, 'destroy']);
    expect(prompt.stdout).toBe(
      'Destroying this Kubernetes cluster is not recoverable.\nEnter the following to confirm destruction of the Kubernetes cluster: cli-kc\n\nConfirmation: ',
    );
    expect((await ok(['kc', `${LOC}/cli-kc`, 'destroy'], { answer: 'cli-kc' })).stdout).toMatch(
      /Kubernetes cluster, if it exists, is now scheduled for destruction\n$/,
    );
  });

  it("records each change in the audit log under the CLI request's ID", async () => {
    const run = await ok(['ps', `${LOC}/cli-audited`, 'create']);
    const requestId = run.answers[0]!.headers['x-request-id'];
    const log = await t.call('listAuditLog', {
      token: owner.token,
      params: { project_id: owner.project },
    });
    expect(log.status, log.text).toBe(200);
    expect(
      log.body.items.find((e) => e.action === 'ps/create' && e.object?.name === 'cli-audited'),
    ).toMatchObject({ request_id: requestId, success: true });
  });
});

describe('who may do what', () => {
  it("refuses a viewer's token a create, and lets it list and show", async () => {
    const refused = await ubi(url, viewer, ['ps', `${LOC}/viewer-net`, 'create']);
    expect(refused.answers[0]!.status).toBe(403);
    expect(refused.stderr).toMatch(
      /^! Unexpected response status: 403\nDetails: Your role in this project \(viewer, through this token\) does not allow this\./,
    );
    expect(
      (
        await t.call('getPrivateSubnet', {
          token: member,
          params: { project_id: owner.project, location_name: LOC, ps_name: 'viewer-net' },
        })
      ).status,
    ).toBe(404);
    const listed = await ubi(url, viewer, ['ps', 'list', '-N', '-f', 'name']);
    expect(listed.exit).toBe(0);
    expect(listed.stdout).toMatch(/^cli-net *$/m);
    expect((await ubi(url, viewer, ['ps', `${LOC}/cli-net`, 'show', '-f', 'name'])).stdout).toBe(
      'name: cli-net\n',
    );
    const destroyed = await ubi(url, viewer, ['ps', `${LOC}/cli-net`, 'destroy', '-f']);
    expect(destroyed.answers[0]!.status).toBe(403);
  });

  it("answers another project's object exactly as one that does not exist", async () => {
    const other = await stranger(t);
    const otherProject = await newProject(t, other.token, 'elsewhere');
    const theirs = await issue(other.token, otherProject, 'theirs', 'admin');
    const subnet = await t.call('createPrivateSubnet', {
      token: theirs,
      params: { project_id: otherProject, location_name: LOC, ps_name: 'secret-net' },
    });
    expect(subnet.status).toBe(200);
    // By name: the same 404 as a name that is nowhere.
    const foreign = await ubi(url, member, ['ps', `${LOC}/secret-net`, 'show']);
    const missing = await ubi(url, member, ['ps', `${LOC}/nowhere-net`, 'show']);
    expect(foreign.answers[0]!.status).toBe(404);
    expect(foreign.stderr).toBe(missing.stderr.replace('nowhere-net', 'secret-net'));
    // By ID: the same "no such object" as an ID that was never made.
    const byId = await ubi(url, member, ['ps', subnet.body.id, 'show']);
    expect(byId.answers[0]!.status).toBe(400);
    expect(byId.stderr).toMatch(
      new RegExp(
        `^! No private subnet with id ${subnet.body.id} exists\n\nManage private subnets\n`,
      ),
    );
    const never = 'ps0000000000000000000000000';
    expect((await ubi(url, member, ['ps', never.slice(0, 26), 'show'])).stderr).toBe(
      byId.stderr.replaceAll(subnet.body.id, never.slice(0, 26)),
    );
    // Their destroy, with their name confirmed, changes nothing of theirs.
    await ok(['ps', `${LOC}/secret-net`, 'destroy'], { answer: 'secret-net' });
    expect(
      (
        await t.call('getPrivateSubnet', {
          token: theirs,
          params: { project_id: otherProject, location_name: LOC, ps_name: 'secret-net' },
        })
      ).body.state,
    ).toBe('available');
  });

  it('takes a login token for an account of one project, or with the project named in X-Ubi-Project; no cookie', async () => {
    const only = await ubi(url, owner.token, ['ps', 'list', '-N', '-f', 'name']);
    expect(only.stdout).toMatch(/^cli-net *$/m);
    await newProject(t, owner.token, 'second');
    const listed = await ubi(url, owner.token, ['ps', 'list', '-N', '-f', 'name'], {
      headers: { 'x-ubi-project': owner.project },
    });
    expect(listed.stdout).toMatch(/^cli-net *$/m);
    const several = await ubi(url, owner.token, ['ps', 'list']);
    expect(several.answers[0]!.status).toBe(400);
    expect(several.stderr).toMatch(/several projects: use a personal access token/);
    const cookieOnly = await fetch(url, {
      method: 'POST',
      headers: {
        cookie: `session=${owner.cookie}`,
        'content-type': 'application/json',
        origin: t.base,
      },
      body: JSON.stringify({ argv: ['ps', 'list'] }),
    });
    // As the origin answers: no bearer token is 400, a token that is not valid 401.
    expect(cookieOnly.status).toBe(400);
    expect(await cookieOnly.text()).toBe(
      '! Invalid request: No valid personal access token provided\n',
    );
    const notBearer = await fetch(url, {
      method: 'POST',
      headers: { authorization: 'Foo', 'content-type': 'application/json' },
      body: JSON.stringify({ argv: ['version'] }),
    });
    expect(notBearer.status).toBe(400);
    expect(await notBearer.text()).toBe(
      '! Invalid request: No valid personal access token provided\n',
    );
    const badToken = await ubi(url, 'cct_not-a-real-token', ['ps', 'list']);
    expect(badToken.answers[0]!.status).toBe(401);
    expect(badToken.stderr).toBe('! Invalid personal access token provided\n');
  });

  it('serves the same at /api/cli', async () => {
    expect(
      (await ubi(`${t.base}/api/cli`, member, ['ps', 'list', '-N', '-f', 'name'])).stdout,
    ).toMatch(/^cli-net *$/m);
  });
});

describe('bad command lines', () => {
  it('answers a body without a list of strings 400 in text', async () => {
    for (const body of [
      '{"argv":"vm list"}',
      '{"argv":[1]}',
      '{}',
      'vm list',
      '[]',
      '{"argv":["ps","list\\u0000"]}',
      `{"argv":${JSON.stringify(Array(1001).fill('x'))}}`,
    ]) {
      const res = await fetch(url, {
        method: 'POST',
        headers: { authorization: `Bearer: ${member}`, 'content-type': 'application/json' },
        body,
      });
      expect(res.status, body).toBe(400);
      expect(res.headers.get('content-type')).toMatch(/^text\/plain/);
      expect(await res.text()).toBe('! Invalid request: No or invalid argv parameter provided\n');
    }
  });

  it('answers bad options, references, fields and arguments 400 with the usage', async () => {
    const cases: [string[], RegExp][] = [
      [
        ['vm', 'list', 'extra'],
        /^! Invalid number of arguments for vm list subcommand \(requires: 0, given: 1\)\n\nList virtual machines\n/,
      ],
      [
        ['vm', 'list', '-f', 'name,bogus'],
        /^! Invalid field\(s\) given in vm list -f option: bogus\n/,
      ],
      [['vm', 'list', '-f', 'name,name'], /^! Duplicate field\(s\) in vm list -f option\n/],
      [['vm', 'list', '-f', ','], /^! No fields given in vm list -f option\n/],
      [
        ['vm', 'list', '-l', 'Not/A/Location'],
        /^! Invalid location provided in vm list -l option\n/,
      ],
      [['vm', 'list', '-X'], /^! Invalid option: -X\n/],
      [['vm', 'list', '-f'], /^! Missing argument: -f\n/],
      [
        ['vm', 'a/b/c', 'show'],
        /^! Invalid vm reference \("a\/b\/c"\), should be in location\/vm-name or vm-id format\n\nManage virtual machines\n/,
      ],
      [['vm', 'just-a-name', 'show'], /^! Invalid vm reference \("just-a-name"\)/],
      [['vm', `${LOC}/x`, 'frob'], /^! Invalid post subcommand: frob\n/],
      [
        ['vm', `${LOC}/x`],
        /^! Invalid number of arguments for vm subcommand \(requires: 2\.\.\., given: 1\)\n/,
      ],
      [['vm', `${LOC}/x`, '-4'], /^! No post subcommand provided\n/],
      [['vm', `${LOC}/x`, '-X', 'ssh'], /^! Invalid option: -X\n/],
      [
        ['vm', `${LOC}/x`, 'create'],
        /^! Invalid number of arguments for vm create subcommand \(requires: 1, given: 0\)\n\nCreate a virtual machine\n/,
      ],
      [
        ['vm', `${LOC}/x`, 'show', '-f', 'bogus'],
        /^! Invalid field\(s\) given in vm show -f option: bogus\n/,
      ],
      [['vm', `${LOC}/x`, 'scp', 'one'], /^! Must provide 2 paths/],
      [['pg', `${LOC}/x`, 'create', '-s', 'giant'], /^! Invalid argument: -s giant\n/],
      [
        ['lb', `${LOC}/x`, 'create', 'net', 'eighty', '80'],
        /^! Invalid src-port argument: "eighty"\n/,
      ],
      [['vm', 'list', '-N=1'], /^! Needless argument: -N=1\n/],
      [['pg', `${LOC}/x`, 'create', '-S', '100'], /^! Invalid argument: -S 100\n/],
      [
        ['pg', `${LOC}/x`, 'add-config-entries'],
        /^! Invalid number of arguments for pg add-config-entries subcommand \(requires: 1\.\., given: 0\)\n/,
      ],
      [
        ['lb', `${LOC}/x`, 'create', '-c', 'maybe', 'net', '80', '80'],
        /^! Invalid cert-enabled argument: "maybe"\n/,
      ],
      [['help', 'nothing'], /^! Invalid command: nothing\n/],
      [['--frob'], /^! Invalid option: --frob\n/],
    ];
    for (const [argv, expected] of cases) {
      const run = await ubi(url, member, argv);
      expect(run.answers[0]!.status, argv.join(' ')).toBe(400);
      expect(run.stderr, argv.join(' ')).toMatch(expected);
    }
  });

  it('never answers 500, whatever the arguments', async () => {
    const words = [
      'vm',
      'ps',
      'fw',
      'lb',
      'pg',
      'kc',
      'help',
      'list',
      'show',
      'create',
      'destroy',
      'ssh',
      '-f',
      '-N',
      '-l',
      '--',
      '--confirm',
      `${LOC}/cli-net`,
      `${LOC}/%2e%2e`,
      '../..',
      'vm00000000000000000000000000',
      '',
      '-',
      ' ',
      'é',
      '\u202e',
      '%00',
      'a/b',
    ];
    let seed = 7;
    const next = () => (seed = (seed * 1103515245 + 12345) % 2 ** 31);
    for (let i = 0; i < 150; i++) {
      const argv = Array.from({ length: 1 + (next() % 6) }, () => words[next() % words.length]!);
      const answer = await sendArgv(url, viewer, argv);
      expect(answer.status, JSON.stringify(argv)).toBeLessThan(500);
      expect(answer.headers['content-type'], JSON.stringify(argv)).toMatch(/^text\/plain/);
    }
  });
});

describe("ubi.go's check of an answer to run", () => {
  it('accepts only arguments of the argv, `--`, and one more after it', () => {
    const argv = ['ubi', 'vm', `${LOC}/x`, 'ssh', '-A', '--', 'uptime'];
    expect(
      validateArguments(argv, 'ssh', ['-A', '--', 'ubi@203.0.113.5', 'uptime']),
    ).toBeUndefined();
    expect(validateArguments(argv, 'ssh', ['-A', 'ubi@203.0.113.5'])).toMatch(/before '--'/);
    expect(validateArguments(argv, 'ssh', ['--', 'ubi@203.0.113.5', 'rm'])).toMatch(
      /multiple arguments/,
    );
    expect(validateArguments(argv, 'ssh', ['-A', 'uptime'])).toMatch(/no '--'/);
  });
});
