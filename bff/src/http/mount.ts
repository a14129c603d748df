// Mounts handlers from the shared route table: validation of params, query and body,
// authentication and CSRF, then the handler; its return value is the response body. A create
// with an Idempotency-Key runs once per key (idempotency.ts). A change is recorded in the
// project's audit log in its own transaction (audit/record.ts).
import express, { type Express, type NextFunction, type Request, type Response } from 'express';
import type { z } from 'zod';
import { routes, type BodyOf, type OperationId, type ParamsOf, type QueryOf, type ResponseOf, type RouteDef, type Routes } from '#shared/routes';
import { isLocation, LOCATION_MESSAGE, type LocationName } from '#shared/catalog';
import { accessOf, IDEMPOTENT_REPLAYED_HEADER, takesIdempotencyKey } from '#shared/route-helpers';
import { lowerRole, roleAllows, type Access, type Role } from '#shared/roles';
import { isId } from '#shared/ids';
import { recordsChange } from '#shared/audit';
import type { AppContext } from '../context.ts';
import type { Db } from '../db/database.ts';
import { cachedRead } from '../db/read-cache.ts';
import { ApiError, invalidRequest, notFound, validationError } from '../errors.ts';
import { authenticate, checkCsrf, type AuthInfo } from './auth.ts';
import { idempotencyKeyOf, runOnce, type Answer } from './idempotency.ts';
import { recordChange } from '../audit/record.ts';
import { RawJson } from './raw-json.ts';

