// `ubi al search`: the project's audit log as CSV, newest first, with the origin's filters and
// a "Continue search" line naming the next page's command.
import { reply, type KindGroup, type Leaf } from '../command.ts';
import { givenOptions, isoSeconds, paginatedCsv } from '../common.ts';

/** The search's options in the order the origin's SDK passes them on (query names with `_`). */
const FILTERS = ['action', 'subject', 'object', 'end', 'limit', 'pagination-key'] as const;

const search: Leaf = {
  desc: 'Search project audit log entries in CSV format',
  usage: ['ubi al search [options]'],
  options: [
    { short: 'N', long: 'no-headers', desc: 'do not show headers' },
    { short: 'a', long: 'action', arg: 'action', desc: 'only show entries for the given action' },
    { short: 'e', long: 'end', arg: 'end-date', desc: 'only show prior to end date' },
    {
      short: 'o',
      long: 'object',
      arg: 'object',
      desc: 'only show entries affecting the given object ID',
    },
    {
      short: 's',
      long: 'subject',
      arg: 'account',
      desc: 'only show entries with the given account name/email/ID',
    },
    { long: 'limit', arg: 'limit', desc: 'limit number of records returned' },
    { long: 'pagination-key', arg: 'key', desc: 'continue a previous search' },
  ],
  async run(c, _args, opts) {
    const given = givenOptions(opts, FILTERS);
    const page = await c.api.call(
      'listAuditLog',
      {},
      { query: Object.fromEntries(given.map(([name, value]) => [name.replace('-', '_'), value])) },
    );
    return reply(
      paginatedCsv({
        header: 'At,Action,Account,Objects',
        headers: opts['no-headers'] !== true,
        rows: page.items.map((entry) => [
          isoSeconds(entry.at),
          entry.action,
          entry.subject_name || entry.subject_id,
          entry.object_ids.join(' '),
        ]),
        command: 'ubi al search',
        given,
        nextKey: page.pagination_key,
      }),
    );
  },
};

export const alGroup: KindGroup = {
  word: 'al',
  label: 'audit log',
  desc: 'View project audit log',
  usage: ['ubi al command [...]'],
  commands: { search },
  post: {},
};
