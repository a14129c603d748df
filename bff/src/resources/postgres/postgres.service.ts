// What a PostgreSQL database does, in the caller's transaction: create (also restores and
// read replicas), its servers (VMs made by the VM service), changes, actions and delete.
// Jobs it enqueues run once the transaction commits (inJobTransaction wakes the worker).
import { randomBytes } from 'node:crypto';
import type { z } from 'zod';
import {
  postgresKind,
  type createLogDestinationBodySchema,
  type createMetricDestinationBodySchema,
  type createPostgresBodySchema,
  type Tag,
} from '#shared/api/postgres';
import { configProblems } from '#shared/api/postgres-config';
import { POSTGRES_VERSIONS, postgresFlavor, postgresHaType, postgresSize } from '#shared/catalog';
import { newId } from '#shared/ids';
import type { Quotas } from '../../config.ts';
import type { Tx } from '../../db/transaction.ts';
import { ApiError, invalidRequest } from '../../errors.ts';
import { enqueueJob, type JobKind } from '../../lifecycle/jobs.ts';
import { assertNameFree, assertProjectQuota } from '../scoped.ts';
import { createVm, deleteVm } from '../vm/vm.service.ts';
import { serviceVms } from '../vm/vm.store.ts';
import { createRootCa } from '../certs.ts';
import {
  diskUsageOverride,
  json,
  listServers,
  reloadPostgres,
  replicasOf,
  simServers,
  type PostgresRow,
} from './postgres.store.ts';
import { addDefaultRules, placePostgres } from './postgres-firewall.ts';
import { observedDiskUsagePercent } from './postgres.sim.ts';

/** The key put on a database's server VMs (the service reaches them; customers do not). */
const SERVICE_KEY =
  'ssh-ed25519 AAAAC3NzaC1lZDI1NTE5AAAAIKc0nyAdQ7Uy0bNPzDq4kbEJmbTDbOaKHPh8TPmvBm3t postgres-service';
const ALNUM = 'abcdefghijklmnopqrstuvwxyzABCDEFGHIJKLMNOPQRSTUVWXYZ0123456789';

/** A generated superuser password: 32 letters and digits, with each of lower, upper and digit. */
export function generatePassword(): string {
  for (;;) {
    const p = [...randomBytes(32)].map((b) => ALNUM[b % ALNUM.length]).join('');
    if (/[a-z]/.test(p) && /[A-Z]/.test(p) && /\d/.test(p)) return p;
  }
}

const randomKey = (n: number) => [...randomBytes(n)].map((b) => ALNUM[b % ALNUM.length]).join('');

/** Fresh read-only credentials of the backup storage, valid for 30 days. */
export function backupCredentials() {
  return {
    backup_access_key_id: `AK${randomKey(18).toUpperCase()}`,
    backup_secret_access_key: randomKey(40),
    backup_session_token: randomKey(64),
    backup_credentials_expire_at: new Date(Date.now() + 30 * 24 * 3600 * 1000).toISOString(),
  };
}

/** 400 naming the field unless the flavor is built for the version and the storage is one of the size's choices. */
export function checkOptions(
  options: { flavor: string; version: string; size: string; storage?: number },
  fields = { version: 'version', storage: 'storage_size' },
): number {
  const flavor = postgresFlavor(options.flavor)!;
  if (!(flavor.versions as readonly string[]).includes(options.version)) {
    throw invalidRequest({
      [fields.version]: `The ${flavor.displayName} flavor is available in versions ${flavor.versions.join(', ')}.`,
    });
  }
  const size = postgresSize(options.size)!;
  const storage = options.storage ?? size.storageGib[0];
  if (!(size.storageGib as readonly number[]).includes(storage)) {
    throw invalidRequest({
      [fields.storage]: `storage_size for ${size.name} must be one of ${size.storageGib.join(', ')} (GiB).`,
    });
  }
  return storage;
}

/** A create body's values (also of restores and read replicas, which copy their source's). */
export type NewPostgres = Omit<
  z.output<typeof createPostgresBodySchema>,
  'size' | 'version' | 'flavor'
> & {
  size: string;
  version: string;
  flavor: string;
  projectId: string;
  location: string;
  name: string;
  parentId?: string;
  readReplica?: boolean;
  restoreTarget?: string;
};

/**
 * Adds a server (a VM of the VM service, marked as the database's) in the database's subnet;
 * one made before it had a subnet (migration 0114 moves them) joins its primary's.
 */
