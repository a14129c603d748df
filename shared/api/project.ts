import { z } from 'zod';
import { idPattern } from '../ids.ts';
import { projectNameSchema } from '../names.ts';
import { listSchema } from '../pagination.ts';

export const projectIdSchema = z
  .string()
  .regex(idPattern('project'), 'Project ID must be "pj" followed by 24 base32 characters.');

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
