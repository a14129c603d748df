import type { PaginationQuery } from '#shared/pagination';
import type { AppContext } from '../../context.ts';
import { pageFor } from '../../db/paging.ts';
import { transactionWithRetry } from '../../db/transaction.ts';
import type { ProjectAccess } from '../../http/handlers.ts';
import { apiModule } from '../kind.ts';
import { githubAppProvider, simulatedProvider, type CodeHostProvider } from './github.provider.ts';
import {
  cacheEntryPage,
  cacheEntryView,
  findCacheEntry,
  findInstallation,
  findRepository,
  installationPage,
  installationView,
  repositoryPage,
  repositoryView,
  saveInstallation,
} from './github.store.ts';

/** The provider the configuration chooses: the GitHub App when it is set, the simulated one otherwise. */
export function codeHostProvider(ctx: AppContext): CodeHostProvider {
  return ctx.config.githubApp ? githubAppProvider(ctx.config.githubApp) : simulatedProvider();
}

export const github = apiModule({
  handlers(ctx) {
    const { db } = ctx;
    const provider = codeHostProvider(ctx);
    const installationOf = (project: ProjectAccess, p: { installation_reference: string }) =>
      findInstallation(db, project.id, p.installation_reference);
    async function repositoryOf(
      project: ProjectAccess,
      p: { installation_reference: string; repository_reference: string },
    ) {
      const inst = await installationOf(project, p);
      return { inst, repo: await findRepository(db, inst, p.repository_reference) };
    }
    const page = (kind: 'installation' | 'repository' | 'githubCacheEntry', q: PaginationQuery) =>
      pageFor(kind, q);

    return {
      async getGithubApp() {
        return { provider: provider.kind, install_url: provider.installUrl() };
      },

      async listGithubInstallations({ project, query }) {
        const { count, rows } = await installationPage(db, project.id, page('installation', query));
        return { count, items: rows.map(installationView) };
      },

      async connectGithubInstallation({ project, body }) {
        const inst = await provider.fetchInstallation(body?.installation_id);
        return installationView(
          await transactionWithRetry(db, (tx) =>
            saveInstallation(tx, project.id, provider.kind, inst),
          ),
        );
      },

      async getGithubInstallation({ project, params }) {
        return installationView(await installationOf(project, params));
      },

      async listGithubRepositories({ project, params, query }) {
        const inst = await installationOf(project, params);
        const { count, rows } = await repositoryPage(db, inst.id, page('repository', query));
        return { count, items: rows.map((r) => repositoryView(inst, r)) };
      },

      async getGithubRepository({ project, params }) {
        const { inst, repo } = await repositoryOf(project, params);
        return repositoryView(inst, repo);
      },

      async listGithubCacheEntries({ project, params, query }) {
        const { inst, repo } = await repositoryOf(project, params);
        const { count, rows } = await cacheEntryPage(db, repo.id, page('githubCacheEntry', query));
        return { count, items: rows.map((r) => cacheEntryView(inst, repo, r)) };
      },

      async getGithubCacheEntry({ project, params }) {
        const { inst, repo } = await repositoryOf(project, params);
        return cacheEntryView(inst, repo, await findCacheEntry(db, repo, params.cache_entry_id));
      },

      async deleteGithubCacheEntry({ project, params }) {
        const { repo } = await repositoryOf(project, params);
        // Idempotent: an entry that is not there is a success.
        await db
          .deleteFrom('github_cache_entry')
          .where('repository_id', '=', repo.id)
          .where('id', '=', params.cache_entry_id)
          .execute();
      },

      async deleteAllGithubCacheEntries({ project, params }) {
        const { repo } = await repositoryOf(project, params);
        await db.deleteFrom('github_cache_entry').where('repository_id', '=', repo.id).execute();
      },
    };
  },
});
