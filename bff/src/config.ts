// The only module that reads process.env. A bad value stops the start with one line that
// names the variable.
import net from 'node:net';
import path from 'node:path';
import { z } from 'zod';
import { PROJECT_DELETE_WAIT_DEFAULT_MS } from '#shared/api/project';
import { kinds, projectKinds } from '#shared/routes';

const intIn = (min: number, max: number) =>
  z
    .string()
    .regex(/^\d+$/, `must be a whole number from ${min} to ${max}`)
    .transform(Number)
    .refine((n) => n >= min && n <= max, `must be a whole number from ${min} to ${max}`);

/** The kinds' limits (behaviour.md §13), each with its own setting, e.g. VM_QUOTA. */
const kindQuotas = [...kinds, ...projectKinds].flatMap((k) =>
  [k.quota, k.childQuota].filter((q) => q !== undefined),
);

/** An address, a CIDR range or one of the names Express's `trust proxy` knows. */
function trustedAddress(a: string): boolean {
  if (['loopback', 'linklocal', 'uniquelocal'].includes(a)) return true;
  const [ip, bits, extra] = a.split('/');
  const family = net.isIP(ip ?? '');
  if (!family || extra !== undefined) return false;
  return (
    bits === undefined || (/^\d{1,3}$/.test(bits) && Number(bits) <= (family === 4 ? 32 : 128))
  );
}

