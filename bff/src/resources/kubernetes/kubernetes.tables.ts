// Kubernetes clusters, their node pools and their nodes: row types and migrations.
import { sql, type Kysely, type Migration } from 'kysely';
import { madeFirewallName } from '../private-subnet/made-names.ts';

export interface KubernetesClusterTable {
  id: string;
  /** Why it is `failed` (testmode/testmode.tables.ts); null otherwise. */
  state_reason: string | null;
  project_id: string;
  location: string;
  name: string;
  display_state: string;
  version: string;
  cp_node_count: number;
  /** The size of each control-plane node. */
  node_size: string;
  /** The private subnet made for the cluster, and its services load balancer. */
  private_subnet_id: string;
  load_balancer_id: string | null;
  /** The cluster's own CA (PEM): it signs the kubeconfig's client certificates. */
  ca_certificate: string;
  ca_private_key: string;
  /** Hour of day (UTC) at which the nodes' maintenance window starts (decision 127). */
  maintenance_window_start_at: number;
  created_at: string;
}

export interface KubernetesNodepoolTable {
  id: string;
  project_id: string;
  kubernetes_cluster_id: string;
  name: string;
  /** The target: the worker converges its nodes to this count one by one. */
  node_count: number;
  node_size: string;
  version: string;
  created_at: string;
}

/** A node of a cluster: a VM (service_of = the cluster) in its control plane or a node pool. */
export interface KubernetesNodeTable {
  vm_id: string;
  kubernetes_cluster_id: string;
  /** Null for a control-plane node. */
  nodepool_id: string | null;
  /** 1 once retired: a replacement is made, then it is deleted. */
  retiring: number;
  created_at: string;
}

export interface KubernetesTables {
  kubernetes_cluster: KubernetesClusterTable;
  kubernetes_nodepool: KubernetesNodepoolTable;
  kubernetes_node: KubernetesNodeTable;
}

