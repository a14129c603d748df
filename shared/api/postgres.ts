// Managed PostgreSQL: the contract (api-spec.md "Postgres database", behaviour.md §10, and the
// origin's document for every operation the spec does not list; decisions 077–089).
import { z } from 'zod';
import { HOST_METRIC_KEYS, metricsAnswer, metricsQuery, rfc3339 } from './metrics.ts';
import {
  DEFAULT_POSTGRES_FLAVOR,
  DEFAULT_POSTGRES_VERSION,
  POSTGRES_FLAVOR_NAMES,
  POSTGRES_HA_TYPE_NAMES,
  POSTGRES_SIZE_NAMES,
  POSTGRES_VERSIONS,
} from '../catalog.ts';
import { requiredString } from '../errors.ts';
import { ID_BODY, idPattern } from '../ids.ts';
import { referenceSchema, resourceName } from '../names.ts';
import { listSchema, paginationQuerySchema } from '../pagination.ts';
import {
  current,
  currentLoc,
  idOf,
  inLocation,
  inProject,
  P,
  renameBodySchema,
  resourceKind,
  route,
  type RouteList,
} from '../route-helpers.ts';
import { cidrSchema, descriptionSchema } from './firewall.ts';
import { configObjectSchema } from './postgres-config.ts';
import { POSTGRES_TRANSITIONAL_STATES, POSTGRES_WORDS } from './postgres-kind.ts';

export {
  POSTGRES_STATES,
  POSTGRES_TRANSITIONAL_STATES,
  type PostgresState,
} from './postgres-kind.ts';

export const postgresKind = resourceKind({
  idKind: 'postgres',
  table: 'postgres',
  objectType: 'postgres resource',
  ...POSTGRES_WORDS,
  transitionalStates: POSTGRES_TRANSITIONAL_STATES,
  // Its firewall rules are its firewall's (decision 298): object-info answers them as those.
  children: ['postgresMetricDestination', 'postgresLogDestination'],
  inLocation: true,
  quota: { setting: 'POSTGRES_QUOTA', default: 20 },
});

/** The origin's day names, in its order (Monday first). */
export const WEEKDAY_NAMES = ['mon', 'tue', 'wed', 'thu', 'fri', 'sat', 'sun'] as const;

/** The ports a database's firewall rules open: PostgreSQL itself and PgBouncer. */
export const POSTGRES_PORTS = [5432, 6432] as const;

const pgId = z.string().regex(idPattern('postgres'));
export const tagsSchema = z
  .array(
    z.strictObject({
      key: z
        .string({ error: 'A tag key must be a string.' })
        .min(1, 'A tag key must not be empty.')
        .max(128, 'A tag key must be at most 128 characters.'),
      value: z
        .string({ error: 'A tag value must be a string.' })
        .max(256, 'A tag value must be at most 256 characters.'),
    }),
    { error: 'tags must be an array of {key, value} objects.' },
  )
  .max(50, 'At most 50 tags.')
  .refine(
    (tags) => new Set(tags.map((t) => t.key)).size === tags.length,
    'Tag keys must be unique.',
  );
export type Tag = z.infer<typeof tagsSchema>[number];

/** A rule as the rename answers it (no port: api-spec.md). */
export const postgresFirewallRuleSchema = z
  .strictObject({
    id: z.string().regex(idPattern('postgresFirewallRule')),
    cidr: z.string(),
    description: z.string(),
  })
  .meta({ id: 'PostgresFirewallRule' });
export type PostgresFirewallRule = z.infer<typeof postgresFirewallRuleSchema>;
/** Elsewhere a rule carries the port it opens, as the origin answers it. */
export const postgresFirewallRulePortSchema = postgresFirewallRuleSchema
  .extend({ port: z.number().int() })
  .meta({ id: 'PostgresFirewallRuleWithPort' });

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
  /** The parent's path, `/location/<location>/postgres/<name>`, as the origin writes it. */
  parent: z.string().nullable().optional(),
  maintenance_window_days: z.array(z.enum(WEEKDAY_NAMES)).optional(),
  /** The origin's: how many servers the database has when converged (primary and standbys). */
  target_server_count: z.number().int(),
  fallback_active: z.boolean(),
  created_at: z.iso.datetime(),
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

