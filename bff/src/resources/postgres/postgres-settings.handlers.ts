// The PostgreSQL routes of its settings: configuration, maintenance window, superuser
// password, certificates (the CA, client keypairs and the users who sign in with them) and
// the firewall rules (its firewall's rules on its ports; decision 298).
import { defaultPgConfig, restartParams } from '#shared/api/postgres-config';
import { postgresSize } from '#shared/catalog';
import { transactionWithRetry } from '../../db/transaction.ts';
import { createClientKeypair } from '../certs.ts';
import { unlessNotFound } from '../../errors.ts';
import { kindHandlers } from '../kind.ts';
import { postgresAt, type RefArgs } from './postgres.handlers.ts';
import {
  assertNotDeleting,
  assertPgConfigFits,
  resetSuperuserPassword,
  userList,
} from './postgres.service.ts';
import {
  addPgRule,
  deletePgRule,
  pgRule,
  pgRules,
  requireCustomerFirewall,
  updatePgRule,
} from './postgres-firewall.ts';
import { dayNamesOf } from './postgres.tables.ts';
import { json, reloadPostgres, ruleView, type PostgresRow } from './postgres.store.ts';

/** Parameter values as text, as the origin keeps and answers them (a number given is stored as its digits). */
const asText = (config: Record<string, unknown>): Record<string, string> =>
  Object.fromEntries(Object.entries(config).map(([k, v]) => [k, String(v)]));

