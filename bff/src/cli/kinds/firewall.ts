// `ubi fw`: list, create, show, destroy, rename, update-description, add-rule, modify-rule,
// delete-rule, attach-subnet, detach-subnet.
import { isId } from '#shared/ids';
import { reply, type Leaf, type PostContext } from '../command.ts';
import {
  destroyCommand,
  showCommand,
  fieldLine,
  KINDS,
  kindGroup,
  listCommand,
  optionText,
  renameCommand,
  underscore,
} from '../common.ts';
import { RULE_FIELDS, ruleText } from '../firewall-text.ts';
import { NIC_FIELDS, nicsText } from './private-subnet.ts';

const k = KINDS.fw;
const REF = '(location/fw-name | fw-id)';

const SHOW_FIELDS = ['id', 'name', 'location', 'description', 'firewall-rules', 'private-subnets'];
const SUBNET_FIELDS = ['id', 'name', 'state', 'location', 'net4', 'net6', 'nics'];

const fwRef = (c: PostContext) => ({
  location: c.target.location,
  firewall_reference: c.target.ref,
});

const create: Leaf<PostContext> = {
  desc: 'Create a firewall',
  usage: ['ubi fw location/fw-name create [options]'],
  options: [{ short: 'd', long: 'description', arg: 'desc', desc: 'description for firewall' }],
  async run(c, _args, opts) {
    const description = optionText(opts, 'description');
    const fw = await c.api.call('createFirewall', fwRef(c), {
      body: description === undefined ? {} : { description },
    });
    return reply(`Firewall created with id: ${fw.id}`);
  },
};

const show = showCommand(
  k,
  SHOW_FIELDS,
  (c) => c.api.call('getFirewall', fwRef(c)),
  {
    'firewall-rules': (fw, parts) =>
      `rules:\n${fw.firewall_rules.map((rule, i) => `  ${i + 1}: ${ruleText(rule, parts['rule-fields']!)}\n`).join('')}`,
    // The firewall names its subnets; their records are the subnets' own.
    'private-subnets': async (fw, parts, c) => {
      const subnets = await Promise.all(
        fw.private_subnets.map((s) =>
          c.api.call('getPrivateSubnetById', { location_name: fw.location, ps_id: s.id }),
        ),
      );
      return subnets
        .map(
          (ps, i) =>
            `private subnet ${i + 1}:\n` +
            parts['priv-subnet-fields']!.map((sk) =>
              sk === 'nics'
                ? nicsText(ps.nics, parts['nic-fields']!, '    ')
                : `  ${fieldLine(sk, (ps as Record<string, unknown>)[underscore(sk)])}`,
            ).join(''),
        )
        .join('');
    },
  },
  [
    {
      short: 'r',
      long: 'rule-fields',
      label: 'firewall rule',
      title: 'Firewall Rule Fields:',
      fields: RULE_FIELDS,
    },
    {
      short: 'p',
      long: 'priv-subnet-fields',
      label: 'private subnet',
      title: 'Private Subnet Fields:',
      fields: SUBNET_FIELDS,
    },
    { short: 'n', long: 'nic-fields', label: 'nic', title: 'Nic Fields:', fields: NIC_FIELDS },
  ],
);

const addRule: Leaf<PostContext> = {
  desc: 'Add a firewall rule',
  usage: [`ubi fw ${REF} add-rule [options] (cidr | ps-id | ps-name)`],
  options: [
    {
      short: 's',
      long: 'start-port',
      arg: 'port',
      integer: true,
      desc: 'starting (or only) port to allow (default: 0)',
    },
    {
      short: 'e',
      long: 'end-port',
      arg: 'port',
      integer: true,
      desc: 'ending port to allow (default: 65535)',
    },
    {
      short: 'p',
      long: 'protocol',
      arg: 'protocol',
      desc: 'protocol to allow (tcp or udp, default: tcp)',
    },
    { short: 'd', long: 'description', arg: 'desc', desc: 'description of rule' },
  ],
  args: 1,
  async run(c, [cidr], opts) {
    const start = optionText(opts, 'start-port');
    const end = optionText(opts, 'end-port');
    // As the origin's SDK builds it: start..end, a lone start port alone, all ports by default.
    const port_range = `${start ?? 0}..${end ?? start ?? 65535}`;
    const description = optionText(opts, 'description');
    const protocol = optionText(opts, 'protocol');
    // The protocol goes as typed; the API checks it and its message is printed.
    const rule = await c.api.call('createFirewallRule', fwRef(c), {
      body: {
        cidr: cidr!,
        port_range,
        ...(protocol === undefined ? {} : { protocol: protocol as 'tcp' }),
        ...(description === undefined ? {} : { description }),
      },
    });
    // A subnet's reference as the CIDR makes a rule per network (the origin's CLI words it so).
    return reply(
      Array.isArray(rule)
        ? `Added firewall rules with ids: ${rule.map((r) => r.id).join(' ')}`
        : `Added firewall rule with id: ${rule.id}`,
    );
  },
};

