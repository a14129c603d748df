// Which requests the audit log records (behaviour.md §11, decision 205): every signed-in change
// inside a project, and the creation of a project (written in the new project's log). Sign-up,
// login and logout are the account's own business and are not recorded in any project's log.
import { P, type RouteDef } from './route-helpers.ts';
import { routes, type OperationId } from './routes.ts';

export function recordsChange(route: RouteDef): boolean {
  return (
    route.auth && route.method !== 'get' && (route.path === '/project' || route.path.startsWith(P))
  );
}

/** The actions an entry may hold: operation IDs, sorted (the console's filter offers them). */
export const AUDITED_ACTIONS = (Object.keys(routes) as OperationId[])
  .filter((op) => recordsChange(routes[op]))
  .sort();
