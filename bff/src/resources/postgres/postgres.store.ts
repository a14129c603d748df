// Queries and views of PostgreSQL databases: the get (detailed), rename and list shapes of
// api-spec.md, and the database's rules, servers and destinations.
import { postgresServerId } from '#shared/ids';
import type { Selectable } from 'kysely';
import {
  postgresListItemSchema,
  type Postgres,
  type PostgresDetail,
  type Tag,
  type WEEKDAY_NAMES,
} from '#shared/api/postgres';
import { postgresHaType } from '#shared/catalog';
import type { Queryable } from '../../db/database.ts';
import { forUpdate } from '../../db/locks.ts';
import { notFound } from '../../errors.ts';
import { findByReference } from '../scoped.ts';
import { listOf } from '../common.ts';
import { restoreWindow, type DiskUsageOverride, type SimServer } from './postgres.sim.ts';
import { pgRules, type PgRule } from './postgres-firewall.ts';
import type {
  PostgresLogDestinationTable,
  PostgresMetricDestinationTable,
  PostgresTable,
} from './postgres.tables.ts';

export type PostgresRow = Selectable<PostgresTable>;

export const SUPERUSER = 'postgres';

export const json = <T>(text: string): T => JSON.parse(text) as T;

export const findPostgres = (
  db: Queryable,
  projectId: string,
  location: string,
  reference: string,
) => findByReference(db, 'postgres', projectId, location, reference);

/** The database read again; in a transaction its row is locked until the end (changes of one database run one after another). */
export async function reloadPostgres(db: Queryable, id: string): Promise<PostgresRow> {
  const q = db.selectFrom('postgres').selectAll().where('id', '=', id);
  const row = await (db.isTransaction ? forUpdate(db, q) : q).executeTakeFirst();
  if (!row) throw notFound();
  return row;
}

export const hostnameOf = (row: Pick<PostgresRow, 'name' | 'id'>, serviceDomain: string) =>
  `${row.name}.${row.id}.postgres.${serviceDomain}`;

export function connectionString(
  row: PostgresRow,
  serviceDomain: string,
  host = hostnameOf(row, serviceDomain),
): string {
  return `postgres://${SUPERUSER}:${encodeURIComponent(row.superuser_password)}@${host}:5432/postgres?sslmode=require`;
}

/**
 * A list item as the database writes it (decisions 245, 262): not the certificates, keys,
 * passwords and configuration only the record shows.
 */
export const POSTGRES_LIST = listOf(postgresListItemSchema, 'postgres', {
  read_replica: ['"postgres"."read_replica"', 'bool'],
  tags: ['"postgres"."tags"', 'json'],
  // The parent's path, as the origin writes it.
  parent: `(SELECT '/location/' || "parent"."location" || '/postgres/' || "parent"."name" FROM "postgres" AS "parent" WHERE "parent"."id" = "postgres"."parent_id")`,
  maintenance_window_days: ['"postgres"."maintenance_window_days"', 'json'],
  target_server_count: `(CASE "postgres"."ha_type" WHEN 'sync' THEN 3 WHEN 'async' THEN 2 ELSE 1 END)`,
  fallback_active: ['0', 'bool'],
});

/** The origin's path of a database (how it writes `parent`). */
const pathOf = (row: Pick<PostgresRow, 'location' | 'name'>) =>
  `/location/${row.location}/postgres/${row.name}`;

/** The parent's path, or null. */
async function parentPath(db: Queryable, row: PostgresRow): Promise<string | null> {
  if (!row.parent_id) return null;
  const parent = await db
    .selectFrom('postgres')
    .select(['location', 'name'])
    .where('id', '=', row.parent_id)
    .executeTakeFirst();
  return parent ? pathOf(parent) : null;
}

/** The fields every shape shares (list items, full records and read replicas in a record). */
function base(row: PostgresRow, parent: string | null) {
  return {
    id: row.id,
    name: row.name,
    location: row.location,
    state: row.state,
    flavor: row.flavor,
    ha_type: row.ha_type,
    version: row.version,
    target_version: row.target_version,
    vm_size: row.vm_size,
    storage_size_gib: Number(row.storage_size_gib),
    maintenance_window_start_at:
      row.maintenance_window_start_at === null ? null : Number(row.maintenance_window_start_at),
    read_replica: Number(row.read_replica) === 1,
    tags: json<Tag[]>(row.tags),
    target_storage_size_gib: Number(row.target_storage_size_gib),
    target_vm_size: row.target_vm_size,
    parent,
    maintenance_window_days: json<(typeof WEEKDAY_NAMES)[number][]>(row.maintenance_window_days),
    target_server_count: 1 + postgresHaType(row.ha_type)!.standbys,
    fallback_active: false,
    created_at: row.created_at,
  };
}

/** A rule as the database's routes answer it (decision 079). */
export const ruleView = (rule: Pick<PgRule, 'id' | 'cidr' | 'description'>) => ({
  id: rule.id,
  cidr: rule.cidr,
  description: rule.description,
});

