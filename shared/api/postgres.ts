// Managed PostgreSQL: the contract (api-spec.md "Postgres database", behaviour.md §10, and the
// origin's document for every operation the spec does not list; decisions 077–089).
import { z } from 'zod';
import { metricsAnswer, metricsQuery, rfc3339 } from './metrics.ts';
import { DEFAULT_POSTGRES_FLAVOR, DEFAULT_POSTGRES_VERSION, POSTGRES_FLAVOR_NAMES, POSTGRES_HA_TYPE_NAMES, POSTGRES_SIZE_NAMES, POSTGRES_VERSIONS } from '../catalog.ts';
import { requiredString } from '../errors.ts';
import { idPattern } from '../ids.ts';
import { referenceSchema, resourceName } from '../names.ts';
import { listSchema, paginationQuerySchema } from '../pagination.ts';
import { current, currentLoc, idOf, inLocation, inProject, P, renameBodySchema, resourceKind, route, type RouteList } from '../route-helpers.ts';
import { cidrSchema, descriptionSchema } from './firewall.ts';
import { configObjectSchema } from './postgres-config.ts';
import { POSTGRES_TRANSITIONAL_STATES } from './postgres-states.ts';

export { POSTGRES_STATES, POSTGRES_TRANSITIONAL_STATES, type PostgresState } from './postgres-states.ts';

export const postgresKind = resourceKind({
  idKind: 'postgres',
  table: 'postgres',
  objectType: 'postgres resource',
  singular: 'PostgreSQL database',
  plural: 'PostgreSQL databases',
  transitionalStates: POSTGRES_TRANSITIONAL_STATES,
  children: ['postgresFirewallRule', 'postgresMetricDestination', 'postgresLogDestination'],
  inLocation: true,
  quota: { setting: 'POSTGRES_QUOTA', default: 20 },
});

/** The ports a database's firewall rules open: PostgreSQL itself and PgBouncer. */
export const POSTGRES_PORTS = [5432, 6432] as const;

const pgId = z.string().regex(idPattern('postgres'));
export const tagsSchema = z
  .array(
    z.strictObject({
      key: z.string({ error: 'A tag key must be a string.' }).min(1, 'A tag key must not be empty.').max(128, 'A tag key must be at most 128 characters.'),
      value: z.string({ error: 'A tag value must be a string.' }).max(256, 'A tag value must be at most 256 characters.'),
    }),
    { error: 'tags must be an array of {key, value} objects.' },
  )
  .max(50, 'At most 50 tags.')
  .refine((tags) => new Set(tags.map((t) => t.key)).size === tags.length, 'Tag keys must be unique.');
export type Tag = z.infer<typeof tagsSchema>[number];

/** A rule as the rule routes and the rename answer it (no port). */
export const postgresFirewallRuleSchema = z
  .strictObject({ id: z.string().regex(idPattern('postgresFirewallRule')), cidr: z.string(), description: z.string() })
  .meta({ id: 'PostgresFirewallRule' });
export type PostgresFirewallRule = z.infer<typeof postgresFirewallRuleSchema>;
/** In the get response a rule carries the port it opens: one entry per rule and port (decision 079). */
export const postgresFirewallRulePortSchema = postgresFirewallRuleSchema.extend({ port: z.number().int() }).meta({ id: 'PostgresFirewallRuleWithPort' });

/** The fields every full record has (the spec's required and optional fields, and the origin's maintenance days). */
const baseFields = {
  id: pgId,
  name: z.string(),
  location: z.string(),
  state: z.string(),
  flavor: z.string(),
  ha_type: z.string(),
  version: z.string(),
  target_version: z.string(),
  vm_size: z.string(),
  storage_size_gib: z.number().int(),
  maintenance_window_start_at: z.number().int().nullable(),
  read_replica: z.boolean(),
  tags: z.array(z.strictObject({ key: z.string(), value: z.string() })),
  target_storage_size_gib: z.number().int().optional(),
  target_vm_size: z.string().optional(),
  ca_certificates: z.string().nullable().optional(),
  parent: z.string().nullable().optional(),
  maintenance_window_days: z.array(z.number().int()).optional(),
};

/** The rename response (and the shape the spec calls "Postgres database"). */
export const postgresSchema = z
  .strictObject({
    ...baseFields,
    primary: z.boolean(),
    connection_string: z.string().nullable(),
    earliest_restore_time: z.string().nullable(),
    latest_restore_time: z.string(),
    firewall_rules: z.array(postgresFirewallRuleSchema),
    /** Why the database is `failed` (an addition to the spec's record); null otherwise. */
    state_reason: z.string().nullable(),
  })
  .meta({ id: 'PostgresDatabase' });
