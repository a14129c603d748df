// The PostgreSQL routes of recovery: backups and their credentials, restores, read replicas
// and their promotion, and major-version upgrades.
import { ApiError } from '../../errors.ts';
import { inJobTransaction } from '../common.ts';
import { kindHandlers } from '../kind.ts';
import { postgresAt } from './postgres.handlers.ts';
import { assertNotDeleting, backupCredentials, createPostgres, nextVersion, promotePostgres, upgradePostgres, type NewPostgres } from './postgres.service.ts';
import { assertInRestoreWindow, backupsOf } from './postgres.sim.ts';
import { json, reloadPostgres, type PostgresRow } from './postgres.store.ts';

export const postgresRecoveryHandlers = kindHandlers((ctx) => {
  const { db } = ctx;
  const domain = ctx.config.serviceDomain;
  const { view, find, act } = postgresAt(ctx);
  /** Creates a database from `source` (a restore or a read replica): in its place, of its size, version, flavor and configuration. */
  const createFrom = async (source: PostgresRow, name: string, as: Pick<NewPostgres, 'restoreTarget' | 'readReplica'>) => {
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
          tags: [],
          restrict_by_default: false,
          pg_config: json(source.pg_config),
          pgbouncer_config: json(source.pgbouncer_config),
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
    expiration: pg.backup_credentials_expire_at,
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
      await db.updateTable('postgres').set(backupCredentials()).where('id', '=', found.id).execute();
      return credentials(await reloadPostgres(db, found.id));
    },

    async restorePostgresDatabase(a) {
      const source = await find(a);
      assertInRestoreWindow(source, a.body.restore_target);
      return createFrom(source, a.body.name, { restoreTarget: a.body.restore_target });
    },
    async createPostgresReadReplica(a) {
      const source = await find(a);
      assertNotDeleting(source, 'get a read replica');
      if (Number(source.read_replica) === 1) throw new ApiError('InvalidRequest', 'A read replica cannot have read replicas; create one of its parent.');
      return createFrom(source, a.body.name, { readReplica: true });
    },
    promotePostgresDatabase: (a) => act(a, promotePostgres),
    promotePostgresReadReplica: (a) => act(a, promotePostgres),

    async getPostgresUpgrade(a) {
      return upgradeStatus(await find(a));
    },
    async upgradePostgresDatabase(a) {
      const found = await find(a);
      await inJobTransaction(ctx, async (tx) => upgradePostgres(tx, await reloadPostgres(tx, found.id)));
      return upgradeStatus(await reloadPostgres(db, found.id));
    },
  };
});

/** The upgrade status (decision 083): running while upgrading, else whether a newer version exists. */
function upgradeStatus(pg: PostgresRow) {
  const upgrading = pg.state === 'upgrading';
  return {
    current_version: pg.version,
    target_version: upgrading ? pg.target_version : (nextVersion(pg) ?? pg.version),
    upgrade_status: upgrading ? 'running' : nextVersion(pg) && Number(pg.read_replica) !== 1 ? 'available' : 'not_available',
    upgrade_stage: upgrading ? pg.upgrade_stage : null,
  };
}