/** The get response (also creates and actions): credentials, hostname, rules with their port, and the origin's detail fields. */
export const postgresDetailSchema = postgresSchema
  .extend({
    username: z.string().nullable(),
    password: z.string().nullable(),
    hostname: z.string().nullable(),
    private_connection_string: z.string().nullable(),
    firewall_rules: z.array(postgresFirewallRulePortSchema),
    metric_destinations: z.array(
      z.strictObject({
        id: z.string(),
        auth_methods: z.array(z.string()),
        username: z.string().nullable(),
        url: z.string(),
      }),
    ),
    log_destinations: z.array(
      z.strictObject({ id: z.string(), name: z.string(), type: z.string(), url: z.string() }),
    ),
    read_replicas: z.array(z.strictObject({ ...baseFields })),
  })
  .meta({ id: 'PostgresDatabaseDetailed' });
export type PostgresDetail = z.infer<typeof postgresDetailSchema>;

/** List items: no credentials, connection string, restore times, rules or `primary`; plus created_at. */
export const postgresListItemSchema = z
  .strictObject({ ...baseFields })
  .omit({ ca_certificates: true })
  .meta({ id: 'PostgresDatabaseListItem' });
export type PostgresListItem = z.infer<typeof postgresListItemSchema>;
export const postgresListSchema = listSchema(postgresListItemSchema).meta({
  id: 'PostgresDatabaseList',
});

const SIZE_MESSAGE = `size must be one of ${POSTGRES_SIZE_NAMES.join(', ')} (burstable-1 and burstable-2 are hobby-1 and hobby-2).`;
/** A size; the origin's `burstable-N` names its `hobby-N`. */
const sizeSchema = z
  .string({ error: (i) => (i.input === undefined ? 'size is required.' : SIZE_MESSAGE) })
  .transform((v) => v.replace('burstable', 'hobby'))
  .pipe(z.enum(POSTGRES_SIZE_NAMES, { error: SIZE_MESSAGE }));
/** An integer body field; digit strings too, as the origin's request coercion reads them. */
export const intField = (message: string) =>
  z
    .union(
      [
        z.number(),
        z
          .string()
          .regex(/^-?\d{1,15}$/)
          .transform(Number),
      ],
      { error: message },
    )
    .pipe(z.number().int(message));
/** A boolean body field; also "true"/"1"/"false"/"0", as the origin's request coercion reads them. */
export const boolField = (message: string) =>
  z.union(
    [z.boolean(), z.enum(['true', '1', 'false', '0']).transform((v) => v === 'true' || v === '1')],
    { error: message },
  );
const storageSizeSchema = intField('storage_size must be an integer number of GiB.').pipe(
  z.number().positive('storage_size must be a positive number of GiB.'),
);
const haTypeSchema = z.enum(POSTGRES_HA_TYPE_NAMES, {
  error: `ha_type must be one of ${POSTGRES_HA_TYPE_NAMES.join(', ')}.`,
});

export const createPostgresBodySchema = z
  .strictObject({
    size: sizeSchema,
    storage_size: storageSizeSchema.optional(),
    ha_type: haTypeSchema.default('none'),
    version: z
      .enum(POSTGRES_VERSIONS, {
        error: `version must be one of ${POSTGRES_VERSIONS.join(', ')} (a string).`,
      })
      .optional()
      // Applied with the flavor (defaultPostgresVersion): a Lantern database gets 17.
      .meta({ description: `default ${DEFAULT_POSTGRES_VERSION}, or the newest the flavor has` }),
    flavor: z
      .enum(POSTGRES_FLAVOR_NAMES, {
        error: `flavor must be one of ${POSTGRES_FLAVOR_NAMES.join(', ')}.`,
      })
      .default(DEFAULT_POSTGRES_FLAVOR),
    tags: tagsSchema.default([]),
    restrict_by_default: boolField('restrict_by_default must be true or false.').default(false),
    pg_config: configObjectSchema('pg_config', { nullable: false }).optional(),
    pgbouncer_config: configObjectSchema('pgbouncer_config', { nullable: false }).optional(),
    /** The name of the private subnet the database makes for its servers (default `<id>-subnet`). */
    private_subnet_name: resourceName('privateSubnet').optional().meta({
      description: 'Name for the private subnet (if not provided, a name will be auto-generated)',
    }),
  })
  .meta({ id: 'CreatePostgresBody' });