export type Postgres = z.infer<typeof postgresSchema>;

/** The get response (also creates and actions): credentials, hostname, and rules with their port. */
export const postgresDetailSchema = postgresSchema
  .extend({
    username: z.string().nullable(),
    password: z.string().nullable(),
    hostname: z.string().nullable(),
    firewall_rules: z.array(postgresFirewallRulePortSchema),
  })
  .meta({ id: 'PostgresDatabaseDetailed' });
export type PostgresDetail = z.infer<typeof postgresDetailSchema>;

/** List items: no credentials, connection string, restore times, rules or `primary`; plus created_at. */
export const postgresListItemSchema = z
  .strictObject({ ...baseFields, created_at: z.iso.datetime() })
  .omit({ ca_certificates: true })
  .meta({ id: 'PostgresDatabaseListItem' });
export type PostgresListItem = z.infer<typeof postgresListItemSchema>;
export const postgresListSchema = listSchema(postgresListItemSchema).meta({ id: 'PostgresDatabaseList' });

const sizeSchema = z.enum(POSTGRES_SIZE_NAMES, { error: `size must be one of ${POSTGRES_SIZE_NAMES.join(', ')}.` });
const storageSizeSchema = z
  .number({ error: 'storage_size must be an integer number of GiB.' })
  .int('storage_size must be an integer number of GiB.')
  .positive('storage_size must be a positive number of GiB.');
const haTypeSchema = z.enum(POSTGRES_HA_TYPE_NAMES, { error: `ha_type must be one of ${POSTGRES_HA_TYPE_NAMES.join(', ')}.` });

export const createPostgresBodySchema = z
  .strictObject({
    size: z.enum(POSTGRES_SIZE_NAMES, { error: (i) => (i.input === undefined ? 'size is required.' : `size must be one of ${POSTGRES_SIZE_NAMES.join(', ')}.`) }),
    storage_size: storageSizeSchema.optional(),
    ha_type: haTypeSchema.default('none'),
    version: z.enum(POSTGRES_VERSIONS, { error: `version must be one of ${POSTGRES_VERSIONS.join(', ')} (a string).` }).default(DEFAULT_POSTGRES_VERSION),
    flavor: z.enum(POSTGRES_FLAVOR_NAMES, { error: `flavor must be one of ${POSTGRES_FLAVOR_NAMES.join(', ')}.` }).default(DEFAULT_POSTGRES_FLAVOR),
    tags: tagsSchema.default([]),
    restrict_by_default: z.boolean({ error: 'restrict_by_default must be true or false.' }).default(false),
    pg_config: configObjectSchema('pg_config', { nullable: false }).optional(),
    pgbouncer_config: configObjectSchema('pgbouncer_config', { nullable: false }).optional(),
  })
  .meta({ id: 'CreatePostgresBody' });
export type CreatePostgresBody = z.input<typeof createPostgresBodySchema>;

/** PATCH: what it names becomes the target; the worker converges to it. */
export const updatePostgresBodySchema = z
  .strictObject({ size: sizeSchema.optional(), storage_size: storageSizeSchema.optional(), ha_type: haTypeSchema.optional(), tags: tagsSchema.optional() })
  .meta({ id: 'UpdatePostgresBody' });

const newDatabaseName = resourceName('postgres');
export const restorePostgresBodySchema = z
  .strictObject({
    name: z.string(requiredString('name')).pipe(newDatabaseName),
    restore_target: z.iso.datetime({
      offset: true,
      error: (i) => (i.input === undefined ? 'restore_target is required.' : 'restore_target must be an RFC 3339 date-time, e.g. 2026-11-23T10:00:00Z.'),
    }),
  })
  .meta({ id: 'RestorePostgresBody' });
export const readReplicaBodySchema = z.strictObject({ name: z.string(requiredString('name')).pipe(newDatabaseName) }).meta({ id: 'CreatePostgresReadReplicaBody' });