const envSchema = z.object({
  PORT: intIn(0, 65535).default(3000),
  HOST: z.string().min(1).default('127.0.0.1'),
  DATA_DIR: z.string().min(1).default('./data'),
  DATABASE_URL: z
    .string()
    .regex(/^postgres(ql)?:\/\//, 'must be a postgres:// or postgresql:// URL')
    .optional(),
  DATABASE_PREPARED_STATEMENTS: z
    .enum(['on', 'off'], { error: 'must be "on" or "off"' })
    .default('on'),
  JWT_SECRET: z
    .string()
    .refine((s) => Buffer.byteLength(s) >= 32, 'must be at least 32 bytes long')
    .optional(),
  ADMIN_EMAIL: z.email('must be an e-mail address').optional(),
  ADMIN_PASSWORD: z.string().min(8, 'must be at least 8 characters').optional(),
  SMTP_URL: z.url({ protocol: /^smtps?$/, error: 'must be an smtp:// or smtps:// URL' }).optional(),
  MAIL_FROM: z.string().min(3).max(320).optional(),
  SIGNUP: z.enum(['open', 'closed'], { error: 'must be "open" or "closed"' }).default('open'),
  PROVISION_DELAY_MS: intIn(0, 3_600_000).default(3000),
  SERVICE_DOMAIN: z
    .string()
    .regex(
      /^[a-z0-9]([a-z0-9-]*[a-z0-9])?(\.[a-z0-9]([a-z0-9-]*[a-z0-9])?)+$/,
      'must be a DNS domain such as example.com',
    )
    .default('cloud.example.com'),
  PROJECT_QUOTA: intIn(1, 1_000_000).default(1000),
  PROJECT_DELETE_WAIT_MS: intIn(0, 3_600_000).default(PROJECT_DELETE_WAIT_DEFAULT_MS),
  PUBLIC_URL: z
    .string()
    .regex(
      /^https?:\/\/[^/?#\s]+\/?$/,
      "must be the console's origin, such as https://console.example.com",
    )
    .optional(),
  // Express's `trust proxy` (decision 259): off, a hop count, or the proxies' addresses.
  TRUST_PROXY: z
    .string()
    .refine(
      (v) =>
        v === 'off' || /^\d{1,2}$/.test(v) || v.split(',').every((a) => trustedAddress(a.trim())),
      'must be off, a hop count such as 1, or addresses and ranges such as 10.0.0.1, 10.0.0.0/8 or loopback, comma-separated',
    )
    .default('off'),
  LOGIN_MAX_FAILURES: intIn(1, 1_000_000).default(5),
  LOGIN_MAX_FAILURES_PER_IP: intIn(1, 1_000_000).default(50),
  SIGNUP_MAX_PER_IP: intIn(1, 1_000_000).default(20),
  SIGNUP_MAX_PER_EMAIL: intIn(1, 1_000_000).default(5),
  HEADERS_TIMEOUT_MS: intIn(100, 600_000).default(10_000),
  REQUEST_TIMEOUT_MS: intIn(100, 3_600_000).default(30_000),
  // How long a create's answer is kept for its Idempotency-Key (decision 073): 24 h; at most 30 days.
  IDEMPOTENCY_TTL_MS: intIn(1, 2_592_000_000).default(86_400_000),
  // The code host (decision 141): a GitHub App when its ID and key are set; the simulated provider otherwise.
  GITHUB_API_URL: z
    .string()
    .regex(/^https?:\/\/[^?#\s]+$/, 'must be an http(s) URL such as https://api.github.com')
    .default('https://api.github.com'),
  GITHUB_APP_ID: z
    .string()
    .regex(/^\d{1,20}$/, "must be the GitHub App's numeric ID")
    .optional(),
  GITHUB_APP_PRIVATE_KEY: z
    .string()
    .transform((v) => v.replace(/\\n/g, '\n'))
    .refine(
      (v) => /-----BEGIN (RSA )?PRIVATE KEY-----/.test(v),
      "must be the GitHub App's private key (PEM)",
    )
    .optional(),
  GITHUB_WEBHOOK_SECRET: z.string().min(16, 'must be at least 16 characters').optional(),
  GITHUB_APP_INSTALL_URL: z
    .string()
    .regex(
      /^https?:\/\/[^\s#]+$/,
      'must be an http(s) URL such as https://github.com/apps/NAME/installations/new',
    )
    .optional(),
  // The event stream (decision 213): a heartbeat comment this often; a client that does not take
  // what was written within EVENTS_DRAIN_TIMEOUT_MS is dropped; the event table is polled this
  // often while streams are open (a safety net behind NOTIFY and the in-process pokes).
  EVENTS_HEARTBEAT_MS: intIn(10, 3_600_000).default(15_000),
  EVENTS_DRAIN_TIMEOUT_MS: intIn(10, 3_600_000).default(30_000),
  EVENTS_POLL_MS: intIn(10, 3_600_000).default(1000),
  // Webhooks (decision 216): development may send to http://, and webhooks and a database's
  // metric and log destinations may point to private or loopback addresses (net/public-target.ts).
  WEBHOOK_ALLOW_PRIVATE: z.enum(['0', '1'], { error: 'must be 0 or 1' }).default('0'),
  WEBHOOK_TIMEOUT_MS: intIn(100, 300_000).default(10_000),
  WEBHOOK_FIRST_RETRY_MS: intIn(1, 3_600_000).default(5000),
  WEBHOOK_RETRY_FOR_MS: intIn(1, 604_800_000).default(86_400_000),
  // Proxy mode (decision 220): this BFF keeps no resources and forwards the API to another deployment.
  UPSTREAM_API_URL: z
    .string()
    .regex(
      /^https?:\/\/[^?#\s]+$/,
      "must be the upstream API's http(s) URL, such as https://cloud.example.com/api",
    )
    .optional(),
  UPSTREAM_TIMEOUT_MS: intIn(100, 600_000).default(30_000),
  // Development only (scripts/dev.mjs): the console's assets and hot-reload socket come from this Vite server.
  DEV_VITE_URL: z
    .string()
    .regex(
      /^http:\/\/[^/?#\s]+\/?$/,
      "must be the Vite dev server's origin, such as http://127.0.0.1:5173",
    )
    .optional(),
  LOG_LEVEL: z
    .enum(['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent'], {
      error: 'must be one of fatal, error, warn, info, debug, trace, silent',
    })
    .default('info'),
  // Test mode (docs/testing.md): the /api/_test routes, magic names and fault rules; the
  // instance-level routes take TEST_MODE_TOKEN, required with it.
  TEST_MODE: z.enum(['0', '1'], { error: 'must be 0 or 1' }).default('0'),
  TEST_MODE_TOKEN: z.string().min(32, 'must be at least 32 characters').optional(),
  // Set by `npm start` (scripts/run-bundle.mjs), not by users: whether the bundle was compiled with its code cache.
  BUNDLE_CODE_CACHE: z.enum(['used', 'made', 'rejected']).optional(),
  ...Object.fromEntries(kindQuotas.map((q) => [q.setting, intIn(1, 1_000_000).default(q.default)])),
});

export type Config = {
  port: number;
  host: string;
  dataDir: string;
  databaseUrl?: string;
  /** On PostgreSQL, the query shapes as named prepared statements (decision 256); off for a pooler that cannot keep them. */
  preparedStatements: boolean;
  jwtSecret?: string;
  adminEmail?: string;
  adminPassword?: string;
  signup: 'open' | 'closed';
  /** Outgoing mail server; without it mails stay in the development outbox. */
  smtpUrl?: string;
  /** The From of every mail (MAIL_FROM); by default no-reply at the service domain. */
  mailFrom: string;
  provisionDelayMs: number;
  serviceDomain: string;
  logLevel: string;
  /** How `npm start` compiled the bundle (decision 254), for the start's log line; unset for the sources. */
  codeCache?: 'used' | 'made' | 'rejected';
  projectQuota: number;
  /** How long a forced project delete waits for the project to be gone before it answers 202 (the deletion goes on). */
  projectDeleteWaitMs: number;
  /** The kinds' limits by setting name (SUBNET_QUOTA, VM_QUOTA, FIREWALL_QUOTA, FIREWALL_RULE_QUOTA). */
  quotas: Quotas;
  /** The console's origin as browsers see it; https makes the session cookie `__Host-` and Secure. */
  publicUrl?: string;
  /** PUBLIC_URL is https: every session cookie is `__Host-` and Secure, whatever the request says. */
  secureCookies: boolean;
  /** Express's `trust proxy`: whom to believe about X-Forwarded-Proto, -For and -Host (false: nobody). */
  trustProxy: false | number | string[];
  /** Throttle limits (decision 066): login failures per 15 minutes, sign-ups per hour. */
  limits: {
    loginPerAccount: number;
    loginPerIp: number;
    signupPerIp: number;
    signupPerEmail: number;
  };
  headersTimeoutMs: number;
  requestTimeoutMs: number;
  idempotencyTtlMs: number;
  /** The event stream's heartbeat, slow-client bound and safety poll (decision 213). */
  events: { heartbeatMs: number; drainTimeoutMs: number; pollMs: number };
  /**
   * Proxy mode (decision 220): the upstream's address without its `/api` (`base`), the API's
   * URL as configured (`apiUrl`), and how long an answer may keep it waiting.
   */
  upstream?: { apiUrl: string; base: string; timeoutMs: number };
  /** `npm run dev`: the Vite dev server the console's assets are forwarded to (decision 223). */
  devViteUrl?: string;
  /** The GitHub App of the code host; absent: the simulated provider. */
  githubApp?: {
    apiUrl: string;
    appId: string;
    privateKey: string;
    webhookSecret?: string;
    installUrl?: string;
  };
  /** Outgoing webhooks (decisions 216 and 217). */
  webhooks: WebhookSettings;
  /** Test mode (docs/testing.md): absent when off; `token` is what the instance-level `_test` routes take. */
  testMode?: { token: string };
};

export interface WebhookSettings {
  /** Development: http:// webhook URLs, and private, loopback and link-local targets of every URL the server calls for a user (net/public-target.ts), are allowed. */
  allowPrivate: boolean;
  /** Per attempt, until the answer is read. */
  timeoutMs: number;
  /** The first retry's delay; each next one doubles (with jitter), up to an hour. */
  firstRetryMs: number;
  /** How long after its first attempt a delivery is retried before it fails. */
  retryForMs: number;
}

export type Quotas = Readonly<Record<string, number>>;

export class ConfigError extends Error {}

export function loadConfig(env: Record<string, string | undefined> = process.env): Config {
  // Empty strings count as unset, like most shells' `VAR= cmd`.
  const present = Object.fromEntries(Object.entries(env).filter(([, v]) => v !== ''));
  const parsed = envSchema.safeParse(present);
  if (!parsed.success) {
    const issue = parsed.error.issues[0]!;
    throw new ConfigError(`Invalid ${String(issue.path[0])}: ${issue.message}`);
  }
  const e = parsed.data;
  if ((e.ADMIN_EMAIL === undefined) !== (e.ADMIN_PASSWORD === undefined)) {
    throw new ConfigError(
      'Invalid ADMIN_PASSWORD: ADMIN_EMAIL and ADMIN_PASSWORD must be set together',
    );
  }
  if (e.HEADERS_TIMEOUT_MS > e.REQUEST_TIMEOUT_MS) {
    throw new ConfigError('Invalid HEADERS_TIMEOUT_MS: must not be more than REQUEST_TIMEOUT_MS');
  }
  if ((e.GITHUB_APP_ID === undefined) !== (e.GITHUB_APP_PRIVATE_KEY === undefined)) {
    throw new ConfigError(
      'Invalid GITHUB_APP_PRIVATE_KEY: GITHUB_APP_ID and GITHUB_APP_PRIVATE_KEY must be set together',
    );
  }
  if (e.TEST_MODE === '1' && e.TEST_MODE_TOKEN === undefined) {
    throw new ConfigError(
      'Invalid TEST_MODE_TOKEN: required with TEST_MODE=1 (at least 32 characters)',
    );
  }
  const publicUrl = e.PUBLIC_URL?.replace(/\/$/, '');
  return {
    port: e.PORT,
    host: e.HOST,
    dataDir: path.resolve(e.DATA_DIR),
    databaseUrl: e.DATABASE_URL,
    preparedStatements: e.DATABASE_PREPARED_STATEMENTS === 'on',
    jwtSecret: e.JWT_SECRET,
    adminEmail: e.ADMIN_EMAIL?.toLowerCase(),
    adminPassword: e.ADMIN_PASSWORD,
    signup: e.SIGNUP,
    smtpUrl: e.SMTP_URL,
    mailFrom: e.MAIL_FROM ?? `Cloud console <no-reply@${e.SERVICE_DOMAIN}>`,
    provisionDelayMs: e.PROVISION_DELAY_MS,
    serviceDomain: e.SERVICE_DOMAIN,
    logLevel: e.LOG_LEVEL,
    codeCache: e.BUNDLE_CODE_CACHE,
    projectQuota: e.PROJECT_QUOTA,
    projectDeleteWaitMs: e.PROJECT_DELETE_WAIT_MS,
    quotas: Object.fromEntries(
      kindQuotas.map((q) => [q.setting, (e as Record<string, unknown>)[q.setting] as number]),
    ),
    publicUrl,
    secureCookies: publicUrl?.startsWith('https://') ?? false,
    trustProxy:
      e.TRUST_PROXY === 'off'
        ? false
        : /^\d+$/.test(e.TRUST_PROXY)
          ? Number(e.TRUST_PROXY)
          : e.TRUST_PROXY.split(',').map((a) => a.trim()),
    limits: {
      loginPerAccount: e.LOGIN_MAX_FAILURES,
      loginPerIp: e.LOGIN_MAX_FAILURES_PER_IP,
      signupPerIp: e.SIGNUP_MAX_PER_IP,
      signupPerEmail: e.SIGNUP_MAX_PER_EMAIL,
    },
    headersTimeoutMs: e.HEADERS_TIMEOUT_MS,
    requestTimeoutMs: e.REQUEST_TIMEOUT_MS,
    idempotencyTtlMs: e.IDEMPOTENCY_TTL_MS,
    events: {
      heartbeatMs: e.EVENTS_HEARTBEAT_MS,
      drainTimeoutMs: e.EVENTS_DRAIN_TIMEOUT_MS,
      pollMs: e.EVENTS_POLL_MS,
    },
    upstream: e.UPSTREAM_API_URL
      ? upstreamOf(e.UPSTREAM_API_URL, e.UPSTREAM_TIMEOUT_MS)
      : undefined,
    devViteUrl: e.DEV_VITE_URL?.replace(/\/$/, ''),
    githubApp:
      e.GITHUB_APP_ID && e.GITHUB_APP_PRIVATE_KEY
        ? {
            apiUrl: e.GITHUB_API_URL,
            appId: e.GITHUB_APP_ID,
            privateKey: e.GITHUB_APP_PRIVATE_KEY,
            webhookSecret: e.GITHUB_WEBHOOK_SECRET,
            installUrl: e.GITHUB_APP_INSTALL_URL,
          }
        : undefined,
    webhooks: {
      allowPrivate: e.WEBHOOK_ALLOW_PRIVATE === '1',
      timeoutMs: e.WEBHOOK_TIMEOUT_MS,
      firstRetryMs: e.WEBHOOK_FIRST_RETRY_MS,
      retryForMs: e.WEBHOOK_RETRY_FOR_MS,
    },
    testMode: e.TEST_MODE === '1' ? { token: e.TEST_MODE_TOKEN! } : undefined,
  };
}

/** `https://h/api`, `https://h/api/` and `https://h` all name the API at `https://h/api`. */
function upstreamOf(url: string, timeoutMs: number): NonNullable<Config['upstream']> {
  const trimmed = url.replace(/\/+$/, '');
  const base = trimmed.replace(/\/api$/, '');
  return { apiUrl: `${base}/api`, base, timeoutMs };
}
