// `ubi kc`: list, create, show, destroy, kubeconfig, rename, upgrade, retire-node and the
// node pools' create, resize, upgrade and destroy.
import { KUBERNETES_VERSIONS } from '#shared/catalog';
import type { BodyInputOf } from '#shared/routes';
import { confirmation, reply, type Leaf, type PostContext } from '../command.ts';
import {
  destroyCommand,
  showCommand,
  fieldLine,
  KINDS,
  kindGroup,
  listCommand,
  optionText,
  positiveCount,
  renameCommand,
  text,
  underscore,
} from '../common.ts';

const k = KINDS.kc;
const REF = '(location/kc-name | kc-id)';

const SHOW_FIELDS = [
  'id',
  'name',
  'location',
  'display-state',
  'cp-node-count',
  'node-size',
  'version',
  'nodepools',
  'cp-vms',
];
const NODEPOOL_FIELDS = ['id', 'name', 'node-count', 'node-size', 'version', 'vms'];
const VM_FIELDS = [
  'id',
  'name',
  'state',
  'location',
  'size',
  'unix-user',
  'storage-size-gib',
  'ip6',
  'ip4-enabled',
  'ip4',
];

const kcRef = (c: PostContext) => ({
  location: c.target.location,
  kubernetes_cluster_reference: c.target.ref,
});

const vmLines = (vm: Record<string, unknown>, keys: readonly string[], indent: string) =>
  keys.map((key) => `${indent}${key}: ${text(vm[underscore(key)])}\n`).join('');

const create: Leaf<PostContext> = {
  desc: 'Create a Kubernetes cluster',
  usage: ['ubi kc location/kc-name create [options]'],
  options: [
    { short: 'v', long: 'version', arg: 'version', desc: 'Kubernetes version' },
    {
      short: 'c',
      long: 'cp-node-count',
      arg: 'count',
      integer: true,
      desc: 'Control plane node count',
    },
    {
      short: 'w',
      long: 'worker-node-count',
      arg: 'count',
      integer: true,
      desc: 'Worker node count',
    },
    { short: 'z', long: 'worker-size', arg: 'size', desc: 'Worker size' },
  ],
  optionValues: [
    // Newest first, as the origin lists them.
    ['Version:', [...KUBERNETES_VERSIONS].reverse()],
    ['Control Plane Node Count:', [1, 3]],
  ],
  async run(c, _args, opts) {
    const body: Record<string, unknown> = {};
    const version = optionText(opts, 'version');
    if (version !== undefined) body.version = version;
    const cp = optionText(opts, 'cp-node-count');
    if (cp !== undefined) body.cp_nodes = Number(cp);
    const workers = optionText(opts, 'worker-node-count');
    if (workers !== undefined) body.worker_nodes = Number(workers);
    const size = optionText(opts, 'worker-size');
    if (size !== undefined) body.worker_size = size;
    const kc = await c.api.call('createKubernetesCluster', kcRef(c), {
      body: body as BodyInputOf<'createKubernetesCluster'>,
    });
    return reply(`Kubernetes cluster created with id: ${kc.id}`);
  },
};

const show = showCommand(
  k,
  SHOW_FIELDS,
  (c) => c.api.call('getKubernetesCluster', kcRef(c)),
  {
    nodepools: (kc, parts) =>
      kc.nodepools
        .map(
          (pool, i) =>
            `nodepool ${i + 1}:\n` +
            parts['nodepool-fields']!.map((pk) =>
              pk === 'vms'
                ? pool.vms
                    .map((vm, j) => `  vm ${j + 1}:\n${vmLines(vm, parts['vm-fields']!, '    ')}`)
                    .join('')
                : `  ${fieldLine(pk, (pool as Record<string, unknown>)[underscore(pk)])}`,
            ).join(''),
        )
        .join(''),
    'cp-vms': (kc, parts) =>
      kc.cp_vms
        .map((vm, i) => `cp-vms ${i + 1}:\n${vmLines(vm, parts['vm-fields']!, '  ')}`)
        .join(''),
  },
  [
    {
      short: 'n',
      long: 'nodepool-fields',
      label: 'nodepool',
      title: 'Nodepool Fields:',
      fields: NODEPOOL_FIELDS,
    },
    {
      short: 'v',
      long: 'vm-fields',
      label: 'virtual machine',
      title: 'Virtual Machine Fields:',
      fields: VM_FIELDS,
    },
  ],
);

const kubeconfig: Leaf<PostContext> = {
  desc: 'Print kubeconfig.yaml for a Kubernetes cluster',
  usage: [`ubi kc ${REF} kubeconfig`],
  async run(c) {
    return reply(await c.api.call('getKubernetesClusterKubeconfig', kcRef(c)));
  },
};