const deleteRule: Leaf<PostContext> = {
  desc: 'Remove a firewall rule',
  usage: [`ubi fw ${REF} delete-rule rule-id`],
  args: 1,
  async run(c, [ruleId]) {
    if (ruleId!.includes('/')) c.fail('invalid rule id format');
    await c.api.call('deleteFirewallRule', { ...fwRef(c), firewall_rule_id: ruleId! });
    return reply('Firewall rule, if it existed, has been deleted');
  },
};

/** attach-subnet and detach-subnet: a subnet of the firewall's location, by name or ID. */
function subnetAction(
  op: 'attachFirewallSubnet' | 'detachFirewallSubnet',
  verb: string,
  desc: string,
  done: (subnet: string, id: string) => string,
): Leaf<PostContext> {
  return {
    desc,
    usage: [`ubi fw ${REF} ${verb} (ps-name | ps-id)`],
    args: 1,
    async run(c, [subnet]) {
      const id = isId('privateSubnet', subnet!)
        ? subnet!
        : (
            await c.api.call('getPrivateSubnet', {
              location_name: c.target.location,
              ps_name: subnet!,
            })
          ).id;
      const fw = await c.api.call(op, fwRef(c), { body: { private_subnet_id: id } });
      return reply(done(subnet!, fw.id));
    },
  };
}

const modifyRule: Leaf<PostContext> = {
  desc: 'Modify a firewall rule',
  usage: [`ubi fw ${REF} modify-rule options rule-id`],
  options: [
    { short: 'c', long: 'cidr', arg: 'ip-range', desc: 'IPv4 or IPv6 range to allow' },
    {
      short: 's',
      long: 'start-port',
      arg: 'port',
      integer: true,
      desc: 'starting (or only) port to allow (default: 0)',
    },
    {
      short: 'e',
      long: 'end-port',
      arg: 'port',
      integer: true,
      desc: 'ending port to allow (default: 65535)',
    },
    { short: 'p', long: 'protocol', arg: 'protocol', desc: 'protocol to allow (tcp or udp)' },
    { short: 'd', long: 'description', arg: 'desc', desc: 'description of rule' },
  ],
  args: 1,
  async run(c, [ruleId], opts) {
    const body: Record<string, string> = {};
    for (const option of ['cidr', 'protocol', 'description']) {
      const value = optionText(opts, option);
      if (value !== undefined) body[option] = value;
    }
    const start = optionText(opts, 'start-port');
    const end = optionText(opts, 'end-port');
    // As the origin's SDK builds it: a lone start port is that port alone.
    if (start !== undefined || end !== undefined)
      body.port_range = `${start ?? 0}..${end ?? start}`;
    if (Object.keys(body).length === 0)
      c.fail('Must provide at least one option (-c, -s, -e, -p, or -d)');
    if (ruleId!.includes('/')) c.fail('invalid rule id format');
    const rule = await c.api.call(
      'updateFirewallRule',
      { ...fwRef(c), firewall_rule_id: ruleId! },
      { body },
    );
    return reply(`Modified firewall rule with id: ${rule.id}`);
  },
};

const updateDescription: Leaf<PostContext> = {
  desc: 'Update the description for a firewall',
  usage: [`ubi fw ${REF} update-description new-description`],
  args: 1,
  async run(c, [description]) {
    await c.api.call('updateFirewall', fwRef(c), { body: { description: description! } });
    return reply(`Firewall description updated to ${description}`);
  },
};

export const fwGroup = kindGroup(k, {
  commands: {
    list: listCommand(k, ['location', 'name', 'id'], (c, location) =>
      location === undefined
        ? c.api.listAll('listFirewalls', {})
        : c.api.listAll('listLocationFirewalls', { location }),
    ),
  },
  post: {
    'add-rule': addRule,
    'attach-subnet': subnetAction(
      'attachFirewallSubnet',
      'attach-subnet',
      'Attach a private subnet to a firewall',
      (s, id) => `Attached private subnet ${s} to firewall with id ${id}`,
    ),
    create,
    'delete-rule': deleteRule,
    destroy: destroyCommand(k, async (c) => {
      await c.api.call('deleteFirewall', fwRef(c));
    }),
    'detach-subnet': subnetAction(
      'detachFirewallSubnet',
      'detach-subnet',
      'Detach a private subnet from a firewall',
      (s, id) => `Detached private subnet ${s} from firewall with id ${id}`,
    ),
    'modify-rule': modifyRule,
    rename: renameCommand(k, (c, name) =>
      c.api.call('renameFirewall', fwRef(c), { body: { name } }),
    ),
    show,
    'update-description': updateDescription,
  },
});
