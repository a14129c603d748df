// The PostgreSQL routes: the common get/list/rename/delete, and what is the kind's own.
import { METRIC_KEYS, postgresKind } from '#shared/api/postgres';
import { LOCATIONS, POSTGRES_FAMILIES, POSTGRES_FLAVORS, POSTGRES_HA_TYPES, POSTGRES_SIZES, postgresSize } from '#shared/catalog';
import { defaultPgConfig, PG_PARAMS } from '#shared/api/postgres-config';
import { newId } from '#shared/ids';
import type { Db } from '../../db/database.ts';
import type { Tx } from '../../db/transaction.ts';
import { transactionWithRetry } from '../../db/transaction.ts';
import { ApiError, notFound } from '../../errors.ts';
import { assertPublicUrl } from '../../net/public-target.ts';
import { commonHandlers, inJobTransaction, nameFromPath } from '../common.ts';
import { kindModule } from '../kind.ts';
import { createClientKeypair } from '../certs.ts';
import { postgresJobs } from './postgres.jobs.ts';
import {
  assertNotDeleting,
  backupCredentials,
  createPostgres,
  deletePostgres,
  nextVersion,
  promotePostgres,
  recyclePostgres,
  resetSuperuserPassword,
  restartPostgres,
  updatePostgres,
  upgradePostgres,
  type NewPostgres,
  userList,
} from './postgres.service.ts';
import { assertInRestoreWindow, backupsOf, DAY, logLines, metricSeries, timeRange } from './postgres.sim.ts';
import { findPostgres, json, listServers, POSTGRES_LIST_JSON, postgresDetailView, postgresView, reloadPostgres, ruleView, type PostgresRow } from './postgres.store.ts';

type Q = Db | Tx;
type RefArgs = { project: { id: string }; location: string; params: { postgres_database_reference: string } };

const RESTART_PARAMS = new Set(PG_PARAMS.filter((p) => p.restart).map((p) => p.name));

