// Managed PostgreSQL: the database, its metric and log destinations, and its servers (VM rows
// made by the VM service, marked with the database they serve). Its firewall rules are rules of
// its firewall in the customer's project (decision 298, migration 0114).
import { sql, type Kysely, type Migration } from 'kysely';
import { newId } from '#shared/ids';
import { pickNicIPv4, pickNicIPv6, randomNet4, randomNet6 } from '../../net/allocate.ts';
import { isPostgres } from '../../db/locks.ts';
import {
  PG_FIREWALL_PORTS,
  pgFirewallDescription,
  pgFirewallName,
  pgSubnetName,
} from './postgres-placement.ts';

export interface PostgresTable {
  id: string;
  /** Why it is `failed` (testmode/testmode.tables.ts); null otherwise. */
  state_reason: string | null;
  project_id: string;
  location: string;
  name: string;
  state: string;
  flavor: string;
  version: string;
  target_version: string;
  /** The HA type asked for; the servers converge to it. */
  ha_type: string;
  /** The HA type the servers have now. */
  current_ha_type: string;
  vm_size: string;
  target_vm_size: string;
  storage_size_gib: number;
  target_storage_size_gib: number;
  maintenance_window_start_at: number | null;
  /** JSON array of the origin's day names (`mon`…`sun`, in week order; migration 0080). */
  maintenance_window_days: string;
  /** JSON array of {key, value}. */
  tags: string;
  superuser_password: string;
  parent_id: string | null;
  /** 0/1 */
  read_replica: number;
  restore_target: string | null;
  /** JSON objects of the owner's parameters. */
  pg_config: string;
  pgbouncer_config: string;
  /** JSON array of user names that sign in with client certificates. */
  cert_auth_users: string;
  ca_certificate: string;
  ca_private_key: string;
  backup_access_key_id: string;
  backup_secret_access_key: string;
  backup_session_token: string;
  backup_credentials_expire_at: string;
  /** When the database first ran: its first backup (decision 080). */
  running_since: string | null;
  /** The stage of a running major version upgrade, else null. */
  upgrade_stage: string | null;
  /**
   * JSON array of the actions asked for while the database was busy (`restart`, `recycle`,
   * `update`, `promote`), oldest first: the worker starts each once the database is running
   * again, as the origin's semaphores do (migration 0080).
   */
  pending_actions: string;
  created_at: string;
  /** Its private subnet in the customer's project, where its servers are (decision 298). */
  private_subnet_id: string | null;
}

/**
 * Where a database's rules were kept before migration 0114 moved them into its firewall
 * (decision 298): empty since, kept so the migrations before it still run; no code reads it.
 */
export interface LegacyPostgresFirewallRuleTable {
  id: string;
  postgres_id: string;
  cidr: string;
  description: string;
  created_at: string;
}

export interface PostgresMetricDestinationTable {
  id: string;
  postgres_id: string;
  url: string;
  username: string | null;
  password: string | null;
  bearer_token: string | null;
  /** JSON object of the origin's `options` (`authorization`, `headers`), or null (migration 0081). */
  options: string | null;
  created_at: string;
}

export interface PostgresLogDestinationTable {
  id: string;
  postgres_id: string;
  name: string;
  type: string;
  url: string;
  /** JSON object. */
  options: string;
  created_at: string;
}

/** A server of a database: one of its VMs, with its role. */
export interface PostgresServerTable {
  vm_id: string;
  postgres_id: string;
  role: string;
  created_at: string;
}

export interface PostgresTables {
  postgres: PostgresTable;
  postgres_metric_destination: PostgresMetricDestinationTable;
  postgres_log_destination: PostgresLogDestinationTable;
  postgres_server: PostgresServerTable;
}

