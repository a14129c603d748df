// `ubi pg` post-commands beyond create/show/destroy/psql (the origin's cli-commands/pg/post):
// each one API operation on the database, answered in the origin's words.
import { LOG_SERVER_ROLES, LOG_SEVERITIES, LOG_STREAMS } from '#shared/api/postgres';
import { POSTGRES_HA_TYPE_NAMES, POSTGRES_SIZE_NAMES, POSTGRES_SIZES } from '#shared/catalog';
import type { BodyInputOf } from '#shared/routes';
import { reply, type Leaf, type OptionSpec, type Options, type PostContext } from '../command.ts';
import {
  formatRows,
  givenOptions,
  isoSeconds,
  KINDS,
  optionText,
  paginatedCsv,
  renameCommand,
  underscore,
} from '../common.ts';

const REF = '(location/pg-name | pg-id)';

/**
 * The origin's `-s` values in its order (`POSTGRES_SIZE_OPTIONS`): our sizes, then the AWS and
 * GCP instance types of its other providers. Help lists them all and the parser takes them (and
 * the legacy `burstable-1|2`); the API refuses a size this service does not offer (decision 299).
 */
const SEVEN = 'large xlarge 2xlarge 4xlarge 8xlarge 12xlarge 16xlarge';
const STORAGE_OPTIMIZED = 'large xlarge 2xlarge 3xlarge 6xlarge 12xlarge 18xlarge 24xlarge';
const OTHER_PROVIDER_SIZES = (
  [
    ['c6gd c6id c7gd c8gd c8id m6id m6gd m7gd m8gd m8id', SEVEN],
    ['i8g', `${SEVEN} 24xlarge`],
    ['i8ge', STORAGE_OPTIMIZED],
    ['i7i', `${SEVEN} 24xlarge`],
    ['i7ie', STORAGE_OPTIMIZED],
    ['r6gd', `medium ${SEVEN}`],
    ['r6id', SEVEN],
    ['r7gd r8gd', `medium ${SEVEN}`],
    ['r8id', SEVEN],
  ] as const
).flatMap(([families, sizes]) =>
  families.split(' ').flatMap((family) => sizes.split(' ').map((size) => `${family}.${size}`)),
);
const GCP_SIZES = ['c4a-standard', 'c4a-highmem'].flatMap((family) =>
  [4, 8, 16, 32, 48, 64, 72].map((vcpus) => `${family}-${vcpus}`),
);
export const PG_HELP_SIZES = [
  ...POSTGRES_SIZE_NAMES.filter((name) => name.startsWith('standard-')),
  ...POSTGRES_SIZE_NAMES.filter((name) => !name.startsWith('standard-')),
  ...OTHER_PROVIDER_SIZES,
  ...GCP_SIZES,
];
export const PG_SIZE_CHOICES = [...PG_HELP_SIZES, 'burstable-1', 'burstable-2'];

/** Every size's storage choices, the origin's `POSTGRES_STORAGE_SIZE_OPTIONS`. */
export const PG_STORAGE_SIZES = [...new Set(POSTGRES_SIZES.flatMap((size) => size.storageGib))]
  .sort((one, other) => one - other)
  .map(String);

/** `-h`, `-s` and `-S`, as the origin's `create` and `modify` both take them. */
export const SIZING_OPTIONS: OptionSpec[] = [
  {
    short: 'h',
    long: 'ha-type',
    arg: 'type',
    choices: POSTGRES_HA_TYPE_NAMES,
    desc: 'replication type',
  },
  { short: 's', long: 'size', arg: 'size', choices: PG_SIZE_CHOICES, desc: 'server size' },
  {
    short: 'S',
    long: 'storage-size',
    arg: 'size',
    choices: PG_STORAGE_SIZES,
    desc: 'storage size GB',
  },
];

export const pgRef = (context: PostContext) => ({
  location: context.target.location,
  postgres_database_reference: context.target.ref,
});

/**
 * `a=1,b=2` → {a: "1", b: "2"} ("invalid …, does not include `=`" otherwise). Split as Ruby's
 * `split(",")`, which drops trailing empty fields: `-t ""` gives no tags (clears them).
 */
