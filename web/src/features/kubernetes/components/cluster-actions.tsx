// The cluster page's header actions: Upgrade to the next minor version (confirmed, from → to)
// and the kubeconfig download.
import { useState } from 'react';
import { kubeconfigFileName, type KubernetesCluster } from '#shared/api/kubernetes';
import { nextKubernetesVersion } from '#shared/catalog';
import { Button, buttonClass } from '#web/components/ui/button.tsx';
import { ConfirmDialog, Strong } from '#web/components/ui/confirm-dialog.tsx';
import { toast } from '#web/components/ui/toast.tsx';
import { kubeconfigUrl, useUpgradeCluster, type KcRef } from '../api/kubernetes.ts';
import { clusterTakesChanges } from '#shared/api/kubernetes-kind';

export function ClusterActions({ kc, kcRef }: { kc: KubernetesCluster; kcRef: KcRef }) {
  const upgrade = useUpgradeCluster();
  const [asking, setAsking] = useState(false);
  const next = nextKubernetesVersion(kc.version);
  return (
    <div className="flex flex-wrap gap-2">
      {/* The kubeconfig exists once the cluster is provisioned (the API answers 422 before). */}
      {kc.display_state === 'creating' ? null : (
        <a
          href={kubeconfigUrl(kcRef)}
          download={kubeconfigFileName(kc.name)}
          className={buttonClass('secondary')}
        >
          Kubeconfig
          <span className="sr-only"> of {kc.name} (download)</span>
        </a>
      )}
      <Button
        access="write"
        variant="secondary"
        disabled={!next || !clusterTakesChanges(kc.display_state)}
        title={next ? undefined : `${kc.version} is the newest version.`}
        onClick={() => {
          upgrade.reset();
          setAsking(true);
        }}
      >
        {next ? `Upgrade to ${next}` : 'Up to date'}
      </Button>
      {asking && next ? (
        <ConfirmDialog
          title="Upgrade cluster"
          action={`Upgrade to ${next}`}
          mutation={upgrade}
          onClose={() => setAsking(false)}
          onConfirm={() =>
            upgrade.mutate(kcRef, {
              onSuccess: () => {
                toast.success(
                  'Upgrading cluster',
                  `${kc.name} moves from ${kc.version} to ${next}.`,
                );
                setAsking(false);
              },
            })
          }
        >
          <p>
            <Strong>{kc.name}</Strong> moves from <Strong>{kc.version}</Strong> to{' '}
            <Strong>{next}</Strong>
            <span data-testid="kc-upgrade-versions" className="sr-only">
              {kc.version} → {next}
            </span>
            . Its control plane nodes are replaced one by one; workloads keep running. Node pools
            keep their version until you upgrade each. A cluster cannot be downgraded.
          </p>
        </ConfirmDialog>
      ) : null}
    </div>
  );
}
