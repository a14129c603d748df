// `ubi kc`: list, create, show, destroy, kubeconfig.
import { KUBERNETES_VERSIONS } from '#shared/catalog';
import type { BodyInputOf } from '#shared/routes';
import { reply, type Leaf, type PostContext } from '../command.ts';
import { checkFields, destroyCommand, fieldLine, KINDS, kindGroup, listCommand, optionText, text, underscore } from '../common.ts';

const k = KINDS.kc;
const REF = '(location/kc-name | kc-id)';

const SHOW_FIELDS = ['id', 'name', 'location', 'display-state', 'cp-node-count', 'node-size', 'version', 'nodepools', 'cp-vms'];
const NODEPOOL_FIELDS = ['id', 'name', 'node-count', 'node-size', 'vms'];
const VM_FIELDS = ['id', 'name', 'state', 'location', 'size', 'unix-user', 'storage-size-gib', 'ip6', 'ip4-enabled', 'ip4'];

const kcRef = (c: PostContext) => ({ location: c.target.location, kubernetes_cluster_reference: c.target.ref });

const vmLines = (vm: Record<string, unknown>, keys: readonly string[], indent: string) => keys.map((key) => `${indent}${key}: ${text(vm[underscore(key)])}\n`).join('');

const create: Leaf<PostContext> = {
  desc: 'Create a Kubernetes cluster',
  usage: ['ubi kc location/kc-name create [options]'],
  options: [
    { short: 'v', long: 'version', arg: 'version', desc: 'Kubernetes version' },
    { short: 'c', long: 'cp-node-count', arg: 'count', integer: true, desc: 'Control plane node count' },
    { short: 'w', long: 'worker-node-count', arg: 'count', integer: true, desc: 'Worker node count' },
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
    const kc = await c.api.call('createKubernetesCluster', kcRef(c), { body: body as BodyInputOf<'createKubernetesCluster'> });
    return reply(`Kubernetes cluster created with id: ${kc.id}`);
  },
};

const show: Leaf<PostContext> = {
  desc: 'Show details for a Kubernetes cluster',
  usage: [`ubi kc ${REF} show [options]`],
  options: [
    { short: 'f', long: 'fields', arg: 'fields', desc: 'show specific fields (comma separated)' },
    { short: 'n', long: 'nodepool-fields', arg: 'fields', desc: 'show specific nodepool fields (comma separated)' },
    { short: 'v', long: 'vm-fields', arg: 'fields', desc: 'show specific virtual machine fields (comma separated)' },
  ],
  optionValues: [
    ['Fields:', SHOW_FIELDS],
    ['Nodepool Fields:', NODEPOOL_FIELDS],
    ['Virtual Machine Fields:', VM_FIELDS],
  ],
  async run(c, _args, opts) {
    const keys = checkFields(opts.fields, SHOW_FIELDS, 'kc show -f option', c.fail);
    const poolKeys = checkFields(opts['nodepool-fields'], NODEPOOL_FIELDS, 'kc show -n option', c.fail);
    const vmKeys = checkFields(opts['vm-fields'], VM_FIELDS, 'kc show -v option', c.fail);
    const kc = await c.api.call('getKubernetesCluster', kcRef(c));
    let body = '';
    for (const key of keys) {
      if (key === 'nodepools') {
        kc.nodepools.forEach((pool, i) => {
          body += `nodepool ${i + 1}:\n`;
          for (const pk of poolKeys) {
            if (pk === 'vms') pool.vms.forEach((vm, j) => (body += `  vm ${j + 1}:\n${vmLines(vm, vmKeys, '    ')}`));
            else body += `  ${fieldLine(pk, (pool as Record<string, unknown>)[underscore(pk)])}`;
          }
        });
      } else if (key === 'cp-vms') {
        kc.cp_vms.forEach((vm, i) => (body += `cp vm ${i + 1}:\n${vmLines(vm, vmKeys, '  ')}`));
      } else body += fieldLine(key, (kc as Record<string, unknown>)[underscore(key)]);
    }
    return reply(body);
  },
};

const kubeconfig: Leaf<PostContext> = {
  desc: 'Print kubeconfig.yaml for a Kubernetes cluster',
  usage: [`ubi kc ${REF} kubeconfig`],
  async run(c) {
    return reply(await c.api.call('getKubernetesClusterKubeconfig', kcRef(c)));
  },
};

export const kcGroup = kindGroup(k, {
  commands: {
    list: listCommand(k, ['location', 'name', 'id', 'display_state', 'version', 'cp_node_count'], (c, location) =>
      location === undefined ? c.api.listAll('listKubernetesClusters', {}) : c.api.listAll('listLocationKubernetesClusters', { location }),
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
