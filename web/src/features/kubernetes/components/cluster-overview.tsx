// Overview: the cluster's facts (IDs, version, nodes, price, the services load balancer's
// address), its kubeconfig to download and use with kubectl, and its control-plane nodes.
import type { KubernetesCluster } from '#shared/api/kubernetes';
import { kubeconfigFileName } from '#shared/api/kubernetes';
import { buttonClass } from '#web/components/ui/button.tsx';
import { Card, CardHeader } from '#web/components/ui/card.tsx';
import { CodeLine, Field, Fields } from '#web/components/ui/detail-fields.tsx';
import { locationLabel } from '#web/lib/location.ts';
import { kubeconfigUrl, type KcRef } from '../api/kubernetes.ts';
import { formatMonthly, monthlyPrice, nodes, sizeSpec, workerCount } from '../format.ts';
import { NodesTable } from './nodes-table.tsx';

export function ClusterOverview({ kc, kcRef }: { kc: KubernetesCluster; kcRef: KcRef }) {
  const file = kubeconfigFileName(kc.name);
  return (
    <>
      <Card labelledBy="kc-details-title">
        <CardHeader id="kc-details-title" title="Details" />
        <Fields>
          <Field label="ID" copy={kc.id} copyLabel="Copy cluster ID" mono>
            {kc.id}
          </Field>
          <Field label="Location">{locationLabel(kc.location)}</Field>
          <Field label="Version" mono>
            {kc.version}
          </Field>
          <Field label="Control plane">
            {nodes(kc.cp_node_count)} · {kc.node_size} ({sizeSpec(kc.node_size)})
          </Field>
          <Field label="Worker nodes">
            {nodes(workerCount(kc))} in {kc.nodepools.length} node{' '}
            {kc.nodepools.length === 1 ? 'pool' : 'pools'}
          </Field>
          <Field label="Price">{formatMonthly(monthlyPrice(kc))}</Field>
          <Field
            label="Services load balancer"
            copy={kc.services_load_balancer_url}
            copyLabel="Copy services load balancer URL"
            mono
          >
            {kc.services_load_balancer_url}
          </Field>
        </Fields>
      </Card>

      <Card labelledBy="kc-kubeconfig-title">
        <CardHeader
          id="kc-kubeconfig-title"
          title="Access with kubectl"
          description="The kubeconfig holds the API endpoint, the cluster's CA and a client certificate with full access. Keep it secret."
          actions={
            kc.display_state === 'creating' ? (
              <span className="text-sm text-slate-600 dark:text-slate-400">
                Available once the cluster runs
              </span>
            ) : (
              <a
                href={kubeconfigUrl(kcRef)}
                download={file}
                className={buttonClass('secondary', 'sm')}
              >
                Download kubeconfig
              </a>
            )
          }
        />
        <div className="space-y-2 px-5 py-5">
          <p className="text-sm text-slate-600 dark:text-slate-400">
            After downloading it, list the nodes:
          </p>
          <CodeLine
            shown={`kubectl --kubeconfig ${file} get nodes`}
            copy={`kubectl --kubeconfig ${file} get nodes`}
            copyLabel="Copy kubectl command"
            prompt="$"
          />
        </div>
      </Card>

      <Card labelledBy="kc-cp-title">
        <CardHeader
          id="kc-cp-title"
          title="Control plane"
          description={`${nodes(kc.cp_node_count)} running the Kubernetes API, etcd and the controllers.`}
        />
        <div className="px-5 py-5">
          <NodesTable kc={kc} kcRef={kcRef} vms={kc.cp_vms} caption="Control-plane nodes" />
        </div>
      </Card>
    </>
  );
}