const START_HOUR_MESSAGE = 'maintenance_window_start_at must be an hour of the day (0 to 23, UTC) or null.';
export const MAINTENANCE_DAYS_MESSAGE = 'maintenance_window_days must be a list of days of the week, 0 (Sunday) to 6 (Saturday) or sun to sat, each at most once.';
export const WEEKDAY_NAMES = ['sun', 'mon', 'tue', 'wed', 'thu', 'fri', 'sat'] as const;
/** A day of the week: 0 (Sunday) to 6, or its name as the origin's CLI sends it (`mon`). */
const weekday = z.union([z.number().int().min(0).max(6), z.enum(WEEKDAY_NAMES).transform((d) => WEEKDAY_NAMES.indexOf(d))], { error: MAINTENANCE_DAYS_MESSAGE });
export const setMaintenanceWindowBodySchema = z
  .strictObject({
    maintenance_window_start_at: z
      // A number, or its digits as a string (the origin reads either).
      .union(
        [
          z.number(),
          z
            .string()
            .regex(/^\d{1,2}$/)
            .transform(Number),
        ],
        { error: START_HOUR_MESSAGE },
      )
      .pipe(z.number().int(START_HOUR_MESSAGE).min(0, START_HOUR_MESSAGE).max(23, START_HOUR_MESSAGE))
      .nullable()
      .optional(),
    maintenance_window_days: z
      .array(weekday, { error: MAINTENANCE_DAYS_MESSAGE })
      .min(1, MAINTENANCE_DAYS_MESSAGE)
      .refine((d) => new Set(d).size === d.length, MAINTENANCE_DAYS_MESSAGE)
      .optional(),
  })
  .meta({ id: 'SetMaintenanceWindowBody' });

/** Strength rules of a superuser password (decision 082). */
export const SUPERUSER_PASSWORD_MESSAGE = 'password must be 12 to 128 characters with a lowercase letter, an uppercase letter and a digit, printable ASCII without spaces.';
export const superuserPasswordSchema = z
  .string(requiredString('password'))
  .min(12, SUPERUSER_PASSWORD_MESSAGE)
  .max(128, SUPERUSER_PASSWORD_MESSAGE)
  .regex(/^[\x21-\x7e]+$/, SUPERUSER_PASSWORD_MESSAGE)
  .regex(/[a-z]/, SUPERUSER_PASSWORD_MESSAGE)
  .regex(/[A-Z]/, SUPERUSER_PASSWORD_MESSAGE)
  .regex(/\d/, SUPERUSER_PASSWORD_MESSAGE);
export const resetSuperuserPasswordBodySchema = z.strictObject({ password: superuserPasswordSchema }).meta({ id: 'ResetSuperuserPasswordBody' });

// Firewall rules of a database.
export const createPostgresFirewallRuleBodySchema = z.strictObject({ cidr: cidrSchema, description: descriptionSchema.optional() }).meta({ id: 'CreatePostgresFirewallRuleBody' });
export const updatePostgresFirewallRuleBodySchema = z.strictObject({ cidr: cidrSchema, description: descriptionSchema.optional() }).meta({ id: 'UpdatePostgresFirewallRuleBody' });
export const postgresFirewallRuleListSchema = listSchema(postgresFirewallRuleSchema).meta({ id: 'PostgresFirewallRuleList' });

// Metric destinations: basic auth (username and password) or a bearer token (decision 084).
const httpsUrl = (field: string) =>
  z
    .string(requiredString(field))
    .max(2000, `${field} must be at most 2000 characters.`)
    .refine((u) => URL.canParse(u) && new URL(u).protocol === 'https:', 'Invalid URL scheme. Only https URLs are supported.');
export const createMetricDestinationBodySchema = z
  .strictObject({
    url: httpsUrl('url'),
    username: z.string({ error: 'username must be a string.' }).min(1, 'username must not be empty.').max(255, 'username must be at most 255 characters.').optional(),
    password: z.string({ error: 'password must be a string.' }).min(1, 'password must not be empty.').max(255, 'password must be at most 255 characters.').optional(),
    bearer_token: z
      .string({ error: 'bearer_token must be a string.' })
      .min(1, 'bearer_token must not be empty.')
      .max(4096, 'bearer_token must be at most 4096 characters.')
      .optional(),
  })
  .superRefine((b, ctx) => {
    const basic = b.username !== undefined || b.password !== undefined;
    if (b.bearer_token !== undefined && basic) ctx.addIssue({ code: 'custom', path: ['bearer_token'], message: 'Give either username and password or bearer_token, not both.' });
    else if (b.bearer_token === undefined) {
      if (b.username === undefined) ctx.addIssue({ code: 'custom', path: ['username'], message: 'username is required (or give bearer_token).' });
      if (b.password === undefined) ctx.addIssue({ code: 'custom', path: ['password'], message: 'password is required (or give bearer_token).' });
    }
  })
  .meta({ id: 'CreatePostgresMetricDestinationBody' });
