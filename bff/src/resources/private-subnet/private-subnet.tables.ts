// Private subnets: row types and migrations.
import type { Kysely, Migration } from 'kysely';
import { dropTriggerSet } from '../../db/trigger-sets.ts';

export interface PrivateSubnetTable {
  id: string;
  project_id: string;
  location: string;
  name: string;
  state: string;
  net4: string;
  net6: string;
  created_at: string;
  /** The object this one was made for and goes with (a cluster's ID; decision 287), or null. */
  owned_by: string | null;
}

/** Two connected subnets (decision 197): a row each way, written and removed together. */
export interface ConnectedSubnetTable {
  subnet_id: string;
  connected_subnet_id: string;
}

export interface PrivateSubnetTables {
  private_subnet: PrivateSubnetTable;
  connected_subnet: ConnectedSubnetTable;
}

export const privateSubnetMigrations: Record<string, Migration> = {
  '0002_networking_compute_lifecycle': {
    async up(db: Kysely<unknown>) {
      await db.schema
        .createTable('private_subnet')
        .addColumn('id', 'text', (c) => c.primaryKey())
        .addColumn('project_id', 'text', (c) => c.notNull().references('project.id'))
        .addColumn('location', 'text', (c) => c.notNull())
        .addColumn('name', 'text', (c) => c.notNull())
        .addColumn('state', 'text', (c) => c.notNull())
        .addColumn('net4', 'text', (c) => c.notNull())
        .addColumn('net6', 'text', (c) => c.notNull())
        .addColumn('created_at', 'text', (c) => c.notNull())
        .execute();
      await db.schema
        .createIndex('private_subnet_name_uq')
        .on('private_subnet')
        .columns(['project_id', 'location', 'name'])
        .unique()
        .execute();
      await db.schema
        .createIndex('private_subnet_net4_uq')
        .on('private_subnet')
        .columns(['project_id', 'location', 'net4'])
        .unique()
        .execute();
      await db.schema
        .createIndex('private_subnet_net6_uq')
        .on('private_subnet')
        .columns(['project_id', 'location', 'net6'])
        .unique()
        .execute();
      await db.schema
        .createIndex('private_subnet_project_idx')
        .on('private_subnet')
        .columns(['project_id', 'id'])
        .execute();
      await db.schema
        .createIndex('private_subnet_project_name_idx')
        .on('private_subnet')
        .columns(['project_id', 'name', 'id'])
        .execute();
      await db.schema
        .createIndex('private_subnet_location_idx')
        .on('private_subnet')
        .columns(['project_id', 'location', 'id'])
        .execute();
    },
  },
  // A subnet's NICs in ID order straight from an index (a list page reads those of 10
  // subnets, ~60 each): no sort of all of them in a temporary B-tree (decision 152).
  '0020_nic_by_subnet': {
    async up(db: Kysely<unknown>) {
      await db.schema
        .createIndex('nic_subnet_idx')
        .on('nic')
        .columns(['subnet_id', 'id'])
        .execute();
    },
  },
  '0051_connected_subnet': {
    async up(db: Kysely<unknown>) {
      await db.schema
        .createTable('connected_subnet')
        .addColumn('subnet_id', 'text', (c) =>
          c.notNull().references('private_subnet.id').onDelete('cascade'),
        )
        .addColumn('connected_subnet_id', 'text', (c) =>
          c.notNull().references('private_subnet.id').onDelete('cascade'),
        )
        .addPrimaryKeyConstraint('connected_subnet_pk', ['subnet_id', 'connected_subnet_id'])
        .execute();
      await db.schema
        .createIndex('connected_subnet_other_idx')
        .on('connected_subnet')
        .columns(['connected_subnet_id', 'subnet_id'])
        .execute();
    },
  },
  // A subnet's NICs as its list item wrote them, kept by triggers made at start (decision 252;
  // dropped by 0074, decision 262).
  '0071_subnet_nics': {
    async up(db: Kysely<unknown>) {
      await db.schema
        .createTable('subnet_nics')
        .addColumn('subnet_id', 'text', (c) =>
          c.primaryKey().references('private_subnet.id').onDelete('cascade'),
        )
        .addColumn('json', 'text', (c) => c.notNull())
        .execute();
    },
  },
  // The list item aggregates a subnet's NICs from their rows (decision 262): the kept texts and
  // their triggers go, and the NICs' index covers what the item reads of them.
  '0074_drop_kept_arrays': {
    async up(db: Kysely<unknown>) {
      await dropTriggerSet(db, 'subnet_nics');
      await db.schema.dropTable('subnet_nics').execute();
      await db.schema.dropIndex('nic_subnet_idx').execute();
      await db.schema
        .createIndex('nic_subnet_idx')
        .on('nic')
        .columns(['subnet_id', 'id', 'name', 'private_ipv4', 'private_ipv6', 'vm_id'])
        .execute();
    },
  },
};
