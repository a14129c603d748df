// Personal access tokens (decision 180). Any member issues, lists and revokes their own; an
// admin sees and revokes every token of the project. A token cannot issue tokens.
import type { AppContext } from '../../context.ts';
import { pageFor } from '../../db/paging.ts';
import { ApiError } from '../../errors.ts';
import type { AuthInfo } from '../../auth/auth.ts';
import type { Handlers, ProjectAccess } from '../../http/handlers.ts';
import { apiModule } from '../kind.ts';
import { getToken, issueToken, listTokens, revokeToken, type TokenViewer } from './token.store.ts';

export const token = apiModule({ handlers: tokenHandlers });

const viewer = (project: ProjectAccess, auth: AuthInfo): TokenViewer => ({
  projectId: project.id,
  accountId: auth.accountId,
  admin: project.role === 'admin',
});

function tokenHandlers(
  ctx: AppContext,
): Handlers<'listTokens' | 'issueToken' | 'getToken' | 'deleteToken'> {
  return {
    async listTokens({ project, auth, query }) {
      return listTokens(ctx.db, viewer(project, auth), pageFor('accessToken', query));
    },

    async issueToken({ project, auth, body }) {
      // A leaked token must not make new credentials that would outlive its revocation.
      if (auth.token)
        throw new ApiError(
          'Unauthorized',
          'A personal access token cannot create tokens. Sign in to the console, or use a login token, to create one.',
        );
      return issueToken(
        ctx.db,
        { projectId: project.id, accountId: auth.accountId, role: project.role },
        body,
      );
    },

    async getToken({ project, auth, params }) {
      return getToken(ctx.db, viewer(project, auth), params.token_id);
    },

    async deleteToken({ project, auth, params }) {
      await revokeToken(ctx.db, viewer(project, auth), params.token_id);
    },
  };
}
