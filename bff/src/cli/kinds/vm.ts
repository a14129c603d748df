// `ubi vm`: list, create, show, destroy, rename, restart, start, stop, ssh, scp, sftp.
import type { BodyInputOf } from '#shared/routes';
import { BOOT_IMAGE_NAMES, VM_SIZES } from '#shared/catalog';
import { isId } from '#shared/ids';
import { NAME_PATTERN } from '#shared/names';
import {
  execute,
  reply,
  type CliReply,
  type Leaf,
  type OptionSpec,
  type PostContext,
} from '../command.ts';
import {
  destroyCommand,
  showCommand,
  KINDS,
  kindGroup,
  listCommand,
  optionText,
  renameCommand,
  underscore,
} from '../common.ts';
import { FIREWALL_PARTS, firewallsField } from '../firewall-text.ts';
import { ApiFailure } from '../internal-api.ts';

const k = KINDS.vm;
const VM_SIZE_NAMES = VM_SIZES.map((s) => s.name);
const REF = '(location/vm-name | vm-id)';

const SHOW_FIELDS = [
  'id',
  'name',
  'state',
  'location',
  'size',
  'unix-user',
  'storage-size-gib',
  'boot-image',
  'ip6',
  'ip4-enabled',
  'ip4',
  'private-ipv4',
  'private-ipv6',
  'subnet',
  'firewalls',
];

export const SSH_OPTIONS: OptionSpec[] = [
  { short: '4', long: 'ip4', desc: 'use IPv4 address' },
  { short: '6', long: 'ip6', desc: 'use IPv6 address' },
  { short: 'u', long: 'user', arg: 'user', spaced: true, desc: 'override username' },
];

const getVm = (c: PostContext) =>
  c.api.call('getVm', { location_name: c.target.location, vm_name: c.target.ref });

/**
 * The address and user to connect to, chosen as the origin does: `-4` or `-6` when given,
 * else IPv6 first for a client that came over IPv6 and IPv4 first otherwise.
 */
async function sshTarget(
  c: PostContext,
  build: (user: string, address: string) => string[],
): Promise<CliReply> {
  const vm = await getVm(c);
  const opts = c.postOptions;
  let address: string | null | undefined;
  if (opts.ip4 === true) address = vm.ip4;
  else if (opts.ip6 === true) address = vm.ip6;
  else address = c.ipv6 ? (vm.ip6 ?? vm.ip4) : (vm.ip4 ?? vm.ip6);
  if (!address) return reply('! No valid IPv4 address for requested VM', 400);
  return execute(build(optionText(opts, 'user') ?? vm.unix_user, address));
}

const bracketed = (address: string) => (address.includes(':') ? `[${address}]` : address);

/** The origin's failure for a key that is neither a saved key's name nor a key line. */
const badKey = (c: PostContext, given: string) =>
  c.fail(`invalid SSH public key provided:

${given}

The public key given must be the name of a registered SSH public key,
or must be a valid SSH public key`);

/**
 * A saved SSH public key of the project may be named instead of pasted (a word without a
 * space, as the origin's VM create reads it); an unknown name is a bad key.
 */
async function publicKeyOf(c: PostContext, given: string): Promise<string> {
  if (given.includes(' ') || !NAME_PATTERN.test(given)) return given;
  try {
    return (await c.api.call('getSshPublicKey', { ssh_public_key_reference: given })).public_key;
  } catch (err) {
    if (err instanceof ApiFailure && err.status === 404) badKey(c, given);
    throw err;
  }
}

const STORAGE_SIZES = [...new Set(VM_SIZES.flatMap((s) => s.storageOptionsGib))]
  .sort((one, other) => one - other)
  .map(String);

const create: Leaf<PostContext> = {
  desc: 'Create a virtual machine',
  usage: ['ubi vm location/vm-name create [options] public-key'],
  examples: [
    'ubi vm eu-central-h1/my-vm-name create "$(cat ~/.ssh/id_ed25519.pub)"',
    'ubi vm eu-central-h1/my-vm-name create "$(cat ~/.ssh/authorized_keys)"',
    'ubi vm eu-central-h1/my-vm-name create registered-ssh-public-key-name',
    'ubi vm eu-central-h1/my-vm-name create -i "$(cat /path/to/init/script)" registered-ssh-public-key-name',
  ],
  options: [
    { short: '6', long: 'ipv6-only', desc: 'do not enable IPv4' },
    { short: 'b', long: 'boot-image', arg: 'image_name', desc: 'boot image' },
    { short: 'i', long: 'init-script', arg: 'script', desc: 'use given init script' },
    {
      short: 'p',
      long: 'private-subnet-id',
      arg: 'ps-id',
      desc: 'place VM into specific private subnet (also accepts ps-name)',
    },
    { short: 's', long: 'size', arg: 'size', choices: VM_SIZE_NAMES, desc: 'server size' },
    { short: 'S', long: 'storage-size', arg: 'size', choices: STORAGE_SIZES, desc: 'storage size' },
    { short: 'u', long: 'unix-user', arg: 'username', desc: 'username (default: ubi)' },
  ],
  optionValues: [
    ['Boot Image:', BOOT_IMAGE_NAMES],
    ['Size:', VM_SIZE_NAMES],
    ['Storage Size:', STORAGE_SIZES],
  ],
  args: 1,
  async run(c, [key], opts) {
    let subnet = optionText(opts, 'private-subnet-id');
    if (subnet !== undefined && !isId('privateSubnet', subnet) && NAME_PATTERN.test(subnet)) {
      subnet = (
        await c.api.call('getPrivateSubnet', { location_name: c.target.location, ps_name: subnet })
      ).id;
    }
    // The origin's CLI sends enable_ip4 "1" unless -6; our API takes a boolean. The other
    // values go as typed; the API checks them and its message is printed.
    const body: Record<string, unknown> = {
      public_key: await publicKeyOf(c, key!),
      enable_ip4: opts['ipv6-only'] !== true,
    };
    if (subnet !== undefined) body.private_subnet_id = subnet;
    for (const option of ['boot-image', 'init-script', 'size', 'storage-size', 'unix-user']) {
      const value = optionText(opts, option);
      if (value !== undefined) body[underscore(option)] = value;
    }
    try {
      const vm = await c.api.call(
        'createVm',
        { location_name: c.target.location, vm_name: c.target.ref },
        { body: body as BodyInputOf<'createVm'> },
      );
      return reply(`VM created with id: ${vm.id}`);
    } catch (err) {
      // The origin's CLI words a refused key itself, with the usage (when the key alone is refused).
      const fields = err instanceof ApiFailure && err.status === 400 ? err.details : null;
      if (fields && Object.keys(fields).join() === 'public_key') badKey(c, key!);
      throw err;
    }
  },
};