async function addServer(
  tx: Tx,
  pg: PostgresRow,
  role: 'primary' | 'standby',
  quotas: Quotas,
  primarySubnetId?: string,
) {
  const subnetId = pg.private_subnet_id ?? primarySubnetId;
  const vm = await createVm(
    tx,
    {
      projectId: pg.project_id,
      location: pg.location,
      name: `${pg.id}-${randomKey(5).toLowerCase()}`,
      public_key: SERVICE_KEY,
      size: pg.target_vm_size,
      storageSizeGib: Number(pg.target_storage_size_gib),
      unix_user: 'ubi',
      boot_image: 'ubuntu-jammy',
      enable_ip4: false,
      private_subnet_id: subnetId,
      serviceOf: pg.id,
    },
    quotas,
  );
  await tx
    .insertInto('postgres_server')
    .values({ vm_id: vm.id, postgres_id: pg.id, role, created_at: vm.created_at })
    .execute();
  return vm;
}

/**
 * 400 unless every parameter of `pgConfig` is one of `version`'s, with a value it takes (the
 * request's schema checked them against any version's rules; the origin checks its own).
 */
export function assertPgConfigFits(version: string, pgConfig: Record<string, unknown> = {}): void {
  const problems = configProblems('pg_config', pgConfig, version);
  if (problems.length)
    throw invalidRequest(Object.fromEntries(problems.map(([k, v]) => [`pg_config.${k}`, v])));
}

/** The row of a new database (creating), with its CA and generated credentials. */
export function postgresRow(
  id: string,
  postgres: NewPostgres & { storage_size: number },
  ca: { certificate: string; privateKey: string },
): PostgresRow {
  return {
    id,
    state_reason: null,
    project_id: postgres.projectId,
    location: postgres.location,
    name: postgres.name,
    state: 'creating',
    flavor: postgres.flavor,
    version: postgres.version,
    target_version: postgres.version,
    ha_type: postgres.ha_type,
    current_ha_type: postgres.ha_type,
    vm_size: postgres.size,
    target_vm_size: postgres.size,
    storage_size_gib: postgres.storage_size,
    target_storage_size_gib: postgres.storage_size,
    maintenance_window_start_at: null,
    maintenance_window_days: '[]',
    tags: JSON.stringify(postgres.tags),
    superuser_password: generatePassword(),
    parent_id: postgres.parentId ?? null,
    read_replica: postgres.readReplica ? 1 : 0,
    restore_target: postgres.restoreTarget ?? null,
    pg_config: JSON.stringify(postgres.pg_config ?? {}),
    pgbouncer_config: JSON.stringify(postgres.pgbouncer_config ?? {}),
    cert_auth_users: '[]',
    ca_certificate: ca.certificate,
    ca_private_key: ca.privateKey,
    ...backupCredentials(),
    running_since: null,
    upgrade_stage: null,
    pending_actions: '[]',
    created_at: new Date().toISOString(),
    private_subnet_id: null,
  };
}

/**
 * A new database with its firewall and subnet in the project (decision 298), its default
 * firewall rules, its servers in that subnet and its create job (the project's quota applies).
 */
export async function createPostgres(
  tx: Tx,
  postgres: NewPostgres,
  quotas: Quotas,
): Promise<PostgresRow> {
  const storage = checkOptions({
    flavor: postgres.flavor,
    version: postgres.version,
    size: postgres.size,
    storage: postgres.storage_size,
  });
  assertPgConfigFits(postgres.version, postgres.pg_config);
  if (postgres.readReplica && postgres.ha_type !== 'none')
    throw invalidRequest({ ha_type: 'A read replica has no standbys.' });
  await assertProjectQuota(tx, postgresKind, postgres.projectId, quotas);
  await assertNameFree(tx, 'postgres', postgres.projectId, postgres.location, postgres.name);
  const id = newId('postgres');
  const row = postgresRow(
    id,
    { ...postgres, storage_size: storage },
    await createRootCa(postgres.name, id),
  );
  const { firewall, subnet } = await placePostgres(
    tx,
    { id, projectId: postgres.projectId, location: postgres.location, name: postgres.name },
    postgres.private_subnet_name,
    quotas,
  );
  row.private_subnet_id = subnet.id;
  await tx.insertInto('postgres').values(row).execute();
  if (!postgres.restrict_by_default) await addDefaultRules(tx, firewall, quotas);
  const primary = await addServer(tx, row, 'primary', quotas);
  for (let i = 0; i < postgresHaType(postgres.ha_type)!.standbys; i++)
    await addServer(tx, row, 'standby', quotas, primary.subnet_id);
  await enqueueJob(tx, 'postgres.create', id);
  return row;
}

