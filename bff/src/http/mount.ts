// Mounts handlers from the shared route table: validation of params, query and body,
// authentication and CSRF, then the handler; its return value is the response body.
import express, { type Express, type NextFunction, type Request, type Response } from 'express';
import type { z } from 'zod';
import {
  expressPath,
  routes,
  type BodyOf,
  type OperationId,
  type ParamsOf,
  type QueryOf,
  type ResponseOf,
  type RouteDef,
} from '#shared/routes';
import { isLocation, LOCATION_MESSAGE, type LocationName } from '#shared/catalog';
import type { AppContext } from '../context.ts';
import { memberProject } from '../resources/project/project.store.ts';
import { authenticate, checkCsrf, type AuthInfo } from './auth.ts';
import { ApiError, validationError } from './errors.ts';

export interface HandlerArgs<Op extends OperationId> {
  params: ParamsOf<Op>;
  query: QueryOf<Op>;
  body: BodyOf<Op>;
  /** Present on routes with `auth: true`. */
  auth: AuthInfo;
  /** Present on routes under /project/{project_id}: the caller is a member. */
  project: Awaited<ReturnType<typeof memberProject>>;
  /** Present on routes with a location in the path: a valid location. */
  location: LocationName;
  req: Request;
  res: Response;
}

export type Handler<Op extends OperationId> = (args: HandlerArgs<Op>) => Promise<ResponseOf<Op>>;
export type Handlers<Ops extends OperationId> = { [K in Ops]: Handler<K> };

function hasBody(req: Request): boolean {
  const length = req.headers['content-length'];
  return (length !== undefined && length !== '0') || req.headers['transfer-encoding'] !== undefined;
}

function parse<S extends z.ZodType>(schema: S, value: unknown, what: string): z.output<S> {
  // reportInput: tells a wrong type (input present) from a missing field (input undefined).
  const result = schema.safeParse(value, { reportInput: true });
  if (!result.success) throw validationError(result.error, what);
  return result.data;
}

/** Bodies are parsed per route, after its error generation is known and the caller checked. */
const jsonBody = express.json({ limit: '100kb', type: 'application/json' });

export function mount<Ops extends OperationId>(app: Express, ctx: AppContext, handlers: Handlers<Ops>): void {
  for (const op of Object.keys(handlers) as Ops[]) {
    const route: RouteDef = routes[op];
    const handler = handlers[op] as Handler<Ops>;
    const authenticated = async (req: Request, res: Response, next: NextFunction) => {
      res.locals.generation = route.generation;
      res.locals.operationId = op;
      if (route.auth) {
        req.auth = await authenticate(ctx, req);
        checkCsrf(ctx, req, req.auth);
      }
      next();
    };
    app[route.method](route.base + expressPath(route.path), authenticated, jsonBody, async (req: Request, res: Response) => {
      const auth = req.auth;
      const params = route.params ? parse(route.params, req.params, 'Path') : undefined;
      const path = (params ?? {}) as { project_id?: string; location?: string; location_name?: string };
      // Membership first: a foreign project is 404 whatever else the path holds.
      const project = path.project_id ? await memberProject(ctx.db, auth!.accountId, path.project_id) : undefined;
      const location = path.location ?? path.location_name;
      if (location !== undefined && !isLocation(location)) {
        throw new ApiError('ResourceNotFound', 'Validation failed for following path components: location', { location: LOCATION_MESSAGE });
      }
      const query = route.query ? parse(route.query, req.query, 'Query') : undefined;
      if (hasBody(req) && !req.is('application/json')) {
        throw new ApiError('InvalidRequest', 'Content-Type must be application/json.');
      }
      // No body at all on a route that needs one: report its missing fields by name.
      const raw = req.body === undefined && route.body && !route.body.safeParse(undefined).success ? {} : req.body;
      const body = route.body ? parse(route.body, raw, 'Request body') : undefined;
      const result = await handler({ params, query, body, auth: auth!, project, location, req, res } as HandlerArgs<Ops>);
      if (res.headersSent) return;
      if (route.response) res.status(200).json(result);
      else res.status(204).end();
    });
  }
}
