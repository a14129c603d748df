// VMs and their NICs: row types and migrations.
import type { Kysely, Migration } from 'kysely';

export interface VmTable {
  id: string;
  /** Why it is `failed` (testmode/testmode.tables.ts); null otherwise. */
  state_reason: string | null;
  project_id: string;
  location: string;
  name: string;
  state: string;
  size: string;
  unix_user: string;
  public_key: string;
  boot_image: string;
  storage_size_gib: number;
  ip4: string | null;
  ip6: string;
  subnet_id: string;
  created_at: string;
  /** The ID of the object a service VM serves (a database's server, a cluster's node; migration 0007): hidden from the VM routes, not counted by the VM quota. */
  service_of: string | null;
  /** The origin's init script, run at first boot (migration 0085); null without one. */
  init_script: string | null;
}

export interface NicTable {
  id: string;
  subnet_id: string;
  vm_id: string | null;
  name: string;
  private_ipv4: string;
  private_ipv6: string;
  created_at: string;
}

export interface VmTables {
  vm: VmTable;
  nic: NicTable;
}

export const vmMigrations: Record<string, Migration> = {
  '0002_networking_compute_lifecycle': {
    async up(db: Kysely<unknown>) {
      await db.schema
        .createTable('vm')
        .addColumn('id', 'text', (c) => c.primaryKey())
        .addColumn('project_id', 'text', (c) => c.notNull().references('project.id'))
        .addColumn('location', 'text', (c) => c.notNull())
        .addColumn('name', 'text', (c) => c.notNull())
        .addColumn('state', 'text', (c) => c.notNull())
        .addColumn('size', 'text', (c) => c.notNull())
        .addColumn('unix_user', 'text', (c) => c.notNull())
        .addColumn('public_key', 'text', (c) => c.notNull())
        .addColumn('boot_image', 'text', (c) => c.notNull())
        .addColumn('storage_size_gib', 'integer', (c) => c.notNull())
        .addColumn('ip4', 'text')
        .addColumn('ip6', 'text', (c) => c.notNull())
        .addColumn('subnet_id', 'text', (c) => c.notNull().references('private_subnet.id'))
        .addColumn('created_at', 'text', (c) => c.notNull())
        .execute();
      await db.schema
        .createIndex('vm_name_uq')
        .on('vm')
        .columns(['project_id', 'location', 'name'])
        .unique()
        .execute();
      await db.schema.createIndex('vm_ip4_uq').on('vm').column('ip4').unique().execute();
      await db.schema.createIndex('vm_ip6_uq').on('vm').column('ip6').unique().execute();
      await db.schema
        .createIndex('vm_project_idx')
        .on('vm')
        .columns(['project_id', 'id'])
        .execute();
      await db.schema
        .createIndex('vm_project_name_idx')
        .on('vm')
        .columns(['project_id', 'name', 'id'])
        .execute();
      await db.schema
        .createIndex('vm_location_idx')
        .on('vm')
        .columns(['project_id', 'location', 'id'])
        .execute();
      await db.schema.createIndex('vm_subnet_idx').on('vm').columns(['subnet_id']).execute();

      await db.schema
        .createTable('nic')
        .addColumn('id', 'text', (c) => c.primaryKey())
        .addColumn('subnet_id', 'text', (c) => c.notNull().references('private_subnet.id'))
        .addColumn('vm_id', 'text', (c) => c.references('vm.id').onDelete('cascade'))
        .addColumn('name', 'text', (c) => c.notNull())
        .addColumn('private_ipv4', 'text', (c) => c.notNull())
        .addColumn('private_ipv6', 'text', (c) => c.notNull())
        .addColumn('created_at', 'text', (c) => c.notNull())
        .execute();
      await db.schema
        .createIndex('nic_ipv4_uq')
        .on('nic')
        .columns(['subnet_id', 'private_ipv4'])
        .unique()
        .execute();
      await db.schema
        .createIndex('nic_ipv6_uq')
        .on('nic')
        .columns(['subnet_id', 'private_ipv6'])
        .unique()
        .execute();
      await db.schema.createIndex('nic_vm_idx').on('nic').column('vm_id').execute();
    },
  },
  '0085_vm_init_script': {
    async up(db: Kysely<unknown>) {
      await db.schema.alterTable('vm').addColumn('init_script', 'text').execute();
    },
  },
};
