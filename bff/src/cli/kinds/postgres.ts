// `ubi pg`: list, create, show, destroy, reset-superuser-password, psql, pg_dump,
// pg_dumpall; the other post-commands are in postgres-post.ts.
import { POSTGRES_FLAVOR_NAMES, POSTGRES_HA_TYPE_NAMES, POSTGRES_VERSIONS } from '#shared/catalog';
import type { BodyInputOf } from '#shared/routes';
import { execute, reply, type Leaf, type PostContext } from '../command.ts';
import {
  destroyCommand,
  showCommand,
  KINDS,
  kindGroup,
  listCommand,
  optionText,
  text,
  underscore,
} from '../common.ts';
import {
  pairs,
  PG_HELP_SIZES,
  SIZING_OPTIONS,
  PG_STORAGE_SIZES,
  pgPostCommands,
  pgRef,
} from './postgres-post.ts';

const k = KINDS.pg;
const REF = '(location/pg-name | pg-id)';

const SHOW_FIELDS = [
  'id',
  'name',
  'state',
  'location',
  'vm-size',
  'target-vm-size',
  'storage-size-gib',
  'target-storage-size-gib',
  'version',
  'target-version',
  'ha-type',
  'flavor',
  'connection-string',
  'private-connection-string',
  'primary',
  'earliest-restore-time',
  'maintenance-window-start-at',
  'read-replica',
  'parent',
  'tags',
  'firewall-rules',
  'metric-destinations',
  'log-destinations',
  'read-replicas',
  'ca-certificates',
];

/** The origin's clients from this version on take the password in a header, out of the command line. */
const PGPASSWORD_HEADER_SINCE = [1, 1, 0];

/** The origin lists its versions newest first. */
const VERSIONS = [...POSTGRES_VERSIONS].reverse();

const create: Leaf<PostContext> = {
  desc: 'Create a PostgreSQL database',
  usage: ['ubi pg location/pg-name create [options]'],
  options: [
    { short: 'f', long: 'flavor', arg: 'type', choices: POSTGRES_FLAVOR_NAMES, desc: 'flavor' },
    ...SIZING_OPTIONS,
    {
      short: 'v',
      long: 'version',
      arg: 'version',
      choices: VERSIONS,
      desc: 'PostgreSQL version',
    },
    {
      short: 'c',
      long: 'pg-config',
      arg: 'config',
      desc: 'postgres config (e.g. key1=value1,key2=value2)',
    },
    {
      short: 'u',
      long: 'pgbouncer-config',
      arg: 'config',
      desc: 'pgbouncer config (e.g. key1=value1,key2=value2)',
    },
    { short: 't', long: 'tags', arg: 'tags', desc: 'tags (e.g. key1=value1,key2=value2)' },
    {
      short: 'R',
      long: 'restrict-by-default',
      desc: 'restrict access by default (add firewall rules to allow access)',
    },
    {
      short: 'P',
      long: 'private-subnet-name',
      arg: 'name',
      desc: 'override name of created private subnet',
    },
  ],
  optionValues: [
    ['Flavor:', POSTGRES_FLAVOR_NAMES],
    ['Replication Type:', POSTGRES_HA_TYPE_NAMES],
    ['Size:', PG_HELP_SIZES],
    ['Storage Size:', PG_STORAGE_SIZES],
    ['Version:', VERSIONS],
  ],
  async run(c, _args, opts) {
    const body: Record<string, unknown> = { size: optionText(opts, 'size') ?? 'standard-2' };
    for (const option of ['flavor', 'ha-type', 'version']) {
      const value = optionText(opts, option);
      if (value !== undefined) body[underscore(option)] = value;
    }
    const storage = optionText(opts, 'storage-size');
    if (storage !== undefined) body.storage_size = Number(storage);
    const tags = optionText(opts, 'tags');
    if (tags !== undefined)
      body.tags = Object.entries(pairs(tags, 'tag', c.fail)).map(([key, value]) => ({
        key,
        value,
      }));
    const pgConfig = optionText(opts, 'pg-config');
    if (pgConfig !== undefined) body.pg_config = pairs(pgConfig, 'config', c.fail);
    const bouncerConfig = optionText(opts, 'pgbouncer-config');
    if (bouncerConfig !== undefined)
      body.pgbouncer_config = pairs(bouncerConfig, 'pgbouncer config', c.fail);
    if (opts['restrict-by-default'] === true) body.restrict_by_default = true;
    const subnetName = optionText(opts, 'private-subnet-name');
    if (subnetName !== undefined) body.private_subnet_name = subnetName;
    const pg = await c.api.call('createPostgresDatabase', pgRef(c), {
      body: body as BodyInputOf<'createPostgresDatabase'>,
    });
    return reply(`PostgreSQL database created with id: ${pg.id}`);
  },
};