export type CreatePostgresBody = z.input<typeof createPostgresBodySchema>;

/** PATCH: what it names becomes the target; the worker converges to it. */
export const updatePostgresBodySchema = z
  .strictObject({
    size: sizeSchema.optional(),
    storage_size: storageSizeSchema.optional(),
    ha_type: haTypeSchema.optional(),
    tags: tagsSchema.optional(),
  })
  .meta({ id: 'UpdatePostgresBody' });

const newDatabaseName = resourceName('postgres');
/** What a restore or a read replica takes besides its name (the origin's): tags, and configuration merged over the source's. */
const fromSourceFields = {
  tags: tagsSchema.optional(),
  pg_config: configObjectSchema('pg_config', { nullable: false }).optional(),
  pgbouncer_config: configObjectSchema('pgbouncer_config', { nullable: false }).optional(),
};
export const restorePostgresBodySchema = z
  .strictObject({
    ...fromSourceFields,
    name: z.string(requiredString('name')).pipe(newDatabaseName),
    restore_target: z.iso.datetime({
      offset: true,
      error: (i) =>
        i.input === undefined
          ? 'restore_target is required.'
          : 'restore_target must be an RFC 3339 date-time, e.g. 2026-11-23T10:00:00Z.',
    }),
  })
  .meta({ id: 'RestorePostgresBody' });
export const readReplicaBodySchema = z
  .strictObject({
    ...fromSourceFields,
    name: z.string(requiredString('name')).pipe(newDatabaseName),
  })
  .meta({ id: 'CreatePostgresReadReplicaBody' });

const START_HOUR_MESSAGE =
  'maintenance_window_start_at must be an hour of the day (0 to 23, UTC) or null.';
export const MAINTENANCE_DAYS_MESSAGE = `maintenance_window_days must be a list of day names: ${WEEKDAY_NAMES.join(', ')}.`;
/** A day name, in any case (the origin lower-cases it). */
const weekday = z
  .string({ error: MAINTENANCE_DAYS_MESSAGE })
  .transform((d) => d.toLowerCase())
  .refine(
    (d): d is (typeof WEEKDAY_NAMES)[number] => (WEEKDAY_NAMES as readonly string[]).includes(d),
    {
      error: (i) =>
        `"${String(i.input)}" is not a valid day. Valid days: ${WEEKDAY_NAMES.join(', ')}`,
    },
  );
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
      .pipe(
        z.number().int(START_HOUR_MESSAGE).min(0, START_HOUR_MESSAGE).max(23, START_HOUR_MESSAGE),
      )
      .nullable()
      .optional(),
    /** Left out or empty: every day. */
    maintenance_window_days: z
      .array(weekday, { error: MAINTENANCE_DAYS_MESSAGE })
      .nullable()
      .optional(),
  })
  .meta({ id: 'SetMaintenanceWindowBody' });

/**
 * Strength rules of a superuser password (decision 082), each refusal in the origin's words
 * (its `validate_postgres_superuser_password`), joined where it lists several.
 */
export const superuserPasswordSchema = z
  .string(requiredString('password'))
  .superRefine((password, ctx) => {
    const problems = [
      password.length < 12 && 'Password must have 12 characters minimum.',
      !/[a-z]/.test(password) && 'Password must have at least one lowercase letter.',
      !/[A-Z]/.test(password) && 'Password must have at least one uppercase letter.',
      !/\d/.test(password) && 'Password must have at least one digit.',
      // Ours besides: it goes into a connection string and a shell.
      password.length > 128 && 'Password must have 128 characters maximum.',
      !/^[\x21-\x7e]*$/.test(password) && 'Password must be printable ASCII without spaces.',
    ].filter(Boolean);
    if (problems.length) ctx.addIssue({ code: 'custom', message: problems.join(' ') });
  })
  .meta({
    description:
      '12 to 128 printable ASCII characters without spaces, with a lowercase letter, an uppercase letter and a digit',
  });
