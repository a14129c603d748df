// A resource kind's backend as app.ts mounts it, in one line: its handlers and its jobs.
import type { OperationId } from '#shared/routes';
import type { AppContext } from '../context.ts';
import type { Handlers } from '../http/handlers.ts';
import { registerJobs, type JobDefinition } from '../lifecycle/jobs.ts';

export interface KindModule<Ops extends OperationId> {
  handlers: (ctx: AppContext) => Handlers<Ops>;
  jobs?: Record<string, JobDefinition>;
}

/**
 * A kind's module. Its jobs are registered with the worker here, when the module loads, so
 * the worker knows them in every process that loads the kind, whether or not it serves HTTP.
 */
export function kindModule<Ops extends OperationId>(definition: KindModule<Ops>): KindModule<Ops> {
  if (definition.jobs) registerJobs(definition.jobs);
  return definition;
}

/**
 * A part of a kind's handlers, in a file of its own: a kind with many routes keeps them by
 * what they are about (hono's `tasks.handlers.ts`), and its module spreads the parts.
 */
export function kindHandlers<Ops extends OperationId>(part: (ctx: AppContext) => Handlers<Ops>): (ctx: AppContext) => Handlers<Ops> {
  return part;
}