const show = showCommand(k, SHOW_FIELDS, (c) => c.api.call('getPostgresDatabase', pgRef(c)), {
  // Labels, rule columns and auth methods as the origin's golden show prints them.
  'firewall-rules': (pg) =>
    `firewall-rules:\n${pg.firewall_rules.map((rule, i) => `  ${i + 1}: ${rule.id}  ${rule.cidr}  ${rule.port}  ${text(rule.description)}\n`).join('')}`,
  'metric-destinations': async (_pg, _parts, c) => {
    const { items } = await c.api.call('listPostgresMetricDestinations', pgRef(c));
    return `metric-destinations:\n${items.map((md, i) => `  ${i + 1}: ${md.id}  ${md.auth_methods.join(',')}${md.username ? `  ${md.username}` : ''}  ${md.url}\n`).join('')}`;
  },
  'log-destinations': (pg) =>
    `log-destinations:\n${pg.log_destinations.map((ld, i) => `  ${i + 1}: ${ld.id}  ${ld.name}  ${ld.type}  ${ld.url}\n`).join('')}`,
  'read-replicas': (pg) =>
    `read-replicas:\n${pg.read_replicas.map((rr) => `  ${rr.location}/${rr.name}\n`).join('')}`,
  // `/location/<location>/postgres/<name>` as `<location>/<name>`.
  parent: (pg) => {
    const parts = pg.parent?.split('/') ?? [];
    return `parent: ${pg.parent ? `${parts.at(-3)}/${parts.at(-1)}` : ''}\n`;
  },
  tags: (pg) =>
    `tags:\n${[...pg.tags]
      .sort(
        (one, other) => one.key.localeCompare(other.key) || one.value.localeCompare(other.value),
      )
      .map((tag) => `  ${tag.key}: ${tag.value}\n`)
      .join('')}`,
  'ca-certificates': (pg) => `ca-certificates:\n${text(pg.ca_certificates)}\n`,
});

const resetPassword: Leaf<PostContext> = {
  desc: 'Reset the superuser password for a PostgreSQL database',
  usage: [`ubi pg ${REF} reset-superuser-password new-password`],
  args: 1,
  async run(c, [password]) {
    const pg = await c.api.call('resetSuperuserPassword', pgRef(c), {
      body: { password: password! },
    });
    return reply(`Superuser password reset scheduled for PostgreSQL database with id: ${pg.id}`);
  },
};

function atLeast(version: string, since: number[]): boolean {
  const parts = version.split('.').map(Number);
  if (parts.length !== 3 || parts.some(Number.isNaN)) return false;
  for (let i = 0; i < 3; i++) if (parts[i] !== since[i]) return parts[i]! > since[i]!;
  return true;
}

/**
 * psql, pg_dump, pg_dumpall: the program with the database's connection string, its password in
 * a header for clients that take it there. pg_dumpall takes the string as `-d` (the origin's).
 */
function pgProgram(program: 'psql' | 'pg_dump' | 'pg_dumpall', desc: string): Leaf<PostContext> {
  return {
    desc,
    usage: [`ubi pg ${REF} [options] ${program} [${program}-options]`],
    raw: true,
    args: { min: 0 },
    async run(c, argv) {
      const pg = await c.api.call('getPostgresDatabase', pgRef(c));
      if (!pg.connection_string)
        return reply(
          '! PostgreSQL database has no connection string yet: try again when it is running',
          400,
        );
      const url = new URL(pg.connection_string);
      const headers: Record<string, string> = {};
      const user = optionText(c.postOptions, 'username');
      if (user !== undefined) {
        url.username = encodeURIComponent(user);
        url.password = '';
      } else if (atLeast(c.clientVersion, PGPASSWORD_HEADER_SINCE)) {
        headers['ubi-pgpassword'] = decodeURIComponent(url.password);
        url.password = '';
      }
      const database = optionText(c.postOptions, 'dbname');
      if (database !== undefined) url.pathname = `/${encodeURIComponent(database)}`;
      const target = program === 'pg_dumpall' ? [`-d${url}`] : ['--', url.toString()];
      return execute([program, ...argv, ...target], headers);
    },
  };
}

export const pgGroup = kindGroup(k, {
  commands: {
    list: listCommand(k, ['location', 'name', 'id', 'version', 'flavor'], (c, location) =>
      location === undefined
        ? c.api.listAll('listPostgresDatabases', {})
        : c.api.listAll('listLocationPostgresDatabases', { location }),
    ),
  },
  post: {
    create,
    destroy: destroyCommand(k, async (c) => {
      await c.api.call('deletePostgresDatabase', pgRef(c));
    }),
    ...pgPostCommands,
    pg_dump: pgProgram('pg_dump', 'Dump a single PostgreSQL database using `pg_dump`'),
    pg_dumpall: pgProgram(
      'pg_dumpall',
      'Dump a entire PostgreSQL database cluster using `pg_dumpall`',
    ),
    psql: pgProgram('psql', 'Connect to a PostgreSQL database using `psql`'),
    'reset-superuser-password': resetPassword,
    show,
  },
  postOptions: [
    { short: 'd', long: 'dbname', arg: 'name', desc: 'override database name' },
    { short: 'U', long: 'username', arg: 'name', desc: 'override username' },
  ],
});