/** The project of a route under /project/{project_id}, as its member sees it. */
export interface ProjectAccess {
  id: string;
  name: string;
  credit: number;
  discount: number;
  /** The caller's role here: a token's role capped by its owner's membership. */
  role: Role;
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

/** A handler answers its route's response, or the JSON text of it (raw-json.ts). */
export type Handler<Op extends OperationId> = (args: HandlerArgs<Op>) => Promise<ResponseOf<Op> | RawJson<ResponseOf<Op>>>;
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

/** Parsed paths and queries by their text, per schema (decision 246). */
const parsedByText = new WeakMap<z.ZodType, Map<string, unknown>>();
export const MAX_PARSED_TEXTS = 1000;
/** The longest URL whose path and query are remembered. */
export const MAX_REMEMBERED_URL = 512;
/**
 * Characters that make Express split a URL otherwise than at its first `?` (a fragment, white
 * space: parseurl hands such a URL to url.parse).
 */
const SPLIT_OTHERWISE = /[\s#\u00a0\ufeff]/;

/**
 * The path and query texts under which a request's parsed parameters and query are
 * remembered: only a GET's (or HEAD's) URL, at most MAX_REMEMBERED_URL long, that Express splits
 * at its first `?` as this does. Undefined (nothing remembered) for any other request: a
 * POST's query (a login's) is never kept.
 */
export function urlTexts(method: string, url: string): { path: string; query: string } | undefined {
  if ((method !== 'GET' && method !== 'HEAD') || url.length > MAX_REMEMBERED_URL || SPLIT_OTHERWISE.test(url)) return undefined;
  const q = url.indexOf('?');
  return q < 0 ? { path: url, query: '' } : { path: url.slice(0, q), query: url.slice(q) };
}

/**
 * parse() of a request's path parameters or query, remembered by the text they come from
 * (urlTexts): clients repeat the same URLs (a console polling a list, a script paging), and a
 * route's schema gives the same answer for the same text. At most MAX_PARSED_TEXTS per schema;
 * the answer is frozen, so no handler can change it for the next request. What fails is never
 * remembered, and is refused in full each time. `text` undefined: parsed, not remembered.
 */
export function parseText<S extends z.ZodType>(schema: S, text: string | undefined, value: () => unknown, what: string): z.output<S> {
  if (text === undefined) return Object.freeze(parse(schema, value(), what)) as z.output<S>;
  let memo = parsedByText.get(schema);
  if (!memo) parsedByText.set(schema, (memo = new Map()));
  const hit = memo.get(text);
  if (hit !== undefined) return hit as z.output<S>;
  const parsed = Object.freeze(parse(schema, value(), what)) as z.output<S>;
  if (memo.size >= MAX_PARSED_TEXTS) memo.clear();
  memo.set(text, parsed);
  return parsed;
}

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
  res.statusCode = answer.status;
  if (answer.body === undefined) res.end();
  else if (responseType) res.type(responseType).send(String(answer.body));
  else sendJson(res, answer.body);
}

/**
 * A JSON answer written straight to the socket: what `res.json` does, without its ETag (the
 * API's answers are `no-store`, so no client revalidates them; decision 150) and its detours.
 */
export function sendJson(res: Response, body: unknown): void {
  const text = body instanceof RawJson ? body.text : JSON.stringify(body);
  res.setHeader('Content-Type', 'application/json; charset=utf-8');
  res.setHeader('Content-Length', Buffer.byteLength(text));
  res.end(text);
}

/** Bodies are parsed per route, after its error generation is known and the caller checked. */
const parseJson = express.json({ limit: '100kb', type: 'application/json' });

/** A mounted route: its literal segments (lower case) or parameter names, and what runs it. */
interface Mounted {
  segments: ({ literal: string } | { param: string })[];
  run: (req: Request, res: Response) => Promise<void>;
}

/** Per app, the mounted routes by `METHOD segment-count`, in mounting order. */
const tables = new WeakMap<Express, Map<string, Mounted[]>>();

const badParam = (value: string) => Object.assign(new Error(`Failed to decode param '${value}'`), { status: 400 });

/**
 * Finds the route of a request by its method and number of segments, then its segments,
 * instead of Express's walk of every route's pattern (decision 151). It matches as Express
 * does for these paths: case-insensitive literals, one trailing slash ignored, non-empty
 * URL-decoded parameters (400 when not decodable), HEAD served by GET, the first mounted wins.
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
        if ('literal' in segment) matched = segment.literal === part || segment.literal === part.toLowerCase();
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

/**
 * The project as the caller may act in it: a role that does not allow the route's access is
 * refused with 403 (behaviour.md §11). One check for every route, from the route table.
 */
function allowed(project: ProjectAccess, auth: AuthInfo, access: Access): ProjectAccess {
  const { token } = auth;
  const role = token ? lowerRole(token.role, project.role) : project.role;
  if (!roleAllows(role, access)) {
    const needs = access === 'admin' ? 'an admin' : 'a member or an admin';
    throw new ApiError('Unauthorized', `Your role in this project (${role}${token ? ', through this token' : ''}) does not allow this. Only ${needs} of the project can do it.`);
  }
  return role === project.role ? project : { ...project, role };
}

/** `next` of a middleware as a promise. */
const through = (mw: (req: Request, res: Response, next: (err?: unknown) => void) => void, req: Request, res: Response) =>
  new Promise<void>((resolve, reject) => mw(req, res, (err?: unknown) => (err ? reject(err) : resolve())));

export function mount<Ops extends OperationId>(app: Express, ctx: AppContext, scope: MountScope, handlers: Handlers<Ops>): void {
  let table = tables.get(app);
  if (!table) {
    tables.set(app, (table = new Map()));
    app.use(dispatcher(table));
  }
  for (const op of Object.keys(handlers) as Ops[]) {
    const route: RouteDef = routes[op];
    const handler = handlers[op] as Handler<Ops>;
    const keyed = takesIdempotencyKey(op, route);
    const recorded = recordsChange(route);
    const segments = (route.base + route.path).split('/').map((s) => {
      const param = /^\{(\w+)\}$/.exec(s);
      return param ? { param: param[1]! } : { literal: s.toLowerCase() };
    });
    const run = async (req: Request, res: Response): Promise<void> => {
      res.locals.generation = route.generation;
      res.locals.operationId = op;
      if (route.auth) {
        // Personal access tokens work on the API only, never on the console's /auth routes.
        req.auth = await authenticate(ctx, req, { tokens: route.base === '/api' });
        checkCsrf(ctx, req, req.auth);
      }
      // A request without Content-Length or Transfer-Encoding has no body: not even handed to the parser.
      if (req.headers['content-length'] !== undefined || req.headers['transfer-encoding'] !== undefined) await through(parseJson, req, res);
      const { auth } = req;
      const key = keyed ? idempotencyKeyOf(req) : undefined;
      const args: Record<string, unknown> = { req, res };
      if (route.auth) args.auth = auth;
      // A malformed project ID is a project the caller cannot see: the same 404 (decision 041).
      const projectId = req.params.project_id;
      if (typeof projectId === 'string' && !isId('project', projectId)) throw notFound();
      const texts = urlTexts(req.method, req.url);
      const params = route.params ? parseText(route.params, texts?.path, () => req.params, 'Path') : undefined;
      const path = (params ?? {}) as { project_id?: string; location?: string; location_name?: string };
      // Membership first: a foreign project is 404 whatever else the path holds.
      let project: ProjectAccess | undefined;
      if (path.project_id) {
        if (!auth) throw new Error(`${op}: a route inside a project must have auth: true`);
        const { accountId } = auth;
        const member = path.project_id;
        // Cached per account and project; a removal, role change or deletion empties it (decision 111).
        project = await cachedRead(ctx.db, 'member', `${accountId} ${member}`, () => scope.memberProject(ctx.db, accountId, member));
        // A token made for another project sees the stranger's 404.
        if (auth.token && auth.token.projectId !== project.id) throw notFound();
      }
      // From here on, a member's change is recorded in the audit log, refused or not.
      const decide = async (): Promise<Answer> => {
        if (project) args.project = allowed(project, auth!, accessOf(route));
        const location = path.location ?? path.location_name;
        if (location !== undefined) {
          if (!isLocation(location)) {
            throw new ApiError('ResourceNotFound', 'Validation failed for following path components: location', { location: LOCATION_MESSAGE });
          }
          args.location = location;
        }
        const query = route.query ? parseText(route.query, texts?.query, () => req.query, 'Query') : undefined;
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
        return key === undefined || !auth
          ? run()
          : runOnce(ctx, { accountId: auth.accountId, key, operationId: op, params: req.params, body: req.body, generation: route.generation }, run);
      };
      const answer =
        auth && recorded
          ? await recordChange(ctx, { action: op, route, params: req.params as Record<string, string>, auth, project, requestId: String(res.getHeader('X-Request-Id')) }, decide)
          : await decide();
      if (!res.headersSent) send(res, answer, route.responseType);
    };
    const slot = `${route.method.toUpperCase()} ${segments.length}`;
    table.set(slot, [...(table.get(slot) ?? []), { segments, run }]);
  }
}
