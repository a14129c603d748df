import type { AppContext } from '../../context.ts';
import { forUpdate } from '../../db/locks.ts';
import { ApiError } from '../../errors.ts';
import type { Handlers } from '../../http/handlers.ts';
import { apiModule } from '../kind.ts';
import { pageFor } from '../../db/paging.ts';
import { inJobTransaction } from '../common.ts';
import { heldObjects, startProjectDestroy } from './empty-project.ts';
import { projectJobs } from './project.jobs.ts';
import {
  createProject,
  deleteProject,
  listProjects,
  listTokenProject,
  projectResources,
} from './project.store.ts';

export const project = apiModule({ handlers: projectHandlers, jobs: projectJobs });

/** While a forced delete waits for its project to go, it looks this often (the job polls its objects as often). */
const GONE_POLL_MS = 50;

function projectHandlers(
  ctx: AppContext,
): Handlers<'listProjects' | 'createProject' | 'getProject' | 'deleteProject'> {
  return {
    async listProjects({ query, auth }) {
      const page = pageFor('project', query);
      return auth.token
        ? listTokenProject(ctx.db, auth.token.projectId, page)
        : listProjects(ctx.db, auth.accountId, page);
    },

    async createProject({ body, auth }) {
      if (auth.token)
        throw new ApiError(
          'Unauthorized',
          'A personal access token acts in its own project only: it cannot create projects. Sign in to create one.',
        );
      return createProject(ctx.db, auth.accountId, body.name, ctx.config.projectQuota);
    },

    async getProject({ project: { id, name, credit, discount } }) {
      return { id, name, credit, discount };
    },

    // The project is the access scope: a missing or foreign project is 404 here too (mount).
    async deleteProject({ project, query, afterCommit }) {
      if (query.force) {
        // The project's job empties it through each kind's delete, then deletes it; the answer
        // waits for that (after the commit: the worker sees the job only then), but not forever.
        await inJobTransaction(ctx, (tx) => startProjectDestroy(tx, project.id));
        afterCommit(() => untilGone(project.id, Date.now() + ctx.config.projectDeleteWaitMs));
        return;
      }
      await ctx.db.transaction().execute(async (tx) => {
        // Creates inside the project wait for this lock (their foreign key), then find it gone.
        await forUpdate(
          tx,
          tx.selectFrom('project').select('id').where('id', '=', project.id),
        ).execute();
        const held = await projectResources(tx, project.id);
        if (held.length) {
          throw new ApiError(
            'Conflict',
            `The project still holds resources (${held.join(', ')}). Delete them first, or delete the project with force=true to delete them with it.`,
          );
        }
        // Only objects serving others are left: their deletion is under way.
        if (await heldObjects(tx, project.id))
          throw new ApiError(
            'Conflict',
            'The project’s resources are still being deleted. Try again in a moment.',
          );
        await deleteProject(tx, project.id);
      });
    },
  };

  /** 'done' once the project is gone, 'accepted' when `deadline` (ms) came first. */
  async function untilGone(projectId: string, deadline: number): Promise<'done' | 'accepted'> {
    for (;;) {
      if (
        !(await ctx.db
          .selectFrom('project')
          .select('id')
          .where('id', '=', projectId)
          .executeTakeFirst())
      )
        return 'done';
      if (Date.now() >= deadline) return 'accepted';
      await new Promise((resolve) =>
        setTimeout(resolve, Math.min(GONE_POLL_MS, Math.max(0, deadline - Date.now()))),
      );
    }
  }
}