const npRef = (c: PostContext, np: string) => {
  if (np.includes('/')) c.fail('invalid nodepool name');
  return { ...kcRef(c), nodepool_reference: np };
};

const createNodepool: Leaf<PostContext> = {
  desc: 'Create a nodepool on a Kubernetes cluster',
  usage: [`ubi kc ${REF} create-nodepool np-name node-size node-count`],
  args: 3,
  async run(c, [name, size, count]) {
    if (name!.includes('/')) c.fail('invalid nodepool name');
    const node_count = positiveCount(count!, c.fail);
    const np = await c.api.call('createKubernetesNodepool', kcRef(c), {
      body: {
        name: name!,
        node_size: size!,
        node_count,
      } as BodyInputOf<'createKubernetesNodepool'>,
    });
    return reply(`Kubernetes nodepool created with id: ${np.id}`);
  },
};

const destroyNodepool: Leaf<PostContext> = {
  desc: 'Destroy a nodepool of a Kubernetes cluster',
  usage: [`ubi kc ${REF} destroy-nodepool [options] (np-name | np-id)`],
  options: [{ short: 'f', long: 'force', desc: 'do not require confirmation' }],
  args: 1,
  async run(c, [np], opts) {
    const ref = npRef(c, np!);
    if (opts.force === true || c.confirm === np) {
      await c.api.call('deleteKubernetesNodepool', ref);
      return reply('Nodepool, if it exists, is now scheduled for destruction');
    }
    if (c.confirm !== undefined)
      return reply('! Confirmation of nodepool name not successful.', 400);
    return confirmation(
      'Confirmation',
      `Destroying this nodepool is not recoverable.\nEnter the following to confirm destruction of the nodepool: ${np}\n`,
    );
  },
};

const resizeNodepool: Leaf<PostContext> = {
  desc: 'Resize a Kubernetes cluster nodepool',
  usage: [`ubi kc ${REF} resize-nodepool (np-name | np-id) node-count`],
  args: 2,
  async run(c, [np, count]) {
    const ref = npRef(c, np!);
    const node_count = positiveCount(count!, c.fail);
    await c.api.call('resizeKubernetesNodepool', ref, { body: { node_count } });
    return reply(`Resized nodepool ${np} to ${node_count} nodes.`);
  },
};

const upgradeNodepool: Leaf<PostContext> = {
  desc: "Upgrade a nodepool of a Kubernetes cluster to the cluster's version",
  usage: [`ubi kc ${REF} upgrade-nodepool (np-name | np-id)`],
  args: 1,
  async run(c, [np]) {
    const pool = await c.api.call('upgradeKubernetesNodepool', npRef(c, np!));
    return reply(`Scheduled version upgrade of nodepool ${pool.name} to version ${pool.version}.`);
  },
};

const retireNode: Leaf<PostContext> = {
  desc: 'Retire a worker node from a Kubernetes cluster',
  usage: [`ubi kc ${REF} retire-node node-name`],
  args: 1,
  async run(c, [node]) {
    await c.api.call('retireKubernetesNode', { ...kcRef(c), node_name: node! });
    return reply(`Retired node ${node}.`);
  },
};

const upgrade: Leaf<PostContext> = {
  desc: 'Upgrade a Kubernetes cluster to the next supported version',
  usage: [`ubi kc ${REF} upgrade`],
  async run(c) {
    const kc = await c.api.call('upgradeKubernetesCluster', kcRef(c));
    // "Kubneretes" is the origin's spelling, kept so the output matches.
    return reply(
      `Scheduled version upgrade of Kubneretes cluster with id ${kc.id} to version ${kc.version}.`,
    );
  },
};

export const kcGroup = kindGroup(k, {
  commands: {
    list: listCommand(
      k,
      ['location', 'name', 'id', 'display_state', 'version', 'cp_node_count'],
      (c, location) =>
        location === undefined
          ? c.api.listAll('listKubernetesClusters', {})
          : c.api.listAll('listLocationKubernetesClusters', { location }),
    ),
  },
  post: {
    create,
    'create-nodepool': createNodepool,
    destroy: destroyCommand(k, async (c) => {
      await c.api.call('deleteKubernetesCluster', kcRef(c));
    }),
    'destroy-nodepool': destroyNodepool,
    kubeconfig,
    rename: renameCommand(k, (c, name) =>
      c.api.call('renameKubernetesCluster', kcRef(c), { body: { name } }),
    ),
    'resize-nodepool': resizeNodepool,
    'retire-node': retireNode,
    show,
    upgrade,
    'upgrade-nodepool': upgradeNodepool,
  },
});
