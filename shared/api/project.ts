import { z } from 'zod';
import { idPattern } from '../ids.ts';
import { projectNameSchema } from '../names.ts';
import { listSchema, paginationQuerySchema } from '../pagination.ts';
import { current, projectIdSchema, route, type RouteList } from '../route-helpers.ts';

export { projectIdSchema };

export const projectSchema = z
  .strictObject({
    id: z.string().regex(idPattern('project')),
    name: z.string(),
    credit: z.number(),
    discount: z.number(),
  })
  .meta({ id: 'Project' });
export type Project = z.infer<typeof projectSchema>;

export const projectListSchema = listSchema(projectSchema).meta({ id: 'ProjectList' });
export type ProjectList = z.infer<typeof projectListSchema>;

export const createProjectBodySchema = z
  .strictObject({ name: projectNameSchema })
  .meta({ id: 'CreateProjectBody' });
export type CreateProjectBody = z.infer<typeof createProjectBodySchema>;

export const projectParamsSchema = z.strictObject({ project_id: projectIdSchema });

/** How long `DELETE /project/{id}?force=true` waits for the project to be gone before it answers 202 (PROJECT_DELETE_WAIT_MS). */
export const PROJECT_DELETE_WAIT_DEFAULT_MS = 60_000;

export const deleteProjectQuerySchema = z.strictObject({
  force: z
    .enum(['true', 'false'], { error: 'force must be true or false.' })
    .optional()
    .transform((v) => v === 'true')
    .meta({
      description:
        'true: delete everything the project holds (every resource of every kind, through their ordinary deletes), then the project. ' +
        `Answers 204 once it is gone, or 202 if it is not gone within ${PROJECT_DELETE_WAIT_DEFAULT_MS / 1000} seconds (PROJECT_DELETE_WAIT_MS): the deletion goes on; send the request again to wait again, or GET the project until 404.`,
    }),
});

const project = { ...current, tag: 'Project' } as const;

export const projectRoutes = {
  listProjects: route({
    ...project,
    method: 'get',
    path: '/project',
    summary: "List the caller's projects",
    query: paginationQuerySchema,
    response: projectListSchema,
  }),
  createProject: route({
    ...project,
    method: 'post',
    path: '/project',
    summary: 'Create a project',
    body: createProjectBodySchema,
    response: projectSchema,
  }),
  getProject: route({
    ...project,
    method: 'get',
    path: '/project/{project_id}',
    summary: 'Get a project',
    params: projectParamsSchema,
    response: projectSchema,
  }),
  deleteProject: route({
    ...project,
    method: 'delete',
    path: '/project/{project_id}',
    summary: 'Delete a project (409 while it holds resources, unless force=true; admins only)',
    params: projectParamsSchema,
    query: deleteProjectQuerySchema,
    accepted:
      'With force=true: the project is still being emptied after the wait (PROJECT_DELETE_WAIT_MS); its deletion goes on. Send the request again to wait again, or GET the project until it answers 404.',
    access: 'admin',
  }),
} as const satisfies RouteList;