export const assertNotDeleting = (pg: PostgresRow, what: string) => {
  if (pg.state === 'deleting')
    throw new ApiError('Conflict', `The PostgreSQL database is being deleted; it cannot ${what}.`);
};

/** An action the worker runs on a database: the state it moves the database into and its job. */
export const POSTGRES_ACTIONS = {
  restart: { state: 'restarting', job: 'postgres.restart' },
  recycle: { state: 'updating', job: 'postgres.recycle' },
  update: { state: 'updating', job: 'postgres.update' },
  promote: { state: 'updating', job: 'postgres.promote' },
  upgrade: { state: 'upgrading', job: 'postgres.upgrade' },
} as const satisfies Record<string, { state: string; job: JobKind }>;
export type PostgresAction = keyof typeof POSTGRES_ACTIONS;

/** Moves an idle database (running, or failed: an action is a way out) into the action's state and enqueues its job. */
async function startAction(
  tx: Tx,
  pg: PostgresRow,
  action: PostgresAction,
  set: Partial<PostgresRow> = {},
): Promise<PostgresRow> {
  const { state, job } = POSTGRES_ACTIONS[action];
  await tx
    .updateTable('postgres')
    .set({ ...set, state })
    .where('id', '=', pg.id)
    .execute();
  await enqueueJob(tx, job, pg.id);
  return { ...pg, ...set, state };
}

/**
 * Asks for an action in any state, as the origin does (decision 263): an idle database starts
 * it now; a busy one keeps it pending (once per action, in the order asked) and the worker
 * starts it when the database is running again (`startPending`); a database being deleted
 * ignores it. The caller holds the row's lock (reloadPostgres in its transaction).
 */
export async function requestAction(
  tx: Tx,
  pg: PostgresRow,
  action: PostgresAction,
  set: Partial<PostgresRow> = {},
): Promise<PostgresRow> {
  if (pg.state === 'deleting') return pg;
  if (pg.state === 'running' || pg.state === 'failed') return startAction(tx, pg, action, set);
  const pending = json<PostgresAction[]>(pg.pending_actions);
  const next = pending.includes(action) ? pending : [...pending, action];
  const changes = { ...set, pending_actions: JSON.stringify(next) };
  await tx.updateTable('postgres').set(changes).where('id', '=', pg.id).execute();
  return { ...pg, ...changes };
}

/** Run by a job that has just settled a database in `running`: starts the oldest pending action, if any. */
export async function startPending(tx: Tx, id: string): Promise<void> {
  const pg = await tx.selectFrom('postgres').selectAll().where('id', '=', id).executeTakeFirst();
  if (!pg || pg.state !== 'running') return;
  const [first, ...rest] = json<PostgresAction[]>(pg.pending_actions);
  if (!first) return;
  // A promotion asked for earlier is moot once the database is no longer a replica.
  if (first === 'promote' && Number(pg.read_replica) !== 1) {
    await tx
      .updateTable('postgres')
      .set({ pending_actions: JSON.stringify(rest) })
      .where('id', '=', id)
      .execute();
    return startPending(tx, id);
  }
  await startAction(tx, pg, first, { pending_actions: JSON.stringify(rest) });
}

export const restartPostgres = (tx: Tx, pg: PostgresRow) => requestAction(tx, pg, 'restart');
export const recyclePostgres = (tx: Tx, pg: PostgresRow) => requestAction(tx, pg, 'recycle');

export function promotePostgres(tx: Tx, pg: PostgresRow) {
  if (Number(pg.read_replica) !== 1)
    throw new ApiError('InvalidRequest', 'Non read replica servers cannot be promoted.');
  return requestAction(tx, pg, 'promote');
}

/** The next major version the database's flavor offers, if any. */
export function nextVersion(pg: Pick<PostgresRow, 'flavor' | 'version'>): string | undefined {
  const versions = postgresFlavor(pg.flavor)!.versions as readonly string[];
  const i = POSTGRES_VERSIONS.indexOf(pg.version as (typeof POSTGRES_VERSIONS)[number]);
  return POSTGRES_VERSIONS.slice(i + 1).find((v) => versions.includes(v));
}

/**
 * An upgrade needs a settled database; the origin's refusals are 400 with its field names and
 * messages. A database still being created with nothing else asked of it takes it, as the
 * origin's does (nothing to converge yet): the target is set now and the upgrade runs once the
 * database is created.
 */