export const postgresSettingsHandlers = kindHandlers((ctx) => {
  const { db } = ctx;
  const { find, act } = postgresAt(ctx);
  const configOf = (pg: PostgresRow, message?: string) => {
    // The size it runs at, or will once created.
    const size = (postgresSize(pg.vm_size) ?? postgresSize(pg.target_vm_size))!;
    return {
      pg_config: asText(json(pg.pg_config)),
      pgbouncer_config: asText(json(pg.pgbouncer_config)),
      default_pg_config: defaultPgConfig({
        memoryGib: size.memoryGib,
        vcpus: size.vcpus,
        storageGib: Number(pg.storage_size_gib || pg.target_storage_size_gib),
        version: pg.version,
        flavor: pg.flavor,
      }),
      ...(message ? { message } : {}),
    };
  };
  /** Stores a new configuration; the message names the parameters that wait for a restart. */
  const setConfig = async (
    a: RefArgs,
    next: (pg: PostgresRow) => { pg: Record<string, unknown>; bouncer: Record<string, unknown> },
    given: Record<string, unknown> = {},
  ) => {
    const found = await find(a);
    let before: Record<string, unknown> = {};
    await transactionWithRetry(db, async (tx) => {
      const pg = await reloadPostgres(tx, found.id);
      assertNotDeleting(pg, 'be configured');
      assertPgConfigFits(pg.version, given);
      before = json(pg.pg_config);
      const n = next(pg);
      await tx
        .updateTable('postgres')
        .set({
          pg_config: JSON.stringify(asText(n.pg)),
          pgbouncer_config: JSON.stringify(asText(n.bouncer)),
        })
        .where('id', '=', pg.id)
        .execute();
    });
    const pg = await reloadPostgres(db, found.id);
    const after = json<Record<string, unknown>>(pg.pg_config);
    const waiting = restartParams(pg.version).filter(
      (p) => (before[p] === undefined ? undefined : String(before[p])) !== after[p],
    );
    return configOf(
      pg,
      waiting.length
        ? `Changes to ${waiting.join(', ')} take effect after the database restarts.`
        : undefined,
    );
  };
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

  return {
    getPostgresConfig: async (a) => configOf(await find(a)),
    replacePostgresConfig: (a) =>
      setConfig(
        a,
        () => ({ pg: a.body.pg_config, bouncer: a.body.pgbouncer_config }),
        a.body.pg_config,
      ),
    updatePostgresConfig: (a) =>
      setConfig(
        a,
        (pg) => {
          const merge = (old: Record<string, unknown>, patch: Record<string, unknown> = {}) =>
            Object.fromEntries(
              Object.entries({ ...old, ...patch }).filter(([, v]) => v !== null && v !== undefined),
            );
          return {
            pg: merge(json(pg.pg_config), a.body.pg_config),
            bouncer: merge(json(pg.pgbouncer_config), a.body.pgbouncer_config),
          };
        },
        a.body.pg_config,
      ),

    setPostgresMaintenanceWindow: (a) =>
      act(a, async (tx, pg) => {
        assertNotDeleting(pg, 'change its maintenance window');
        // The origin's rules: days left out, or no start hour, mean every day ([]); all seven are every day too.
        const start = a.body.maintenance_window_start_at ?? null;
        const days = start === null ? [] : dayNamesOf(a.body.maintenance_window_days ?? []);
        await tx
          .updateTable('postgres')
          .set({
            maintenance_window_start_at: start,
            maintenance_window_days: JSON.stringify(days),
          })
          .where('id', '=', pg.id)
          .execute();
      }),
    resetSuperuserPassword: (a) =>
      act(a, (tx, pg) => resetSuperuserPassword(tx, pg, a.body.password)),

    async getPostgresCACertificates(a) {
      const pg = await find(a);
      a.res.setHeader('Content-Disposition', `attachment; filename="${pg.name}.pem"`);
      return pg.ca_certificate;
    },
    async createPostgresClientKeypair(a) {
      const pg = await find(a);
      assertNotDeleting(pg, 'issue certificates');
      const expiration = new Date(Date.now() + a.body.duration * 1000);
      const pair = await createClientKeypair(
        a.body.common_name,
        expiration,
        { certificate: pg.ca_certificate, privateKey: pg.ca_private_key },
        undefined,
        `C=US, O=None, CN=${a.body.common_name}`,
      );
      // PEM text, the certificate then the key, as the origin answers it.
      a.res.setHeader('Content-Disposition', `attachment; filename="${a.body.common_name}.pem"`);
      return `${pair.cert.trimEnd()}\n${pair.key.trimEnd()}\n`;
    },
    listPostgresCertAuthUsers: (a) => certUsers(a),
    addPostgresCertAuthUser: (a) =>
      certUsers(a, (users) =>
        users.includes(a.body.name) ? users : [...users, a.body.name].sort(),
      ),
    removePostgresCertAuthUser: (a) =>
      certUsers(a, (users) => users.filter((u) => u !== a.body.name)),

    // As the origin: without its firewall (deleted, renamed or detached) each answers 400.
    async listPostgresFirewallRules(a) {
      const pg = await find(a);
      const rules = await pgRules(db, pg, await requireCustomerFirewall(db, pg));
      return { count: rules.length, items: rules.map(ruleView) };
    },
    async createPostgresFirewallRule(a) {
      const found = await find(a);
      const rule = await transactionWithRetry(db, async (tx) => {
        const pg = await reloadPostgres(tx, found.id);
        assertNotDeleting(pg, 'get firewall rules');
        const fw = await requireCustomerFirewall(tx, pg);
        const description = a.body.description?.trim() ?? '';
        return addPgRule(tx, fw, { cidr: a.body.cidr, description }, ctx.config.quotas);
      });
      return ruleView(rule);
    },
    async updatePostgresFirewallRule(a) {
      const found = await find(a);
      const rule = await transactionWithRetry(db, async (tx) => {
        const pg = await reloadPostgres(tx, found.id);
        const fw = await requireCustomerFirewall(tx, pg);
        const old = await pgRule(tx, pg, fw, a.params.postgres_firewall_rule_id);
        return updatePgRule(tx, fw, old, {
          cidr: a.body.cidr ?? old.cidr,
          description: a.body.description?.trim() ?? old.description,
        });
      });
      return ruleView(rule);
    },
    async deletePostgresFirewallRule(a) {
      const found = await find(a);
      await transactionWithRetry(db, async (tx) => {
        const pg = await reloadPostgres(tx, found.id);
        const fw = await requireCustomerFirewall(tx, pg);
        const rule = await unlessNotFound(pgRule(tx, pg, fw, a.params.postgres_firewall_rule_id));
        if (rule) await deletePgRule(tx, fw, rule);
      });
    },
  };
});
