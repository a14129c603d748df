// One set of migrations for both engines, run at start.
import { Kysely, Migrator, type Migration, type MigrationProvider } from 'kysely';

const migrations: Record<string, Migration> = {
  '0001_accounts_projects': {
    async up(db: Kysely<unknown>) {
      await db.schema
        .createTable('setting')
        .addColumn('key', 'text', (c) => c.primaryKey())
        .addColumn('value', 'text', (c) => c.notNull())
        .execute();
      await db.schema
        .createTable('account')
        .addColumn('id', 'text', (c) => c.primaryKey())
        .addColumn('email', 'text', (c) => c.notNull().unique())
        .addColumn('password_hash', 'text', (c) => c.notNull())
        .addColumn('created_at', 'text', (c) => c.notNull())
        .execute();
      await db.schema
        .createTable('session')
        .addColumn('id', 'text', (c) => c.primaryKey())
        .addColumn('account_id', 'text', (c) => c.notNull().references('account.id').onDelete('cascade'))
        .addColumn('created_at', 'text', (c) => c.notNull())
        .addColumn('last_seen_at', 'text', (c) => c.notNull())
        .addColumn('expires_at', 'text', (c) => c.notNull())
        .addColumn('revoked_at', 'text')
        .execute();
      await db.schema.createIndex('session_account_idx').on('session').column('account_id').execute();
      await db.schema
        .createTable('project')
        .addColumn('id', 'text', (c) => c.primaryKey())
        .addColumn('name', 'text', (c) => c.notNull())
        .addColumn('credit', 'double precision', (c) => c.notNull().defaultTo(0))
        .addColumn('discount', 'double precision', (c) => c.notNull().defaultTo(0))
        .addColumn('created_at', 'text', (c) => c.notNull())
        .execute();
      await db.schema
        .createTable('project_member')
        .addColumn('project_id', 'text', (c) => c.notNull().references('project.id').onDelete('cascade'))
        .addColumn('account_id', 'text', (c) => c.notNull().references('account.id').onDelete('cascade'))
        .addColumn('role', 'text', (c) => c.notNull())
        .addColumn('created_at', 'text', (c) => c.notNull())
        .addPrimaryKeyConstraint('project_member_pk', ['account_id', 'project_id'])
        .execute();
      await db.schema.createIndex('project_member_project_idx').on('project_member').column('project_id').execute();
      await db.schema.createIndex('project_name_idx').on('project').columns(['name', 'id']).execute();
    },
  },
  '0002_networking_compute_lifecycle': {
    async up(db: Kysely<unknown>) {
      const ts = (c: ReturnType<typeof db.schema.createTable>) => c.addColumn('created_at', 'text', (col) => col.notNull());
      await ts(
        db.schema
          .createTable('private_subnet')
          .addColumn('id', 'text', (c) => c.primaryKey())
          .addColumn('project_id', 'text', (c) => c.notNull().references('project.id'))
          .addColumn('location', 'text', (c) => c.notNull())
          .addColumn('name', 'text', (c) => c.notNull())
          .addColumn('state', 'text', (c) => c.notNull())
          .addColumn('net4', 'text', (c) => c.notNull())
          .addColumn('net6', 'text', (c) => c.notNull()),
      ).execute();
      await db.schema.createIndex('private_subnet_name_uq').on('private_subnet').columns(['project_id', 'location', 'name']).unique().execute();
      await db.schema.createIndex('private_subnet_net4_uq').on('private_subnet').columns(['project_id', 'location', 'net4']).unique().execute();
      await db.schema.createIndex('private_subnet_net6_uq').on('private_subnet').columns(['project_id', 'location', 'net6']).unique().execute();
      await db.schema.createIndex('private_subnet_project_idx').on('private_subnet').columns(['project_id', 'id']).execute();
      await db.schema.createIndex('private_subnet_project_name_idx').on('private_subnet').columns(['project_id', 'name', 'id']).execute();
      await db.schema.createIndex('private_subnet_location_idx').on('private_subnet').columns(['project_id', 'location', 'id']).execute();

      await ts(
        db.schema
          .createTable('firewall')
          .addColumn('id', 'text', (c) => c.primaryKey())
          .addColumn('project_id', 'text', (c) => c.notNull().references('project.id'))
          .addColumn('location', 'text', (c) => c.notNull())
          .addColumn('name', 'text', (c) => c.notNull())
          .addColumn('description', 'text', (c) => c.notNull())
          // The subnet this firewall was made for as its default; it goes with that subnet.
          .addColumn('default_for_subnet_id', 'text'),
      ).execute();
      await db.schema.createIndex('firewall_name_uq').on('firewall').columns(['project_id', 'location', 'name']).unique().execute();
      await db.schema.createIndex('firewall_project_idx').on('firewall').columns(['project_id', 'id']).execute();
      await db.schema.createIndex('firewall_project_name_idx').on('firewall').columns(['project_id', 'name', 'id']).execute();
      await db.schema.createIndex('firewall_location_idx').on('firewall').columns(['project_id', 'location', 'id']).execute();

      await ts(
        db.schema
          .createTable('firewall_rule')
          .addColumn('id', 'text', (c) => c.primaryKey())
          .addColumn('firewall_id', 'text', (c) => c.notNull().references('firewall.id').onDelete('cascade'))
          .addColumn('cidr', 'text', (c) => c.notNull())
          .addColumn('port_start', 'integer', (c) => c.notNull())
          .addColumn('port_end', 'integer', (c) => c.notNull())
          .addColumn('protocol', 'text', (c) => c.notNull())
          .addColumn('description', 'text', (c) => c.notNull()),
      ).execute();
      await db.schema.createIndex('firewall_rule_firewall_idx').on('firewall_rule').columns(['firewall_id', 'id']).execute();

      await db.schema
        .createTable('firewall_subnet')
        .addColumn('firewall_id', 'text', (c) => c.notNull().references('firewall.id').onDelete('cascade'))
        .addColumn('subnet_id', 'text', (c) => c.notNull().references('private_subnet.id').onDelete('cascade'))
        .addPrimaryKeyConstraint('firewall_subnet_pk', ['firewall_id', 'subnet_id'])
        .execute();
      await db.schema.createIndex('firewall_subnet_subnet_idx').on('firewall_subnet').columns(['subnet_id', 'firewall_id']).execute();

      await ts(
        db.schema
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
          .addColumn('subnet_id', 'text', (c) => c.notNull().references('private_subnet.id')),
      ).execute();
      await db.schema.createIndex('vm_name_uq').on('vm').columns(['project_id', 'location', 'name']).unique().execute();
      await db.schema.createIndex('vm_ip4_uq').on('vm').column('ip4').unique().execute();
      await db.schema.createIndex('vm_ip6_uq').on('vm').column('ip6').unique().execute();
      await db.schema.createIndex('vm_project_idx').on('vm').columns(['project_id', 'id']).execute();
      await db.schema.createIndex('vm_project_name_idx').on('vm').columns(['project_id', 'name', 'id']).execute();
      await db.schema.createIndex('vm_location_idx').on('vm').columns(['project_id', 'location', 'id']).execute();
      await db.schema.createIndex('vm_subnet_idx').on('vm').columns(['subnet_id']).execute();

      await ts(
        db.schema
          .createTable('nic')
          .addColumn('id', 'text', (c) => c.primaryKey())
          .addColumn('subnet_id', 'text', (c) => c.notNull().references('private_subnet.id'))
          .addColumn('vm_id', 'text', (c) => c.references('vm.id').onDelete('cascade'))
          .addColumn('name', 'text', (c) => c.notNull())
          .addColumn('private_ipv4', 'text', (c) => c.notNull())
          .addColumn('private_ipv6', 'text', (c) => c.notNull()),
      ).execute();
      await db.schema.createIndex('nic_ipv4_uq').on('nic').columns(['subnet_id', 'private_ipv4']).unique().execute();
      await db.schema.createIndex('nic_ipv6_uq').on('nic').columns(['subnet_id', 'private_ipv6']).unique().execute();
      await db.schema.createIndex('nic_vm_idx').on('nic').column('vm_id').execute();

      // The durable job table that drives every state change (behaviour.md §8).
      await ts(
        db.schema
          .createTable('job')
          .addColumn('id', 'text', (c) => c.primaryKey())
          .addColumn('kind', 'text', (c) => c.notNull())
          .addColumn('resource_id', 'text', (c) => c.notNull())
          .addColumn('step', 'text', (c) => c.notNull())
          .addColumn('state', 'text', (c) => c.notNull())
          .addColumn('run_at', 'text', (c) => c.notNull())
          .addColumn('attempts', 'integer', (c) => c.notNull().defaultTo(0))
          .addColumn('lease_owner', 'text')
          .addColumn('lease_expires_at', 'text')
          .addColumn('last_error', 'text')
          .addColumn('updated_at', 'text', (c) => c.notNull()),
      ).execute();
      await db.schema.createIndex('job_due_idx').on('job').columns(['state', 'run_at']).execute();
      await db.schema.createIndex('job_resource_idx').on('job').columns(['resource_id']).execute();

      // The simulated data plane's own state: what it was asked to do, once per job step.
      await db.schema
        .createTable('sim_call')
        .addColumn('job_id', 'text', (c) => c.notNull())
        .addColumn('step', 'text', (c) => c.notNull())
        .addColumn('operation', 'text', (c) => c.notNull())
        .addColumn('resource_id', 'text', (c) => c.notNull())
        .addColumn('worker', 'text', (c) => c.notNull())
        .addColumn('created_at', 'text', (c) => c.notNull())
        .execute();
      await db.schema.createIndex('sim_call_resource_idx').on('sim_call').columns(['resource_id']).execute();
    },
  },
  '0003_unique_firewall_rule_content': {
    async up(db: Kysely<unknown>) {
      // Backs the "identical rule" check against concurrent creates.
      await db.schema
        .createIndex('firewall_rule_content_uq')
        .on('firewall_rule')
        .columns(['firewall_id', 'cidr', 'port_start', 'port_end', 'protocol'])
        .unique()
        .execute();
    },
  },
};

class StaticProvider implements MigrationProvider {
  async getMigrations() {
    return migrations;
  }
}

// eslint-disable-next-line @typescript-eslint/no-explicit-any
export async function migrate(db: Kysely<any>): Promise<void> {
  const migrator = new Migrator({ db, provider: new StaticProvider() });
  const { error, results } = await migrator.migrateToLatest();
  const failed = results?.find((r) => r.status === 'Error');
  if (error || failed) {
    throw new Error(`Migration ${failed?.migrationName ?? ''} failed: ${String(error)}`);
  }
}
