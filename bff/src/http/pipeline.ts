// The steps every mounted route's request goes through, in this order, each a function below:
//   authenticate → readBody (and the Idempotency-Key) → parsePath → loadProject →
//   runOnceAndRecord(authorize → checkLocation → parseRequest → the handler)
// then whatever the handler asked to run after its commit (afterCommit), then send.ts writes
// the answer. A step refuses by throwing (errors.ts answers it). A create
// with an Idempotency-Key runs once per key (idempotency.ts); a member's change is recorded in
// the project's audit log in its own transaction, refused or not (audit/record.ts).
import express, { type Request, type Response } from 'express';
import type { z } from 'zod';
import { routes, type OperationId, type RouteDef } from '#shared/routes';
import { isLocation, LOCATION_MESSAGE, type LocationName } from '#shared/catalog';
import { accessOf, takesIdempotencyKey } from '#shared/route-helpers';
import { lowerRole, roleAllows, type Access } from '#shared/roles';
import { isId } from '#shared/ids';
import { recordsChange, verbOfBody } from '#shared/audit';
import type { AppContext } from '../context.ts';
import { cachedRead } from '../db/read-cache.ts';
import { ApiError, invalidRequest, notFound, validationError } from '../errors.ts';
import { recordChange, type Change } from '../audit/record.ts';
import { authenticate as authenticateCaller, checkCsrf, type AuthInfo } from '../auth/auth.ts';
import { idempotencyKeyOf, runOnce, type Answer } from './idempotency.ts';
import type { AfterCommit, Handler, HandlerArgs, MountScope, ProjectAccess } from './handlers.ts';
import type { RunRoute } from './dispatch.ts';
import { send } from './send.ts';

/** One request to one route, and what the steps before runOnceAndRecord found. */
interface Call {
  ctx: AppContext;
  op: OperationId;
  route: RouteDef;
  req: Request;
  res: Response;
  /** The caller, where the route has `auth: true`. */
  auth?: AuthInfo;
  /** The create's Idempotency-Key, where it takes one and the request has one. */
  key?: string;
  /** The path's values, checked against the route's schema. */
  params: unknown;
  /** The project of the path, as its member sees it (before the route's role check). */
  project?: ProjectAccess;
  /** What the handler asked to run once its change committed. */
  after?: AfterCommit;
}

/** The path values the steps read (a route's schema gives them, among its own). */
type PathValues = { project_id?: string; location?: string; location_name?: string };

/** What runs a request to `op`: the steps, then the answer sent (unless the handler sent one). */
export function pipeline<Op extends OperationId>(
  ctx: AppContext,
  scope: MountScope,
  op: Op,
  handler: Handler<Op>,
): RunRoute {
  const route: RouteDef = routes[op];
  const keyed = takesIdempotencyKey(op, route);
  const recorded = recordsChange(route);
  return async (req, res) => {
    res.locals.generation = route.generation;
    res.locals.operationId = op;
    const auth = route.auth ? await authenticate(ctx, route, req) : undefined;
    await readBody(req, res);
    const key = keyed ? idempotencyKeyOf(req) : undefined;
    const params = parsePath(route, req);
    // Membership first: a foreign project is 404 whatever else the path holds.
    const project = await loadProject(
      ctx,
      scope,
      op,
      auth,
      (params as PathValues | undefined)?.project_id,
    );
    const call: Call = { ctx, op, route, req, res, auth, key, params, project };
    let answer = await runOnceAndRecord(call, recorded, () => checkedArgs<Op>(call), handler);
    if (call.after && answer.status < 400 && (await call.after()) === 'accepted') {
      if (!route.accepted) throw new Error(`${op}: answered 202 but its route has no \`accepted\``);
      answer = { status: 202, headers: answer.headers };
    }
    if (!res.headersSent) send(res, answer, route.responseType);
  };
}

/** The caller: a session, or a personal access token on /api only (never on the console's /auth routes); CSRF checked. */
async function authenticate(ctx: AppContext, route: RouteDef, req: Request): Promise<AuthInfo> {
  const auth = await authenticateCaller(ctx, req, { tokens: route.base === '/api' });
  req.auth = auth;
  checkCsrf(ctx, req, auth);
  return auth;
}

/** Bodies are parsed per route, after its error generation is known and the caller checked. */
const parseJson = express.json({ limit: '100kb', type: 'application/json' });

/** The JSON body into `req.body`. A request without Content-Length or Transfer-Encoding has none: not even handed to the parser. */
async function readBody(req: Request, res: Response): Promise<void> {
  if (req.headers['content-length'] === undefined && req.headers['transfer-encoding'] === undefined)
    return;
  await new Promise<void>((resolve, reject) =>
    parseJson(req, res, (err?: unknown) => (err ? reject(err) : resolve())),
  );
}

/** The path's values, checked. A malformed project ID is a project the caller cannot see: the same 404 (decision 041). */
function parsePath(route: RouteDef, req: Request): unknown {
  const projectId = req.params.project_id;
  if (typeof projectId === 'string' && !isId('project', projectId)) throw notFound();
  return route.params ? parse(route.params, req.params, 'Path') : undefined;
}

/**
 * The project of the path, when the caller is a member: cached per account and project; a
 * removal, role change or deletion empties it (decision 111). A token made for another project
 * sees the stranger's 404.
 */
