// Mounts handlers from the shared route table: validation of params, query and body,
// authentication and CSRF, then the handler; its return value is the response body. A create
// with an Idempotency-Key runs once per key (idempotency.ts).
import express, { type Express, type NextFunction, type Request, type Response } from 'express';
import type { z } from 'zod';
import { expressPath, routes, type BodyOf, type OperationId, type ParamsOf, type QueryOf, type ResponseOf, type RouteDef, type Routes } from '#shared/routes';
import { isLocation, LOCATION_MESSAGE, type LocationName } from '#shared/catalog';
import { IDEMPOTENT_REPLAYED_HEADER, takesIdempotencyKey } from '#shared/route-helpers';
import { isId } from '#shared/ids';
import type { AppContext } from '../context.ts';
import type { Db } from '../db/database.ts';
import { ApiError, invalidRequest, notFound, validationError } from '../errors.ts';
import { authenticate, checkCsrf, type AuthInfo } from './auth.ts';
import { idempotencyKeyOf, runOnce, type Answer } from './idempotency.ts';

/** The project of a route under /project/{project_id}, as its member sees it. */
export interface ProjectAccess {
  id: string;
  name: string;
  credit: number;
  discount: number;
  role: 'owner' | 'member';
}

/** What mounting needs from the kinds, given by app.ts (http/ imports no kind). */
export interface MountScope {
  /** The project when the account is a member; throws the 404 otherwise. */
  memberProject(db: Db, accountId: string, projectId: string): Promise<ProjectAccess>;
}

/** Present only where the route has `auth: true`. */
type AuthArgs<Op extends OperationId> = Routes[Op]['auth'] extends true ? { auth: AuthInfo } : unknown;
/** Present only where the path has {project_id}: the caller is a member. */
type ProjectArgs<Op extends OperationId> = ParamsOf<Op> extends { project_id: string } ? { project: ProjectAccess } : unknown;
/** Present only where the path has a location: a valid one. */
type LocationArgs<Op extends OperationId> = ParamsOf<Op> extends { location: string } | { location_name: string } ? { location: LocationName } : unknown;

export type HandlerArgs<Op extends OperationId> = {
  params: ParamsOf<Op>;
  query: QueryOf<Op>;
  body: BodyOf<Op>;
  req: Request;
  res: Response;
} & AuthArgs<Op> &
  ProjectArgs<Op> &
  LocationArgs<Op>;

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
  const nul = nulField(result.data, []);
  if (nul) throw nul.length ? invalidRequest({ [nul.join('.')]: NUL_MESSAGE }) : new ApiError('InvalidRequest', `${what}: ${NUL_MESSAGE}`);
  return result.data;
}

const NUL_MESSAGE = 'Text may not contain the NUL character (\\u0000).';

/** The path of the first string holding U+0000, which PostgreSQL cannot store: refused on both engines alike (decision 076). */
function nulField(value: unknown, path: string[]): string[] | undefined {
  if (typeof value === 'string') return value.includes('\0') ? path : undefined;
  if (value === null || typeof value !== 'object') return undefined;
  for (const [k, v] of Object.entries(value)) {
    const found = nulField(v, [...path, k]);
    if (found) return found;
  }
  return undefined;
}

function send(res: Response, answer: Answer, responseType: string | undefined): void {
  for (const [k, v] of Object.entries(answer.headers)) res.setHeader(k, v);
  if (answer.replayed) res.setHeader(IDEMPOTENT_REPLAYED_HEADER, 'true');
  res.status(answer.status);
  if (answer.body === undefined) res.end();
  else if (responseType) res.type(responseType).send(String(answer.body));
  else res.json(answer.body);
}

/** Bodies are parsed per route, after its error generation is known and the caller checked. */
const jsonBody = express.json({ limit: '100kb', type: 'application/json' });

export function mount<Ops extends OperationId>(app: Express, ctx: AppContext, scope: MountScope, handlers: Handlers<Ops>): void {
  for (const op of Object.keys(handlers) as Ops[]) {
    const route: RouteDef = routes[op];
    const handler = handlers[op] as Handler<Ops>;
    const keyed = takesIdempotencyKey(op, route);
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
      const { auth } = req;
      const key = keyed ? idempotencyKeyOf(req) : undefined;
      const args: Record<string, unknown> = { req, res };
      if (route.auth) args.auth = auth;
      // A malformed project ID is a project the caller cannot see: the same 404 (decision 041).
      const projectId = req.params.project_id;
      if (typeof projectId === 'string' && !isId('project', projectId)) throw notFound();
      const params = route.params ? parse(route.params, req.params, 'Path') : undefined;
      const path = (params ?? {}) as { project_id?: string; location?: string; location_name?: string };
      // Membership first: a foreign project is 404 whatever else the path holds.
      if (path.project_id) {
        if (!auth) throw new Error(`${op}: a route inside a project must have auth: true`);
        args.project = await scope.memberProject(ctx.db, auth.accountId, path.project_id);
      }
      const location = path.location ?? path.location_name;
      if (location !== undefined) {
        if (!isLocation(location)) {
          throw new ApiError('ResourceNotFound', 'Validation failed for following path components: location', { location: LOCATION_MESSAGE });
        }
        args.location = location;
      }
      const query = route.query ? parse(route.query, req.query, 'Query') : undefined;
      if (hasBody(req) && !req.is('application/json')) {
        throw new ApiError('InvalidRequest', 'Content-Type must be application/json.');
      }
      // No body at all on a route that needs one: report its missing fields by name.
      const raw = req.body === undefined && route.body && !route.body.safeParse(undefined).success ? {} : req.body;
      const body = route.body ? parse(route.body, raw, 'Request body') : undefined;
      const run = async (): Promise<Answer> => {
        const result = await handler({ ...args, params, query, body } as HandlerArgs<Ops>);
        return route.response ? { status: 200, headers: {}, body: result } : { status: 204, headers: {} };
      };
      const answer =
        key === undefined || !auth
          ? await run()
          : await runOnce(ctx, { accountId: auth.accountId, key, operationId: op, params: req.params, body: req.body, generation: route.generation }, run);
      if (!res.headersSent) send(res, answer, route.responseType);
    });
  }
}