export const postgres = kindModule({
  jobs: postgresJobs,
  handlers(ctx) {
    const { db } = ctx;
    const domain = ctx.config.serviceDomain;
    // The destinations' URLs are the data plane's to call: public targets only, as webhooks (decision 216).
    const { allowPrivate } = ctx.config.webhooks;
    const view = (q: Q, row: PostgresRow) => postgresDetailView(q, row, domain);
    const find = (a: RefArgs) => findPostgres(db, a.project.id, a.location, a.params.postgres_database_reference);
    /** Runs `fn` on the database in a job transaction (reading it again inside) and answers its detailed view. */
    const act = async (a: RefArgs, fn: (tx: Tx, pg: PostgresRow) => Promise<unknown>) => {
      const found = await find(a);
      await inJobTransaction(ctx, async (tx) => fn(tx, await reloadPostgres(tx, found.id)));
      return view(db, await reloadPostgres(db, found.id));
    };
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
    const configOf = (pg: PostgresRow, message?: string) => {
      const size = postgresSize(pg.vm_size)!;
      return {
        pg_config: json<Record<string, string | number>>(pg.pg_config),
        pgbouncer_config: json<Record<string, string | number>>(pg.pgbouncer_config),
        default_pg_config: defaultPgConfig(size.memoryGib, size.vcpus),
        ...(message ? { message } : {}),
      };
    };
    /** Stores a new configuration; the message names the parameters that wait for a restart. */
    const setConfig = async (a: RefArgs, next: (pg: PostgresRow) => { pg: Record<string, unknown>; bouncer: Record<string, unknown> }) => {
      const found = await find(a);
      let before: Record<string, unknown> = {};
      await transactionWithRetry(db, async (tx) => {
        const pg = await reloadPostgres(tx, found.id);
        assertNotDeleting(pg, 'be configured');
        before = json(pg.pg_config);
        const n = next(pg);
        await tx
          .updateTable('postgres')
          .set({ pg_config: JSON.stringify(n.pg), pgbouncer_config: JSON.stringify(n.bouncer) })
          .where('id', '=', pg.id)
          .execute();
      });
      const pg = await reloadPostgres(db, found.id);
      const after = json<Record<string, unknown>>(pg.pg_config);
      const waiting = [...RESTART_PARAMS].filter((p) => before[p] !== after[p]);
      return configOf(pg, waiting.length ? `Changes to ${waiting.join(', ')} take effect after the database restarts.` : undefined);
    };
    const simServers = async (pg: PostgresRow) =>
      (await listServers(db, pg.id)).filter((s) => s.state !== 'deleting').map((s) => ({ name: s.name, role: s.role as 'primary' | 'standby', private_ipv4: s.private_ipv4 }));
    const certUsers = async (a: RefArgs, change?: (users: string[]) => string[]) => {
      const found = await find(a);
      if (!change) return { items: userList(found) };
      let users: string[] = [];
      await transactionWithRetry(db, async (tx) => {
        const pg = await reloadPostgres(tx, found.id);
        assertNotDeleting(pg, 'change its certificate users');
        users = change(userList(pg));
        await tx
          .updateTable('postgres')
          .set({ cert_auth_users: JSON.stringify(users) })
          .where('id', '=', pg.id)
          .execute();
      });
      return { items: users };
    };
    /** The database and the part of the asked time range in which it has been running. */
    const observed = async (a: RefArgs & { query: { start?: string; end?: string } }, limits: Parameters<typeof timeRange>[1]) => {
      const pg = await find(a);
      const now = new Date();
      const range = timeRange(a.query, limits, now);
      const since = pg.running_since ? Date.parse(pg.running_since) : now.getTime() + 1;
      return { pg, start: Math.max(range.start, since), end: Math.min(range.end, now.getTime()) };
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
      ...commonHandlers(
        ctx,
        { kind: postgresKind, view, listJson: POSTGRES_LIST_JSON, remove: deletePostgres },
        {
          get: ['getPostgresDatabase'],
          list: ['listPostgresDatabases', 'listLocationPostgresDatabases'],
          delete: ['deletePostgresDatabase'],
        },
      ),
      ...commonHandlers(ctx, { kind: postgresKind, view: (q: Q, row: PostgresRow) => postgresView(q, row, domain) }, { rename: ['renamePostgresDatabase'] }),

      async createPostgresDatabase({ project, location, params, body }) {
        const name = nameFromPath(postgresKind, params.postgres_database_reference);
        return view(db, await inJobTransaction(ctx, (tx) => createPostgres(tx, { ...body, projectId: project.id, location, name }, ctx.config.quotas)));
      },
      async getPostgresCapabilities() {
        const byFlavor = Object.fromEntries(
          POSTGRES_FLAVORS.map((f) => [
            f.name,
            {
              version: [...f.versions],
              location: Object.fromEntries(
                LOCATIONS.map((l) => [
                  l.name,
                  {
                    family: Object.fromEntries(
                      POSTGRES_FAMILIES.map((fam) => [
                        fam.name,
                        {
                          size: Object.fromEntries(
                            POSTGRES_SIZES.filter((s) => s.family === fam.name).map((s) => [
                              s.name,
                              { storage_size: Object.fromEntries(s.storageGib.map((g) => [String(g), { ha_type: POSTGRES_HA_TYPES.map((h) => h.name) }])) },
                            ]),
                          ),
                        },
                      ]),
                    ),
                  },
                ]),
              ),
            },
          ]),
        );
        return {
          option_tree: { flavor: byFlavor },
          metadata: {
            flavor: Object.fromEntries(POSTGRES_FLAVORS.map((f) => [f.name, { display_name: f.displayName }])),
            location: Object.fromEntries(LOCATIONS.map((l) => [l.name, { display_name: l.name, ui_name: l.displayName, provider: 'hetzner' }])),
            family: Object.fromEntries(POSTGRES_FAMILIES.map((f) => [f.name, { display_name: f.displayName }])),
            size: Object.fromEntries(POSTGRES_SIZES.map((s) => [s.name, { display_name: s.name, vcpus: s.vcpus, memory_gib: s.memoryGib, monthly_usd: s.monthlyUsd }])),
            ha_type: Object.fromEntries(POSTGRES_HA_TYPES.map((h) => [h.name, { display_name: h.displayName, standby_count: h.standbys, description: h.description }])),
          },
        };
      },
      patchPostgresDatabase: (a) => act(a, (tx, pg) => updatePostgres(tx, pg, a.body)),
      restartPostgresDatabase: (a) => act(a, restartPostgres),
      recyclePostgresDatabase: (a) => act(a, recyclePostgres),
      promotePostgresDatabase: (a) => act(a, promotePostgres),
      promotePostgresReadReplica: (a) => act(a, promotePostgres),
      resetSuperuserPassword: (a) => act(a, (tx, pg) => resetSuperuserPassword(tx, pg, a.body.password)),
      setPostgresMaintenanceWindow: (a) =>
        act(a, async (tx, pg) => {
          assertNotDeleting(pg, 'change its maintenance window');
          const set: Partial<PostgresRow> = { maintenance_window_start_at: a.body.maintenance_window_start_at ?? null };
          if (a.body.maintenance_window_days) set.maintenance_window_days = JSON.stringify([...a.body.maintenance_window_days].sort((x, y) => x - y));
          await tx.updateTable('postgres').set(set).where('id', '=', pg.id).execute();
        }),
      async getPostgresCACertificates(a) {
        const pg = await find(a);
        a.res.setHeader('Content-Disposition', `attachment; filename="${pg.name}.pem"`);
        return pg.ca_certificate;
      },

      async restorePostgresDatabase({ project, location, params, body }) {
        const source = await findPostgres(db, project.id, location, params.postgres_database_reference);
        assertInRestoreWindow(source, body.restore_target);
        return createFrom(source, body.name, { restoreTarget: body.restore_target });
      },
      async createPostgresReadReplica({ project, location, params, body }) {
        const source = await findPostgres(db, project.id, location, params.postgres_database_reference);
        assertNotDeleting(source, 'get a read replica');
        if (Number(source.read_replica) === 1) throw new ApiError('InvalidRequest', 'A read replica cannot have read replicas; create one of its parent.');
        return createFrom(source, body.name, { readReplica: true });
      },

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
      async listPostgresServers(a) {
        const pg = await find(a);
        const servers = await listServers(db, pg.id);
        const items = servers.map((s) => ({
          id: s.id,
          name: s.name,
          role: s.role as 'primary' | 'standby',
          state: s.state,
          synchronization_status: s.role === 'primary' ? null : s.state === 'running' ? ('ready' as const) : ('catching_up' as const),
          vm: s.id,
          vm_size: s.vm_size,
          target_vm_size: pg.target_vm_size,
          storage_size_gib: Number(s.storage_size_gib),
          private_ipv4: s.private_ipv4,
          private_ipv6: s.private_ipv6,
          created_at: s.created_at,
        }));
        return { count: items.length, items };
      },
      async getPostgresLogs(a) {
        const { pg, start, end } = await observed(a, { spanMs: 30 * 60_000, maxMs: DAY, backMs: 7 * DAY });
        const q = a.query;
        const needle = q.query_pattern?.toLowerCase();
        const before = q.pagination_key ? Number(q.pagination_key) : Infinity;
        const lines = logLines(pg.id, await simServers(pg), start, end, pg.state === 'upgrading').filter(
          (l) =>
            l.cursor < before &&
            (!q.stream_name || l.stream_name === q.stream_name) &&
            (!q.server_role || l.server_role === q.server_role) &&
            (!q.severity_level || l.severity_level === q.severity_level) &&
            (!needle || l.message.toLowerCase().includes(needle)),
        );
        // The newest lines of the range, oldest first; the key asks for the ones before them.
        const page = lines.slice(0, q.max_log_lines ?? 50);
        return {
          logs: page.reverse().map(({ cursor: _cursor, ...line }) => line),
          pagination_key: lines.length > page.length ? String(page[0]!.cursor) : null,
        };
      },
      async getPostgresMetrics(a) {
        const { pg, start, end } = await observed(a, { spanMs: 30 * 60_000, maxMs: 31 * DAY + 5 * 60_000, backMs: 31 * DAY });
        const keys = a.query.key ? [a.query.key] : METRIC_KEYS;
        return { metrics: metricSeries(pg.id, await simServers(pg), Number(pg.storage_size_gib), start, end, keys) };
      },

      getPostgresConfig: async (a) => configOf(await find(a)),
      replacePostgresConfig: (a) =>
        setConfig(a, (pg) => ({
          pg: a.body.pg_config ?? json(pg.pg_config),
          bouncer: a.body.pgbouncer_config ?? json(pg.pgbouncer_config),
        })),
      updatePostgresConfig: (a) =>
        setConfig(a, (pg) => {
          const merge = (old: Record<string, unknown>, patch: Record<string, unknown> = {}) =>
            Object.fromEntries(Object.entries({ ...old, ...patch }).filter(([, v]) => v !== null && v !== undefined));
          return { pg: merge(json(pg.pg_config), a.body.pg_config), bouncer: merge(json(pg.pgbouncer_config), a.body.pgbouncer_config) };
        }),

      async getPostgresUpgrade(a) {
        return upgradeStatus(await find(a));
      },
      async upgradePostgresDatabase(a) {
        const found = await find(a);
        await inJobTransaction(ctx, async (tx) => upgradePostgres(tx, await reloadPostgres(tx, found.id)));
        return upgradeStatus(await reloadPostgres(db, found.id));
      },

      async createPostgresClientKeypair(a) {
        const pg = await find(a);
        assertNotDeleting(pg, 'issue certificates');
        const expiration = new Date(Date.now() + a.body.duration * 1000);
        const pair = await createClientKeypair(a.body.common_name, expiration, { certificate: pg.ca_certificate, privateKey: pg.ca_private_key });
        return { common_name: a.body.common_name, ...pair, expiration: expiration.toISOString() };
      },
      listPostgresCertAuthUsers: (a) => certUsers(a),
      addPostgresCertAuthUser: (a) => certUsers(a, (users) => (users.includes(a.body.name) ? users : [...users, a.body.name].sort())),
      removePostgresCertAuthUser: (a) => certUsers(a, (users) => users.filter((u) => u !== a.body.name)),

      async listPostgresFirewallRules(a) {
        const rules = await db
          .selectFrom('postgres_firewall_rule')
          .selectAll()
          .where('postgres_id', '=', (await find(a)).id)
          .orderBy('id')
          .execute();
        return { count: rules.length, items: rules.map(ruleView) };
      },
      async createPostgresFirewallRule(a) {
        const pg = await find(a);
        assertNotDeleting(pg, 'get firewall rules');
        const rule = {
          id: newId('postgresFirewallRule'),
          postgres_id: pg.id,
          cidr: a.body.cidr,
          description: a.body.description?.trim() ?? '',
          created_at: new Date().toISOString(),
        };
        await db.insertInto('postgres_firewall_rule').values(rule).execute();
        return ruleView(rule);
      },
      async updatePostgresFirewallRule(a) {
        const pg = await find(a);
        const rule = await db
          .selectFrom('postgres_firewall_rule')
          .selectAll()
          .where('postgres_id', '=', pg.id)
          .where('id', '=', a.params.postgres_firewall_rule_id)
          .executeTakeFirst();
        if (!rule) throw notFound('Sorry, we couldn’t find the firewall rule you’re looking for.');
        const next = { ...rule, cidr: a.body.cidr, description: a.body.description?.trim() ?? rule.description };
        await db.updateTable('postgres_firewall_rule').set({ cidr: next.cidr, description: next.description }).where('id', '=', rule.id).execute();
        return ruleView(next);
      },
      async deletePostgresFirewallRule(a) {
        const pg = await find(a);
        await db.deleteFrom('postgres_firewall_rule').where('postgres_id', '=', pg.id).where('id', '=', a.params.postgres_firewall_rule_id).execute();
      },

      async listPostgresMetricDestinations(a) {
        const rows = await db
          .selectFrom('postgres_metric_destination')
          .selectAll()
          .where('postgres_id', '=', (await find(a)).id)
          .orderBy('id')
          .execute();
        return {
          count: rows.length,
          items: rows.map((r) => ({ id: r.id, url: r.url, auth_type: r.bearer_token ? ('bearer' as const) : ('basic' as const), username: r.username })),
        };
      },
      createPostgresMetricDestination: (a) => {
        assertPublicUrl('url', a.body.url, allowPrivate);
        return act(a, async (tx, pg) => {
          assertNotDeleting(pg, 'get metric destinations');
          const b = a.body;
          await tx
            .insertInto('postgres_metric_destination')
            .values({
              id: newId('postgresMetricDestination'),
              postgres_id: pg.id,
              url: b.url,
              username: b.username ?? null,
              password: b.password ?? null,
              bearer_token: b.bearer_token ?? null,
              created_at: new Date().toISOString(),
            })
            .execute();
        });
      },
      async deletePostgresMetricDestination(a) {
        const pg = await find(a);
        await db.deleteFrom('postgres_metric_destination').where('postgres_id', '=', pg.id).where('id', '=', a.params.metric_destination_id).execute();
      },

      async listPostgresLogDestinations(a) {
        const rows = await db
          .selectFrom('postgres_log_destination')
          .selectAll()
          .where('postgres_id', '=', (await find(a)).id)
          .orderBy('id')
          .execute();
        return { count: rows.length, items: rows.map((r) => ({ id: r.id, name: r.name, type: r.type as 'otlp' | 'syslog', url: r.url })) };
      },
      async createPostgresLogDestination(a) {
        const b = a.body;
        assertPublicUrl('url', b.url, allowPrivate);
        const dest = { id: newId('postgresLogDestination'), name: b.name, type: b.type, url: b.url };
        await act(a, async (tx, pg) => {
          assertNotDeleting(pg, 'get log destinations');
          await tx
            .insertInto('postgres_log_destination')
            .values({ ...dest, postgres_id: pg.id, options: JSON.stringify(b.options ?? {}), created_at: new Date().toISOString() })
            .execute();
        });
        return dest;
      },
      async deletePostgresLogDestination(a) {
        const pg = await find(a);
        await db.deleteFrom('postgres_log_destination').where('postgres_id', '=', pg.id).where('id', '=', a.params.log_destination_id).execute();
      },
    };
  },
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
