// `POST P/object/{object_id}/retry`: runs again the operation a failed VM, database, cluster
// or load balancer failed in (its `state_reason` says why), from where it failed.
import { z } from 'zod';
import { current, P, project_id, route, type RouteList } from '../route-helpers.ts';

export const retryRoutes = {
  retryObject: route({
    ...current,
    method: 'post',
    path: `${P}/object/{object_id}/retry`,
    tag: 'Project',
    summary:
      'Retry the operation a failed resource failed in (a create, start, restart, delete …); 409 unless it is failed',
    params: z.strictObject({ project_id, object_id: z.string() }),
  }),
} as const satisfies RouteList;