export async function upgradePostgres(tx: Tx, pg: PostgresRow) {
  const idle = json<string[]>(pg.pending_actions).length === 0;
  const creating = pg.state === 'creating' && idle;
  if (!((pg.state === 'running' && idle) || creating) || pg.target_version !== pg.version)
    throw invalidRequest({
      needs_convergence:
        'Database cluster is waiting for convergence, please wait for it to complete',
    });
  if (Number(pg.read_replica) === 1)
    throw invalidRequest({ read_replica: 'Read replicas cannot be upgraded' });
  if (pg.flavor === 'lantern')
    throw invalidRequest({ flavor: 'Lantern Postgres instances cannot be upgraded' });
  const next = nextVersion(pg);
  if (!next) throw invalidRequest({ version: 'Database is already at the latest version' });
  if (creating) {
    await requestAction(tx, pg, 'upgrade', { target_version: next });
    return;
  }
  await tx
    .updateTable('postgres')
    .set({ state: 'upgrading', target_version: next, upgrade_stage: 'provisioning' })
    .where('id', '=', pg.id)
    .execute();
  await enqueueJob(tx, 'postgres.upgrade', pg.id);
}

/** A storage scale-down leaves a fifth of the new size free (the origin's ratio). */
const SCALE_DOWN_MAX_USAGE = 0.8;

/**
 * The origin's guard on a smaller storage: the primary's disk usage, as its metrics show it
 * now, must fit in 80 % of the new size; with no usage known, nothing can be checked (400).
 */
async function assertScaleDownFits(tx: Tx, pg: PostgresRow, targetGib: number): Promise<void> {
  const percent = observedDiskUsagePercent(
    pg,
    await simServers(tx, pg.id),
    await diskUsageOverride(tx, pg.id),
  );
  if (percent === undefined)
    throw new ApiError(
      'InvalidRequest',
      'Metrics unavailable right now to verify scale down safety',
    );
  const usedGib = (percent * Number(pg.storage_size_gib)) / 100;
  if (targetGib * SCALE_DOWN_MAX_USAGE < usedGib)
    throw invalidRequest({
      storage_size:
        'Insufficient storage size is requested. It is only possible to reduce the storage size if the current usage is less than 80% of the requested size.',
    });
}

/**
 * PATCH (the origin's rules): tags at once; size, storage and HA become targets the update job
 * converges to, in any state. Storage left out keeps the target storage, which must then be one
 * of the new size's choices. A read replica follows its parent: its sizes change with the
 * parent's, never directly.
 */
export async function updatePostgres(
  tx: Tx,
  pg: PostgresRow,
  changes: { size?: string; storage_size?: number; ha_type?: string; tags?: Tag[] },
): Promise<PostgresRow> {
  if (Number(pg.read_replica) === 1)
    throw new ApiError(
      'InvalidRequest',
      'Read replicas cannot be modified directly! Please modify the parent database instead.',
    );
  const size = changes.size ?? pg.target_vm_size;
  const targetStorage = checkOptions({
    flavor: pg.flavor,
    version: pg.version,
    size,
    storage: changes.storage_size ?? Number(pg.target_storage_size_gib),
  });
  if (targetStorage < Number(pg.storage_size_gib)) await assertScaleDownFits(tx, pg, targetStorage);
  const ha = changes.ha_type ?? pg.ha_type;
  const set: Partial<PostgresRow> = {};
  if (changes.tags) set.tags = JSON.stringify(changes.tags);
  const changed =
    size !== pg.target_vm_size ||
    targetStorage !== Number(pg.target_storage_size_gib) ||
    ha !== pg.ha_type;
  if (changed) {
    for (const r of await replicasOf(tx, pg.id)) {
      await requestAction(tx, await reloadPostgres(tx, r.id), 'update', {
        target_vm_size: size,
        target_storage_size_gib: targetStorage,
      });
    }
    return requestAction(tx, pg, 'update', {
      ...set,
      target_vm_size: size,
      target_storage_size_gib: targetStorage,
      ha_type: ha,
    });
  }
  if (Object.keys(set).length)
    await tx.updateTable('postgres').set(set).where('id', '=', pg.id).execute();
  return { ...pg, ...set };
}

/**
 * Marks the database and its servers deleting in any state; the destroy job removes it when
 * they are gone. Its read replicas and restores stay, without a parent (the origin deletes a
 * database that has replicas too).
 */
