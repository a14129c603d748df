// `ubi gh`: the code host's installations, their repositories, and a repository's cache
// entries. Installations are named by name alone, repositories as `installation/repository`,
// as in the origin's CLI; sizes are printed as its console prints them.
import { nameOnly, reply, type KindGroup, type Leaf, type PostContext } from '../command.ts';
import { formatRows, isoSeconds } from '../common.ts';

const NO_HEADERS = { short: 'N', long: 'no-headers', desc: 'do not show headers' } as const;

/** Bytes as `10.2 GB` (whole bytes as `512 B`; nothing for none), the origin's `humanize_size`. */
export function humanizeSize(bytes: number | null): string | null {
  if (!bytes) return null;
  const units = ['B', 'KB', 'MB', 'GB'];
  const exp = Math.min(Math.floor(Math.log(bytes) / Math.log(1024)), units.length - 1);
  const scaled = bytes / 1024 ** exp;
  return exp === 0 ? `${Math.trunc(scaled)} B` : `${scaled.toFixed(1)} ${units[exp]}`;
}

const installationList: Leaf = {
  desc: 'List GitHub installations',
  usage: ['ubi gh installation list [options]'],
  options: [NO_HEADERS],
  async run(c, _args, opts) {
    const items = await c.api.listAll('listGithubInstallations', {});
    return reply(formatRows(['id', 'name'], items, opts['no-headers'] !== true));
  },
};

const listRepositories: Leaf<PostContext> = {
  desc: 'List GitHub repositories for an installation',
  usage: ['ubi gh installation installation-name list-repositories [options]'],
  options: [NO_HEADERS],
  async run(c, _args, opts) {
    const items = await c.api.listAll('listGithubRepositories', {
      installation_reference: c.target.ref,
    });
    return reply(formatRows(['id', 'name'], items, opts['no-headers'] !== true));
  },
};

const installation: KindGroup = {
  word: 'gh installation',
  label: 'GitHub installation',
  desc: 'Manage GitHub installations',
  usage: [
    'ubi gh installation command [...]',
    'ubi gh installation installation-name post-command [...]',
  ],
  reference: nameOnly('GitHub installation'),
  commands: { list: installationList },
  post: { 'list-repositories': listRepositories },
};

/** The repository a post-command names: the installation is the reference's first part. */
const repository = (c: PostContext) => ({
  installation_reference: c.target.location,
  repository_reference: c.target.ref,
});

const listCacheEntries: Leaf<PostContext> = {
  desc: 'List cache entries for a GitHub repository',
  usage: ['ubi gh installation-name/repository-name list-cache-entries [options]'],
  options: [NO_HEADERS],
  async run(c, _args, opts) {
    const items = await c.api.listAll('listGithubCacheEntries', repository(c));
    const rows = items.map((e) => ({
      ...e,
      size: humanizeSize(e.size as number | null),
      created_at: isoSeconds(e.created_at as string),
      last_accessed_at: e.last_accessed_at && isoSeconds(e.last_accessed_at as string),
    }));
    return reply(
      formatRows(
        ['id', 'scope', 'size', 'created-at', 'last-accessed-at', 'key'],
        rows,
        opts['no-headers'] !== true,
      ),
    );
  },
};

const removeAllCacheEntries: Leaf<PostContext> = {
  desc: 'Remove all cache entries for a GitHub repository',
  usage: ['ubi gh installation-name/repository-name remove-all-cache-entries'],
  async run(c) {
    await c.api.call('deleteAllGithubCacheEntries', repository(c));
    return reply('All cache entries, if they exist, are now scheduled for destruction');
  },
};

const removeCacheEntry: Leaf<PostContext> = {
  desc: 'Remove cache entry for a GitHub repository',
  usage: ['ubi gh installation-name/repository-name remove-cache-entry cache-entry-id'],
  args: 1,
  async run(c, [id]) {
    if (id!.includes('/')) c.fail('invalid cache entry id format, should not include /');
    await c.api.call('deleteGithubCacheEntry', { ...repository(c), cache_entry_id: id! });
    return reply('Cache entry, if it exists, is now scheduled for destruction');
  },
};

export const ghGroup: KindGroup = {
  word: 'gh',
  label: 'GitHub repository',
  desc: 'Manage GitHub integration',
  usage: ['ubi gh command [...]', 'ubi gh (installation-name/repository-name) post-command [...]'],
  reference(ref, fail) {
    const [installationName, name, extra] = ref.split('/');
    if (extra !== undefined || !name)
      fail(
        `invalid gh reference (${JSON.stringify(ref)}), should be in installation-name/repository-name format`,
      );
    return { location: installationName!, ref: name! };
  },
  commands: { installation },
  post: {
    'list-cache-entries': listCacheEntries,
    'remove-all-cache-entries': removeAllCacheEntries,
    'remove-cache-entry': removeCacheEntry,
  },
};
