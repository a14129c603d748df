// `ubi kc`: list, create, show, destroy, kubeconfig.
import { KUBERNETES_VERSIONS } from '#shared/catalog';
import type { BodyInputOf } from '#shared/routes';
import { reply, type Leaf, type PostContext } from '../command.ts';
import {
  destroyCommand,
  showCommand,
  fieldLine,
  KINDS,
  kindGroup,
  listCommand,
  optionText,
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
const NODEPOOL_FIELDS = ['id', 'name', 'node-count', 'node-size', 'vms'];
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
    ['Version:', KUBERNETES_VERSIONS],
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
        .map((vm, i) => `cp vm ${i + 1}:\n${vmLines(vm, parts['vm-fields']!, '  ')}`)
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
    destroy: destroyCommand(k, async (c) => {
      await c.api.call('deleteKubernetesCluster', kcRef(c));
    }),
    kubeconfig,
    show,
  },
});