export async function deletePostgres(tx: Tx, pg: PostgresRow): Promise<void> {
  if (pg.state === 'deleting') return;
  const marked = await tx
    .updateTable('postgres')
    .set({ state: 'deleting', pending_actions: '[]' })
    .where('id', '=', pg.id)
    .where('state', '!=', 'deleting')
    .executeTakeFirst();
  if (Number(marked.numUpdatedRows) !== 1) return;
  await deleteServers(tx, pg);
  await enqueueJob(tx, 'postgres.destroy', pg.id);
}

/** Starts the deletion of the database's server VMs (all, or those given). */
export async function deleteServers(tx: Tx, pg: PostgresRow, vmIds?: string[]): Promise<void> {
  let q = serviceVms(tx, pg).selectAll();
  if (vmIds) q = q.where('id', 'in', vmIds.length ? vmIds : ['']);
  for (const vm of await q.execute()) await deleteVm(tx, vm);
}

/** The update job's first step: VMs resized to the targets, standbys added or removed. */
export async function convergeServers(tx: Tx, pg: PostgresRow): Promise<void> {
  const servers = await listServers(tx, pg.id);
  const live = servers.filter((s) => s.state !== 'deleting');
  await tx
    .updateTable('vm')
    .set({ size: pg.target_vm_size, storage_size_gib: Number(pg.target_storage_size_gib) })
    .where('id', 'in', live.length ? live.map((s) => s.id) : [''])
    .execute();
  const standbys = live.filter((s) => s.role === 'standby');
  const want = postgresHaType(pg.ha_type)!.standbys;
  const subnet = live.find((s) => s.role === 'primary')?.subnet_id;
  for (let i = standbys.length; i < want; i++) await addServer(tx, pg, 'standby', {}, subnet);
  if (standbys.length > want)
    await deleteServers(
      tx,
      pg,
      standbys.slice(want).map((s) => s.id),
    );
}

/** The recycle job's first step: a new server for each one, the old ones deleted. */
export async function replaceServers(tx: Tx, pg: PostgresRow): Promise<void> {
  const live = (await listServers(tx, pg.id)).filter((s) => s.state !== 'deleting');
  const subnet = live.find((s) => s.role === 'primary')?.subnet_id;
  for (const s of live) await addServer(tx, pg, s.role as 'primary' | 'standby', {}, subnet);
  await deleteServers(
    tx,
    pg,
    live.map((s) => s.id),
  );
}

/** Sets the superuser password (not of read replicas, which follow their parent). */
export async function resetSuperuserPassword(
  tx: Tx,
  pg: PostgresRow,
  password: string,
): Promise<PostgresRow> {
  if (Number(pg.read_replica) === 1)
    throw new ApiError('InvalidRequest', 'Superuser password cannot be updated for read replicas!');
  assertNotDeleting(pg, 'change its password');
  await tx
    .updateTable('postgres')
    .set({ superuser_password: password })
    .where('id', '=', pg.id)
    .execute();
  return { ...pg, superuser_password: password };
}

export const userList = (pg: PostgresRow) => json<string[]>(pg.cert_auth_users);

/** A new Prometheus remote-write target of the database's metrics (not while it is being deleted). */
export async function addMetricDestination(
  tx: Tx,
  pg: PostgresRow,
  body: z.output<typeof createMetricDestinationBodySchema>,
) {
  assertNotDeleting(pg, 'get metric destinations');
  const row = {
    id: newId('postgresMetricDestination'),
    postgres_id: pg.id,
    url: body.url,
    username: body.username ?? null,
    password: body.password ?? null,
    bearer_token: null,
    options: body.options ? JSON.stringify(body.options) : null,
    created_at: new Date().toISOString(),
  };
  await tx.insertInto('postgres_metric_destination').values(row).execute();
  return row;
}

/** A new OTLP or syslog target of the database's logs (not while it is being deleted). */
export async function addLogDestination(
  tx: Tx,
  pg: PostgresRow,
  body: z.output<typeof createLogDestinationBodySchema>,
) {
  assertNotDeleting(pg, 'get log destinations');
  const row = {
    id: newId('postgresLogDestination'),
    postgres_id: pg.id,
    name: body.name,
    type: body.type,
    url: body.url,
    options: JSON.stringify(body.options ?? {}),
    created_at: new Date().toISOString(),
  };
  await tx.insertInto('postgres_log_destination').values(row).execute();
  return row;
}
