// A database's jobs (decision 077): create, restart, update (converge to the targets),
// recycle, promote, upgrade and destroy. Server VMs are made and removed by the VM service and
// run their own VM jobs; a database job waits for them.
import {
  defineJobs,
  stepRef,
  type JobDefinition,
  type JobEnv,
  type JobRow,
  type KindsOf,
  type StepOutcome,
} from '../../lifecycle/jobs.ts';
import { POSTGRES_HA_TYPES } from '#shared/catalog';
import { serviceVms } from '../vm/vm.store.ts';
import { convergeServers, replaceServers, startPending } from './postgres.service.ts';
import { listServers } from './postgres.store.ts';
import { removePlacement } from './postgres-firewall.ts';

const load = (env: JobEnv, job: JobRow) =>
  env.db.selectFrom('postgres').selectAll().where('id', '=', job.resource_id).executeTakeFirst();

/**
 * A database stuck after the last attempt is `failed`: a delete's job only while the database
 * is still `deleting`, every other job only while it is not (a delete meanwhile wins).
 */
const failedIn =
  (deleting: boolean): JobDefinition['failed'] =>
  async (tx, job) => {
    await tx
      .updateTable('postgres')
      .set({ state: 'failed' })
      .where('id', '=', job.resource_id)
      .where('state', deleting ? '=' : '!=', 'deleting')
      .execute();
  };
const failed = failedIn(false);

/**
 * Waits (polling every PROVISION_DELAY_MS) until the database's servers are all running and
 * none is being removed, then settles the database in `running` with `set`.
 */
function settleWhenServersRun(
  from: string,
  set: (now: string) => Record<string, unknown> = () => ({}),
) {
  return async (env: JobEnv, job: JobRow): Promise<StepOutcome> => {
    const pg = await load(env, job);
    if (!pg || pg.state !== from) return {};
    const servers = await listServers(env.db, pg.id);
    if (servers.some((s) => s.state === 'failed')) throw new Error(`a server of ${pg.id} failed`);
    if (!servers.length || servers.some((s) => s.state !== 'running'))
      return { next: { step: 'wait', delayMs: env.delayMs } };
    return {
      apply: async (tx) => {
        await tx
          .updateTable('postgres')
          .set({ ...set(new Date().toISOString()), state: 'running' })
          .where('id', '=', job.resource_id)
          .where('state', '=', from)
          .execute();
        await startPending(tx, job.resource_id);
      },
    };
  };
}

/** Tells the data plane, then waits for the servers. */
function callThenSettle(
  from: string,
  op: 'createPostgres' | 'restartPostgres' | 'promotePostgres',
  set?: (now: string, pg: { running_since: string | null }) => Record<string, unknown>,
): JobDefinition {
  return {
    failed,
    steps: {
      async start(env, job) {
        const pg = await load(env, job);
        if (!pg || pg.state !== from) return {};
        await env.provider.call(
          op,
          pg.id,
          { name: pg.name, location: pg.location, version: pg.version, flavor: pg.flavor },
          stepRef(job),
        );
        return { next: { step: 'wait', delayMs: env.delayMs } };
      },
      async wait(env, job) {
        const pg = await load(env, job);
        return settleWhenServersRun(
          from,
          (now) => set?.(now, { running_since: pg?.running_since ?? null }) ?? {},
        )(env, job);
      },
    },
  };
}

/** Changes the servers in the first step's transaction, then waits for them. */
function changeServersThenSettle(
  change: typeof convergeServers,
  set: (
    pg: NonNullable<Awaited<ReturnType<typeof load>>>,
    converged: Record<string, unknown>,
  ) => Record<string, unknown>,
): JobDefinition {
  return {
    failed,
    steps: {
      async start(env, job) {
        const pg = await load(env, job);
        if (!pg || pg.state !== 'updating') return {};
        await env.provider.call(
          'updatePostgres',
          pg.id,
          { name: pg.name, location: pg.location, version: pg.version, flavor: pg.flavor },
          stepRef(job),
        );
        return { apply: (tx) => change(tx, pg), next: { step: 'wait', delayMs: env.delayMs } };
      },
      async wait(env, job) {
        const pg = await load(env, job);
        if (!pg) return {};
        const servers = (await listServers(env.db, pg.id)).filter((s) => s.state !== 'deleting');
        const primary = servers.find((s) => s.role === 'primary');
        const standbys = servers.filter((s) => s.role === 'standby').length;
        const ha =
          POSTGRES_HA_TYPES.find((h) => h.standbys === standbys)?.name ?? pg.current_ha_type;
        const converged = primary
          ? {
              vm_size: primary.vm_size,
              storage_size_gib: Number(primary.storage_size_gib),
              current_ha_type: ha,
            }
          : {};
        return settleWhenServersRun('updating', () => set(pg, converged))(env, job);
      },
    },
  };
}

