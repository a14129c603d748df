// GET P/usage (issue 30): the month's spans, summed per started hour (shared/usage.ts); and the
// project's spend alert (spend-alert.ts). The route table makes the alert's routes admin-only.
import type { AppContext } from '../context.ts';
import { transactionWithRetry } from '../db/transaction.ts';
import type { Handlers } from '../http/handlers.ts';
import { apiModule } from '../resources/kind.ts';
import {
  monthOf,
  monthUsage,
  registerSpendAlerts,
  setSpendAlert,
  spendAlertJobs,
  spendAlertView,
  wakeSpendAlerts,
  checkSpendAlerts,
} from './spend-alert.ts';

export const usage = apiModule({ jobs: spendAlertJobs, handlers: usageHandlers });

const alertOf = (ctx: AppContext, projectId: string) =>
  ctx.db
    .selectFrom('spend_alert')
    .select(['threshold_usd', 'alerted_month'])
    .where('project_id', '=', projectId)
    .executeTakeFirst();

function usageHandlers(
  ctx: AppContext,
): Handlers<'getUsage' | 'getSpendAlert' | 'setSpendAlert' | 'deleteSpendAlert'> {
  registerSpendAlerts(ctx);
  return {
    async getUsage({ project, query }) {
      const now = Date.now();
      return monthUsage(ctx.db, project, query.month ?? monthOf(now), now);
    },
    async getSpendAlert({ project }) {
      return spendAlertView(await alertOf(ctx, project.id));
    },
    async setSpendAlert({ project, body }) {
      await transactionWithRetry(ctx.db, async (tx) => {
        await setSpendAlert(tx, project.id, body.threshold_usd);
        // The job looks again every minute while any alert is set.
        await wakeSpendAlerts(tx);
      });
      ctx.wakeWorker();
      // A threshold the month's spend is already over is mailed now, not when the job next
      // runs: if it is running just then, it sets its own next run over the wake.
      await checkSpendAlerts(ctx.db);
      return spendAlertView(await alertOf(ctx, project.id));
    },
    async deleteSpendAlert({ project }) {
      await ctx.db.deleteFrom('spend_alert').where('project_id', '=', project.id).execute();
    },
  };
}
