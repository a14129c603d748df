// `GET P/object-info/{object_id}`: the type, location and name of any object of the project
// from its ID alone (the origin's route; its SDK finds an object's location and name by it).
// Any ID it cannot answer for answers the same 404 (decision 195).
import { ownedBySchema } from './owned-by.ts';
import { z } from 'zod';
import { current, P, project_id, route, type RouteList } from '../route-helpers.ts';

export const objectInfoSchema = z
  .strictObject({
    /** The origin's type: its table's name in words, e.g. "private subnet", "postgres resource". */
    type: z.string(),
    /** Null for an object that is in no location (an SSH public key). */
    location: z.string().nullable(),
    name: z.string(),
    /** What the object was made for and goes with (decision 287), e.g. a cluster's subnet's cluster. */
    owned_by: ownedBySchema,
  })
  .meta({ id: 'ObjectInfo' });
export type ObjectInfo = z.infer<typeof objectInfoSchema>;

export const objectInfoRoutes = {
  getObjectInfo: route({
    ...current,
    method: 'get',
    path: `${P}/object-info/{object_id}`,
    tag: 'Project',
    summary: 'The type, location and name of an object of the project, by its ID',
    // Any text: an ID of no kind, of a kind without objects here, or malformed, is not found.
    params: z.strictObject({ project_id, object_id: z.string() }),
    response: objectInfoSchema,
  }),
} as const satisfies RouteList;
