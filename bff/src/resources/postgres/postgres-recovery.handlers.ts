// The PostgreSQL routes of recovery: backups and their credentials, restores, read replicas
// and their promotion, and major-version upgrades.
import { ApiError } from '../../errors.ts';
import { inJobTransaction } from '../common.ts';
import { kindHandlers } from '../kind.ts';
import { postgresAt } from './postgres.handlers.ts';
import {
  assertNotDeleting,
  backupCredentials,
  createPostgres,
  promotePostgres,
  upgradePostgres,
  type NewPostgres,
} from './postgres.service.ts';
import { assertInRestoreWindow, backupsOf } from './postgres.sim.ts';
import { json, reloadPostgres, type PostgresRow } from './postgres.store.ts';

export const postgresRecoveryHandlers = kindHandlers((ctx) => {
  const { db } = ctx;
  const domain = ctx.config.serviceDomain;
  const { view, find, act } = postgresAt(ctx);
  /** Creates a database from `source` (a restore or a read replica): in its place, of its size, version, flavor and configuration. */
  /** Tags (a restore's default: the source's) and configuration merged over the source's, as the origin does. */
  type Extras = {
    tags?: NewPostgres['tags'];
    pg_config?: Record<string, unknown>;
    pgbouncer_config?: Record<string, unknown>;
  };
  const createFrom = async (
    source: PostgresRow,
    name: string,
    as: Pick<NewPostgres, 'restoreTarget' | 'readReplica'>,
    extras: Extras,
    defaultTags: NewPostgres['tags'],
  ) => {
    const row = await inJobTransaction(ctx, (tx) =>
      createPostgres(
        tx,
        {
          projectId: source.project_id,
          location: source.location,
          name,
          size: source.target_vm_size,
          storage_size: Number(source.target_storage_size_gib),
          ha_type: 'none',
          version: source.version,
          flavor: source.flavor,
          tags: extras.tags ?? defaultTags,
          restrict_by_default: false,
          pg_config: {
            ...json<Record<string, string>>(source.pg_config),
            ...(extras.pg_config as Record<string, string>),
          },
          pgbouncer_config: {
            ...json<Record<string, string>>(source.pgbouncer_config),
            ...(extras.pgbouncer_config as Record<string, string>),
          },
          parentId: source.id,
          ...as,
        },
        ctx.config.quotas,
      ),
    );
    return view(db, row);
  };
  const credentials = (pg: PostgresRow) => ({
    bucket: `${pg.id}-backups`,
    endpoint: `https://backups.${pg.location}.${domain}`,
    region: pg.location,
    access_key_id: pg.backup_access_key_id,
    secret_access_key: pg.backup_secret_access_key,
    session_token: pg.backup_session_token,
    // To the second, as the origin's `expiration.utc.iso8601`.
    expiration: new Date(pg.backup_credentials_expire_at).toISOString().replace(/\.\d{3}Z$/, 'Z'),
  });

  return {
    async listPostgresBackups(a) {
      const items = backupsOf(await find(a));
      return { count: items.length, items: items.reverse() };
    },
    getPostgresBackupCredentials: async (a) => credentials(await find(a)),
    async createPostgresBackupCredentials(a) {
      const found = await find(a);
      assertNotDeleting(found, 'get backup credentials');
      await db
        .updateTable('postgres')
        .set(backupCredentials())
        .where('id', '=', found.id)
        .execute();
      return credentials(await reloadPostgres(db, found.id));
    },

    async restorePostgresDatabase(a) {
      const source = await find(a);
      assertInRestoreWindow(source, a.body.restore_target);
      return createFrom(
        source,
        a.body.name,
        { restoreTarget: a.body.restore_target },
        a.body,
        json(source.tags),
      );
    },
    async createPostgresReadReplica(a) {
      const source = await find(a);
      assertNotDeleting(source, 'get a read replica');
      if (Number(source.read_replica) === 1)
        throw new ApiError(
          'InvalidRequest',
          'A read replica cannot have read replicas; create one of its parent.',
        );
      // As the origin: a replica starts from the parent's latest backup.
      if (backupsOf(source).length === 0)
        throw new ApiError(
          'InvalidRequest',
          'Parent server is not ready for read replicas. There are no backups, yet.',
        );
      return createFrom(source, a.body.name, { readReplica: true }, a.body, []);
    },
    promotePostgresDatabase: (a) => act(a, promotePostgres),
    promotePostgresReadReplica: (a) => act(a, promotePostgres),

    async getPostgresUpgrade(a) {
      const pg = await find(a);
      if (pg.target_version === pg.version)
        throw new ApiError('InvalidRequest', 'Database is not upgrading');
      return upgradeStatus(pg);
    },
    async upgradePostgresDatabase(a) {
      const found = await find(a);
      await inJobTransaction(ctx, async (tx) =>
        upgradePostgres(tx, await reloadPostgres(tx, found.id)),
      );
      return upgradeStatus(await reloadPostgres(db, found.id));
    },
  };
});

/** The upgrade status as the origin answers it: `running` while upgrading, `failed` when it stopped, else `not_running`. */
function upgradeStatus(pg: PostgresRow) {
  const upgrading = pg.state === 'upgrading';
  // An upgrade asked for while creating is running too (the origin's: the versions differ).
  const wanted = pg.target_version !== pg.version;
  return {
    current_version: pg.version,
    target_version: pg.target_version,
    upgrade_status:
      pg.state === 'failed' && wanted ? 'failed' : upgrading || wanted ? 'running' : 'not_running',
    upgrade_stage: upgrading ? pg.upgrade_stage : null,
  };
}