const setStage =
  (stage: string | null, extra: Record<string, unknown> = {}) =>
  async (tx: Parameters<NonNullable<StepOutcome['apply']>>[0], id: string) => {
    await tx
      .updateTable('postgres')
      .set({ upgrade_stage: stage, ...extra })
      .where('id', '=', id)
      .where('state', '=', 'upgrading')
      .execute();
  };

export const postgresJobs = defineJobs({
  'postgres.create': callThenSettle('creating', 'createPostgres', (now, pg) => ({
    running_since: pg.running_since ?? now,
  })),
  'postgres.restart': callThenSettle('restarting', 'restartPostgres'),
  'postgres.promote': callThenSettle('updating', 'promotePostgres', () => ({
    read_replica: 0,
    parent_id: null,
  })),
  // What the servers were changed to (targets changed since wait for the pending update).
  'postgres.update': changeServersThenSettle(convergeServers, (_pg, converged) => converged),
  'postgres.recycle': changeServersThenSettle(replaceServers, () => ({})),
  'postgres.upgrade': {
    failed,
    steps: {
      async start(env, job) {
        const pg = await load(env, job);
        if (!pg || pg.state !== 'upgrading') return {};
        await env.provider.call(
          'upgradePostgres',
          pg.id,
          { name: pg.name, location: pg.location, version: pg.target_version, flavor: pg.flavor },
          stepRef(job),
        );
        return { next: { step: 'upgrade', delayMs: env.delayMs } };
      },
      async upgrade(env, job) {
        return {
          apply: (tx) => setStage('upgrading')(tx, job.resource_id),
          next: { step: 'finish', delayMs: env.delayMs },
        };
      },
      async finish(env, job) {
        const pg = await load(env, job);
        if (!pg || pg.state !== 'upgrading') return {};
        return {
          apply: async (tx) => {
            await tx
              .updateTable('postgres')
              .set({ version: pg.target_version, upgrade_stage: null, state: 'running' })
              .where('id', '=', pg.id)
              .where('state', '=', 'upgrading')
              .execute();
            await startPending(tx, pg.id);
          },
        };
      },
    },
  },
  'postgres.destroy': {
    failed: failedIn(true),
    steps: {
      async start(env, job) {
        const pg = await load(env, job);
        if (!pg) return {};
        await env.provider.call(
          'destroyPostgres',
          pg.id,
          { name: pg.name, location: pg.location, version: pg.version, flavor: pg.flavor },
          stepRef(job),
        );
        return { next: { step: 'wait', delayMs: env.delayMs } };
      },
      // Gone once its servers are: the destinations and server rows go with it, its firewall
      // and subnet too unless the customer put other things there (removePlacement).
      async wait(env, job) {
        const pg = await load(env, job);
        const left = pg && (await serviceVms(env.db, pg).select('id').executeTakeFirst());
        if (left) return { next: { step: 'wait', delayMs: env.delayMs } };
        return {
          apply: async (tx) => {
            if (pg) await removePlacement(tx, pg);
            await tx
              .updateTable('postgres')
              .set({ parent_id: null })
              .where('parent_id', '=', job.resource_id)
              .execute();
            await tx.deleteFrom('postgres').where('id', '=', job.resource_id).execute();
          },
        };
      },
    },
  },
});

/** What the data plane is told about a database. */
export interface PostgresSpec {
  name: string;
  location: string;
  version: string;
  flavor: string;
}

declare module '../../lifecycle/provider.ts' {
  interface DataPlaneOps {
    createPostgres: PostgresSpec;
    restartPostgres: PostgresSpec;
    promotePostgres: PostgresSpec;
    updatePostgres: PostgresSpec;
    upgradePostgres: PostgresSpec;
    destroyPostgres: PostgresSpec;
  }
}

declare module '../../lifecycle/jobs.ts' {
  // eslint-disable-next-line @typescript-eslint/no-empty-object-type -- the members come from the definitions
  interface JobKinds extends KindsOf<typeof postgresJobs> {}
}
