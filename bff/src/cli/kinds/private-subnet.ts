// `ubi ps`: list, create, show, destroy, rename, connect, disconnect.
import { isId } from '#shared/ids';
import { reply, type Leaf, type PostContext } from '../command.ts';
import {
  destroyCommand,
  showCommand,
  KINDS,
  kindGroup,
  listCommand,
  optionText,
  renameCommand,
  text,
  underscore,
} from '../common.ts';
import { FIREWALL_PARTS, firewallsField } from '../firewall-text.ts';

const k = KINDS.ps;
const REF = '(location/ps-name | ps-id)';

const SHOW_FIELDS = ['id', 'name', 'state', 'location', 'net4', 'net6', 'firewalls', 'nics'];
export const NIC_FIELDS = ['id', 'name', 'private-ipv4', 'private-ipv6', 'vm-name'];

/** `nic N:` blocks, each field indented by `indent`. */
export function nicsText(
  nics: readonly Record<string, unknown>[],
  keys: readonly string[],
  indent: string,
): string {
  return nics
    .map(
      (nic, i) =>
        `${indent.slice(2)}nic ${i + 1}:\n${keys.map((key) => `${indent}${key}: ${text(nic[underscore(key)])}\n`).join('')}`,
    )
    .join('');
}

/**
 * The other subnet of `connect`/`disconnect`: an ID as given, a name as the ID of that subnet in
 * the target's location (404 when there is none), anything else passed on for the API to judge
 * (the origin's `convert_name_to_id`).
 */
async function subnetId(c: PostContext, value: string): Promise<string> {
  if (isId('privateSubnet', value) || value.includes('/')) return value;
  return (
    await c.api.call('getPrivateSubnet', { location_name: c.target.location, ps_name: value })
  ).id;
}

const create: Leaf<PostContext> = {
  desc: 'Create a private subnet',
  usage: ['ubi ps location/ps-name create [options]'],
  options: [
    { short: 'f', long: 'firewall-id', arg: 'fw-id-or-name', desc: 'add to given firewall' },
  ],
  async run(c, _args, opts) {
    let firewall = optionText(opts, 'firewall-id');
    if (firewall !== undefined && !isId('firewall', firewall)) {
      firewall = (
        await c.api.call('getFirewall', {
          location: c.target.location,
          firewall_reference: firewall,
        })
      ).id;
    }
    const ps = await c.api.call(
      'createPrivateSubnet',
      { location_name: c.target.location, ps_name: c.target.ref },
      { body: firewall === undefined ? {} : { firewall_id: firewall } },
    );
    return reply(`Private subnet created with id: ${ps.id}`);
  },
};

const show = showCommand(
  k,
  SHOW_FIELDS,
  (c) =>
    c.api.call('getPrivateSubnet', { location_name: c.target.location, ps_name: c.target.ref }),
  {
    firewalls: firewallsField('   ', { path: false }),
    nics: (ps, parts) => nicsText(ps.nics, parts['nic-fields']!, '  '),
  },
  [
    ...FIREWALL_PARTS,
    { short: 'n', long: 'nic-fields', label: 'nic', title: 'Nic Fields:', fields: NIC_FIELDS },
  ],
);

const connect: Leaf<PostContext> = {
  desc: 'Connect a private subnet to another private subnet',
  usage: [`ubi ps ${REF} connect (ps-name | ps-id)`],
  args: 1,
  async run(c, [other]) {
    const ps = await c.api.call(
      'connectPrivateSubnet',
      { location: c.target.location, private_subnet_reference: c.target.ref },
      { body: { 'connected-subnet-id': await subnetId(c, other!) } },
    );
    return reply(`Connected private subnet ${other} to ${ps.id}`);
  },
};

const disconnect: Leaf<PostContext> = {
  desc: 'Disconnect a private subnet from another private subnet',
  usage: [`ubi ps ${REF} disconnect (ps-name | ps-id)`],
  args: 1,
  async run(c, [other]) {
    const id = await subnetId(c, other!);
    if (id.includes('/')) c.fail('invalid private subnet id format');
    const ps = await c.api.call('disconnectPrivateSubnet', {
      location: c.target.location,
      private_subnet_reference: c.target.ref,
      private_subnet_id: id,
    });
    return reply(`Disconnected private subnet ${other} from ${ps.id}`);
  },
};

export const psGroup = kindGroup(k, {
  commands: {
    list: listCommand(k, ['location', 'name', 'id', 'net4', 'net6'], (c, location) =>
      location === undefined
        ? c.api.listAll('listPrivateSubnets', {})
        : c.api.listAll('listLocationPrivateSubnets', { location_name: location }),
    ),
  },
  post: {
    connect,
    create,
    destroy: destroyCommand(k, async (c) => {
      await c.api.call('deletePrivateSubnet', {
        location_name: c.target.location,
        ps_name: c.target.ref,
      });
    }),
    disconnect,
    rename: renameCommand(k, (c, name) =>
      c.api.call(
        'renamePrivateSubnet',
        { location: c.target.location, private_subnet_reference: c.target.ref },
        { body: { name } },
      ),
    ),
    show,
  },
});