export const postgresMigrations: Record<string, Migration> = {
  '0007_postgres': {
    async up(db: Kysely<unknown>) {
      await db.schema
        .createTable('postgres')
        .addColumn('id', 'text', (c) => c.primaryKey())
        .addColumn('project_id', 'text', (c) => c.notNull().references('project.id'))
        .addColumn('location', 'text', (c) => c.notNull())
        .addColumn('name', 'text', (c) => c.notNull())
        .addColumn('state', 'text', (c) => c.notNull())
        .addColumn('flavor', 'text', (c) => c.notNull())
        .addColumn('version', 'text', (c) => c.notNull())
        .addColumn('target_version', 'text', (c) => c.notNull())
        .addColumn('ha_type', 'text', (c) => c.notNull())
        .addColumn('current_ha_type', 'text', (c) => c.notNull())
        .addColumn('vm_size', 'text', (c) => c.notNull())
        .addColumn('target_vm_size', 'text', (c) => c.notNull())
        .addColumn('storage_size_gib', 'integer', (c) => c.notNull())
        .addColumn('target_storage_size_gib', 'integer', (c) => c.notNull())
        .addColumn('maintenance_window_start_at', 'integer')
        .addColumn('maintenance_window_days', 'text', (c) => c.notNull())
        .addColumn('tags', 'text', (c) => c.notNull())
        .addColumn('superuser_password', 'text', (c) => c.notNull())
        .addColumn('parent_id', 'text')
        .addColumn('read_replica', 'integer', (c) => c.notNull())
        .addColumn('restore_target', 'text')
        .addColumn('pg_config', 'text', (c) => c.notNull())
        .addColumn('pgbouncer_config', 'text', (c) => c.notNull())
        .addColumn('cert_auth_users', 'text', (c) => c.notNull())
        .addColumn('ca_certificate', 'text', (c) => c.notNull())
        .addColumn('ca_private_key', 'text', (c) => c.notNull())
        .addColumn('backup_access_key_id', 'text', (c) => c.notNull())
        .addColumn('backup_secret_access_key', 'text', (c) => c.notNull())
        .addColumn('backup_session_token', 'text', (c) => c.notNull())
        .addColumn('backup_credentials_expire_at', 'text', (c) => c.notNull())
        .addColumn('running_since', 'text')
        .addColumn('upgrade_stage', 'text')
        .addColumn('created_at', 'text', (c) => c.notNull())
        .execute();
      await db.schema
        .createIndex('postgres_name_uq')
        .on('postgres')
        .columns(['project_id', 'location', 'name'])
        .unique()
        .execute();
      await db.schema
        .createIndex('postgres_project_idx')
        .on('postgres')
        .columns(['project_id', 'id'])
        .execute();
      await db.schema
        .createIndex('postgres_project_name_idx')
        .on('postgres')
        .columns(['project_id', 'name', 'id'])
        .execute();
      await db.schema
        .createIndex('postgres_location_idx')
        .on('postgres')
        .columns(['project_id', 'location', 'id'])
        .execute();
      await db.schema
        .createIndex('postgres_parent_idx')
        .on('postgres')
        .column('parent_id')
        .execute();

      for (const table of [
        'postgres_firewall_rule',
        'postgres_metric_destination',
        'postgres_log_destination',
      ] as const) {
        let t = db.schema
          .createTable(table)
          .addColumn('id', 'text', (c) => c.primaryKey())
          .addColumn('postgres_id', 'text', (c) =>
            c.notNull().references('postgres.id').onDelete('cascade'),
          );
        if (table === 'postgres_firewall_rule')
          t = t
            .addColumn('cidr', 'text', (c) => c.notNull())
            .addColumn('description', 'text', (c) => c.notNull());
        if (table === 'postgres_metric_destination')
          t = t
            .addColumn('url', 'text', (c) => c.notNull())
            .addColumn('username', 'text')
            .addColumn('password', 'text')
            .addColumn('bearer_token', 'text');
        if (table === 'postgres_log_destination')
          t = t
            .addColumn('name', 'text', (c) => c.notNull())
            .addColumn('type', 'text', (c) => c.notNull())
            .addColumn('url', 'text', (c) => c.notNull())
            .addColumn('options', 'text', (c) => c.notNull());
        await t.addColumn('created_at', 'text', (c) => c.notNull()).execute();
        await db.schema
          .createIndex(`${table}_pg_idx`)
          .on(table)
          .columns(['postgres_id', 'id'])
          .execute();
      }

      // A database's servers are VMs: marked with the database, hidden from the VM lists.
      await db.schema.alterTable('vm').addColumn('service_of', 'text').execute();
      // The VM lists and counts filter on it: indexes that cover it keep a page one range scan.
      await db.schema
        .createIndex('vm_project_service_idx')
        .on('vm')
        .columns(['project_id', 'service_of', 'id'])
        .execute();
      await db.schema
        .createIndex('vm_project_service_name_idx')
        .on('vm')
        .columns(['project_id', 'service_of', 'name', 'id'])
        .execute();
      await db.schema
        .createIndex('vm_location_service_idx')
        .on('vm')
        .columns(['project_id', 'location', 'service_of', 'id'])
        .execute();
      await db.schema
        .createTable('postgres_server')
        .addColumn('vm_id', 'text', (c) => c.primaryKey().references('vm.id').onDelete('cascade'))
        .addColumn('postgres_id', 'text', (c) =>
          c.notNull().references('postgres.id').onDelete('cascade'),
        )
        .addColumn('role', 'text', (c) => c.notNull())
        .addColumn('created_at', 'text', (c) => c.notNull())
        .execute();
      await db.schema
        .createIndex('postgres_server_pg_idx')
        .on('postgres_server')
        .columns(['postgres_id', 'vm_id'])
        .execute();
    },
  },
  // The origin's clients (decision 263): actions taken in any state wait as pending actions;
  // maintenance days are the origin's day names (0 = Sunday before).
  '0080_postgres_pending_actions_and_day_names': {
    async up(db: Kysely<unknown>) {
      await db.schema
        .alterTable('postgres')
        .addColumn('pending_actions', 'text', (c) => c.notNull().defaultTo('[]'))
        .execute();
      const rows = (await db
        .selectFrom('postgres' as never)
        .select(['id' as never, 'maintenance_window_days' as never])
        .execute()) as { id: string; maintenance_window_days: string }[];
      for (const r of rows) {
        const days = dayNamesOf(JSON.parse(r.maintenance_window_days) as unknown[]);
        await db
          .updateTable('postgres' as never)
          .set({ maintenance_window_days: JSON.stringify(days) } as never)
          .where('id' as never, '=', r.id as never)
          .execute();
      }
    },
  },
  // Metric destinations keep the origin's `options` (decision 265); a bearer token stored before
  // becomes its `authorization`.
  '0081_postgres_metric_destination_options': {
    async up(db: Kysely<unknown>) {
      await db.schema
        .alterTable('postgres_metric_destination')
        .addColumn('options', 'text')
        .execute();
      const rows = (await db
        .selectFrom('postgres_metric_destination' as never)
        .select(['id' as never, 'bearer_token' as never])
        .execute()) as { id: string; bearer_token: string | null }[];
      for (const r of rows) {
        if (!r.bearer_token) continue;
        await db
          .updateTable('postgres_metric_destination' as never)
          .set({
            options: JSON.stringify({
              authorization: { type: 'Bearer', credentials: r.bearer_token },
            }),
          } as never)
          .where('id' as never, '=', r.id as never)
          .execute();
      }
    },
  },
  // The origin's ID prefixes (decision 288): firewall rules `fr`, log destinations `1d`.
  '0111_origin_postgres_ids': {
    async up(db: Kysely<unknown>) {
      await renameIdPrefixes(db, 'postgres_firewall_rule', 'id');
      await renameIdPrefixes(db, 'postgres_log_destination', 'id');
    },
  },
  // Decision 298: each database gets its subnet and firewall in its project, as the origin
  // places them; its rules move into that firewall (an ID keeps naming its rule) and its servers
  // into that subnet.
  '0114_postgres_placement': {
    async up(db: Kysely<unknown>) {
      // The migrator runs each migration in a transaction on PostgreSQL and in none on SQLite:
      // one of its own there, so that a failure leaves no column behind to refuse the rerun.
      const place = async (tx: Kysely<unknown>) => {
        await tx.schema.alterTable('postgres').addColumn('private_subnet_id', 'text').execute();
        await placeDatabases(tx);
      };
      if (isPostgres(db)) await place(db);
      else await db.transaction().execute(place);
    },
  },
};

