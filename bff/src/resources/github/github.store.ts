// Installations, repositories and cache entries: lookups by reference, paged lists, what a
// provider's answer changes (connect, sync) and what GitHub's webhooks change.
import type { Selectable } from 'kysely';
import {
  INSTALLATION_NAME_PATTERN,
  REPOSITORY_NAME_PATTERN,
  type GithubCacheEntry,
  type GithubInstallation,
  type GithubRepository,
} from '#shared/api/github';
import { isId, newId } from '#shared/ids';
import type { Page } from '#shared/pagination';
import type { Db, Queryable } from '../../db/database.ts';
import { pageWhere } from '../../db/paging.ts';
import type { Tx } from '../../db/transaction.ts';
import { ApiError, notFound } from '../../errors.ts';
import type { ProviderInstallation, ProviderRepository } from './github.provider.ts';
import type {
  GithubCacheEntryTable,
  GithubInstallationTable,
  GithubRepositoryTable,
} from './github.tables.ts';

export type InstallationRow = Selectable<GithubInstallationTable>;
export type RepositoryRow = Selectable<GithubRepositoryTable>;
export type CacheEntryRow = Selectable<GithubCacheEntryTable>;

export const installationView = (row: InstallationRow): GithubInstallation => ({
  id: row.id,
  name: row.name,
});
export const repositoryView = (inst: InstallationRow, row: RepositoryRow): GithubRepository => ({
  id: row.id,
  name: row.name,
  installation_name: inst.name,
});
export const cacheEntryView = (
  inst: InstallationRow,
  repo: RepositoryRow,
  row: CacheEntryRow,
): GithubCacheEntry => ({
  id: row.id,
  installation_name: inst.name,
  repository_name: repo.name,
  key: row.key,
  scope: row.scope,
  size: row.size,
  created_at: row.created_at,
  last_accessed_at: row.last_accessed_at,
});

export async function findInstallation(
  db: Queryable,
  projectId: string,
  reference: string,
): Promise<InstallationRow> {
  const by = isId('installation', reference) ? 'id' : 'name';
  const row = await db
    .selectFrom('github_installation')
    .selectAll()
    .where('project_id', '=', projectId)
    .where(by, '=', reference)
    .executeTakeFirst();
  if (!row) throw notFound();
  return row;
}

export async function findRepository(
  db: Queryable,
  installation: InstallationRow,
  reference: string,
): Promise<RepositoryRow> {
  const by = isId('repository', reference) ? 'id' : 'name';
  const row = await db
    .selectFrom('github_repository')
    .selectAll()
    .where('installation_id', '=', installation.id)
    .where(by, '=', reference)
    .executeTakeFirst();
  if (!row) throw notFound();
  return row;
}

export async function findCacheEntry(
  db: Queryable,
  repository: RepositoryRow,
  id: string,
): Promise<CacheEntryRow> {
  const row = await db
    .selectFrom('github_cache_entry')
    .selectAll()
    .where('repository_id', '=', repository.id)
    .where('id', '=', id)
    .executeTakeFirst();
  if (!row) throw notFound();
  return row;
}

export const installationPage = (db: Db, projectId: string, page: Page) =>
  pageWhere(db, 'github_installation', 'project_id', projectId, page);

export const repositoryPage = (db: Db, installationId: string, page: Page) =>
  pageWhere(db, 'github_repository', 'installation_id', installationId, page);

/** Cache entries have no name: ordering by name orders by key. */
export const cacheEntryPage = (db: Db, repositoryId: string, page: Page) =>
  pageWhere(db, 'github_cache_entry', 'repository_id', repositoryId, page, 'key');

const now = () => new Date().toISOString();

/** Makes the installation's repositories what the provider answered: adds, renames and removes. */
export async function syncRepositories(
  tx: Tx,
  installationId: string,
  repositories: ProviderRepository[],
): Promise<void> {
  const valid = repositories.filter((r) => REPOSITORY_NAME_PATTERN.test(r.name));
  const existing = await tx
    .selectFrom('github_repository')
    .selectAll()
    .where('installation_id', '=', installationId)
    .execute();
  const byGithubId = new Map(existing.map((r) => [Number(r.github_id), r]));
  const keep = new Set(valid.map((r) => r.githubId));
  const gone = existing.filter((r) => !keep.has(Number(r.github_id))).map((r) => r.id);
  if (gone.length) await tx.deleteFrom('github_repository').where('id', 'in', gone).execute();
  for (const r of valid) {
    const row = byGithubId.get(r.githubId);
    if (!row)
      await tx
        .insertInto('github_repository')
        .values({
          id: newId('repository'),
          installation_id: installationId,
          github_id: r.githubId,
          name: r.name,
          created_at: now(),
        })
        .execute();
    else if (row.name !== r.name)
      await tx
        .updateTable('github_repository')
        .set({ name: r.name })
        .where('id', '=', row.id)
        .execute();
  }
}

/**
 * Stores an installation a provider answered, in the project: a new one, or the same one
 * again (synced). One GitHub installation belongs to one project (409 elsewhere).
 */
