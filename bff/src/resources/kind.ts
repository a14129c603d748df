// A module of the API as app.ts mounts it, in one line: its handlers and its jobs. A resource
// kind (one with a descriptor in shared/routes.ts) is a `kindModule`; the other routes (sign-in,
// account, mail, audit, events…) are `apiModule`s.
import type { OperationId } from '#shared/routes';
import type { AppContext } from '../context.ts';
import type { Handlers } from '../http/handlers.ts';
import { registerJobs, type JobDefinition } from '../lifecycle/jobs.ts';

export interface ApiModule<Ops extends OperationId> {
  handlers: (ctx: AppContext) => Handlers<Ops>;
  jobs?: Record<string, JobDefinition>;
}

/**
 * A module of routes that are not a resource kind's. Its jobs are registered with the worker
 * here, when the module loads, so the worker knows them in every process that loads it,
 * whether or not it serves HTTP.
 */
export function apiModule<Ops extends OperationId>(definition: ApiModule<Ops>): ApiModule<Ops> {
  if (definition.jobs) registerJobs(definition.jobs);
  return definition;
}

/** A resource kind's module: the same as an `apiModule`, named for a kind with a descriptor. */
export const kindModule = apiModule;

/**
 * A part of a kind's handlers, in a file of its own: a kind with many routes keeps them by
 * what they are about (hono's `tasks.handlers.ts`), and its module spreads the parts.
 */
export function kindHandlers<Ops extends OperationId>(
  part: (ctx: AppContext) => Handlers<Ops>,
): (ctx: AppContext) => Handlers<Ops> {
  return part;
}
