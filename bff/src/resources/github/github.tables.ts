// The code host: installations connected to a project, their repositories and the
// repositories' cache entries. Rows go with their project (ON DELETE CASCADE): an
// installation is a connection, not a resource that keeps a project from being deleted.
import type { Kysely, Migration } from 'kysely';

export interface GithubInstallationTable {
  id: string;
  project_id: string;
  /** The GitHub account's login. */
  name: string;
  /** The installation's ID at GitHub (or the simulated provider's). */
  github_id: number;
  /** 'simulated' or 'github': the provider it came from. */
  provider: string;
  created_at: string;
}

export interface GithubRepositoryTable {
  id: string;
  installation_id: string;
  /** The repository's ID at GitHub. */
  github_id: number;
  name: string;
  created_at: string;
}

export interface GithubCacheEntryTable {
  id: string;
  repository_id: string;
  key: string;
  scope: string;
  size: number | null;
  created_at: string;
  last_accessed_at: string | null;
}

export interface GithubTables {
  github_installation: GithubInstallationTable;
  github_repository: GithubRepositoryTable;
  github_cache_entry: GithubCacheEntryTable;
}

export const githubMigrations: Record<string, Migration> = {
  '0018_github': {
    async up(db: Kysely<unknown>) {
      await db.schema
        .createTable('github_installation')
        .addColumn('id', 'text', (c) => c.primaryKey())
        .addColumn('project_id', 'text', (c) =>
          c.notNull().references('project.id').onDelete('cascade'),
        )
        .addColumn('name', 'text', (c) => c.notNull())
        .addColumn('github_id', 'bigint', (c) => c.notNull())
        .addColumn('provider', 'text', (c) => c.notNull())
        .addColumn('created_at', 'text', (c) => c.notNull())
        .execute();
      // One GitHub installation belongs to one project.
      await db.schema
        .createIndex('github_installation_github_uq')
        .on('github_installation')
        .columns(['provider', 'github_id'])
        .unique()
        .execute();
      await db.schema
        .createIndex('github_installation_name_uq')
        .on('github_installation')
        .columns(['project_id', 'name'])
        .unique()
        .execute();
      await db.schema
        .createIndex('github_installation_project_idx')
        .on('github_installation')
        .columns(['project_id', 'id'])
        .execute();

      await db.schema
        .createTable('github_repository')
        .addColumn('id', 'text', (c) => c.primaryKey())
        .addColumn('installation_id', 'text', (c) =>
          c.notNull().references('github_installation.id').onDelete('cascade'),
        )
        .addColumn('github_id', 'bigint', (c) => c.notNull())
        .addColumn('name', 'text', (c) => c.notNull())
        .addColumn('created_at', 'text', (c) => c.notNull())
        .execute();
      await db.schema
        .createIndex('github_repository_github_uq')
        .on('github_repository')
        .columns(['installation_id', 'github_id'])
        .unique()
        .execute();
      await db.schema
        .createIndex('github_repository_name_idx')
        .on('github_repository')
        .columns(['installation_id', 'name', 'id'])
        .execute();
      await db.schema
        .createIndex('github_repository_id_idx')
        .on('github_repository')
        .columns(['installation_id', 'id'])
        .execute();

      await db.schema
        .createTable('github_cache_entry')
        .addColumn('id', 'text', (c) => c.primaryKey())
        .addColumn('repository_id', 'text', (c) =>
          c.notNull().references('github_repository.id').onDelete('cascade'),
        )
        .addColumn('key', 'text', (c) => c.notNull())
        .addColumn('scope', 'text', (c) => c.notNull())
        .addColumn('size', 'bigint')
        .addColumn('created_at', 'text', (c) => c.notNull())
        .addColumn('last_accessed_at', 'text')
        .execute();
      await db.schema
        .createIndex('github_cache_entry_repository_idx')
        .on('github_cache_entry')
        .columns(['repository_id', 'id'])
        .execute();
      await db.schema
        .createIndex('github_cache_entry_key_idx')
        .on('github_cache_entry')
        .columns(['repository_id', 'key', 'id'])
        .execute();
    },
  },
};
