// GET P/usage (issue 30): the month's spans, summed per started hour (shared/usage.ts).
import { forecastUsd, monthRange, summarize, type UsageSpan } from '#shared/usage';
import type { AppContext } from '../context.ts';
import type { Handlers } from '../http/handlers.ts';
import { apiModule } from '../resources/kind.ts';

export const usage = apiModule({ handlers: usageHandlers });

function usageHandlers(ctx: AppContext): Handlers<'getUsage'> {
  return {
    async getUsage({ project, query }) {
      const now = Date.now();
      const month = query.month ?? new Date(now).toISOString().slice(0, 7);
      const range = monthRange(month)!;
      const spans = (await ctx.db
        .selectFrom('usage_span')
        .select(['resource_id', 'kind', 'name', 'hourly_usd', 'started_at', 'ended_at'])
        .where('project_id', '=', project.id)
        .where('started_at', '<', new Date(range.end).toISOString())
        .where((w) =>
          w.or([
            w('ended_at', 'is', null),
            w('ended_at', '>', new Date(range.start).toISOString()),
          ]),
        )
        .orderBy('started_at')
        .execute()) as UsageSpan[];
      return {
        month,
        ...summarize(spans, range, now, project),
        forecast_usd: forecastUsd(spans, range, now, project),
      };
    },
  };
}
