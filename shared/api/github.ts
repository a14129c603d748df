// The code host (GitHub): installations of the GitHub App connected to a project, their
// repositories and each repository's cache entries (api-spec.md "code host", the origin's
// `github` routes). Installations are not in a location; they are named by their GitHub
// account's login, repositories by their name (decision 140).
import { z } from 'zod';
import { idPattern } from '../ids.ts';
import { listSchema, paginationQuerySchema } from '../pagination.ts';
import { current, inProject, P, project_id, route, type RouteList } from '../route-helpers.ts';

/** A GitHub login: letters, digits and single hyphens, not at either end, at most 39 characters. */
export const INSTALLATION_NAME_PATTERN = /^[A-Za-z0-9](?:[A-Za-z0-9]|-(?=[A-Za-z0-9])){0,38}$/;
/** A GitHub repository name: letters, digits, `.`, `_` and `-`, at most 100 characters. */
export const REPOSITORY_NAME_PATTERN = /^(?!\.\.?$)[A-Za-z0-9._-]{1,100}$/;

const installationReference = z
  .string()
  .refine(
    (v) => idPattern('installation').test(v) || INSTALLATION_NAME_PATTERN.test(v),
    'Must be an installation ID ("g1" and 24 base32 characters) or a GitHub account name.',
  );
const repositoryReference = z
  .string()
  .refine(
    (v) => idPattern('repository').test(v) || REPOSITORY_NAME_PATTERN.test(v),
    'Must be a repository ID ("gp" and 24 base32 characters) or a repository name.',
  );

export const githubInstallationSchema = z
  .strictObject({ id: z.string().regex(idPattern('installation')), name: z.string() })
  .meta({ id: 'GithubInstallation' });
export type GithubInstallation = z.infer<typeof githubInstallationSchema>;

export const githubRepositorySchema = z
  .strictObject({
    id: z.string().regex(idPattern('repository')),
    name: z.string(),
    installation_name: z.string(),
  })
  .meta({ id: 'GithubRepository' });
export type GithubRepository = z.infer<typeof githubRepositorySchema>;

export const githubCacheEntrySchema = z
  .strictObject({
    id: z.string().regex(idPattern('githubCacheEntry')),
    installation_name: z.string(),
    repository_name: z.string(),
    key: z.string(),
    scope: z.string(),
    /** Bytes; null while the entry is being uploaded. */
    size: z.number().int().nonnegative().nullable(),
    created_at: z.string(),
    last_accessed_at: z.string().nullable(),
  })
  .meta({ id: 'GithubCacheEntry' });
export type GithubCacheEntry = z.infer<typeof githubCacheEntrySchema>;

export const githubInstallationListSchema = listSchema(githubInstallationSchema).meta({
  id: 'GithubInstallationList',
});
export const githubRepositoryListSchema = listSchema(githubRepositorySchema).meta({
  id: 'GithubRepositoryList',
});
export const githubCacheEntryListSchema = listSchema(githubCacheEntrySchema).meta({
  id: 'GithubCacheEntryList',
});

/** How installations are connected: the simulated provider, or a GitHub App (its install page). */
export const githubAppSchema = z
  .strictObject({ provider: z.enum(['simulated', 'github']), install_url: z.string().nullable() })
  .meta({ id: 'GithubApp' });
export type GithubApp = z.infer<typeof githubAppSchema>;

/**
 * Connects an installation to the project: with the GitHub App, the installation ID GitHub
 * gave the app's setup URL; with the simulated provider, nothing (a demo installation).
 */
export const connectGithubInstallationBodySchema = z
  .strictObject({
    installation_id: z
      .number({ error: 'installation_id must be a whole number.' })
      .int('installation_id must be a whole number.')
      .positive('installation_id must be a positive number.')
      .max(Number.MAX_SAFE_INTEGER, 'installation_id is too large.')
      .optional(),
  })
  .optional()
  .meta({ id: 'ConnectGithubInstallationBody' });

const INST = `${P}/github/{installation_reference}`;
const REPO = `${INST}/repository/{repository_reference}`;
const inInstallation = z.strictObject({
  project_id,
  installation_reference: installationReference,
});
const inRepository = z.strictObject({
  project_id,
  installation_reference: installationReference,
  repository_reference: repositoryReference,
});
const cacheEntryParams = z.strictObject({
  project_id,
  installation_reference: installationReference,
  repository_reference: repositoryReference,
  cache_entry_id: z
    .string()
    .regex(
      idPattern('githubCacheEntry'),
      'Must be a cache entry ID ("ge" and 24 base32 characters).',
    ),
});
const tag = 'GitHub';

export const githubRoutes = {
  getGithubApp: route({
    ...current,
    method: 'get',
    path: '/github-app',
    tag,
    summary: 'How GitHub installations are connected here',
    response: githubAppSchema,
  }),
  listGithubInstallations: route({
    ...current,
    method: 'get',
    path: `${P}/github`,
    tag,
    summary: 'List the GitHub installations of the project',
    params: inProject,
    query: paginationQuerySchema,
    response: githubInstallationListSchema,
  }),
  connectGithubInstallation: route({
    ...current,
    method: 'post',
    path: `${P}/github`,
    tag,
    summary: 'Connect a GitHub installation to the project (and sync its repositories)',
    params: inProject,
    body: connectGithubInstallationBodySchema,
    response: githubInstallationSchema,
  }),
  getGithubInstallation: route({
    ...current,
    method: 'get',
    path: INST,
    tag,
    summary: 'Get a GitHub installation',
    params: inInstallation,
    response: githubInstallationSchema,
  }),
  listGithubRepositories: route({
    ...current,
    method: 'get',
    path: `${INST}/repository`,
    tag,
    summary: 'List the repositories of a GitHub installation',
    params: inInstallation,
    query: paginationQuerySchema,
    response: githubRepositoryListSchema,
  }),
  getGithubRepository: route({
    ...current,
    method: 'get',
    path: REPO,
    tag,
    summary: 'Get a GitHub repository',
    params: inRepository,
    response: githubRepositorySchema,
  }),
  listGithubCacheEntries: route({
    ...current,
    method: 'get',
    path: `${REPO}/cache`,
    tag,
    summary: 'List the cache entries of a repository',
    params: inRepository,
    query: paginationQuerySchema,
    response: githubCacheEntryListSchema,
  }),
  deleteAllGithubCacheEntries: route({
    ...current,
    method: 'delete',
    path: `${REPO}/cache`,
    tag,
    summary: 'Delete all cache entries of a repository',
    params: inRepository,
  }),
  getGithubCacheEntry: route({
    ...current,
    method: 'get',
    path: `${REPO}/cache/{cache_entry_id}`,
    tag,
    summary: 'Get a cache entry',
    params: cacheEntryParams,
    response: githubCacheEntrySchema,
  }),
  deleteGithubCacheEntry: route({
    ...current,
    method: 'delete',
    path: `${REPO}/cache/{cache_entry_id}`,
    tag,
    summary: 'Delete a cache entry',
    params: cacheEntryParams,
  }),
} as const satisfies RouteList;