export const resetSuperuserPasswordBodySchema = z
  .strictObject({ password: superuserPasswordSchema })
  .meta({ id: 'ResetSuperuserPasswordBody' });

// Firewall rules of a database.
// `description` may be null (none), and a PATCH's `cidr` too (keep it), as the origin's document says.
export const createPostgresFirewallRuleBodySchema = z
  .strictObject({ cidr: cidrSchema, description: descriptionSchema.nullable().optional() })
  .meta({ id: 'CreatePostgresFirewallRuleBody' });
export const updatePostgresFirewallRuleBodySchema = z
  .strictObject({
    cidr: cidrSchema.nullable().optional(),
    description: descriptionSchema.nullable().optional(),
  })
  .meta({ id: 'UpdatePostgresFirewallRuleBody' });
export const postgresFirewallRuleListSchema = listSchema(postgresFirewallRuleSchema).meta({
  id: 'PostgresFirewallRuleList',
});

// Metric destinations: basic auth (username and password) or a bearer token (decision 084).
const httpsUrl = (field: string) =>
  z
    .string(requiredString(field))
    .max(2000, `${field} must be at most 2000 characters.`)
    // The origin's `validate_url`: the scheme first, then a URL with a host.
    .superRefine((url, ctx) => {
      const scheme = /^([a-z][a-z0-9+.-]*):/i.exec(url)?.[1]?.toLowerCase();
      if (scheme !== 'https')
        ctx.addIssue({
          code: 'custom',
          message: 'Invalid URL scheme. Only https URLs are supported.',
        });
      else if (!URL.canParse(url) || new URL(url).hostname === '')
        ctx.addIssue({ code: 'custom', message: 'Invalid URL' });
    });
/** Headers a Prometheus remote-write client may not set (the origin refuses them too). */
const RESERVED_HEADERS = new Set(
  'accept-encoding authorization connection content-encoding content-length content-type host keep-alive proxy-authenticate proxy-authorization user-agent www-authenticate x-amz-content-sha256 x-amz-date x-amz-security-token x-prometheus-remote-read-version x-prometheus-remote-write-version'.split(
    ' ',
  ),
);
/** An optional string where null and "" mean absent (the origin's `nonempty_str`). */
const optionalText = (field: string, max: number) =>
  z
    .string({ error: `${field} must be a string.` })
    .max(max, `${field} must be at most ${max} characters.`)
    .nullable()
    .optional()
    .transform((v) => (v ? v : undefined));
const AUTHORIZATION_MESSAGE =
  "options.authorization must be an object with a non-empty string 'credentials' and an optional string 'type'";
const HEADERS_MESSAGE = 'options.headers must be a flat object with string values';
/**
 * The origin's metric destination (decision 265): basic auth with username and password, and/or
 * `options` with `authorization` (`{type, credentials}`, a bearer token by default) and `headers`;
 * the same rules and messages as the origin's.
 */