export function pairs(
  value: string,
  what: string,
  fail: (m: string) => never,
): Record<string, string> {
  const fields = value.split(',');
  while (fields.at(-1) === '') fields.pop();
  return kvArgs(fields, what, fail);
}

/** `key=value` arguments → {key: value}. */
function kvArgs(args: readonly string[], what: string, fail: (m: string) => never) {
  return Object.fromEntries(
    args.map((pair) => {
      const eq = pair.indexOf('=');
      if (eq < 0) fail(`invalid ${what}, does not include \`=\`: ${JSON.stringify(pair)}`);
      return [pair.slice(0, eq), pair.slice(eq + 1)];
    }),
  );
}

/** The `-c`, `-u`, `-t` options of create, restore and create-read-replica. */
export const SOURCE_OPTIONS = (example: string): OptionSpec[] => [
  {
    short: 'c',
    long: 'pg-config',
    arg: 'config',
    desc: `postgres config (${example} key1=value1,key2=value2)`,
  },
  {
    short: 'u',
    long: 'pgbouncer-config',
    arg: 'config',
    desc: 'pgbouncer config (e.g. key1=value1,key2=value2)',
  },
  { short: 't', long: 'tags', arg: 'tags', desc: 'tags (e.g. key1=value1,key2=value2)' },
];

/** The body fields those options give: tags as the API's list, configs as objects. */
export function sourceFields(opts: Options, fail: (m: string) => never): Record<string, unknown> {
  const body: Record<string, unknown> = {};
  const tags = optionText(opts, 'tags');
  if (tags !== undefined)
    body.tags = Object.entries(pairs(tags, 'tag', fail)).map(([key, value]) => ({ key, value }));
  const pgConfig = optionText(opts, 'pg-config');
  if (pgConfig !== undefined) body.pg_config = pairs(pgConfig, 'config', fail);
  const bouncer = optionText(opts, 'pgbouncer-config');
  if (bouncer !== undefined) body.pgbouncer_config = pairs(bouncer, 'pgbouncer config', fail);
  return body;
}

/** The get-logs options in the order the origin's SDK passes them on. */
const LOG_FILTERS = [
  'start',
  'end',
  'stream-name',
  'server-role',
  'severity-level',
  'query-pattern',
  'max-log-lines',
  'pagination-key',
] as const;

async function addLogDestination(
  c: PostContext,
  body: BodyInputOf<'createPostgresLogDestination'>,
) {
  const ld = await c.api.call('createPostgresLogDestination', pgRef(c), { body });
  return reply(`Log destination added to PostgreSQL database.\n  id: ${ld.id}\n`);
}

const noSlash = (value: string, message: string, c: PostContext) => {
  if (value.includes('/')) c.fail(message);
};

const simple = (
  name: string,
  desc: string,
  run: Leaf<PostContext>['run'],
  extra: Partial<Leaf<PostContext>> = {},
): Leaf<PostContext> => ({ desc, usage: [`ubi pg ${REF} ${name}`], run, ...extra });

const ruleText = (what: string, rule: { id: string; cidr: string; description: string }) =>
  `${what}\n  rule id: ${rule.id}\n  cidr: ${rule.cidr}\n  description: ${JSON.stringify(rule.description)}`;

async function metricDestinations(c: PostContext): Promise<string> {
  const { items } = await c.api.call('listPostgresMetricDestinations', pgRef(c));
  let body = 'Metric destination added to PostgreSQL database.\nCurrent metric destinations:\n';
  items.forEach((md, i) => {
    body += `  ${i + 1}: ${md.id}  ${md.auth_methods.join(',')}`;
    if (md.username) body += `  ${md.username}`;
    body += `  ${md.url}\n`;
  });
  return body;
}

const configText = (entries: Record<string, string>, head = '') =>
  head +
  Object.keys(entries)
    .sort()
    .map((k) => `${k}=${entries[k]}\n`)
    .join('');

