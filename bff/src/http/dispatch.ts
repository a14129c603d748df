// Route dispatch by method and segment count (decision 151): per app, a table of the mounted
// routes, looked up by `METHOD segment-count`, instead of Express's walk of every route's pattern.
import type { Express, NextFunction, Request, Response } from 'express';
import type { RouteDef } from '#shared/routes';

/** What runs a matched request; `req.params` holds the path's decoded values. */
export type RunRoute = (req: Request, res: Response) => Promise<void>;

/** A mounted route: its literal segments (lower case) or parameter names, and what runs it. */
interface Mounted {
  segments: ({ literal: string } | { param: string })[];
  run: RunRoute;
}

/** Per app, the mounted routes by `METHOD segment-count`, in mounting order. */
const tables = new WeakMap<Express, Map<string, Mounted[]>>();

/** Adds `route` to the app's table (the first route of an app installs the dispatcher); the first mounted wins. */
export function addRoute(app: Express, route: RouteDef, run: RunRoute): void {
  let table = tables.get(app);
  if (!table) {
    tables.set(app, (table = new Map()));
    app.use(dispatcher(table));
  }
  const segments = (route.base + route.path).split('/').map((s) => {
    const param = /^\{(\w+)\}$/.exec(s);
    return param ? { param: param[1]! } : { literal: s.toLowerCase() };
  });
  const slot = `${route.method.toUpperCase()} ${segments.length}`;
  table.set(slot, [...(table.get(slot) ?? []), { segments, run }]);
}

const badParam = (value: string) =>
  Object.assign(new Error(`Failed to decode param '${value}'`), { status: 400 });

/**
 * Finds the route of a request by its method and number of segments, then its segments. It
 * matches as Express does for these paths: case-insensitive literals, one trailing slash
 * ignored, non-empty URL-decoded parameters (400 when not decodable), HEAD served by GET, the
 * first mounted wins.
 */
function dispatcher(table: Map<string, Mounted[]>) {
  return (req: Request, res: Response, next: NextFunction) => {
    let path = req.path;
    if (path.length > 1 && path.endsWith('/')) path = path.slice(0, -1);
    const parts = path.split('/');
    const candidates = table.get(`${req.method === 'HEAD' ? 'GET' : req.method} ${parts.length}`);
    if (!candidates) return next();
    for (const route of candidates) {
      const params: Record<string, string> = {};
      let matched = true;
      for (let i = 0; i < parts.length && matched; i++) {
        const segment = route.segments[i]!;
        const part = parts[i]!;
        if ('literal' in segment)
          matched = segment.literal === part || segment.literal === part.toLowerCase();
        else if (!part) matched = false;
        else {
          try {
            params[segment.param] = decodeURIComponent(part);
          } catch {
            return next(badParam(part));
          }
        }
      }
      if (!matched) continue;
      req.params = params;
      return route.run(req, res).catch(next);
    }
    next();
  };
}
