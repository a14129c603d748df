// The PostgreSQL routes of observing a database: its servers, logs and metrics, and the
// destinations its metrics and logs are sent to.
import { MAX_LOG_LINES, METRIC_KEYS } from '#shared/api/postgres';
import { ApiError } from '../../errors.ts';
import { postgresServerId } from '#shared/ids';
import { assertPublicUrl } from '../../net/public-target.ts';
import { childHandlers } from '../common.ts';
import { kindHandlers } from '../kind.ts';
import { postgresAt, underPostgres, type RefArgs } from './postgres.handlers.ts';
import { addLogDestination, addMetricDestination } from './postgres.service.ts';
import { DAY, metricSeries, metricsWindow, timeRange } from '../sim.ts';
import { logLines, metricSources, POSTGRES_METRICS } from './postgres.sim.ts';
import {
  diskUsageOverride,
  listServers,
  logDestinationView,
  metricDestinationView,
  reloadPostgres,
  simServers,
} from './postgres.store.ts';

export const postgresObserveHandlers = kindHandlers((ctx) => {
  const { db } = ctx;
  // The destinations' URLs are the data plane's to call: public targets only, as webhooks (decision 216).
  const { allowPrivate } = ctx.config.webhooks;
  const { view, find } = postgresAt(ctx);
  /** The database and the part of the asked time range in which it has been running. */
  const observed = async (
    a: RefArgs & { query: { start?: string; end?: string } },
    limits: Parameters<typeof timeRange>[1],
  ) => {
    const pg = await find(a);
    const now = new Date();
    const range = timeRange(a.query, limits, now);
    const since = pg.running_since ? Date.parse(pg.running_since) : now.getTime() + 1;
    return { pg, start: Math.max(range.start, since), end: Math.min(range.end, now.getTime()) };
  };
  const publicUrl = (a: { body: { url: string } }) =>
    assertPublicUrl('url', a.body.url, allowPrivate);

  return {
    async listPostgresServers(a) {
      const pg = await find(a);
      const servers = await listServers(db, pg.id);
      const items = servers.map((s) => ({
        id: postgresServerId(s.id),
        name: s.name,
        role: s.role as 'primary' | 'standby',
        state: s.state,
        synchronization_status:
          s.role === 'primary' || s.state === 'running'
            ? ('ready' as const)
            : ('catching_up' as const),
        fallback_active: false,
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
      // The database first (an unknown one is a 404 whatever the query), then the limits.
      await find(a);
      originLogLimits(a.query);
      const { pg, start, end } = await observed(a, {
        spanMs: 30 * 60_000,
        maxMs: DAY,
        backMs: 7 * DAY,
      });
      const q = a.query;
      const needle = q.query_pattern?.toLowerCase();
      const before = q.pagination_key ? Number(q.pagination_key) : Infinity;
      const lines = logLines(
        pg.id,
        await simServers(db, pg.id),
        start,
        end,
        pg.state === 'upgrading',
      ).filter(
        (l) =>
          l.cursor < before &&
          (!q.stream_name || l.stream_name === q.stream_name) &&
          (!q.server_role || l.server_role === q.server_role) &&
          (!q.severity_level || l.severity_level === q.severity_level) &&
          (!needle || l.message.toLowerCase().includes(needle)),
      );
      // The newest lines of the range, oldest first; the key asks for the ones before them.
      const page = lines.slice(0, q.max_log_lines ?? 50);
      const logs = page.reverse().map(({ cursor: _cursor, ...line }) => line);
      // No key when none are left (the origin leaves it out).
      return lines.length > page.length
        ? { logs, pagination_key: String(page[0]!.cursor) }
        : { logs };
    },
    async getPostgresMetrics(a) {
      const pg = await find(a);
      const since = pg.running_since ? Date.parse(pg.running_since) : Date.now() + 1;
      const { start, end } = metricsWindow(a.query, since);
      const keys = a.query.key ? [a.query.key] : METRIC_KEYS;
      const sources = metricSources(
        pg.id,
        await simServers(db, pg.id),
        await diskUsageOverride(db, pg.id),
      );
      return { metrics: metricSeries(POSTGRES_METRICS, sources, start, end, keys) };
    },

    ...childHandlers(
      ctx,
      {
        ...underPostgres,
        table: 'postgres_metric_destination',
        singular: 'metric destination',
        view: metricDestinationView,
      },
      {
        list: ['listPostgresMetricDestinations'],
        create: {
          // The origin answers the database.
          createPostgresMetricDestination: {
            before: publicUrl,
            insert: (tx, pg, a) => addMetricDestination(tx, pg, a.body),
            answer: async (pg) => view(db, await reloadPostgres(db, pg.id)),
          },
        },
        delete: ['deletePostgresMetricDestination'],
      },
    ),
    ...childHandlers(
      ctx,
      {
        ...underPostgres,
        table: 'postgres_log_destination',
        singular: 'log destination',
        view: logDestinationView,
      },
      {
        list: ['listPostgresLogDestinations'],
        create: {
          createPostgresLogDestination: {
            before: publicUrl,
            insert: (tx, pg, a) => addLogDestination(tx, pg, a.body),
          },
        },
        delete: ['deletePostgresLogDestination'],
      },
    ),
  };
});

/**
 * The origin's limits of a log query, in its order and words (400 without details): the
 * range's order, its age and length (start 30 minutes before the end by default), the number of
 * lines and the pattern's length.
 */
function originLogLimits(query: {
  start?: string;
  end?: string;
  max_log_lines?: number;
  query_pattern?: string;
}) {
  const now = Date.now();
  const end = query.end ? Date.parse(query.end) : now;
  const start = query.start ? Date.parse(query.start) : now - 30 * 60_000;
  const refuse = (message: string) => {
    throw new ApiError('InvalidRequest', message);
  };
  // Whole seconds, as the origin compares them.
  const second = (ms: number) => Math.floor(ms / 1000);
  if (end <= start) refuse('End time must be after start time');
  if (second(start) < second(now) - 7 * 24 * 3600) refuse('Cannot query logs older than 7 days');
  if (second(end) - second(start) > 24 * 3600)
    refuse('Maximum time range for log queries is 24 hours');
  if ((query.max_log_lines ?? 50) > MAX_LOG_LINES) refuse(`Maximum limit is ${MAX_LOG_LINES}`);
  if ((query.query_pattern?.length ?? 0) > 200) refuse('query_pattern must be less than 200 chars');
}