type Untyped = Kysely<any>; // eslint-disable-line @typescript-eslint/no-explicit-any

/**
 * Migration 0114 on every database: its subnet `<id>-subnet` and firewall `<id>-firewall` (made,
 * or found when a run before made them), its rules moved into the firewall on both ports, and
 * its servers' VMs and NICs moved into the subnet with new private addresses in it.
 */
export async function placeDatabases(raw: Kysely<unknown>): Promise<void> {
  const db = raw as Untyped;
  const now = new Date().toISOString();
  const pgs = (await db
    .selectFrom('postgres')
    .select(['id', 'project_id', 'location', 'name', 'private_subnet_id'])
    .orderBy('id')
    .execute()) as {
    id: string;
    project_id: string;
    location: string;
    name: string;
    private_subnet_id: string | null;
  }[];
  for (const pg of pgs) {
    const scope = (table: string, name: string) =>
      db
        .selectFrom(table)
        .selectAll()
        .where('project_id', '=', pg.project_id)
        .where('location', '=', pg.location)
        .where('name', '=', name)
        .executeTakeFirst();
    let subnet = (
      pg.private_subnet_id
        ? await db
            .selectFrom('private_subnet')
            .selectAll()
            .where('id', '=', pg.private_subnet_id)
            .executeTakeFirst()
        : await scope('private_subnet', pgSubnetName(pg.id))
    ) as { id: string; net4: string; net6: string } | undefined;
    if (!subnet) {
      subnet = { id: newId('privateSubnet'), net4: randomNet4(), net6: randomNet6() };
      await db
        .insertInto('private_subnet')
        .values({
          ...subnet,
          project_id: pg.project_id,
          location: pg.location,
          name: pgSubnetName(pg.id),
          state: 'available',
          created_at: now,
        })
        .execute();
    }
    await db
      .updateTable('postgres')
      .set({ private_subnet_id: subnet.id })
      .where('id', '=', pg.id)
      .execute();
    let fw = (await scope('firewall', pgFirewallName(pg.id))) as { id: string } | undefined;
    if (!fw) {
      fw = { id: newId('firewall') };
      await db
        .insertInto('firewall')
        .values({
          id: fw.id,
          project_id: pg.project_id,
          location: pg.location,
          name: pgFirewallName(pg.id),
          description: pgFirewallDescription(pg.name),
          default_for_subnet_id: null,
          created_at: now,
        })
        .execute();
    }
    const attached = await db
      .selectFrom('firewall_subnet')
      .select('firewall_id')
      .where('firewall_id', '=', fw.id)
      .where('subnet_id', '=', subnet.id)
      .executeTakeFirst();
    if (!attached)
      await db
        .insertInto('firewall_subnet')
        .values({ firewall_id: fw.id, subnet_id: subnet.id })
        .execute();

    const rules = (await db
      .selectFrom('postgres_firewall_rule')
      .selectAll()
      .where('postgres_id', '=', pg.id)
      .orderBy('id')
      .execute()) as { id: string; cidr: string; description: string; created_at: string }[];
    for (const rule of rules) {
      for (const port of PG_FIREWALL_PORTS) {
        // The rule keeps its ID on 5432; its twin on 6432 gets a new one (decision 298).
        const id = port === PG_FIREWALL_PORTS[0] ? rule.id : newId('firewallRule');
        const same = await db
          .selectFrom('firewall_rule')
          .select('id')
          .where((eb) =>
            eb.or([
              eb('id', '=', id),
              eb.and([
                eb('firewall_id', '=', fw.id),
                eb('cidr', '=', rule.cidr),
                eb('port_start', '=', port),
                eb('port_end', '=', port),
                eb('protocol', '=', 'tcp'),
              ]),
            ]),
          )
          .executeTakeFirst();
        // A second rule of the same CIDR adds nothing the first does not open.
        if (same) continue;
        await db
          .insertInto('firewall_rule')
          .values({
            id,
            firewall_id: fw.id,
            cidr: rule.cidr,
            port_start: port,
            port_end: port,
            protocol: 'tcp',
            description: rule.description,
            created_at: rule.created_at,
          })
          .execute();
      }
    }
    await db.deleteFrom('postgres_firewall_rule').where('postgres_id', '=', pg.id).execute();

    // Its servers' VMs join the subnet, each NIC with addresses in it.
    const nics = (await db
      .selectFrom('nic')
      .innerJoin('postgres_server', 'postgres_server.vm_id', 'nic.vm_id')
      .select(['nic.id as id', 'nic.vm_id as vm_id', 'nic.subnet_id as subnet_id'])
      .where('postgres_server.postgres_id', '=', pg.id)
      .orderBy('nic.id')
      .execute()) as { id: string; vm_id: string; subnet_id: string }[];
    const taken = (
      (await db
        .selectFrom('nic')
        .select('private_ipv4')
        .where('subnet_id', '=', subnet.id)
        .execute()) as { private_ipv4: string }[]
    ).map((n) => n.private_ipv4);
    for (const nic of nics) {
      if (nic.subnet_id === subnet.id) continue;
      const ip4 = pickNicIPv4(subnet.net4, taken);
      if (!ip4) break; // A /26 holds 59 NICs; a database has at most 3 servers.
      taken.push(ip4);
      await db
        .updateTable('nic')
        .set({ subnet_id: subnet.id, private_ipv4: ip4, private_ipv6: pickNicIPv6(subnet.net6) })
        .where('id', '=', nic.id)
        .execute();
      await db
        .updateTable('vm')
        .set({ subnet_id: subnet.id })
        .where('id', '=', nic.vm_id)
        .execute();
    }
  }
}

/** Decision 288: the prefix each kind's IDs had before it took the origin's. */
export const RENAMED_ID_PREFIXES = [
  ['pf', 'fr'],
  ['ld', '1d'],
] as const;

/** Gives the IDs of a column with an old prefix (RENAMED_ID_PREFIXES) the new one. */
export async function renameIdPrefixes(db: Kysely<unknown>, table: string, column: string) {
  const col = sql.ref(column);
  for (const [from, to] of RENAMED_ID_PREFIXES)
    await sql`update ${sql.table(table)} set ${col} = ${to} || substr(${col}, 3)
      where substr(${col}, 1, 2) = ${from} and length(${col}) = 26`.execute(db);
}

const WEEK = ['mon', 'tue', 'wed', 'thu', 'fri', 'sat', 'sun'];
/** Stored days as the origin's names: numbers were 0 = Sunday; every day (the old default) is `[]`, the origin's "every day". */
export function dayNamesOf(days: unknown[]): string[] {
  const names = new Set(days.map((d) => (typeof d === 'number' ? WEEK[(d + 6) % 7] : String(d))));
  const ordered = WEEK.filter((d) => names.has(d));
  return ordered.length === 7 ? [] : ordered;
}
