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

export const createProjectBodySchema = z.strictObject({ name: projectNameSchema }).meta({ id: 'CreateProjectBody' });
export type CreateProjectBody = z.infer<typeof createProjectBodySchema>;

export const projectParamsSchema = z.strictObject({ project_id: projectIdSchema });

const project = { ...current, tag: 'Project' } as const;

export const projectRoutes = {
  listProjects: route({ ...project, method: 'get', path: '/project', summary: "List the caller's projects", query: paginationQuerySchema, response: projectListSchema }),
  createProject: route({ ...project, method: 'post', path: '/project', summary: 'Create a project', body: createProjectBodySchema, response: projectSchema }),
  getProject: route({ ...project, method: 'get', path: '/project/{project_id}', summary: 'Get a project', params: projectParamsSchema, response: projectSchema }),
  deleteProject: route({
    ...project,
    method: 'delete',
    path: '/project/{project_id}',
    summary: 'Delete a project (409 while it holds resources; admins only)',
    params: projectParamsSchema,
    access: 'admin',
  }),
} as const satisfies RouteList;