export const kubernetesMigrations: Record<string, Migration> = {
  '0015_kubernetes': {
    async up(db: Kysely<unknown>) {
      await db.schema
        .createTable('kubernetes_cluster')
        .addColumn('id', 'text', (c) => c.primaryKey())
        .addColumn('project_id', 'text', (c) => c.notNull().references('project.id'))
        .addColumn('location', 'text', (c) => c.notNull())
        .addColumn('name', 'text', (c) => c.notNull())
        .addColumn('display_state', 'text', (c) => c.notNull())
        .addColumn('version', 'text', (c) => c.notNull())
        .addColumn('cp_node_count', 'integer', (c) => c.notNull())
        .addColumn('node_size', 'text', (c) => c.notNull())
        .addColumn('private_subnet_id', 'text', (c) => c.notNull())
        .addColumn('load_balancer_id', 'text')
        .addColumn('ca_certificate', 'text', (c) => c.notNull())
        .addColumn('ca_private_key', 'text', (c) => c.notNull())
        .addColumn('maintenance_window_start_at', 'integer', (c) => c.notNull())
        .addColumn('created_at', 'text', (c) => c.notNull())
        .execute();
      await db.schema
        .createIndex('kubernetes_cluster_name_uq')
        .on('kubernetes_cluster')
        .columns(['project_id', 'location', 'name'])
        .unique()
        .execute();
      await db.schema
        .createIndex('kubernetes_cluster_project_idx')
        .on('kubernetes_cluster')
        .columns(['project_id', 'id'])
        .execute();
      await db.schema
        .createIndex('kubernetes_cluster_project_name_idx')
        .on('kubernetes_cluster')
        .columns(['project_id', 'name', 'id'])
        .execute();
      await db.schema
        .createIndex('kubernetes_cluster_location_idx')
        .on('kubernetes_cluster')
        .columns(['project_id', 'location', 'id'])
        .execute();

      await db.schema
        .createTable('kubernetes_nodepool')
        .addColumn('id', 'text', (c) => c.primaryKey())
        .addColumn('project_id', 'text', (c) => c.notNull().references('project.id'))
        .addColumn('kubernetes_cluster_id', 'text', (c) =>
          c.notNull().references('kubernetes_cluster.id').onDelete('cascade'),
        )
        .addColumn('name', 'text', (c) => c.notNull())
        .addColumn('node_count', 'integer', (c) => c.notNull())
        .addColumn('node_size', 'text', (c) => c.notNull())
        .addColumn('version', 'text', (c) => c.notNull())
        .addColumn('created_at', 'text', (c) => c.notNull())
        .execute();
      await db.schema
        .createIndex('kubernetes_nodepool_name_uq')
        .on('kubernetes_nodepool')
        .columns(['kubernetes_cluster_id', 'name'])
        .unique()
        .execute();

      await db.schema
        .createTable('kubernetes_node')
        .addColumn('vm_id', 'text', (c) => c.primaryKey().references('vm.id').onDelete('cascade'))
        .addColumn('kubernetes_cluster_id', 'text', (c) =>
          c.notNull().references('kubernetes_cluster.id').onDelete('cascade'),
        )
        .addColumn('nodepool_id', 'text', (c) =>
          c.references('kubernetes_nodepool.id').onDelete('cascade'),
        )
        .addColumn('retiring', 'integer', (c) => c.notNull())
        .addColumn('created_at', 'text', (c) => c.notNull())
        .execute();
      await db.schema
        .createIndex('kubernetes_node_cluster_idx')
        .on('kubernetes_node')
        .columns(['kubernetes_cluster_id', 'nodepool_id'])
        .execute();
    },
  },
  // Objects made for another one (a cluster's subnet, its firewall and its services load
  // balancer) name it in `owned_by` (decision 287): their own routes refuse to change them.
  '0110_owned_by': {
    async up(db: Kysely<unknown>) {
      for (const table of ['private_subnet', 'firewall', 'load_balancer'])
        await db.schema.alterTable(table).addColumn('owned_by', 'text').execute();
      await sql`update private_subnet set owned_by = (select k.id from kubernetes_cluster k where k.private_subnet_id = private_subnet.id) where owned_by is null`.execute(
        db,
      );
      await sql`update load_balancer set owned_by = (select k.id from kubernetes_cluster k where k.load_balancer_id = load_balancer.id) where owned_by is null`.execute(
        db,
      );
      await sql`update firewall set owned_by = (select k.id from kubernetes_cluster k where k.private_subnet_id = firewall.default_for_subnet_id) where owned_by is null`.execute(
        db,
      );
    },
  },
  // As the origin (and a database's, decision 298), a cluster's subnet is guarded by the
  // customer's firewall `<id>-firewall`, not a default firewall of the subnet's managed by the
  // cluster. The existing `<id>-subnet-default` becomes it: renamed, no longer the subnet's
  // default nor managed, still attached, and its rules kept — the origin's has none (as a new
  // cluster's), but a customer's traffic may rely on the open ones it had.
  '0115_kubernetes_firewall': {
    async up(db: Kysely<unknown>) {
      await renameClusterFirewalls(db);
    },
  },
};

/**
 * Migration 0115 on every cluster: its subnet's default firewall it manages becomes
 * `<id>-firewall`, unless that name is taken in its project and location (a second run finds it
 * done; a customer's own firewall of that name is left alone, and the old one with it).
 */
export async function renameClusterFirewalls(raw: Kysely<unknown>): Promise<void> {
  const db = raw as Kysely<any>; // eslint-disable-line @typescript-eslint/no-explicit-any
  const old = (await db
    .selectFrom('firewall')
    .innerJoin('kubernetes_cluster as k', 'k.private_subnet_id', 'firewall.default_for_subnet_id')
    .select(['firewall.id as id', 'k.id as cluster_id', 'firewall.project_id', 'firewall.location'])
    .whereRef('firewall.owned_by', '=', 'k.id')
    .orderBy('firewall.id')
    .execute()) as { id: string; cluster_id: string; project_id: string; location: string }[];
  for (const fw of old) {
    const name = madeFirewallName(fw.cluster_id);
    const taken = await db
      .selectFrom('firewall')
      .select('id')
      .where('project_id', '=', fw.project_id)
      .where('location', '=', fw.location)
      .where('name', '=', name)
      .executeTakeFirst();
    if (taken) continue;
    await db
      .updateTable('firewall')
      .set({ name, description: '', default_for_subnet_id: null, owned_by: null })
      .where('id', '=', fw.id)
      .execute();
  }
}