const show = showCommand(
  k,
  SHOW_FIELDS,
  async (c) => {
    const vm = await getVm(c);
    return { ...vm, ip4_enabled: vm.ip4 !== null };
  },
  {
    firewalls: firewallsField('    '),
  },
  [...FIREWALL_PARTS],
);

/** restart, start, stop: an action that answers the VM. */
function action(
  op: 'restartVm' | 'startVm' | 'stopVm',
  verb: string,
  desc: string,
  after = '',
): Leaf<PostContext> {
  return {
    desc,
    usage: [`ubi vm ${REF} ${verb}`],
    async run(c) {
      const vm = await c.api.call(op, { location: c.target.location, vm_reference: c.target.ref });
      return reply(`Scheduled ${verb} of VM with id ${vm.id}${after}`);
    },
  };
}

const ssh: Leaf<PostContext> = {
  desc: 'Connect to a virtual machine using `ssh`',
  usage: [`ubi vm ${REF} [options] ssh [ssh-options --] [remote-cmd [remote-cmd-arg ...]]`],
  raw: true,
  args: { min: 0 },
  run(c, argv) {
    return sshTarget(c, (user, address) => {
      const sep = argv.indexOf('--');
      const options = sep < 0 ? [] : argv.slice(0, sep);
      const command = sep < 0 ? argv : argv.slice(sep + 1);
      return ['ssh', ...options, '--', `${user}@${address}`, ...command];
    });
  },
};

const scp: Leaf<PostContext> = {
  desc: 'Copy files to or from virtual machine using `scp`',
  usage: [
    `ubi vm ${REF} [options] scp [scp-options] (local-path :remote-path | :remote-path local-path)`,
  ],
  raw: true,
  args: {
    min: 2,
    message: "must provide 2 paths: either 'local-path :remote-path' or ':remote-path local-path'",
  },
  async run(c, argv) {
    const options = argv.slice(0, -2);
    let [path1, path2] = argv.slice(-2) as [string, string];
    const remote1 = path1.startsWith(':');
    if (remote1 === path2.startsWith(':'))
      return reply("! Only one path should be remote (start with ':')", 400);
    return sshTarget(c, (user, address) => {
      const remote = `${user}@${bracketed(address)}`;
      if (remote1) path1 = remote + path1;
      else path2 = remote + path2;
      return ['scp', ...options, '--', path1, path2];
    });
  },
};

const sftp: Leaf<PostContext> = {
  desc: 'Copy files to or from virtual machine using `sftp`',
  usage: [`ubi vm ${REF} [options] sftp [sftp-options]`],
  raw: true,
  args: { min: 0 },
  run(c, argv) {
    return sshTarget(c, (user, address) => [
      'sftp',
      ...argv,
      '--',
      `${user}@${bracketed(address)}`,
    ]);
  },
};

export const vmGroup = kindGroup(k, {
  commands: {
    list: listCommand(k, ['location', 'name', 'id', 'ip4', 'ip6'], (c, location) =>
      location === undefined
        ? c.api.listAll('listVms', {})
        : c.api.listAll('listLocationVms', { location_name: location }),
    ),
  },
  post: {
    create,
    destroy: destroyCommand(k, async (c) => {
      await c.api.call('deleteVm', { location_name: c.target.location, vm_name: c.target.ref });
    }),
    rename: renameCommand(k, (c, name) =>
      c.api.call(
        'renameVm',
        { location: c.target.location, vm_reference: c.target.ref },
        { body: { name } },
      ),
    ),
    restart: action('restartVm', 'restart', 'Restart a virtual machine'),
    scp,
    sftp,
    show,
    ssh,
    start: action('startVm', 'start', 'Start a virtual machine'),
    stop: action(
      'stopVm',
      'stop',
      'Stop a virtual machine',
      '.\nNote that stopped VMs still accrue billing charges. To stop billing charges,\ndestroy the VM.',
    ),
  },
  postOptions: SSH_OPTIONS,
});