export const createMetricDestinationBodySchema = z
  .strictObject({
    url: httpsUrl('url'),
    username: optionalText('username', 255),
    password: optionalText('password', 255),
    options: z
      .record(z.string(), z.unknown(), { error: 'options must be an object.' })
      .nullable()
      .optional()
      .transform((v) => v ?? undefined),
  })
  .superRefine((b, ctx) => {
    const fail = (path: string, message: string) =>
      ctx.addIssue({ code: 'custom', path: [path], message });
    if ((b.username === undefined) !== (b.password === undefined))
      return fail('username', 'must be set together with password');
    const o = b.options;
    if (o) {
      if (Object.keys(o).some((k) => k !== 'authorization' && k !== 'headers'))
        return fail('options', "options may only contain 'authorization' and 'headers'");
      if ('authorization' in o) {
        const a = o.authorization as Record<string, unknown> | null;
        const ok =
          typeof a === 'object' &&
          a !== null &&
          !Array.isArray(a) &&
          Object.keys(a).every((k) => k === 'type' || k === 'credentials') &&
          typeof a.credentials === 'string' &&
          a.credentials !== '';
        if (!ok) return fail('options', AUTHORIZATION_MESSAGE);
        const type = 'type' in a ? a.type : 'Bearer';
        if (typeof type !== 'string' || !type.trim())
          return fail('options', 'options.authorization.type must be a non-empty string');
        if (type.trim().toLowerCase() === 'basic')
          return fail(
            'options',
            'options.authorization.type cannot be basic, set username and password instead',
          );
        if (b.username !== undefined)
          return fail(
            'options',
            'options.authorization cannot be combined with username and password',
          );
      }
      if ('headers' in o) {
        const h = o.headers as Record<string, unknown> | null;
        if (
          typeof h !== 'object' ||
          h === null ||
          Array.isArray(h) ||
          !Object.values(h).every((v) => typeof v === 'string')
        )
          return fail('options', HEADERS_MESSAGE);
        const reserved = Object.keys(h).filter((k) => RESERVED_HEADERS.has(k.toLowerCase()));
        if (reserved.length)
          return fail('options', `options.headers cannot set ${reserved.join(', ')}`);
      }
    }
    const headers = o?.headers as Record<string, string> | undefined;
    if (
      b.username === undefined &&
      !(o && 'authorization' in o) &&
      !(headers && Object.keys(headers).length)
    )
      fail(
        'options',
        'no credentials given, set username and password, options.authorization, or options.headers',
      );
  })
  .meta({ id: 'CreatePostgresMetricDestinationBody' });
/** A metric destination without its secrets: which auth sections it configures (the origin's `auth_methods`). */
export const metricDestinationSchema = z
  .strictObject({
    id: z.string().regex(idPattern('postgresMetricDestination')),
    url: z.string(),
    username: z.string().nullable(),
    auth_methods: z.array(z.enum(['basic_auth', 'authorization', 'headers'])),
  })
  .meta({ id: 'PostgresMetricDestination' });
export const metricDestinationListSchema = listSchema(metricDestinationSchema).meta({
  id: 'PostgresMetricDestinationList',
});

// Log destinations: OTLP over HTTPS, syslog (RFC 5424) over TLS (decision 084).
export const LOG_DESTINATION_TYPES = ['otlp', 'syslog'] as const;
export const createLogDestinationBodySchema = z
  .strictObject({
    name: z
      .string(requiredString('name'))
      .min(1, 'name must not be empty.')
      .max(63, 'name must be at most 63 characters.'),
    type: z.enum(LOG_DESTINATION_TYPES, {
      error: (i) => (i.input === undefined ? 'type is required.' : 'type must be otlp or syslog.'),
    }),
    url: z.string(requiredString('url')).max(2000, 'url must be at most 2000 characters.'),
    options: z
      .strictObject({
        headers: z
          .record(z.string().min(1).max(128), z.string().max(4096), {
            error: 'options.headers must be an object of header names and values.',
          })
          .optional(),
        // SD-ID → {name: value}, as RFC 5424 nests them (the origin's shape).
        structured_data: z
          .record(
            z.string().min(1).max(128),
            z.record(z.string().min(1).max(128), z.string().max(4096)),
            {
              error:
                'options.structured_data must be an object mapping SD-IDs to key/value objects',
            },
          )
          .optional(),
      })
      .nullable()
      .optional(),
  })
  .superRefine((b, ctx) => {
    const scheme = b.type === 'otlp' ? 'https:' : 'tcp:';
    const ok =
      URL.canParse(b.url) &&
      new URL(b.url).protocol === scheme &&
      (b.type === 'otlp' || new URL(b.url).port !== '');
    if (!ok)
      ctx.addIssue({
        code: 'custom',
        path: ['url'],
        message:
          b.type === 'otlp'
            ? 'url must be an https:// URL for an otlp destination.'
            : 'url must be tcp://host:port for a syslog destination.',
      });
    if (b.type === 'otlp' && b.options?.structured_data)
      ctx.addIssue({
        code: 'custom',
        path: ['options', 'structured_data'],
        message: 'structured_data is for syslog destinations.',
      });
    if (b.type === 'syslog' && b.options?.headers)
      ctx.addIssue({
        code: 'custom',
        path: ['options', 'headers'],
        message: 'headers are for otlp destinations.',
      });
  })
  .meta({ id: 'CreatePostgresLogDestinationBody' });
