// Settings: rename, and the Danger Zone (delete after typing the name).
import { renameKubernetesClusterBodySchema, type KubernetesCluster } from '#shared/api/kubernetes';
import { ConfirmDeleteDialog, DangerZoneCard } from '#web/components/ui/danger-zone.tsx';
import { RenameCard } from '#web/components/ui/rename-card.tsx';
import { toast } from '#web/components/ui/toast.tsx';
import { useDeleteCluster, useRenameCluster, type KcRef } from '../api/kubernetes.ts';
import { nodes, workerCount } from '../format.ts';

export function ClusterSettings({
  kc,
  kcRef,
  onRenamed,
}: {
  kc: KubernetesCluster;
  kcRef: KcRef;
  onRenamed: (name: string) => void;
}) {
  const rename = useRenameCluster();
  const del = useDeleteCluster();
  return (
    <>
      <RenameCard
        id="kc-name-title"
        description="The cluster's name in the console and the API. Its nodes and the kubeconfig keep working."
        schema={renameKubernetesClusterBodySchema}
        name={kc.name}
        rename={(name) => rename.mutateAsync({ ref: kcRef, name })}
        onRenamed={onRenamed}
        fieldLabel="Cluster name"
        renamedTitle="Cluster renamed"
        busyLabel="Renaming…"
        labelForm
      />
      <DangerZoneCard
        id="kc-danger-title"
        title="Delete this cluster"
        description={`Deletes the cluster with its ${nodes(kc.cp_node_count)} of control plane, ${nodes(workerCount(kc))} in its node pools, its subnet and its services load balancer.`}
        action="Delete cluster"
        disabled={kc.display_state === 'deleting'}
        dialog={(close) => (
          <ConfirmDeleteDialog
            kind="cluster"
            name={kc.name}
            along="all its nodes"
            mutation={del}
            onClose={close}
            onConfirm={() =>
              del.mutate(kcRef, {
                onSuccess: () => {
                  toast.success('Deleting cluster', `${kc.name} is being deleted.`);
                  close();
                },
              })
            }
          />
        )}
      />
    </>
  );
}