export const metricDestinationSchema = z
  .strictObject({ id: z.string().regex(idPattern('postgresMetricDestination')), url: z.string(), auth_type: z.enum(['basic', 'bearer']), username: z.string().nullable() })
  .meta({ id: 'PostgresMetricDestination' });
export const metricDestinationListSchema = listSchema(metricDestinationSchema).meta({ id: 'PostgresMetricDestinationList' });

// Log destinations: OTLP over HTTPS, syslog (RFC 5424) over TLS (decision 084).
export const LOG_DESTINATION_TYPES = ['otlp', 'syslog'] as const;
export const createLogDestinationBodySchema = z
  .strictObject({
    name: z.string(requiredString('name')).min(1, 'name must not be empty.').max(63, 'name must be at most 63 characters.'),
    type: z.enum(LOG_DESTINATION_TYPES, { error: (i) => (i.input === undefined ? 'type is required.' : 'type must be otlp or syslog.') }),
    url: z.string(requiredString('url')).max(2000, 'url must be at most 2000 characters.'),
    options: z
      .strictObject({
        headers: z.record(z.string().min(1).max(128), z.string().max(4096), { error: 'options.headers must be an object of header names and values.' }).optional(),
        structured_data: z.record(z.string().min(1).max(128), z.string().max(4096), { error: 'options.structured_data must be an object of names and values.' }).optional(),
      })
      .optional(),
  })
  .superRefine((b, ctx) => {
    const scheme = b.type === 'otlp' ? 'https:' : 'tcp:';
    const ok = URL.canParse(b.url) && new URL(b.url).protocol === scheme && (b.type === 'otlp' || new URL(b.url).port !== '');
    if (!ok)
      ctx.addIssue({
        code: 'custom',
        path: ['url'],
        message: b.type === 'otlp' ? 'url must be an https:// URL for an otlp destination.' : 'url must be tcp://host:port for a syslog destination.',
      });
    if (b.type === 'otlp' && b.options?.structured_data)
      ctx.addIssue({ code: 'custom', path: ['options', 'structured_data'], message: 'structured_data is for syslog destinations.' });
    if (b.type === 'syslog' && b.options?.headers) ctx.addIssue({ code: 'custom', path: ['options', 'headers'], message: 'headers are for otlp destinations.' });
  })
  .meta({ id: 'CreatePostgresLogDestinationBody' });
export const logDestinationSchema = z
  .strictObject({ id: z.string().regex(idPattern('postgresLogDestination')), name: z.string(), type: z.enum(LOG_DESTINATION_TYPES), url: z.string() })
  .meta({ id: 'PostgresLogDestination' });
export const logDestinationListSchema = listSchema(logDestinationSchema).meta({ id: 'PostgresLogDestinationList' });

// Configuration.
export const postgresConfigSchema = z
  .strictObject({
    pg_config: z.record(z.string(), z.union([z.string(), z.number()])),
    pgbouncer_config: z.record(z.string(), z.union([z.string(), z.number()])),
    default_pg_config: z.record(z.string(), z.string()).nullable().optional(),
    message: z.string().optional(),
  })
  .meta({ id: 'PostgresConfig' });
export const replaceConfigBodySchema = z
  .strictObject({
    pg_config: configObjectSchema('pg_config', { nullable: false }).optional(),
    pgbouncer_config: configObjectSchema('pgbouncer_config', { nullable: false }).optional(),
  })
  .meta({ id: 'ReplacePostgresConfigBody' });
export const updateConfigBodySchema = z
  .strictObject({
    pg_config: configObjectSchema('pg_config', { nullable: true }).optional(),
    pgbouncer_config: configObjectSchema('pgbouncer_config', { nullable: true }).optional(),
  })
  .meta({ id: 'UpdatePostgresConfigBody' });

// Backups (decision 080).
export const backupSchema = z.strictObject({ key: z.string(), last_modified: z.iso.datetime(), size: z.number().int() }).meta({ id: 'PostgresBackup' });
export const backupListSchema = listSchema(backupSchema).meta({ id: 'PostgresBackupList' });
export const backupCredentialsSchema = z
  .strictObject({
    bucket: z.string(),
    endpoint: z.string(),
    region: z.string(),
    access_key_id: z.string(),
    secret_access_key: z.string(),
    session_token: z.string(),
    expiration: z.iso.datetime(),
  })
  .meta({ id: 'PostgresBackupCredentials' });