export const logDestinationSchema = z
  .strictObject({
    id: z.string().regex(idPattern('postgresLogDestination')),
    name: z.string(),
    type: z.enum(LOG_DESTINATION_TYPES),
    url: z.string(),
  })
  .meta({ id: 'PostgresLogDestination' });
export const logDestinationListSchema = listSchema(logDestinationSchema).meta({
  id: 'PostgresLogDestinationList',
});

// Configuration.
export const postgresConfigSchema = z
  .strictObject({
    // Values are strings, as the origin answers them (a number given is kept as its text).
    pg_config: z.record(z.string(), z.string()),
    pgbouncer_config: z.record(z.string(), z.string()),
    default_pg_config: z.record(z.string(), z.string()).nullable().optional(),
    message: z.string().optional(),
  })
  .meta({ id: 'PostgresConfig' });
export const replaceConfigBodySchema = z
  .strictObject({
    // Both required, as the origin's replace requires them.
    pg_config: configObjectSchema('pg_config', { nullable: false }),
    pgbouncer_config: configObjectSchema('pgbouncer_config', { nullable: false }),
  })
  .meta({ id: 'ReplacePostgresConfigBody' });
export const updateConfigBodySchema = z
  .strictObject({
    pg_config: configObjectSchema('pg_config', { nullable: true }).optional(),
    pgbouncer_config: configObjectSchema('pgbouncer_config', { nullable: true }).optional(),
  })
  .meta({ id: 'UpdatePostgresConfigBody' });

// Backups (decision 080).
export const backupSchema = z
  .strictObject({ key: z.string(), last_modified: z.iso.datetime(), size: z.number().int() })
  .meta({ id: 'PostgresBackup' });
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
    /** The origin's server ID: `pv` and the body of its VM's ID. */
    id: z.string().regex(idPattern('postgresServer')),
    name: z.string(),
    role: z.enum(['primary', 'standby']),
    state: z.string(),
    /** A standby's replication: `catching_up` until it has the primary's data, then `ready`; the primary is `ready` (the origin's). */
    synchronization_status: z.enum(['catching_up', 'ready']),
    fallback_active: z.boolean(),
    /** The server's VM: its ID. */
    vm: z.string().regex(idPattern('vm')),
    vm_size: z.string(),
    target_vm_size: z.string(),
    storage_size_gib: z.number().int(),
    private_ipv4: z.string(),
    private_ipv6: z.string(),
    created_at: z.iso.datetime(),
  })
  .meta({ id: 'PostgresServer' });
export const postgresServerListSchema = listSchema(postgresServerSchema).meta({
  id: 'PostgresServerList',
});

// Logs (decision 085).
export const LOG_STREAMS = ['postgres', 'pgbouncer', 'upgrade'] as const;
/** The origin's severities (its log pipeline's names: PostgreSQL's LOG and NOTICE are INFO, WARNING is WARN, PANIC is FATAL). */
export const LOG_SEVERITIES = ['DEBUG', 'INFO', 'WARN', 'ERROR', 'FATAL'] as const;
export const LOG_SERVER_ROLES = ['primary', 'standby'] as const;
export const MAX_LOG_LINES = 500;
export const logsQuerySchema = z.object({
  start: rfc3339('start').optional(),
  end: rfc3339('end').optional(),
  stream_name: z
    .enum(LOG_STREAMS, { error: `stream_name must be one of ${LOG_STREAMS.join(', ')}.` })
    .optional(),
  server_role: z
    .enum(LOG_SERVER_ROLES, { error: 'server_role must be primary or standby.' })
    .optional(),
  // In any case, as the origin upper-cases it.
  severity_level: z
    .string()
    .transform((v) => v.toUpperCase())
    .pipe(
      z.enum(LOG_SEVERITIES, {
        error: `severity_level must be one of ${LOG_SEVERITIES.join(', ')}.`,
      }),
    )
    .optional(),
  // Its length and the number of lines are checked by the route, in the origin's words.
  query_pattern: z.string({ error: 'query_pattern must be a string.' }).optional(),
  max_log_lines: z
    .string({ error: 'max_log_lines must be a positive integer.' })
    .regex(/^\d{1,9}$/, 'max_log_lines must be a positive integer.')
    .transform(Number)
    .refine((n) => n >= 1, 'max_log_lines must be a positive integer.')
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
    /** The server that logged it: its ID (the origin's field) and its name. */
    server_ubid: z.string().regex(idPattern('postgresServer')),
    server: z.string(),
  })
  .meta({ id: 'PostgresLogLine' });
