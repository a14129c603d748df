// Queries and views of PostgreSQL databases: the get (detailed), rename and list shapes of
// api-spec.md, and the database's rules, servers and destinations.
import type { Selectable } from 'kysely';
import { POSTGRES_PORTS, postgresListItemSchema, type Postgres, type PostgresDetail, type Tag } from '#shared/api/postgres';
import type { Db } from '../../db/database.ts';
import { forUpdate } from '../../db/locks.ts';
import type { Tx } from '../../db/transaction.ts';
import { notFound } from '../../errors.ts';
import { findByReference } from '../scoped.ts';
import { listOf } from '../common.ts';
import { restoreWindow } from './postgres.sim.ts';
import type { PostgresFirewallRuleTable, PostgresLogDestinationTable, PostgresMetricDestinationTable, PostgresTable } from './postgres.tables.ts';

export type PostgresRow = Selectable<PostgresTable>;
export type PostgresRuleRow = Selectable<PostgresFirewallRuleTable>;
type Q = Db | Tx;

export const SUPERUSER = 'postgres';

export const json = <T>(text: string): T => JSON.parse(text) as T;

export const findPostgres = (db: Q, projectId: string, location: string, reference: string) => findByReference(db, 'postgres', projectId, location, reference);

/** The database read again; in a transaction its row is locked until the end (changes of one database run one after another). */
export async function reloadPostgres(db: Q, id: string): Promise<PostgresRow> {
  const q = db.selectFrom('postgres').selectAll().where('id', '=', id);
  const row = await (db.isTransaction ? forUpdate(db, q) : q).executeTakeFirst();
  if (!row) throw notFound('Sorry, we couldn’t find the PostgreSQL database you’re looking for.');
  return row;
}

export const hostnameOf = (row: Pick<PostgresRow, 'name' | 'id'>, serviceDomain: string) => `${row.name}.${row.id}.postgres.${serviceDomain}`;

export function connectionString(row: PostgresRow, serviceDomain: string): string {
  return `postgres://${SUPERUSER}:${encodeURIComponent(row.superuser_password)}@${hostnameOf(row, serviceDomain)}:5432/postgres?sslmode=require`;
}

/**
 * A list item as the database writes it (decisions 245, 262): not the certificates, keys,
 * passwords and configuration only the record shows.
 */
export const POSTGRES_LIST = listOf(postgresListItemSchema, 'postgres', {
  read_replica: ['"postgres"."read_replica"', 'bool'],
  tags: ['"postgres"."tags"', 'json'],
  parent: '"postgres"."parent_id"',
  maintenance_window_days: ['"postgres"."maintenance_window_days"', 'json'],
});

/** The fields every shape shares (list items add created_at, full records the rest). */
function base(row: PostgresRow) {
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
    maintenance_window_start_at: row.maintenance_window_start_at === null ? null : Number(row.maintenance_window_start_at),
    read_replica: Number(row.read_replica) === 1,
    tags: json<Tag[]>(row.tags),
    target_storage_size_gib: Number(row.target_storage_size_gib),
    target_vm_size: row.target_vm_size,
    parent: row.parent_id,
    maintenance_window_days: json<number[]>(row.maintenance_window_days),
  };
}

export const listRules = (db: Q, postgresId: string) => db.selectFrom('postgres_firewall_rule').selectAll().where('postgres_id', '=', postgresId).orderBy('id').execute();

export const ruleView = (r: PostgresRuleRow) => ({ id: r.id, cidr: r.cidr, description: r.description });

/** A metric destination without its secrets. */
export const metricDestinationView = (r: Selectable<PostgresMetricDestinationTable>) => ({
  id: r.id,
  url: r.url,
  auth_type: r.bearer_token ? ('bearer' as const) : ('basic' as const),
  username: r.username,
});

export const logDestinationView = (r: Selectable<PostgresLogDestinationTable>) => ({ id: r.id, name: r.name, type: r.type as 'otlp' | 'syslog', url: r.url });

/** The rename shape (the spec's "Postgres database"): no credentials, rules without ports. */
export async function postgresView(db: Q, row: PostgresRow, serviceDomain: string, rules?: PostgresRuleRow[]): Promise<Postgres> {
  rules ??= await listRules(db, row.id);
  const window = restoreWindow(row);
  return {
    ...base(row),
    primary: Number(row.read_replica) !== 1,
    connection_string: connectionString(row, serviceDomain),
    earliest_restore_time: window.earliest,
    latest_restore_time: window.latest,
    firewall_rules: rules.map(ruleView),
    ca_certificates: row.ca_certificate,
  };
}

/** The get shape: credentials and hostname, and each rule once per port it opens (decision 079). */
export async function postgresDetailView(db: Q, row: PostgresRow, serviceDomain: string): Promise<PostgresDetail> {
  const rules = await listRules(db, row.id);
  const view = await postgresView(db, row, serviceDomain, rules);
  return {
    ...view,
    username: SUPERUSER,
    password: row.superuser_password,
    hostname: hostnameOf(row, serviceDomain),
    firewall_rules: rules.flatMap((r) => POSTGRES_PORTS.map((port) => ({ ...ruleView(r), port }))),
  };
}

/** The servers of a database with their VMs, the primary first. */
export function listServers(db: Q, postgresId: string) {
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

/** The read replicas of a database (that are not being deleted). */
export const replicasOf = (db: Q, postgresId: string) =>
  db.selectFrom('postgres').select(['id', 'name']).where('parent_id', '=', postgresId).where('read_replica', '=', 1).where('state', '!=', 'deleting').execute();