// Servers.
export const postgresServerSchema = z
  .strictObject({
    id: z.string().regex(idPattern('vm')),
    name: z.string(),
    role: z.enum(['primary', 'standby']),
    state: z.string(),
    /** A standby's replication: `catching_up` until it has the primary's data, then `ready`; null for the primary. */
    synchronization_status: z.enum(['catching_up', 'ready']).nullable(),
    /** The server's VM (its ID; the same as `id`). */
    vm: z.string(),
    vm_size: z.string(),
    target_vm_size: z.string(),
    storage_size_gib: z.number().int(),
    private_ipv4: z.string(),
    private_ipv6: z.string(),
    created_at: z.iso.datetime(),
  })
  .meta({ id: 'PostgresServer' });
export const postgresServerListSchema = listSchema(postgresServerSchema).meta({ id: 'PostgresServerList' });

// Logs (decision 085).
export const LOG_STREAMS = ['postgres', 'pgbouncer', 'upgrade'] as const;
export const LOG_SEVERITIES = ['DEBUG', 'LOG', 'INFO', 'NOTICE', 'WARNING', 'ERROR', 'FATAL', 'PANIC'] as const;
export const LOG_SERVER_ROLES = ['primary', 'standby'] as const;
export const MAX_LOG_LINES = 500;
export const logsQuerySchema = z.object({
  start: rfc3339('start').optional(),
  end: rfc3339('end').optional(),
  stream_name: z.enum(LOG_STREAMS, { error: `stream_name must be one of ${LOG_STREAMS.join(', ')}.` }).optional(),
  server_role: z.enum(LOG_SERVER_ROLES, { error: 'server_role must be primary or standby.' }).optional(),
  severity_level: z.enum(LOG_SEVERITIES, { error: `severity_level must be one of ${LOG_SEVERITIES.join(', ')}.` }).optional(),
  query_pattern: z.string({ error: 'query_pattern must be a string.' }).max(200, 'query_pattern must be at most 200 characters.').optional(),
  max_log_lines: z
    .string({ error: `max_log_lines must be an integer from 1 to ${MAX_LOG_LINES}.` })
    .regex(/^\d{1,4}$/, `max_log_lines must be an integer from 1 to ${MAX_LOG_LINES}.`)
    .transform(Number)
    .refine((n) => n >= 1 && n <= MAX_LOG_LINES, `max_log_lines must be an integer from 1 to ${MAX_LOG_LINES}.`)
    .optional(),
  pagination_key: z
    .string({ error: 'pagination_key must be a string.' })
    .regex(/^\d{1,16}$/, 'pagination_key must be the pagination_key of a previous answer.')
    .optional(),
});
export const logLineSchema = z
  .strictObject({
    timestamp: z.iso.datetime(),
    server_role: z.enum(LOG_SERVER_ROLES),
    stream_name: z.enum(LOG_STREAMS),
    severity_level: z.enum(LOG_SEVERITIES),
    message: z.string(),
    /** The server that logged it. */
    server: z.string(),
  })
  .meta({ id: 'PostgresLogLine' });
/** A page of lines, oldest first; `pagination_key` asks for the lines before them (null: none left). */
export const logsSchema = z.strictObject({ logs: z.array(logLineSchema), pagination_key: z.string().nullable() }).meta({ id: 'PostgresLogs' });

// Metrics (decision 086): series as the origin serves them, [unix seconds, "value"] pairs.
export const METRIC_KEYS = ['cpu_usage', 'memory_usage', 'disk_usage', 'connections'] as const;
export const metricsQuerySchema = metricsQuery(METRIC_KEYS);
export const metricsSchema = metricsAnswer('PostgresMetrics');

// Client certificates (decision 087).
export const CERT_USER_MESSAGE = 'name must be a PostgreSQL role name: a letter or underscore, then letters, digits or underscores, at most 63 characters.';
const certUserName = z.string(requiredString('name')).regex(/^[a-z_][a-z0-9_]{0,62}$/, CERT_USER_MESSAGE);
export const certUserBodySchema = z.strictObject({ name: certUserName }).meta({ id: 'PostgresCertUserBody' });
export const certUsersSchema = z.strictObject({ items: z.array(z.string()) }).meta({ id: 'PostgresCertUsers' });
export const CERT_MAX_DURATION = 10 * 365 * 24 * 3600;
export const clientKeypairBodySchema = z
  .strictObject({
    common_name: z.string(requiredString('common_name')).regex(/^[a-z_][a-z0-9_]{0,62}$/, CERT_USER_MESSAGE.replace('name must', 'common_name must')),
    duration: z
      .number({ error: `duration must be a number of seconds from 60 to ${CERT_MAX_DURATION}.` })
      .int(`duration must be a number of seconds from 60 to ${CERT_MAX_DURATION}.`)
      .min(60, `duration must be a number of seconds from 60 to ${CERT_MAX_DURATION}.`)
      .max(CERT_MAX_DURATION, `duration must be a number of seconds from 60 to ${CERT_MAX_DURATION}.`)
      .default(365 * 24 * 3600),
  })
  .meta({ id: 'CreatePostgresClientKeypairBody' });
