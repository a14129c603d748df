// Load balancers and the VMs attached to them: row types and migrations.
import type { Kysely, Migration } from 'kysely';

export interface LoadBalancerTable {
  id: string;
  /** Why it is `failed` (testmode/testmode.tables.ts); null otherwise. */
  state_reason: string | null;
  project_id: string;
  location: string;
  name: string;
  state: string;
  private_subnet_id: string;
  algorithm: string;
  stack: string;
  src_port: number;
  dst_port: number;
  health_check_endpoint: string;
  health_check_protocol: string;
  /** 0 or 1 on both engines. */
  cert_enabled: number;
  created_at: string;
  /** The object this one was made for and goes with (a cluster's ID; decision 287), or null. */
  owned_by: string | null;
}

/** A VM attached to a load balancer; goes with either of them. */
export interface LoadBalancerVmTable {
  load_balancer_id: string;
  vm_id: string;
  created_at: string;
}

export interface LoadBalancerTables {
  load_balancer: LoadBalancerTable;
  load_balancer_vm: LoadBalancerVmTable;
}

export const loadBalancerMigrations: Record<string, Migration> = {
  '0010_load_balancer': {
    async up(db: Kysely<unknown>) {
      await db.schema
        .createTable('load_balancer')
        .addColumn('id', 'text', (c) => c.primaryKey())
        .addColumn('project_id', 'text', (c) => c.notNull().references('project.id'))
        .addColumn('location', 'text', (c) => c.notNull())
        .addColumn('name', 'text', (c) => c.notNull())
        .addColumn('state', 'text', (c) => c.notNull())
        .addColumn('private_subnet_id', 'text', (c) => c.notNull().references('private_subnet.id'))
        .addColumn('algorithm', 'text', (c) => c.notNull())
        .addColumn('stack', 'text', (c) => c.notNull())
        .addColumn('src_port', 'integer', (c) => c.notNull())
        .addColumn('dst_port', 'integer', (c) => c.notNull())
        .addColumn('health_check_endpoint', 'text', (c) => c.notNull())
        .addColumn('health_check_protocol', 'text', (c) => c.notNull())
        .addColumn('cert_enabled', 'integer', (c) => c.notNull())
        .addColumn('created_at', 'text', (c) => c.notNull())
        .execute();
      await db.schema
        .createIndex('load_balancer_name_uq')
        .on('load_balancer')
        .columns(['project_id', 'location', 'name'])
        .unique()
        .execute();
      await db.schema
        .createIndex('load_balancer_project_idx')
        .on('load_balancer')
        .columns(['project_id', 'id'])
        .execute();
      await db.schema
        .createIndex('load_balancer_project_name_idx')
        .on('load_balancer')
        .columns(['project_id', 'name', 'id'])
        .execute();
      await db.schema
        .createIndex('load_balancer_location_idx')
        .on('load_balancer')
        .columns(['project_id', 'location', 'id'])
        .execute();
      await db.schema
        .createIndex('load_balancer_subnet_idx')
        .on('load_balancer')
        .column('private_subnet_id')
        .execute();

      await db.schema
        .createTable('load_balancer_vm')
        .addColumn('load_balancer_id', 'text', (c) =>
          c.notNull().references('load_balancer.id').onDelete('cascade'),
        )
        .addColumn('vm_id', 'text', (c) => c.notNull().references('vm.id').onDelete('cascade'))
        .addColumn('created_at', 'text', (c) => c.notNull())
        .addPrimaryKeyConstraint('load_balancer_vm_pk', ['load_balancer_id', 'vm_id'])
        .execute();
      await db.schema
        .createIndex('load_balancer_vm_vm_idx')
        .on('load_balancer_vm')
        .columns(['vm_id', 'load_balancer_id'])
        .execute();
    },
  },
};