/** A metric destination without its secrets: the auth sections it configures, as the origin's `auth_methods`. */
export const metricDestinationView = (row: Selectable<PostgresMetricDestinationTable>) => {
  const options = row.options ? json<Record<string, unknown>>(row.options) : {};
  const auth_methods = [
    ...(row.username ? ['basic_auth' as const] : []),
    ...(['authorization', 'headers'] as const).filter((k) => k in options),
  ];
  return { id: row.id, url: row.url, username: row.username, auth_methods };
};

export const logDestinationView = (row: Selectable<PostgresLogDestinationTable>) => ({
  id: row.id,
  name: row.name,
  type: row.type as 'otlp' | 'syslog',
  url: row.url,
});

/** The rename shape (the spec's "Postgres database"): no credentials, rules without ports. */
export async function postgresView(
  db: Queryable,
  row: PostgresRow,
  serviceDomain: string,
  rules?: PgRule[],
): Promise<Postgres> {
  rules ??= await pgRules(db, row);
  const window = restoreWindow(row);
  return {
    ...base(row, await parentPath(db, row)),
    primary: Number(row.read_replica) !== 1,
    connection_string: connectionString(row, serviceDomain),
    earliest_restore_time: window.earliest,
    latest_restore_time: window.latest,
    firewall_rules: rules.map(ruleView),
    ca_certificates: row.ca_certificate,
    state_reason: row.state_reason ?? null,
  };
}

/** The get shape: credentials and hostname, and each rule once per port it opens (decisions 079, 298). */
export async function postgresDetailView(
  db: Queryable,
  row: PostgresRow,
  serviceDomain: string,
): Promise<PostgresDetail> {
  const rules = await pgRules(db, row);
  const view = await postgresView(db, row, serviceDomain, rules);
  const [metrics, logs, replicas] = await Promise.all([
    db
      .selectFrom('postgres_metric_destination')
      .selectAll()
      .where('postgres_id', '=', row.id)
      .orderBy('id')
      .execute(),
    db
      .selectFrom('postgres_log_destination')
      .selectAll()
      .where('postgres_id', '=', row.id)
      .orderBy('id')
      .execute(),
    db
      .selectFrom('postgres')
      .selectAll()
      .where('parent_id', '=', row.id)
      .where('read_replica', '=', 1)
      .orderBy('id')
      .execute(),
  ]);
  const path = pathOf(row);
  return {
    ...view,
    username: SUPERUSER,
    password: row.superuser_password,
    hostname: hostnameOf(row, serviceDomain),
    private_connection_string: connectionString(
      row,
      serviceDomain,
      `${row.name}.${row.id}.private.postgres.${serviceDomain}`,
    ),
    firewall_rules: rules.flatMap((r) => r.ports.map((port) => ({ ...ruleView(r), port }))),
    metric_destinations: metrics.map(metricDestinationView),
    log_destinations: logs.map(logDestinationView),
    read_replicas: replicas.map((r) => ({ ...base(r, path), ca_certificates: r.ca_certificate })),
  };
}

/** The servers of a database with their VMs, the primary first. */
export function listServers(db: Queryable, postgresId: string) {
  return db
    .selectFrom('postgres_server')
    .innerJoin('vm', 'vm.id', 'postgres_server.vm_id')
    .innerJoin('nic', 'nic.vm_id', 'vm.id')
    .select([
      'vm.id as id',
      'vm.name as name',
      'postgres_server.role as role',
      'vm.state as state',
      'vm.size as vm_size',
      'vm.storage_size_gib as storage_size_gib',
      'nic.private_ipv4 as private_ipv4',
      'nic.private_ipv6 as private_ipv6',
      'postgres_server.created_at as created_at',
      'vm.subnet_id as subnet_id',
    ])
    .where('postgres_server.postgres_id', '=', postgresId)
    .orderBy('postgres_server.role')
    .orderBy('vm.id')
    .execute();
}

/** The servers the simulated data plane reports on (metrics, logs): those not being deleted. */
export async function simServers(db: Queryable, postgresId: string): Promise<SimServer[]> {
  return (await listServers(db, postgresId))
    .filter((s) => s.state !== 'deleting')
    .map((s) => ({
      // The origin's server ID (`pv…`, decision 288): log lines name it.
      id: postgresServerId(s.id),
      name: s.name,
      role: s.role as 'primary' | 'standby',
      private_ipv4: s.private_ipv4,
    }));
}

/** The disk usage a test fixed for the database (docs/testing.md), if any. */
export async function diskUsageOverride(
  db: Queryable,
  postgresId: string,
): Promise<DiskUsageOverride | undefined> {
  const row = await db
    .selectFrom('test_disk_usage')
    .select('percent')
    .where('postgres_id', '=', postgresId)
    .executeTakeFirst();
  return row && { percent: row.percent === null ? null : Number(row.percent) };
}

/** The read replicas of a database (that are not being deleted). */
export const replicasOf = (db: Queryable, postgresId: string) =>
  db
    .selectFrom('postgres')
    .select(['id', 'name'])
    .where('parent_id', '=', postgresId)
    .where('read_replica', '=', 1)
    .where('state', '!=', 'deleting')
    .execute();