export const clientKeypairSchema = z
  .strictObject({ common_name: z.string(), key: z.string(), cert: z.string(), expiration: z.iso.datetime() })
  .meta({ id: 'PostgresClientKeypair' });

// Upgrade.
export const upgradeStatusSchema = z
  .strictObject({ current_version: z.string(), target_version: z.string(), upgrade_status: z.string(), upgrade_stage: z.string().nullable() })
  .meta({ id: 'PostgresUpgradeStatus' });

// Capabilities: the origin's option tree (flavor → location → family → size → storage_size → ha_type, version under flavor).
export const capabilitiesSchema = z
  .strictObject({
    option_tree: z.record(z.string(), z.unknown()),
    metadata: z.strictObject({
      flavor: z.record(z.string(), z.strictObject({ display_name: z.string() })),
      location: z.record(z.string(), z.strictObject({ display_name: z.string(), ui_name: z.string(), provider: z.string() })),
      family: z.record(z.string(), z.strictObject({ display_name: z.string() })),
      size: z.record(z.string(), z.strictObject({ display_name: z.string(), vcpus: z.number().int(), memory_gib: z.number(), monthly_usd: z.number() })),
      ha_type: z.record(z.string(), z.strictObject({ display_name: z.string(), standby_count: z.number().int(), description: z.string() })),
    }),
  })
  .meta({ id: 'PostgresCapabilities' });

const pgRef = z.strictObject({ ...currentLoc, postgres_database_reference: referenceSchema });
const pgRuleRef = z.strictObject({
  ...currentLoc,
  postgres_database_reference: referenceSchema,
  postgres_firewall_rule_id: idOf('postgresFirewallRule', 'PostgreSQL firewall rule'),
});
const pgMetricRef = z.strictObject({ ...currentLoc, postgres_database_reference: referenceSchema, metric_destination_id: idOf('postgresMetricDestination', 'metric destination') });
const pgLogRef = z.strictObject({ ...currentLoc, postgres_database_reference: referenceSchema, log_destination_id: idOf('postgresLogDestination', 'log destination') });
const PG = `${P}/location/{location}/postgres/{postgres_database_reference}`;
const pg = { ...current, tag: 'Postgres Database' } as const;
const rule = { ...current, tag: 'Postgres Firewall Rule' } as const;
const metricDest = { ...current, tag: 'Postgres Metric Destination' } as const;
const logDest = { ...current, tag: 'Postgres Log Destination' } as const;
/** An action on one database that answers it (detailed). */
const action = (segment: string, summary: string) => route({ ...pg, method: 'post', path: `${PG}/${segment}`, summary, params: pgRef, response: postgresDetailSchema });

