// What is mounted whether test mode is on or not: the console's instance info (its test-mode
// banner) and the retry of a failed resource (lifecycle/failure.ts).
import { ID_PREFIXES } from '#shared/ids';
import type { AppContext } from '../context.ts';
import { ApiError, notFound } from '../errors.ts';
import type { Handlers } from '../http/handlers.ts';
import { failingKindOf, retryFailed } from '../lifecycle/failure.ts';
import { apiModule } from '../resources/kind.ts';
import { sql } from 'kysely';

export const instanceAndRetry = apiModule({ handlers: alwaysHandlers });

function alwaysHandlers(ctx: AppContext): Handlers<'getInstanceInfo' | 'retryObject'> {
  return {
    async getInstanceInfo() {
      return { test_mode: ctx.config.testMode !== undefined };
    },
    async retryObject({ project, params }) {
      const kind = failingKindOf(params.object_id);
      const id = params.object_id;
      if (!kind || !id.startsWith(ID_PREFIXES[kind.idKind])) throw notFound();
      const visible = kind.serviceOf ? sql`and ${sql.ref(kind.serviceOf)} is null` : sql``;
      const { rows } = await sql<{
        id: string;
      }>`select id from ${sql.table(kind.table)} where id = ${id} and project_id = ${project.id} ${visible}`.execute(
        ctx.db,
      );
      if (!rows[0]) throw notFound();
      const retried = await ctx.db.transaction().execute((tx) => retryFailed(tx, id));
      if (!retried)
        throw new ApiError(
          'Conflict',
          `The ${kind.singular} is not failed, or its failure cannot be retried: nothing to retry.`,
        );
      ctx.wakeWorker();
    },
  };
}