function configCommands(
  key: 'pg_config' | 'pgbouncer_config',
  infix: string,
  label: string,
): Record<string, Leaf<PostContext>> {
  const update = async (c: PostContext, entries: Record<string, string | null>) => {
    const config = await c.api.call('updatePostgresConfig', pgRef(c), {
      body: { [key]: entries } as BodyInputOf<'updatePostgresConfig'>,
    });
    return reply(configText(config[key], `Updated ${label}config:\n`));
  };
  return {
    [`add-${infix}config-entries`]: {
      desc: `Add ${label}configuration entries to a PostgreSQL database`,
      usage: [`ubi pg ${REF} add-${infix}config-entries key=value [...]`],
      args: { min: 1 },
      run: (c, args) => update(c, kvArgs(args, 'argument', c.fail)),
    },
    [`remove-${infix}config-entries`]: {
      desc: `Remove ${label}configuration entries from a PostgreSQL database`,
      usage: [`ubi pg ${REF} remove-${infix}config-entries key [...]`],
      args: { min: 1 },
      run: (c, args) => update(c, Object.fromEntries(args.map((k) => [k, null]))),
    },
    [`show-${infix}config`]: simple(
      `show-${infix}config`,
      `Show ${label}configuration for a PostgreSQL database`,
      async (c) => reply(configText((await c.api.call('getPostgresConfig', pgRef(c)))[key])),
    ),
  };
}

