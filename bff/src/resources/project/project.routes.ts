import type { AppContext } from '../../context.ts';
import { forUpdate } from '../../db/locks.ts';
import { ApiError } from '../../errors.ts';
import type { Handlers } from '../../http/handlers.ts';
import { apiModule } from '../kind.ts';
import { pageFor } from '../../db/paging.ts';
import { createProject, deleteProject, listProjects, listTokenProject, projectResources } from './project.store.ts';

export const project = apiModule({ handlers: projectHandlers });

function projectHandlers(ctx: AppContext): Handlers<'listProjects' | 'createProject' | 'getProject' | 'deleteProject'> {
  return {
    async listProjects({ query, auth }) {
      const page = pageFor('project', query);
      return auth.token ? listTokenProject(ctx.db, auth.token.projectId, page) : listProjects(ctx.db, auth.accountId, page);
    },

    async createProject({ body, auth }) {
      if (auth.token) throw new ApiError('Unauthorized', 'A personal access token acts in its own project only: it cannot create projects. Sign in to create one.');
      return createProject(ctx.db, auth.accountId, body.name, ctx.config.projectQuota);
    },

    async getProject({ project: { id, name, credit, discount } }) {
      return { id, name, credit, discount };
    },

    // The project is the access scope: a missing or foreign project is 404 here too (mount).
    async deleteProject({ project }) {
      await ctx.db.transaction().execute(async (tx) => {
        // Creates inside the project wait for this lock (their foreign key), then find it gone.
        await forUpdate(tx, tx.selectFrom('project').select('id').where('id', '=', project.id)).execute();
        const held = await projectResources(tx, project.id);
        if (held.length) {
          throw new ApiError('Conflict', `The project still holds resources (${held.join(', ')}). Delete them first.`);
        }
        await deleteProject(tx, project.id);
      });
    },
  };
}
