// The only module that reads process.env. A bad value stops the start with one line that
// names the variable.
import path from 'node:path';
import { z } from 'zod';

const intIn = (min: number, max: number) =>
  z
    .string()
    .regex(/^\d+$/, `must be a whole number from ${min} to ${max}`)
    .transform(Number)
    .refine((n) => n >= min && n <= max, `must be a whole number from ${min} to ${max}`);

const envSchema = z.object({
  PORT: intIn(0, 65535).default(3000),
  HOST: z.string().min(1).default('127.0.0.1'),
  DATA_DIR: z.string().min(1).default('./data'),
  DATABASE_URL: z
    .string()
    .regex(/^postgres(ql)?:\/\//, 'must be a postgres:// or postgresql:// URL')
    .optional(),
  JWT_SECRET: z
    .string()
    .refine((s) => Buffer.byteLength(s) >= 32, 'must be at least 32 bytes long')
    .optional(),
  ADMIN_EMAIL: z.email('must be an e-mail address').optional(),
  ADMIN_PASSWORD: z.string().min(8, 'must be at least 8 characters').optional(),
  SIGNUP: z.enum(['open', 'closed'], { error: 'must be "open" or "closed"' }).default('open'),
  PROVISION_DELAY_MS: intIn(0, 3_600_000).default(3000),
  SERVICE_DOMAIN: z
    .string()
    .regex(/^[a-z0-9]([a-z0-9-]*[a-z0-9])?(\.[a-z0-9]([a-z0-9-]*[a-z0-9])?)+$/, 'must be a DNS domain such as example.com')
    .default('cloud.example.com'),
  PROJECT_QUOTA: intIn(1, 1_000_000).default(1000),
  LOG_LEVEL: z
    .enum(['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent'], {
      error: 'must be one of fatal, error, warn, info, debug, trace, silent',
    })
    .default('info'),
});

export type Config = {
  port: number;
  host: string;
  dataDir: string;
  databaseUrl?: string;
  jwtSecret?: string;
  adminEmail?: string;
  adminPassword?: string;
  signup: 'open' | 'closed';
  provisionDelayMs: number;
  serviceDomain: string;
  logLevel: string;
  projectQuota: number;
};

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
    throw new ConfigError('Invalid ADMIN_PASSWORD: ADMIN_EMAIL and ADMIN_PASSWORD must be set together');
  }
  return {
    port: e.PORT,
    host: e.HOST,
    dataDir: path.resolve(e.DATA_DIR),
    databaseUrl: e.DATABASE_URL,
    jwtSecret: e.JWT_SECRET,
    adminEmail: e.ADMIN_EMAIL?.toLowerCase(),
    adminPassword: e.ADMIN_PASSWORD,
    signup: e.SIGNUP,
    provisionDelayMs: e.PROVISION_DELAY_MS,
    serviceDomain: e.SERVICE_DOMAIN,
    logLevel: e.LOG_LEVEL,
    projectQuota: e.PROJECT_QUOTA,
  };
}
