// Test harness: the real BFF over HTTP on a fresh database per test file, on SQLite or (with
// TEST_ENGINE=postgres) on a new database of the TEST_DATABASE_URL server.
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import type { AddressInfo } from 'node:net';
import { Writable } from 'node:stream';
import pg from 'pg';
import { pino } from 'pino';
import { expect } from 'vitest';
import type { z } from 'zod';
import { SESSION_COOKIE } from '#shared/api/auth';
import { boot } from '../src/boot.ts';
import { loadConfig } from '../src/config.ts';

export const engine = process.env.TEST_ENGINE === 'postgres' ? 'postgres' : 'sqlite';

export interface Reply {
  status: number;
  headers: Headers;
  body: any; // eslint-disable-line @typescript-eslint/no-explicit-any
  text: string;
}

export interface RequestOptions {
  token?: string;
  body?: unknown;
  rawBody?: string;
  headers?: Record<string, string>;
}

async function createPgDatabase(): Promise<{ url: string; drop: () => Promise<void> }> {
  const adminUrl = process.env.TEST_DATABASE_URL;
  if (!adminUrl) throw new Error('TEST_ENGINE=postgres needs TEST_DATABASE_URL');
  const name = `t_${Date.now().toString(36)}_${Math.random().toString(36).slice(2, 8)}`;
  const admin = new pg.Client({ connectionString: adminUrl });
  await admin.connect();
  await admin.query(`CREATE DATABASE ${name}`);
  await admin.end();
  const url = new URL(adminUrl);
  url.pathname = `/${name}`;
  return {
    url: url.toString(),
    async drop() {
      const c = new pg.Client({ connectionString: adminUrl });
      await c.connect();
      await c.query(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`);
      await c.end();
    },
  };
}

/** Environment for a test server's config, on the engine under test. */
export async function testDatabaseEnv(): Promise<{ env: Record<string, string>; cleanup: () => Promise<void> }> {
  if (engine === 'postgres') {
    const db = await createPgDatabase();
    return { env: { DATABASE_URL: db.url }, cleanup: db.drop };
  }
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'console-test-'));
  return { env: { DATA_DIR: dir }, cleanup: async () => fs.rmSync(dir, { recursive: true, force: true }) };
}

export async function startServer(env: Record<string, string> = {}) {
  const database = await testDatabaseEnv();
  const config = loadConfig({ LOG_LEVEL: 'info', PROVISION_DELAY_MS: '20', ...database.env, ...env });
  const logLines: string[] = [];
  const logger = pino(
    { level: config.logLevel },
    new Writable({
      write(chunk, _enc, done) {
        logLines.push(String(chunk));
        done();
      },
    }),
  );
  const { app, ctx, worker } = await boot(config, logger);
  await worker.start();
  const server = app.listen(0, '127.0.0.1');
  await new Promise<void>((resolve) => server.once('listening', resolve));
  const base = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;

  async function request(method: string, urlPath: string, opts: RequestOptions = {}): Promise<Reply> {
    const headers: Record<string, string> = { ...opts.headers };
    if (opts.token !== undefined) headers.authorization = `Bearer ${opts.token}`;
    let body: string | undefined = opts.rawBody;
    if (opts.body !== undefined) {
      body = JSON.stringify(opts.body);
      headers['content-type'] ??= 'application/json';
    }
    const res = await fetch(base + urlPath, { method, headers, body, redirect: 'manual' });
    const text = await res.text();
    let parsed: unknown = undefined;
    if (text && res.headers.get('content-type')?.includes('json')) parsed = JSON.parse(text);
    return { status: res.status, headers: res.headers, body: parsed, text };
  }

  let accounts = 0;
  /** Signs up a new account through the console endpoint and logs in through the API. */
  async function newAccount(email = `user${++accounts}-${Math.random().toString(36).slice(2, 7)}@example.com`, password = 'correct horse battery') {
    const signup = await request('POST', '/auth/signup', { body: { email, password }, headers: { origin: base } });
    expect(signup.status, signup.text).toBe(200);
    const cookie = signup.headers.get('set-cookie')!.match(new RegExp(`${SESSION_COOKIE}=([^;]+)`))![1]!;
    const token = await login(email, password);
    return { email, password, token, cookie, id: signup.body.account.id as string };
  }

  async function login(email: string, password: string): Promise<string> {
    const res = await request('POST', '/api/login', { body: { login: email, password } });
    expect(res.status, res.text).toBe(200);
    return res.headers.get('authorization')!;
  }

  return {
    base,
    ctx,
    config,
    logLines,
    request,
    newAccount,
    login,
    async close() {
      await new Promise<void>((resolve) => server.close(() => resolve()));
      server.closeAllConnections();
      await worker.stop();
      await ctx.db.destroy();
      await database.cleanup();
    },
  };
}

export type TestServer = Awaited<ReturnType<typeof startServer>>;

/** Asserts that a body matches a shared schema exactly (strict schemas reject extra keys). */
export function expectSchema<S extends z.ZodType>(schema: S, body: unknown): z.output<S> {
  const result = schema.safeParse(body);
  if (!result.success) throw new Error(`body does not match schema: ${JSON.stringify(result.error.issues)}\n${JSON.stringify(body)}`);
  return result.data;
}
