// THE route table. The BFF mounts from it, the OpenAPI document is generated from it and
// the web client is typed from it. Paths are written OpenAPI-style, relative to `base`.
import { z } from 'zod';
import type { Generation } from './errors.ts';
import {
  accountSchema,
  consoleLoginBodySchema,
  consoleSessionSchema,
  loginBodySchema,
  loginSuccessSchema,
  logoutSuccessSchema,
  signupBodySchema,
} from './api/auth.ts';
import {
  createProjectBodySchema,
  projectListSchema,
  projectParamsSchema,
  projectSchema,
} from './api/project.ts';
import { paginationQuerySchema } from './pagination.ts';

type AnyObject = z.ZodObject<z.ZodRawShape>;

export interface RouteDef {
  method: 'get' | 'post' | 'patch' | 'delete';
  /** `/api` for the public REST API, `/auth` for the console's cookie session endpoints. */
  base: '/api' | '/auth';
  path: string;
  generation: Generation;
  /** Whether the caller must be signed in. */
  auth: boolean;
  summary: string;
  tag: string;
  params?: AnyObject;
  query?: AnyObject;
  body?: z.ZodType;
  /** Absent for 204 No Content. */
  response?: z.ZodType;
}

function route<const R extends RouteDef>(r: R): R {
  return r;
}

export const routes = {
  // Sessions
  login: route({
    method: 'post', base: '/api', path: '/login', generation: 'current', auth: false, tag: 'Login',
    summary: 'Log in; the JWT is returned in the `authorization` response header',
    query: loginBodySchema.partial(), body: loginBodySchema.optional(), response: loginSuccessSchema,
  }),
  logout: route({
    method: 'post', base: '/api', path: '/logout', generation: 'current', auth: true, tag: 'Login',
    summary: 'Revoke the session of the token used for this request', response: logoutSuccessSchema,
  }),

  // Console sessions (cookie based; not part of the public API document)
  consoleSignup: route({
    method: 'post', base: '/auth', path: '/signup', generation: 'current', auth: false, tag: 'Console',
    summary: 'Create an account and sign in', body: signupBodySchema, response: z.strictObject({ account: accountSchema }),
  }),
  consoleLogin: route({
    method: 'post', base: '/auth', path: '/login', generation: 'current', auth: false, tag: 'Console',
    summary: 'Sign in; sets the HttpOnly session cookie', body: consoleLoginBodySchema, response: z.strictObject({ account: accountSchema }),
  }),
  consoleLogout: route({
    method: 'post', base: '/auth', path: '/logout', generation: 'current', auth: false, tag: 'Console',
    summary: 'Sign out; revokes the session and clears the cookie',
  }),
  consoleSession: route({
    method: 'get', base: '/auth', path: '/session', generation: 'current', auth: true, tag: 'Console',
    summary: 'The signed-in account and the CSRF token for unsafe requests', response: consoleSessionSchema,
  }),

  // Projects
  listProjects: route({
    method: 'get', base: '/api', path: '/project', generation: 'current', auth: true, tag: 'Project',
    summary: "List the caller's projects", query: paginationQuerySchema, response: projectListSchema,
  }),
  createProject: route({
    method: 'post', base: '/api', path: '/project', generation: 'current', auth: true, tag: 'Project',
    summary: 'Create a project', body: createProjectBodySchema, response: projectSchema,
  }),
  getProject: route({
    method: 'get', base: '/api', path: '/project/{project_id}', generation: 'current', auth: true, tag: 'Project',
    summary: 'Get a project', params: projectParamsSchema, response: projectSchema,
  }),
  deleteProject: route({
    method: 'delete', base: '/api', path: '/project/{project_id}', generation: 'current', auth: true, tag: 'Project',
    summary: 'Delete a project (409 while it holds resources)', params: projectParamsSchema,
  }),
} as const satisfies Record<string, RouteDef>;

export type Routes = typeof routes;
export type OperationId = keyof Routes;

type Out<T> = T extends z.ZodType ? z.output<T> : undefined;
type In<T> = T extends z.ZodType ? z.input<T> : undefined;

export type ParamsOf<Op extends OperationId> = Out<Routes[Op] extends { params: infer P } ? P : undefined>;
export type QueryOf<Op extends OperationId> = Out<Routes[Op] extends { query: infer Q } ? Q : undefined>;
export type BodyOf<Op extends OperationId> = Out<Routes[Op] extends { body: infer B } ? B : undefined>;
export type BodyInputOf<Op extends OperationId> = In<Routes[Op] extends { body: infer B } ? B : undefined>;
export type ResponseOf<Op extends OperationId> = Routes[Op] extends { response: infer R }
  ? Out<R>
  : void;

/** `/project/{project_id}` → `/project/:project_id` (Express). */
export function expressPath(path: string): string {
  return path.replace(/\{(\w+)\}/g, ':$1');
}

/** Fills an OpenAPI-style path with values (URL-encoded). */
export function fillPath(path: string, params: Record<string, string>): string {
  return path.replace(/\{(\w+)\}/g, (_, key: string) => encodeURIComponent(params[key] ?? ''));
}
