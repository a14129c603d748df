import type { AppContext } from '../../context.ts';
import { ApiError } from '../../http/errors.ts';
import type { Handlers } from '../../http/mount.ts';
import { pageFor } from '../../http/pagination.ts';
import { countProjects, createProject, deleteProject, listProjects, memberProject } from './project.store.ts';

export function projectHandlers(ctx: AppContext): Handlers<'listProjects' | 'createProject' | 'getProject' | 'deleteProject'> {
  return {
    async listProjects({ query, auth }) {
      return listProjects(ctx.db, auth.accountId, pageFor('project', query));
    },

    async createProject({ body, auth }) {
      if ((await countProjects(ctx.db, auth.accountId)) >= ctx.config.projectQuota) {
        throw new ApiError('InvalidRequest', `You have reached your limit of ${ctx.config.projectQuota} projects. Delete a project first.`);
      }
      return createProject(ctx.db, auth.accountId, body.name);
    },

    async getProject({ params, auth }) {
      const { id, name, credit, discount } = await memberProject(ctx.db, auth.accountId, params.project_id);
      return { id, name, credit: Number(credit), discount: Number(discount) };
    },

    async deleteProject({ params, auth }) {
      // The project is the access scope: a missing or foreign project is 404 here too.
      const project = await memberProject(ctx.db, auth.accountId, params.project_id);
      if (project.role !== 'owner') throw new ApiError('Unauthorized', 'Only the project owner can delete the project.');
      await deleteProject(ctx.db, project.id);
    },
  };
}
