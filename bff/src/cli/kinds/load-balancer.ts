// `ubi lb`: list, create, show, destroy, rename, update, attach-vm, detach-vm, and the
// SSL certificate's switch.
import { LB_ALGORITHMS, LB_HEALTH_CHECK_PROTOCOLS, LB_STACKS } from '#shared/api/load-balancer';
import { isId } from '#shared/ids';
import type { BodyInputOf } from '#shared/routes';
import { reply, type Leaf, type PostContext } from '../command.ts';
import {
  booleanArg,
  destroyCommand,
  showCommand,
  integerArg,
  KINDS,
  kindGroup,
  listCommand,
  optionText,
  renameCommand,
} from '../common.ts';

const k = KINDS.lb;
const REF = '(location/lb-name | lb-id)';

const SHOW_FIELDS = [
  'id',
  'name',
  'state',
  'location',
  'hostname',
  'algorithm',
  'stack',
  'health-check-endpoint',
  'health-check-protocol',
  'src-port',
  'dst-port',
  'subnet',
  'vms',
  'cert-enabled',
];

const lbRef = (c: PostContext) => ({
  location: c.target.location,
  load_balancer_reference: c.target.ref,
});

/**
 * An object of the load balancer's location named by name, as its ID. An ID, and text with a
 * slash (no name has one), go to the API as they are, as the origin's CLI sends them: the API
 * answers for it (a VM: "No matching VM found").
 */
async function idIn(c: PostContext, kind: 'vm' | 'privateSubnet', value: string): Promise<string> {
  if (isId(kind, value) || value.includes('/')) return value;
  return kind === 'vm'
    ? (await c.api.call('getVm', { location_name: c.target.location, vm_name: value })).id
    : (await c.api.call('getPrivateSubnet', { location_name: c.target.location, ps_name: value }))
        .id;
}

const create: Leaf<PostContext> = {
  desc: 'Create a load balancer',
  usage: ['ubi lb location/lb-name create [options] (ps-name | ps-id) src-port dst-port'],
  options: [
    {
      short: 'a',
      long: 'algorithm',
      arg: 'alg',
      choices: LB_ALGORITHMS,
      desc: 'set the algorithm to use',
    },
    {
      short: 'e',
      long: 'check-endpoint',
      arg: 'path',
      desc: 'set the health check endpoint (default: /up)',
    },
    {
      short: 'p',
      long: 'check-protocol',
      arg: 'proto',
      choices: LB_HEALTH_CHECK_PROTOCOLS,
      desc: 'set the health check protocol',
    },
    { short: 's', long: 'stack', arg: 'stack', choices: LB_STACKS, desc: 'set the stack' },
    { short: 'c', long: 'cert-enabled', arg: 'bool', desc: 'SSL certificate enabled' },
  ],
  optionValues: [
    ['Algorithm:', LB_ALGORITHMS],
    ['Health Check Protocol:', LB_HEALTH_CHECK_PROTOCOLS],
    ['Stack:', LB_STACKS],
  ],
  args: 3,
  async run(c, [subnet, src, dst], opts) {
    const src_port = integerArg(src!, 'src-port', c.fail);
    const dst_port = integerArg(dst!, 'dst-port', c.fail);
    const cert = optionText(opts, 'cert-enabled');
    const certEnabled = cert === undefined ? undefined : booleanArg(cert, 'cert-enabled', c.fail);
    const body: Record<string, unknown> = {
      private_subnet_id: await idIn(c, 'privateSubnet', subnet!),
      src_port,
      dst_port,
    };
    const fields = {
      algorithm: 'algorithm',
      'check-endpoint': 'health_check_endpoint',
      'check-protocol': 'health_check_protocol',
      stack: 'stack',
    };
    for (const [option, field] of Object.entries(fields)) {
      const value = optionText(opts, option);
      if (value !== undefined) body[field] = value;
    }
    if (certEnabled !== undefined) body.cert_enabled = certEnabled;
    const lb = await c.api.call('createLoadBalancer', lbRef(c), {
      body: body as BodyInputOf<'createLoadBalancer'>,
    });
    return reply(`Load balancer created with id: ${lb.id}`);
  },
};

