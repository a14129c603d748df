// Health endpoints, outside /api (behaviour.md §1): /healthz says the process is alive,
// /readyz that it can serve writes (decision 064).
import type { Express } from 'express';
import type { AppContext } from '../context.ts';
import { ApiError } from '../errors.ts';
import { serviceUnavailable } from './errors.ts';

export function mountHealth(app: Express, ctx: AppContext): void {
  app.get('/healthz', (_req, res) => {
    res.json({ status: 'ok' });
  });
  // A committed one-row write: a database that answers reads but cannot write (read-only
  // file or standby, full disk) is not ready. The row is overwritten, so it never grows.
  app.get('/readyz', async (_req, res) => {
    const now = new Date().toISOString();
    try {
      await ctx.db
        .insertInto('setting')
        .values({ key: 'readyz_probe', value: now })
        .onConflict((oc) => oc.column('key').doUpdateSet({ value: now }))
        .execute();
    } catch (err) {
      res.err = err as Error; // logged with the 503 by the request log (logging.ts)
      throw (
        serviceUnavailable(err) ??
        new ApiError('ServiceUnavailable', 'The database cannot serve writes.')
      );
    }
    res.json({ status: 'ready' });
  });
}