/** A page of lines, oldest first; `pagination_key` asks for the lines before them (absent: none left, as the origin answers). */
export const logsSchema = z
  .strictObject({ logs: z.array(logLineSchema), pagination_key: z.string().optional() })
  .meta({ id: 'PostgresLogs' });

// Metrics (decision 086): series as the origin serves them, [unix seconds, "value"] pairs, with
// the origin's keys (`lib/metrics.rb` POSTGRES_METRICS).
export const METRIC_KEYS = [
  ...HOST_METRIC_KEYS,
  'connection_count',
  'cache_hit_ratio',
  'operation_throughput',
  'deadlocks',
  'database_size',
  'transactions',
] as const;
export const metricsQuerySchema = metricsQuery(METRIC_KEYS);
export const metricsSchema = metricsAnswer('PostgresMetrics');

// Client certificates (decision 087).
export const CERT_USER_MESSAGE =
  'name must be a PostgreSQL role name: a letter or underscore, then letters, digits or underscores, at most 63 characters.';
const certUserName = z
  .string(requiredString('name'))
  .regex(/^[a-z_][a-z0-9_]{0,62}$/, CERT_USER_MESSAGE);
export const certUserBodySchema = z
  .strictObject({ name: certUserName })
  .meta({ id: 'PostgresCertUserBody' });
export const certUsersSchema = z
  .strictObject({ items: z.array(z.string()) })
  .meta({ id: 'PostgresCertUsers' });
/** The origin's limit: about a year. */
export const CERT_MAX_DURATION = 366 * 24 * 3600;
export const clientKeypairBodySchema = z
  .strictObject({
    common_name: z
      .string(requiredString('common_name'))
      .regex(
        /^[a-zA-Z0-9_-]{1,64}$/,
        'Common Name must only contain alphanumeric characters, underscores, and hyphens. It must not exceed 64 characters.',
      )
      .refine(
        (n) => n !== 'postgres' && n !== 'ubi_replication',
        'Common Name must not be postgres or ubi_replication.',
      ),
    duration: intField('duration is required: a positive number of seconds.').pipe(
      z
        .number()
        .positive('duration must be a positive number of seconds.')
        .max(CERT_MAX_DURATION, 'Certificate expiry should be less than 367 days.'),
    ),
  })
  .meta({ id: 'CreatePostgresClientKeypairBody' });

// Upgrade.
export const upgradeStatusSchema = z
  .strictObject({
    current_version: z.string(),
    target_version: z.string(),
    upgrade_status: z.string(),
    upgrade_stage: z.string().nullable(),
  })
  .meta({ id: 'PostgresUpgradeStatus' });

// Capabilities: the origin's option tree (flavor → location → family → size → storage_size → ha_type, version under flavor).
export const capabilitiesSchema = z
  .strictObject({
    option_tree: z.record(z.string(), z.unknown()),
    metadata: z.strictObject({
      flavor: z.record(z.string(), z.strictObject({ display_name: z.string() })),
      location: z.record(
        z.string(),
        z.strictObject({ display_name: z.string(), ui_name: z.string(), provider: z.string() }),
      ),
      family: z.record(
        z.string(),
        z.strictObject({ display_name: z.string(), category: z.string() }),
      ),
      size: z.record(
        z.string(),
        z.strictObject({
          display_name: z.string(),
          vcpu: z.number().int(),
          vcpus: z.number().int(),
          memory_gib: z.number(),
          monthly_usd: z.number(),
        }),
      ),
      ha_type: z.record(
        z.string(),
        z.strictObject({
          display_name: z.string(),
          standby_count: z.number().int(),
          description: z.string(),
        }),
      ),
    }),
  })
  .meta({ id: 'PostgresCapabilities' });