const show = showCommand(k, SHOW_FIELDS, (c) => c.api.call('getLoadBalancer', lbRef(c)), {
  vms: (lb) => `vms:\n${lb.vms.map((vm) => `  ${vm.id}\n`).join('')}`,
});

function vmAction(
  op: 'attachLoadBalancerVm' | 'detachLoadBalancerVm',
  verb: string,
  desc: string,
  done: (vm: string, id: string) => string,
): Leaf<PostContext> {
  return {
    desc,
    usage: [`ubi lb ${REF} ${verb} (vm-name | vm-id)`],
    args: 1,
    async run(c, [vm]) {
      const lb = await c.api.call(op, lbRef(c), { body: { vm_id: await idIn(c, 'vm', vm!) } });
      return reply(done(vm!, lb.id));
    },
  };
}

const update: Leaf<PostContext> = {
  desc: 'Update a load balancer',
  usage: [
    `ubi lb ${REF} update algorithm src-port dst-port health-check-endpoint cert-enabled [(vm-name | vm-id) [...]]`,
  ],
  args: { min: 4, dots: '...' },
  async run(c, [algorithm, src, dst, endpoint, cert, ...vms]) {
    const src_port = integerArg(src!, 'src-port', c.fail);
    const dst_port = integerArg(dst!, 'dst-port', c.fail);
    const cert_enabled = booleanArg(cert, 'cert-enabled', c.fail);
    const ids = [];
    for (const vm of vms) ids.push(await idIn(c, 'vm', vm));
    const body = {
      algorithm,
      src_port,
      dst_port,
      health_check_endpoint: endpoint,
      cert_enabled,
      vms: ids,
    };
    const lb = await c.api.call('updateLoadBalancer', lbRef(c), {
      body: body as BodyInputOf<'updateLoadBalancer'>,
    });
    return reply(`Updated load balancer with id ${lb.id}`);
  },
};

function certificate(enable: boolean): Leaf<PostContext> {
  const verb = enable ? 'enable' : 'disable';
  const Verb = enable ? 'Enable' : 'Disable';
  return {
    desc: `${Verb} the SSL certificate for a load balancer`,
    usage: [`ubi lb ${REF} ${verb}-ssl-certificate`],
    async run(c) {
      const lb = await c.api.call('toggleLoadBalancerSslCertificate', lbRef(c), {
        body: { cert_enabled: enable },
      });
      return reply(`${Verb}d SSL certificate for load balancer with id ${lb.id}`);
    },
  };
}

export const lbGroup = kindGroup(k, {
  commands: {
    list: listCommand(
      k,
      ['location', 'name', 'id', 'src-port', 'dst-port', 'hostname'],
      (c, location) =>
        location === undefined
          ? c.api.listAll('listLoadBalancers', {})
          : c.api.listAll('listLocationLoadBalancers', { location }),
    ),
  },
  post: {
    'attach-vm': vmAction(
      'attachLoadBalancerVm',
      'attach-vm',
      'Attach a virtual machine to a load balancer',
      (vm, id) => `Attached VM ${vm} to load balancer with id ${id}`,
    ),
    create,
    destroy: destroyCommand(k, async (c) => {
      await c.api.call('deleteLoadBalancer', lbRef(c));
    }),
    'detach-vm': vmAction(
      'detachLoadBalancerVm',
      'detach-vm',
      'Detach a virtual machine from a load balancer',
      (vm, id) => `Detached VM ${vm} from load balancer with id ${id}`,
    ),
    'disable-ssl-certificate': certificate(false),
    'enable-ssl-certificate': certificate(true),
    rename: renameCommand(k, (c, name) =>
      c.api.call('renameLoadBalancer', lbRef(c), { body: { name } }),
    ),
    show,
    update,
  },
});