export async function saveInstallation(
  tx: Tx,
  projectId: string,
  provider: string,
  inst: ProviderInstallation,
): Promise<InstallationRow> {
  if (!INSTALLATION_NAME_PATTERN.test(inst.login))
    throw new ApiError(
      'InvalidRequest',
      'GitHub answered an account name this console cannot store.',
      { installation_id: 'unsupported account name' },
    );
  let row = await tx
    .selectFrom('github_installation')
    .selectAll()
    .where('provider', '=', provider)
    .where('github_id', '=', inst.githubId)
    .executeTakeFirst();
  if (row && row.project_id !== projectId)
    throw new ApiError('Conflict', 'This installation is connected to another project.');
  const sameName = await tx
    .selectFrom('github_installation')
    .select('id')
    .where('project_id', '=', projectId)
    .where('name', '=', inst.login)
    .executeTakeFirst();
  if (sameName && sameName.id !== row?.id)
    throw new ApiError(
      'Conflict',
      `An installation named ${inst.login} is already connected to this project.`,
    );
  if (!row) {
    row = {
      id: newId('installation'),
      project_id: projectId,
      name: inst.login,
      github_id: inst.githubId,
      provider,
      created_at: now(),
    };
    await tx.insertInto('github_installation').values(row).execute();
  } else if (row.name !== inst.login) {
    await tx
      .updateTable('github_installation')
      .set({ name: inst.login })
      .where('id', '=', row.id)
      .execute();
    row = { ...row, name: inst.login };
  }
  await syncRepositories(tx, row.id, inst.repositories);
  for (const [name, entries] of Object.entries(inst.cacheEntries ?? {})) {
    const repo = await tx
      .selectFrom('github_repository')
      .select('id')
      .where('installation_id', '=', row.id)
      .where('name', '=', name)
      .executeTakeFirst();
    if (!repo) continue;
    const had = await tx
      .selectFrom('github_cache_entry')
      .select('id')
      .where('repository_id', '=', repo.id)
      .executeTakeFirst();
    if (had) continue;
    for (const [i, e] of entries.entries()) {
      const at = new Date(Date.now() - (entries.length - i) * 3_600_000).toISOString();
      await tx
        .insertInto('github_cache_entry')
        .values({
          id: newId('githubCacheEntry'),
          repository_id: repo.id,
          key: e.key,
          scope: e.scope,
          size: e.size,
          created_at: at,
          last_accessed_at: at,
        })
        .execute();
    }
  }
  return row;
}

interface WebhookRepo {
  id?: unknown;
  name?: unknown;
}
const repoOf = (r: WebhookRepo): ProviderRepository | undefined =>
  typeof r?.id === 'number' && typeof r.name === 'string'
    ? { githubId: r.id, name: r.name }
    : undefined;

/**
 * What a verified GitHub webhook changes (decision 142): an installation removed; repositories
 * added to or removed from it; a repository renamed. Events about installations that are not
 * connected here change nothing. Answers whether anything matched.
 */
export async function applyWebhook(
  tx: Tx,
  event: string,
  payload: Record<string, unknown>,
): Promise<boolean> {
  const installationId = (payload.installation as { id?: unknown } | undefined)?.id;
  if (typeof installationId !== 'number') return false;
  const inst = await tx
    .selectFrom('github_installation')
    .selectAll()
    .where('provider', '=', 'github')
    .where('github_id', '=', installationId)
    .executeTakeFirst();
  if (!inst) return false;
  const action = payload.action;
  if (event === 'installation' && action === 'deleted') {
    await tx.deleteFrom('github_installation').where('id', '=', inst.id).execute();
    return true;
  }
  if (event === 'installation_repositories') {
    const added = ((payload.repositories_added ?? []) as WebhookRepo[])
      .map(repoOf)
      .filter((r) => r !== undefined);
    const removed = ((payload.repositories_removed ?? []) as WebhookRepo[])
      .map(repoOf)
      .filter((r) => r !== undefined);
    const current = await tx
      .selectFrom('github_repository')
      .select(['github_id', 'name'])
      .where('installation_id', '=', inst.id)
      .execute();
    const removedIds = new Set(removed.map((r) => r.githubId));
    const next = [
      ...current
        .map((r) => ({ githubId: Number(r.github_id), name: r.name }))
        .filter((r) => !removedIds.has(r.githubId)),
      ...added.filter((r) => !current.some((c) => Number(c.github_id) === r.githubId)),
    ];
    await syncRepositories(tx, inst.id, next);
    return true;
  }
  if (event === 'repository' && (action === 'renamed' || action === 'deleted')) {
    const repo = repoOf(payload.repository as WebhookRepo);
    if (!repo) return false;
    if (action === 'deleted')
      await tx
        .deleteFrom('github_repository')
        .where('installation_id', '=', inst.id)
        .where('github_id', '=', repo.githubId)
        .execute();
    else if (REPOSITORY_NAME_PATTERN.test(repo.name))
      await tx
        .updateTable('github_repository')
        .set({ name: repo.name })
        .where('installation_id', '=', inst.id)
        .where('github_id', '=', repo.githubId)
        .execute();
    return true;
  }
  return false;
}