export const pgPostCommands: Record<string, Leaf<PostContext>> = {
  'add-firewall-rule': {
    desc: 'Add a PostgreSQL firewall rule',
    usage: [`ubi pg ${REF} add-firewall-rule [options] cidr`],
    options: [{ short: 'd', long: 'description', arg: 'desc', desc: 'description of rule' }],
    args: 1,
    async run(c, [cidr], opts) {
      const description = optionText(opts, 'description');
      const rule = await c.api.call('createPostgresFirewallRule', pgRef(c), {
        body: { cidr: cidr!, ...(description === undefined ? {} : { description }) },
      });
      return reply(ruleText('Firewall rule added to PostgreSQL database.', rule));
    },
  },
  'delete-firewall-rule': {
    desc: 'Delete a PostgreSQL firewall rule',
    usage: [`ubi pg ${REF} delete-firewall-rule rule-id`],
    args: 1,
    async run(c, [id]) {
      noSlash(id!, 'invalid firewall rule id format', c);
      await c.api.call('deletePostgresFirewallRule', {
        ...pgRef(c),
        postgres_firewall_rule_id: id!,
      });
      return reply('Firewall rule, if it exists, has been scheduled for deletion');
    },
  },
  'modify-firewall-rule': {
    desc: 'Modify a PostgreSQL firewall rule',
    usage: [`ubi pg ${REF} modify-firewall-rule [options] rule-id`],
    options: [
      {
        short: 'c',
        long: 'cidr',
        arg: 'cidr',
        desc: 'ip range to allow in cidr format (e.g. 1.2.3.0/24)',
      },
      { short: 'd', long: 'description', arg: 'desc', desc: 'description of rule' },
    ],
    args: 1,
    async run(c, [id], opts) {
      noSlash(id!, 'invalid firewall rule id format', c);
      const body: Record<string, string> = {};
      for (const k of ['cidr', 'description']) {
        const v = optionText(opts, k);
        if (v !== undefined) body[k] = v;
      }
      const rule = await c.api.call(
        'updatePostgresFirewallRule',
        { ...pgRef(c), postgres_firewall_rule_id: id! },
        { body },
      );
      return reply(ruleText('PostgreSQL database firewall rule modified.', rule));
    },
  },
  'add-metric-destination': {
    desc: 'Add a PostgreSQL metric destination',
    usage: [`ubi pg ${REF} add-metric-destination username password url`],
    args: 3,
    async run(c, [username, password, url]) {
      await c.api.call('createPostgresMetricDestination', pgRef(c), {
        body: { username: username!, password: password!, url: url! },
      });
      return reply(await metricDestinations(c));
    },
  },
  'add-bearer-metric-destination': {
    desc: 'Add a PostgreSQL metric destination using bearer token authentication',
    usage: [`ubi pg ${REF} add-bearer-metric-destination url token [header_name=value [...]]`],
    args: { min: 2 },
    async run(c, [url, token, ...extra]) {
      const headers = kvArgs(extra, 'argument', c.fail);
      const options: Record<string, unknown> = { authorization: { credentials: token } };
      if (extra.length) options.headers = headers;
      await c.api.call('createPostgresMetricDestination', pgRef(c), {
        body: { url: url!, options } as BodyInputOf<'createPostgresMetricDestination'>,
      });
      return reply(await metricDestinations(c));
    },
  },
  'delete-metric-destination': {
    desc: 'Delete a PostgreSQL metric destination',
    usage: [`ubi pg ${REF} delete-metric-destination md-id`],
    args: 1,
    async run(c, [id]) {
      noSlash(id!, 'invalid metric destination id format', c);
      await c.api.call('deletePostgresMetricDestination', {
        ...pgRef(c),
        metric_destination_id: id!,
      });
      return reply('Metric destination, if it exists, has been scheduled for deletion');
    },
  },
  'add-otlp-log-destination': {
    desc: 'Add an OTLP HTTP log destination to a PostgreSQL database',
    usage: [`ubi pg ${REF} add-otlp-log-destination name url [header_name=value [...]]`],
    args: { min: 2 },
    async run(c, [name, url, ...extra]) {
      const headers = kvArgs(extra, 'argument', c.fail);
      return addLogDestination(c, { name: name!, type: 'otlp', url: url!, options: { headers } });
    },
  },
  'add-syslog-log-destination': {
    desc: 'Add a syslog (RFC 5424 over TLS) log destination to a PostgreSQL database',
    usage: [`ubi pg ${REF} add-syslog-log-destination name host [port] [sd-id/key=value [...]]`],
    args: { min: 2 },
    async run(c, [name, host, ...rest]) {
      const port = rest[0] !== undefined && /^\d+$/.test(rest[0]) ? Number(rest.shift()) : 6514;
      const structured: Record<string, Record<string, string>> = {};
      for (const arg of rest) {
        const slash = arg.indexOf('/');
        const eq = arg.indexOf('=', slash + 1);
        if (slash < 0 || eq < 0)
          c.fail(
            `invalid structured_data argument, expected sd-id/key=value format: ${JSON.stringify(arg)}`,
          );
        (structured[arg.slice(0, slash)] ??= {})[arg.slice(slash + 1, eq)] = arg.slice(eq + 1);
      }
      return addLogDestination(c, {
        name: name!,
        type: 'syslog',
        url: `tcp://${host}:${port}`,
        options: { structured_data: structured },
      });
    },
  },
  'delete-log-destination': {
    desc: 'Delete a PostgreSQL log destination',
    usage: [`ubi pg ${REF} delete-log-destination ld-id`],
    args: 1,
    async run(c, [id]) {
      noSlash(id!, 'invalid log destination id format', c);
      await c.api.call('deletePostgresLogDestination', { ...pgRef(c), log_destination_id: id! });
      return reply('Log destination, if it exists, has been scheduled for deletion');
    },
  },
  'get-logs': {
    desc: 'Fetch logs for a PostgreSQL database in CSV format',
    usage: [`ubi pg ${REF} get-logs [options]`],
    options: [
      {
        short: 's',
        long: 'start',
        arg: 'time',
        desc: 'start time (RFC3339, default: 30 minutes ago)',
      },
      { short: 'e', long: 'end', arg: 'time', desc: 'end time (RFC3339, default: now)' },
      { long: 'stream-name', arg: 'stream', choices: LOG_STREAMS, desc: 'filter by log stream' },
      {
        long: 'server-role',
        arg: 'role',
        choices: LOG_SERVER_ROLES,
        desc: 'filter by server role',
      },
      {
        long: 'severity-level',
        arg: 'level',
        choices: LOG_SEVERITIES,
        desc: 'filter by log severity level',
      },
      {
        long: 'query-pattern',
        arg: 'pattern',
        desc: 'pattern for substring match against log message',
      },
      {
        short: 'l',
        long: 'max-log-lines',
        arg: 'n',
        integer: true,
        desc: 'number of log lines to return (default: 50, max: 500)',
      },
      { long: 'pagination-key', arg: 'key', desc: 'continue a previous search' },
      { short: 'N', long: 'no-headers', desc: 'do not show headers' },
    ],
    optionValues: [
      ['Stream:', LOG_STREAMS],
      ['Server Role:', LOG_SERVER_ROLES],
      ['Level:', LOG_SEVERITIES],
    ],
    async run(c, _args, opts) {
      const given = givenOptions(opts, LOG_FILTERS);
      const page = await c.api.call('getPostgresLogs', pgRef(c), {
        query: Object.fromEntries(given.map(([name, value]) => [underscore(name), value])),
      });
      return reply(
        paginatedCsv({
          header: 'Timestamp,ServerRole,Stream,Level,Message',
          headers: opts['no-headers'] !== true,
          rows: page.logs.map((line) => [
            isoSeconds(line.timestamp),
            line.server_role,
            line.stream_name,
            line.severity_level,
            line.message,
          ]),
          command: `ubi pg ${c.target.location}/${c.target.ref} get-logs`,
          given,
          nextKey: page.pagination_key,
        }),
      );
    },
  },
  'promote-read-replica': simple(
    'promote-read-replica',
    'Promote a read replica PostgreSQL database to a primary',
    async (c) => {
      const pg = await c.api.call('promotePostgresReadReplica', pgRef(c));
      return reply(`Promoted PostgreSQL database with id ${pg.id} from read replica to primary.`);
    },
  ),
  recycle: simple('recycle', 'Request recycle of primary', async (c) => {
    const pg = await c.api.call('recyclePostgresDatabase', pgRef(c));
    return reply(`Recycle requested for PostgreSQL database with id ${pg.id}`);
  }),
  'show-default-config': simple(
    'show-default-config',
    'Show default configuration for a PostgreSQL database',
    async (c) =>
      reply(configText((await c.api.call('getPostgresConfig', pgRef(c))).default_pg_config ?? {})),
  ),
  ...configCommands('pg_config', '', ''),
  ...configCommands('pgbouncer_config', 'pgbouncer-', 'pgbouncer '),
  'ca-certificates': simple(
    'ca-certificates',
    'Print CA certificates for a PostgreSQL database',
    async (c) => reply(await c.api.call('getPostgresCACertificates', pgRef(c))),
  ),
  'create-backup-credentials': {
    desc: 'Create temporary, read-only credentials for downloading PostgreSQL backups',
    usage: [`ubi pg ${REF} create-backup-credentials [options]`],
    options: [
      { long: 'format', arg: 'format', desc: 'output format: table (default), env, or json' },
    ],
    async run(c, _args, opts) {
      const format = optionText(opts, 'format') ?? 'table';
      if (!['table', 'env', 'json'].includes(format))
        c.fail(`invalid format ${JSON.stringify(format)}, must be one of: table, env, json`);
      const k = await c.api.call('createPostgresBackupCredentials', pgRef(c));
      if (format === 'json') return reply(JSON.stringify(k));
      if (format === 'env')
        return reply(
          `export AWS_ACCESS_KEY_ID='${k.access_key_id}'\nexport AWS_SECRET_ACCESS_KEY='${k.secret_access_key}'\nexport AWS_SESSION_TOKEN='${k.session_token}'\nexport WALG_S3_PREFIX='s3://${k.bucket}'\nexport AWS_ENDPOINT='${k.endpoint}'\nexport AWS_REGION='${k.region}'\nexport AWS_S3_FORCE_PATH_STYLE='true'\n`,
        );
      return reply(
        `Bucket: ${k.bucket}\nEndpoint: ${k.endpoint}\nRegion: ${k.region}\nAccess Key ID: ${k.access_key_id}\nSecret Access Key: ${k.secret_access_key}\nSession Token: ${k.session_token}\nExpires At: ${k.expiration}\n`,
      );
    },
  },
  'create-read-replica': {
    desc: 'Create a read replica for a PostgreSQL database',
    usage: [`ubi pg ${REF} create-read-replica [options] name`],
    options: SOURCE_OPTIONS('e.g'),
    args: 1,
    async run(c, [name], opts) {
      const body = { name: name!, ...sourceFields(opts, c.fail) };
      const pg = await c.api.call('createPostgresReadReplica', pgRef(c), {
        body: body as BodyInputOf<'createPostgresReadReplica'>,
      });
      return reply(`Read replica for PostgreSQL database created with id: ${pg.id}`);
    },
  },
  restore: {
    desc: 'Restore a PostgreSQL database backup to a new database',
    usage: [`ubi pg ${REF} restore [options] new-db-name restore-time`],
    options: SOURCE_OPTIONS('e.g.'),
    args: 2,
    async run(c, [name, time], opts) {
      const body = { name: name!, restore_target: time!, ...sourceFields(opts, c.fail) };
      const pg = await c.api.call('restorePostgresDatabase', pgRef(c), {
        body: body as BodyInputOf<'restorePostgresDatabase'>,
      });
      return reply(`Restored PostgreSQL database scheduled for creation with id: ${pg.id}`);
    },
  },
  'list-backups': {
    desc: 'List backups for a PostgreSQL database',
    usage: [`ubi pg ${REF} list-backups [options]`],
    options: [{ short: 'N', long: 'no-headers', desc: 'do not show headers' }],
    async run(c, _args, opts) {
      const { items } = await c.api.call('listPostgresBackups', pgRef(c));
      // Times to the second, as the origin prints them.
      const rows = items.map((b) => ({
        ...b,
        last_modified: isoSeconds(b.last_modified),
      }));
      return reply(formatRows(['key', 'last-modified'], rows, opts['no-headers'] !== true));
    },
  },
  'list-servers': {
    desc: 'List servers for a PostgreSQL database',
    usage: [`ubi pg ${REF} list-servers [options]`],
    options: [{ short: 'N', long: 'no-headers', desc: 'do not show headers' }],
    async run(c, _args, opts) {
      const { items } = await c.api.call('listPostgresServers', pgRef(c));
      return reply(
        formatRows(
          ['id', 'role', 'state', 'synchronization-status', 'vm-size'],
          items,
          opts['no-headers'] !== true,
        ),
      );
    },
  },
  modify: {
    desc: 'Modify a PostgreSQL database cluster',
    usage: [`ubi pg ${REF} modify [options]`],
    options: [
      ...SIZING_OPTIONS,
      { short: 't', long: 'tags', arg: 'tags', desc: 'tags (e.g. key1=value1,key2=value2)' },
    ],
    optionValues: [
      ['Replication Type:', POSTGRES_HA_TYPE_NAMES],
      ['Size:', PG_HELP_SIZES],
      ['Storage Size:', PG_STORAGE_SIZES],
    ],
    async run(c, _args, opts) {
      const body = sourceFields({ tags: opts.tags }, c.fail);
      const size = optionText(opts, 'size');
      if (size !== undefined) body.size = size;
      const ha = optionText(opts, 'ha-type');
      if (ha !== undefined) body.ha_type = ha;
      const storage = optionText(opts, 'storage-size');
      if (storage !== undefined) body.storage_size = Number(storage);
      const pg = await c.api.call('patchPostgresDatabase', pgRef(c), {
        body: body as BodyInputOf<'patchPostgresDatabase'>,
      });
      return reply(`Modified PostgreSQL database with id: ${pg.id}`);
    },
  },
  rename: renameCommand(KINDS.pg, (c, name) =>
    c.api.call('renamePostgresDatabase', pgRef(c), { body: { name } }),
  ),
  restart: simple('restart', 'Restart a PostgreSQL database cluster', async (c) => {
    const pg = await c.api.call('restartPostgresDatabase', pgRef(c));
    return reply(`Scheduled restart of PostgreSQL database with id ${pg.id}`);
  }),
  'set-maintenance-window': {
    desc: 'Set the maintenance window for a PostgreSQL database',
    usage: [`ubi pg ${REF} set-maintenance-window [options] start-hour`],
    examples: [
      'ubi pg pg-id set-maintenance-window 3   #  3 am',
      'ubi pg pg-id set-maintenance-window 23  # 11 pm',
      'ubi pg pg-id set-maintenance-window ""  # unset',
      'ubi pg pg-id set-maintenance-window -d mon,wed 3  # 3 am, Mon & Wed',
      'ubi pg pg-id set-maintenance-window -d "" 3  # 3 am, clear days (every day)',
    ],
    options: [
      {
        short: 'd',
        long: 'days',
        arg: 'days',
        desc: 'days of week the window applies (e.g. mon,wed,fri); default every day',
      },
    ],
    args: 1,
    async run(c, [hour], opts) {
      const given = optionText(opts, 'days');
      const days = given === undefined ? undefined : given.split(',').filter((d) => d !== '');
      const pg = await c.api.call('setPostgresMaintenanceWindow', pgRef(c), {
        body: {
          maintenance_window_start_at: hour === '' ? null : hour!,
          ...(days === undefined ? {} : { maintenance_window_days: days }),
        } as BodyInputOf<'setPostgresMaintenanceWindow'>,
      });
      const start = pg.maintenance_window_start_at;
      if (start === null || start === undefined)
        return reply(`Unset maintenance window for PostgreSQL database with id ${pg.id}.`);
      const on = days?.length ? ` on ${days.join(', ')}` : '';
      return reply(
        `Starting hour for maintenance window for PostgreSQL database with id ${pg.id} set to ${start}${on}.`,
      );
    },
  },
  upgrade: simple(
    'upgrade',
    'Schedule a major version upgrade of the PostgreSQL database',
    async (c) => {
      const status = await c.api.call('upgradePostgresDatabase', pgRef(c));
      const pg = await c.api.call('getPostgresDatabase', pgRef(c));
      return reply(
        `Scheduled major version upgrade of PostgreSQL database with id ${pg.id} to version ${status.target_version}.`,
      );
    },
  ),
  'show-upgrade-status': simple(
    'show-upgrade-status',
    'Show the status of a major version upgrade of the PostgreSQL database',
    async (c) => {
      const status = await c.api.call('getPostgresUpgrade', pgRef(c));
      const pg = await c.api.call('getPostgresDatabase', pgRef(c));
      return reply(
        `Major version upgrade of PostgreSQL database ${pg.id} to version ${status.target_version}\nStatus: ${status.upgrade_status}\nStage: ${status.upgrade_stage ?? 'N/A'}\n`,
      );
    },
  ),
  'add-cert-auth-user': {
    desc: 'Add user to list of users authenticating with client certificate authentication',
    usage: [`ubi pg ${REF} add-cert-auth-user name`],
    args: 1,
    async run(c, [name]) {
      const { items } = await c.api.call('addPostgresCertAuthUser', pgRef(c), {
        body: { name: name! },
      });
      return reply(certUsers(items));
    },
  },
  'remove-cert-auth-user': {
    desc: 'Remove user from list of users authenticating with client certificate authentication',
    usage: [`ubi pg ${REF} remove-cert-auth-user name`],
    args: 1,
    async run(c, [name]) {
      const { items } = await c.api.call('removePostgresCertAuthUser', pgRef(c), {
        body: { name: name! },
      });
      return reply(certUsers(items));
    },
  },
  'create-client-cert-keypair': {
    desc: 'Create client certificate keypair with given common name, expiring after a duration of seconds',
    usage: [`ubi pg ${REF} create-client-cert-keypair common-name duration`],
    args: 2,
    async run(c, [common_name, duration]) {
      // Ruby's to_i: the leading digits, 0 without any.
      const seconds = Number.parseInt(duration!, 10);
      return reply(
        await c.api.call('createPostgresClientKeypair', pgRef(c), {
          body: { common_name: common_name!, duration: Number.isNaN(seconds) ? 0 : seconds },
        }),
      );
    },
  },
};

const certUsers = (items: readonly string[]) =>
  `Users using certificate authentication:\n${
    items.length === 0
      ? 'No users using certificate authentication.\n'
      : items.map((u, i) => `  ${i + 1}: ${u}\n`).join('')
  }`;