export const postgresRoutes = {
  listPostgresDatabases: route({
    ...pg,
    method: 'get',
    path: `${P}/postgres`,
    summary: 'List the PostgreSQL databases of the project in all locations',
    params: inProject,
    query: paginationQuerySchema,
    response: postgresListSchema,
  }),
  getPostgresCapabilities: route({
    ...pg,
    method: 'get',
    path: `${P}/postgres/capabilities`,
    summary: 'What can be created where: the option tree of flavors, locations, sizes, storage, HA and versions',
    params: inProject,
    response: capabilitiesSchema,
  }),
  listLocationPostgresDatabases: route({
    ...pg,
    method: 'get',
    path: `${P}/location/{location}/postgres`,
    summary: 'List the PostgreSQL databases in a location',
    params: inLocation,
    query: paginationQuerySchema,
    response: postgresListSchema,
  }),
  createPostgresDatabase: route({
    ...pg,
    method: 'post',
    path: PG,
    summary: 'Create a PostgreSQL database with this name',
    params: pgRef,
    body: createPostgresBodySchema,
    response: postgresDetailSchema,
  }),
  getPostgresDatabase: route({
    ...pg,
    method: 'get',
    path: PG,
    summary: 'Get a PostgreSQL database with its credentials and hostname',
    params: pgRef,
    response: postgresDetailSchema,
  }),
  patchPostgresDatabase: route({
    ...pg,
    method: 'patch',
    path: PG,
    summary: 'Change the size, storage, HA type or tags (the database converges to the targets)',
    params: pgRef,
    body: updatePostgresBodySchema,
    response: postgresDetailSchema,
  }),
  deletePostgresDatabase: route({ ...pg, method: 'delete', path: PG, summary: 'Delete a PostgreSQL database with its servers', params: pgRef }),
  renamePostgresDatabase: route({
    ...pg,
    method: 'post',
    path: `${PG}/rename`,
    summary: 'Rename a PostgreSQL database',
    params: pgRef,
    body: renameBodySchema('postgres'),
    response: postgresSchema,
  }),
  restartPostgresDatabase: action('restart', 'Restart the servers of a running database'),
  recyclePostgresDatabase: action('recycle', 'Replace the servers of a running database with new ones'),
  promotePostgresDatabase: action('promote', 'Promote a read replica to a database of its own (older path of promote-read-replica)'),
  promotePostgresReadReplica: action('promote-read-replica', 'Promote a read replica to a database of its own'),
  getPostgresCACertificates: route({
    ...pg,
    method: 'get',
    path: `${PG}/ca-certificates`,
    summary: 'Download the root CA certificate of the database (PEM)',
    params: pgRef,
    response: z.string(),
    responseType: 'application/x-pem-file',
  }),
  resetSuperuserPassword: route({
    ...pg,
    method: 'post',
    path: `${PG}/reset-superuser-password`,
    summary: 'Set a new password of the postgres superuser',
    params: pgRef,
    body: resetSuperuserPasswordBodySchema,
    response: postgresDetailSchema,
  }),
  setPostgresMaintenanceWindow: route({
    ...pg,
    method: 'post',
    path: `${PG}/set-maintenance-window`,
    summary: 'Set the maintenance window (hour of day in UTC, days of the week)',
    params: pgRef,
    body: setMaintenanceWindowBodySchema,
    response: postgresDetailSchema,
  }),
  restorePostgresDatabase: route({
    ...pg,
    method: 'post',
    path: `${PG}/restore`,
    summary: 'Create a new database from the backups, as it was at restore_target',
    params: pgRef,
    body: restorePostgresBodySchema,
    response: postgresDetailSchema,
  }),
  createPostgresReadReplica: route({
    ...pg,
    method: 'post',
    path: `${PG}/read-replica`,
    summary: 'Create a read replica of the database',
    params: pgRef,
    body: readReplicaBodySchema,
    response: postgresDetailSchema,
  }),
  listPostgresBackups: route({ ...pg, method: 'get', path: `${PG}/backup`, summary: 'List the backups of the database', params: pgRef, response: backupListSchema }),
  getPostgresBackupCredentials: route({
    ...pg,
    method: 'get',
    path: `${PG}/backup-credentials`,
    summary: 'Read-only credentials for the database’s backup storage',
    params: pgRef,
    response: backupCredentialsSchema,
  }),
  createPostgresBackupCredentials: route({
    ...pg,
    method: 'post',
    path: `${PG}/backup-credentials`,
    summary: 'Make new read-only credentials for the backup storage (the old ones stop working)',
    params: pgRef,
    response: backupCredentialsSchema,
  }),
  listPostgresServers: route({
    ...pg,
    method: 'get',
    path: `${PG}/servers`,
    summary: 'The servers of the database: the primary and its standbys',
    params: pgRef,
    response: postgresServerListSchema,
  }),
  getPostgresLogs: route({
    ...pg,
    method: 'get',
    path: `${PG}/logs`,
    summary: 'Log lines of the database: the newest page, oldest first; pagination_key asks for older ones',
    params: pgRef,
    query: logsQuerySchema,
    response: logsSchema,
  }),
  getPostgresMetrics: route({
    ...pg,
    method: 'get',
    path: `${PG}/metrics`,
    summary: 'Time series of CPU, memory, storage and connections',
    params: pgRef,
    query: metricsQuerySchema,
    response: metricsSchema,
  }),
  getPostgresConfig: route({
    ...pg,
    method: 'get',
    path: `${PG}/config`,
    summary: 'The configuration set by the owner and the defaults',
    params: pgRef,
    response: postgresConfigSchema,
  }),
  replacePostgresConfig: route({
    ...pg,
    method: 'post',
    path: `${PG}/config`,
    summary: 'Replace the configuration (parameters left out return to their defaults)',
    params: pgRef,
    body: replaceConfigBodySchema,
    response: postgresConfigSchema,
  }),
  updatePostgresConfig: route({
    ...pg,
    method: 'patch',
    path: `${PG}/config`,
    summary: 'Change some parameters (null returns one to its default)',
    params: pgRef,
    body: updateConfigBodySchema,
    response: postgresConfigSchema,
  }),
  getPostgresUpgrade: route({ ...pg, method: 'get', path: `${PG}/upgrade`, summary: 'The status of the major version upgrade', params: pgRef, response: upgradeStatusSchema }),
  upgradePostgresDatabase: route({ ...pg, method: 'post', path: `${PG}/upgrade`, summary: 'Upgrade to the next major version', params: pgRef, response: upgradeStatusSchema }),
  createPostgresClientKeypair: route({
    ...pg,
    method: 'post',
    path: `${PG}/cert/create-client-keypair`,
    summary: 'A private key and a client certificate for common_name, valid for duration seconds, signed by the database’s CA',
    params: pgRef,
    body: clientKeypairBodySchema,
    response: clientKeypairSchema,
  }),
  listPostgresCertAuthUsers: route({
    ...pg,
    method: 'get',
    path: `${PG}/cert/auth-user`,
    summary: 'The users who sign in with a client certificate',
    params: pgRef,
    response: certUsersSchema,
  }),
  addPostgresCertAuthUser: route({
    ...pg,
    method: 'post',
    path: `${PG}/cert/add-auth-user`,
    summary: 'Let a user sign in with a client certificate',
    params: pgRef,
    body: certUserBodySchema,
    response: certUsersSchema,
  }),
  removePostgresCertAuthUser: route({
    ...pg,
    method: 'post',
    path: `${PG}/cert/remove-auth-user`,
    summary: 'Stop a user signing in with a client certificate',
    params: pgRef,
    body: certUserBodySchema,
    response: certUsersSchema,
  }),
  listPostgresFirewallRules: route({
    ...rule,
    method: 'get',
    path: `${PG}/firewall-rule`,
    summary: 'List the firewall rules of the database',
    params: pgRef,
    response: postgresFirewallRuleListSchema,
  }),
  createPostgresFirewallRule: route({
    ...rule,
    method: 'post',
    path: `${PG}/firewall-rule`,
    summary: 'Allow a CIDR to reach the database (ports 5432 and 6432)',
    params: pgRef,
    body: createPostgresFirewallRuleBodySchema,
    response: postgresFirewallRuleSchema,
  }),
  updatePostgresFirewallRule: route({
    ...rule,
    method: 'patch',
    path: `${PG}/firewall-rule/{postgres_firewall_rule_id}`,
    summary: 'Change a firewall rule of the database',
    params: pgRuleRef,
    body: updatePostgresFirewallRuleBodySchema,
    response: postgresFirewallRuleSchema,
  }),
  deletePostgresFirewallRule: route({
    ...rule,
    method: 'delete',
    path: `${PG}/firewall-rule/{postgres_firewall_rule_id}`,
    summary: 'Delete a firewall rule of the database',
    params: pgRuleRef,
  }),
  listPostgresMetricDestinations: route({
    ...metricDest,
    method: 'get',
    path: `${PG}/metric-destination`,
    summary: 'List the metric destinations of the database',
    params: pgRef,
    response: metricDestinationListSchema,
  }),
  createPostgresMetricDestination: route({
    ...metricDest,
    method: 'post',
    path: `${PG}/metric-destination`,
    summary: 'Send the database’s metrics to a Prometheus remote-write endpoint',
    params: pgRef,
    body: createMetricDestinationBodySchema,
    response: postgresDetailSchema,
  }),
  deletePostgresMetricDestination: route({
    ...metricDest,
    method: 'delete',
    path: `${PG}/metric-destination/{metric_destination_id}`,
    summary: 'Delete a metric destination',
    params: pgMetricRef,
  }),
  listPostgresLogDestinations: route({
    ...logDest,
    method: 'get',
    path: `${PG}/log-destination`,
    summary: 'List the log destinations of the database',
    params: pgRef,
    response: logDestinationListSchema,
  }),
  createPostgresLogDestination: route({
    ...logDest,
    method: 'post',
    path: `${PG}/log-destination`,
    summary: 'Forward the database’s logs to an OTLP or syslog endpoint',
    params: pgRef,
    body: createLogDestinationBodySchema,
    response: logDestinationSchema,
  }),
  deletePostgresLogDestination: route({ ...logDest, method: 'delete', path: `${PG}/log-destination/{log_destination_id}`, summary: 'Delete a log destination', params: pgLogRef }),
} as const satisfies RouteList;