async function loadProject(
  ctx: AppContext,
  scope: MountScope,
  op: OperationId,
  auth: AuthInfo | undefined,
  projectId: string | undefined,
): Promise<ProjectAccess | undefined> {
  if (!projectId) return undefined;
  if (!auth) throw new Error(`${op}: a route inside a project must have auth: true`);
  const { accountId } = auth;
  const project = await cachedRead(ctx.db, 'member', `${accountId} ${projectId}`, () =>
    scope.memberProject(ctx.db, accountId, projectId),
  );
  if (auth.token && auth.token.projectId !== project.id) throw notFound();
  return project;
}

/**
 * Runs the checks (`checked`) and the handler into an answer: a keyed create once per key, and
 * a member's change recorded in the audit log whether it is done or refused, checks included.
 */
async function runOnceAndRecord<Op extends OperationId>(
  call: Call,
  recorded: boolean,
  checked: () => HandlerArgs<Op>,
  handler: Handler<Op>,
): Promise<Answer> {
  const { ctx, op, route, req, res, auth, key, project } = call;
  const change: Change | undefined =
    auth && recorded
      ? {
          action: op,
          route,
          params: req.params as Record<string, string>,
          auth,
          project,
          requestId: String(res.getHeader('X-Request-Id')),
        }
      : undefined;
  const decide = async (): Promise<Answer> => {
    const args = checked();
    // Some operations' entries name the verb their body chose (enable_ssl, disable_ssl).
    if (change) change.verb = verbOfBody(op, (args as { body?: unknown }).body);
    const answer = async (): Promise<Answer> => {
      const result = await handler(args);
      return route.response
        ? { status: 200, headers: {}, body: result }
        : { status: 204, headers: {} };
    };
    if (key === undefined || !auth) return answer();
    return runOnce(
      ctx,
      {
        accountId: auth.accountId,
        key,
        operationId: op,
        params: req.params,
        body: req.body,
        generation: route.generation,
      },
      answer,
    );
  };
  return change ? recordChange(ctx, change, decide) : decide();
}

/** The handler's arguments, once the caller's role, the location, the query and the body passed. */
function checkedArgs<Op extends OperationId>(call: Call): HandlerArgs<Op> {
  const { route, req, res, auth, params, project } = call;
  const args: Record<string, unknown> = {
    req,
    res,
    afterCommit: (work: AfterCommit) => (call.after = work),
  };
  if (route.auth) args.auth = auth;
  if (project) args.project = authorize(project, auth!, accessOf(route));
  const location = checkLocation(params as PathValues | undefined);
  if (location !== undefined) args.location = location;
  return { ...args, params, ...parseRequest(route, req) } as HandlerArgs<Op>;
}

/**
 * The project as the caller may act in it: a role that does not allow the route's access is
 * refused with 403 (behaviour.md §11). One check for every route, from the route table.
 */
function authorize(project: ProjectAccess, auth: AuthInfo, access: Access): ProjectAccess {
  const { token } = auth;
  const role = token ? lowerRole(token.role, project.role) : project.role;
  if (!roleAllows(role, access)) {
    const needs = access === 'admin' ? 'an admin' : 'a member or an admin';
    throw new ApiError(
      'Unauthorized',
      `Your role in this project (${role}${token ? ', through this token' : ''}) does not allow this. Only ${needs} of the project can do it.`,
    );
  }
  return role === project.role ? project : { ...project, role };
}

/** The path's location, where it has one: a known one, else 404. */
function checkLocation(path: PathValues | undefined): LocationName | undefined {
  const location = path?.location ?? path?.location_name;
  if (location === undefined) return undefined;
  if (!isLocation(location)) {
    throw new ApiError(
      'ResourceNotFound',
      'Validation failed for following path components: location',
      { location: LOCATION_MESSAGE },
    );
  }
  return location;
}

/** The query and the body, checked against the route's schemas; a body must be JSON. */
function parseRequest(route: RouteDef, req: Request): { query: unknown; body: unknown } {
  const query = route.query ? parse(route.query, req.query, 'Query') : undefined;
  if (hasBody(req) && !req.is('application/json')) {
    throw new ApiError('InvalidRequest', 'Content-Type must be application/json.');
  }
  // No body at all on a route that needs one: report its missing fields by name.
  const raw =
    req.body === undefined && route.body && !route.body.safeParse(undefined).success
      ? {}
      : req.body;
  const body = route.body ? parse(route.body, raw, 'Request body') : undefined;
  return { query, body };
}

function hasBody(req: Request): boolean {
  const length = req.headers['content-length'];
  return (length !== undefined && length !== '0') || req.headers['transfer-encoding'] !== undefined;
}

function parse<S extends z.ZodType>(schema: S, value: unknown, what: string): z.output<S> {
  // reportInput: tells a wrong type (input present) from a missing field (input undefined).
  const result = schema.safeParse(value, { reportInput: true });
  if (!result.success) throw validationError(result.error, what);
  const nul = nulField(result.data, []);
  if (nul)
    throw nul.length
      ? invalidRequest({ [nul.join('.')]: NUL_MESSAGE })
      : new ApiError('InvalidRequest', `${what}: ${NUL_MESSAGE}`);
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
