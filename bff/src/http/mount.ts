// Mounts a kind's handlers from the shared route table: each route goes into the app's
// dispatch table (dispatch.ts) and runs through the request pipeline (pipeline.ts), whose
// answer send.ts writes. The handlers' types are in handlers.ts.
import type { Express } from 'express';
import { routes, type OperationId } from '#shared/routes';
import type { AppContext } from '../context.ts';
import { addRoute } from './dispatch.ts';
import type { Handler, Handlers, MountScope } from './handlers.ts';
import { pipeline } from './pipeline.ts';

export function mount<Ops extends OperationId>(
  app: Express,
  ctx: AppContext,
  scope: MountScope,
  handlers: Handlers<Ops>,
): void {
  for (const op of Object.keys(handlers) as Ops[])
    addRoute(app, routes[op], pipeline(ctx, scope, op, handlers[op] as Handler<Ops>));
}