const pgRef = z.strictObject({ ...currentLoc, postgres_database_reference: referenceSchema });
const pgRuleRef = z.strictObject({
  ...currentLoc,
  postgres_database_reference: referenceSchema,
  postgres_firewall_rule_id: idOf('postgresFirewallRule', 'PostgreSQL firewall rule'),
});
const pgMetricRef = z.strictObject({
  ...currentLoc,
  postgres_database_reference: referenceSchema,
  // The origin's pattern also takes its metric destinations' former prefix `et`: such an ID is
  // simply not found, and its delete answers 204 as for one already gone.
  metric_destination_id: z
    .string()
    .regex(new RegExp(`^(et|md)${ID_BODY}$`), 'Must be a metric destination ID.'),
});
const pgLogRef = z.strictObject({
  ...currentLoc,
  postgres_database_reference: referenceSchema,
  log_destination_id: idOf('postgresLogDestination', 'log destination'),
});
const PG = `${P}/location/{location}/postgres/{postgres_database_reference}`;
const pg = { ...current, tag: 'Postgres Database' } as const;
const rule = { ...current, tag: 'Postgres Firewall Rule' } as const;
const metricDest = { ...current, tag: 'Postgres Metric Destination' } as const;
const logDest = { ...current, tag: 'Postgres Log Destination' } as const;
/** An action on one database that answers it (detailed). */
const action = (segment: string, summary: string) =>
  route({
    ...pg,
    method: 'post',
    path: `${PG}/${segment}`,
    summary,
    params: pgRef,
    response: postgresDetailSchema,
  });

export const postgresRoutes = {
  listPostgresDatabases: route({
    ...pg,
    method: 'get',
    path: `${P}/postgres`,
    summary:
      'List the PostgreSQL databases of the project in all locations (tags=key:value,… keeps those with all these tags)',
    params: inProject,
    query: paginationQuerySchema.extend({
      // The origin's filter: comma-separated key:value pairs.
      tags: z.string({ error: 'Invalid tag format. Expected format: key:value' }).optional(),
    }),
    response: postgresListSchema,
  }),
  getPostgresCapabilities: route({
    ...pg,
    method: 'get',
    path: `${P}/postgres/capabilities`,
    summary:
      'What can be created where: the option tree of flavors, locations, sizes, storage, HA and versions',
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
  deletePostgresDatabase: route({
    ...pg,
    method: 'delete',
    path: PG,
    summary: 'Delete a PostgreSQL database with its servers',
    params: pgRef,
  }),
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
  recyclePostgresDatabase: action(
    'recycle',
    'Replace the servers of a running database with new ones',
  ),
  promotePostgresDatabase: action(
    'promote',
    'Promote a read replica to a database of its own (older path of promote-read-replica)',
  ),
  promotePostgresReadReplica: action(
    'promote-read-replica',
    'Promote a read replica to a database of its own',
  ),
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
  listPostgresBackups: route({
    ...pg,
    method: 'get',
    path: `${PG}/backup`,
    summary: 'List the backups of the database',
    params: pgRef,
    response: backupListSchema,
  }),
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
    summary:
      'Log lines of the database: the newest page, oldest first; pagination_key asks for older ones',
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
  getPostgresUpgrade: route({
    ...pg,
    method: 'get',
    path: `${PG}/upgrade`,
    summary: 'The status of the major version upgrade',
    params: pgRef,
    response: upgradeStatusSchema,
  }),
  upgradePostgresDatabase: route({
    ...pg,
    method: 'post',
    path: `${PG}/upgrade`,
    summary: 'Upgrade to the next major version',
    params: pgRef,
    response: upgradeStatusSchema,
  }),
  createPostgresClientKeypair: route({
    ...pg,
    method: 'post',
    path: `${PG}/cert/create-client-keypair`,
    summary:
      'A private key and a client certificate for common_name, valid for duration seconds, signed by the database’s CA',
    params: pgRef,
    body: clientKeypairBodySchema,
    response: z.string(),
    responseType: 'application/x-pem-file',
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
  deletePostgresLogDestination: route({
    ...logDest,
    method: 'delete',
    path: `${PG}/log-destination/{log_destination_id}`,
    summary: 'Delete a log destination',
    params: pgLogRef,
  }),
} as const satisfies RouteList;
