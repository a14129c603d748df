// Test harness: the real BFF over HTTP on a fresh database per test file, on SQLite or (with
// TEST_ENGINE=postgres) on a new database of the TEST_DATABASE_URL server.
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import type { AddressInfo } from 'node:net';
import { Writable } from 'node:stream';
import pg from 'pg';
import { pino } from 'pino';
import { afterAll, expect, inject } from 'vitest';
import type { z } from 'zod';
import { SESSION_COOKIE } from '#shared/api/auth';
import { linkToken, VERIFY_PAGE } from '#shared/api/verification';
import {
  fillPath,
  routes,
  type BodyInputOf,
  type OperationId,
  type ParamsOf,
  type ResponseOf,
  type RouteDef,
  type Routes,
} from '#shared/routes';
import { boot } from '../src/boot.ts';
import { openDatabase } from '../src/db/database.ts';
import { loadConfig } from '../src/config.ts';
import { listen } from '../src/http/listen.ts';
import { checkSuccess } from './contract.ts';

export { routeOf } from './contract.ts';

export const engine = process.env.TEST_ENGINE === 'postgres' ? 'postgres' : 'sqlite';

// eslint-disable-next-line @typescript-eslint/no-explicit-any -- untyped answers are read freely in tests
export interface Reply<B = any> {
  status: number;
  headers: Headers;
  /** The parsed JSON body (typed for a 2xx answer of `call`; error bodies are checked with the fixtures' expectError). */
  body: B;
  text: string;
}

type QueryInputOf<Op extends OperationId> = Routes[Op] extends { query: infer Q extends z.ZodType }
  ? Partial<Record<keyof z.input<Q>, string | number>>
  : never;

/** What `call` sends: path values, query, body, credentials and headers, typed from the route table. */
export interface CallOptions<Op extends OperationId> {
  params?: ParamsOf<Op>;
  query?: QueryInputOf<Op> & Record<string, string | number>;
  body?: BodyInputOf<Op>;
  /** A body the route's schema does not accept (for tests of bad input). */
  invalidBody?: unknown;
  rawBody?: string;
  token?: string;
  headers?: Record<string, string>;
}

/** The URL path (with query string) of a route, filled with `params`. */
export function routeUrl(
  route: RouteDef,
  params: Record<string, string> = {},
  query: Record<string, string | number> = {},
): string {
  const qs = new URLSearchParams(Object.entries(query).map(([k, v]) => [k, String(v)])).toString();
  return route.base + fillPath(route.path, params) + (qs ? `?${qs}` : '');
}

export interface RequestOptions {
  token?: string;
  body?: unknown;
  rawBody?: string;
  headers?: Record<string, string>;
}

async function createPgDatabase(
  template: string | undefined,
): Promise<{ url: string; drop: () => Promise<void> }> {
  const adminUrl = process.env.TEST_DATABASE_URL;
  if (!adminUrl) throw new Error('TEST_ENGINE=postgres needs TEST_DATABASE_URL');
  const name = `t_${Date.now().toString(36)}_${Math.random().toString(36).slice(2, 8)}`;
  const admin = new pg.Client({ connectionString: adminUrl });
  await admin.connect();
  await admin.query(`CREATE DATABASE ${name}${template ? ` TEMPLATE ${template}` : ''}`);
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

/**
 * Environment for a test server's config, on the engine under test. On PostgreSQL the database
 * is a copy of one migrated once for the run (bff/test/pg-template.ts), unless `empty` (for
 * tests of the migrations themselves).
 */
export async function testDatabaseEnv(
  opts: { empty?: boolean } = {},
): Promise<{ env: Record<string, string>; cleanup: () => Promise<void> }> {
  if (engine === 'postgres') {
    const db = await createPgDatabase(opts.empty ? undefined : inject('pgTemplate'));
    return { env: { DATABASE_URL: db.url }, cleanup: db.drop };
  }
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'console-test-'));
  return {
    env: { DATA_DIR: dir },
    cleanup: async () => fs.rmSync(dir, { recursive: true, force: true }),
  };
}

/**
 * A response's text; of an event stream (which never ends by itself), what the server wrote
 * first, then the connection is closed: the generated suites call every route, the stream too.
 */
export async function readBody(res: Response): Promise<string> {
  if (!res.headers.get('content-type')?.startsWith('text/event-stream') || !res.body)
    return res.text();
  const reader = res.body.getReader();
  const first = await reader.read();
  await reader.cancel();
  return first.value ? new TextDecoder().decode(first.value) : '';
}

/** The test-mode token of every test server (sent in the Test-Mode-Token header). */
export const TEST_MODE_TOKEN = 'harness-test-mode-token-0123456789abcdef';

export async function startServer(env: Record<string, string> = {}) {
  const database = await testDatabaseEnv();
  // Every test signs its accounts up from 127.0.0.1: the per-address sign-up limit is lifted.
  // Test mode is on, so the suites that go through every route of the table reach its _test
  // routes too (testmode.test.ts checks a server without it).
  const config = loadConfig({
    LOG_LEVEL: 'info',
    PROVISION_DELAY_MS: '20',
    SIGNUP_MAX_PER_IP: '1000000',
    TEST_MODE: '1',
    TEST_MODE_TOKEN,
    ...database.env,
    ...env,
  });
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
  const server = await listen(app, config, 0, '127.0.0.1');
  const base = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  if (!config.publicUrl) ctx.publicUrl = base;

  async function request(
    method: string,
    urlPath: string,
    opts: RequestOptions = {},
  ): Promise<Reply> {
    const headers: Record<string, string> = { ...opts.headers };
    if (opts.token !== undefined) headers.authorization = `Bearer ${opts.token}`;
    let body: string | undefined = opts.rawBody;
    if (opts.body !== undefined) {
      body = JSON.stringify(opts.body);
      headers['content-type'] ??= 'application/json';
    }
    const res = await fetch(base + urlPath, { method, headers, body, redirect: 'manual' });
    const text = await readBody(res);
    checkSuccess(method, urlPath, res.status, text, res.headers.get('content-type'));
    let parsed: unknown = undefined;
    if (text && res.headers.get('content-type')?.includes('json')) parsed = JSON.parse(text);
    return { status: res.status, headers: res.headers, body: parsed, text };
  }

  /** A request to a route of the table, by operation ID (untyped; `call` is the typed form). */
  function callRoute(
    r: RouteDef,
    opts: Omit<CallOptions<OperationId>, 'params' | 'query' | 'body'> & {
      params?: unknown;
      query?: unknown;
      body?: unknown;
    } = {},
  ): Promise<Reply> {
    const { params, query, body, invalidBody, ...rest } = opts;
    const url = routeUrl(
      r,
      params as Record<string, string>,
      query as Record<string, string | number>,
    );
    return request(r.method.toUpperCase(), url, { ...rest, body: body ?? invalidBody });
  }

  /** A request to the route `op` of the table, typed from it. */
  function call<Op extends OperationId>(
    op: Op,
    opts: CallOptions<Op> = {},
  ): Promise<Reply<ResponseOf<Op>>> {
    return callRoute(routes[op], opts);
  }

  /** The token of the newest link to a console page (VERIFY_PAGE, RESET_PAGE) mailed to `to`, read from the development outbox. */
  async function mailedToken(to: string, page: string): Promise<string> {
    const res = await call('listOutbox', { query: { to } });
    expect(res.status, res.text).toBe(200);
    const token = res.body.items.map((m) => linkToken(m.text, page)).find((t) => t !== undefined);
    if (!token) throw new Error(`no ${page} link mailed to ${to}: ${res.text}`);
    return token;
  }

  /** Follows a verification link as the console's page does: answers the session cookie and the account. */
  async function verifyEmail(token: string) {
    const res = await call('verifyEmail', { body: { token }, headers: { origin: base } });
    expect(res.status, res.text).toBe(200);
    const cookie = res.headers
      .get('set-cookie')!
      .match(new RegExp(`${SESSION_COOKIE}=([^;]+)`))![1]!;
    return { cookie, account: res.body.account };
  }

  let accounts = 0;
  /** Signs up a new account through the console endpoint, verifies it with the mailed link (signed in) and logs in through the API. */
  async function newAccount(
    email = `user${++accounts}-${Math.random().toString(36).slice(2, 7)}@example.com`,
    password = 'correct horse battery',
  ) {
    const signup = await call('consoleSignup', {
      body: { email, password },
      headers: { origin: base },
    });
    expect(signup.status, signup.text).toBe(204);
    const { cookie, account } = await verifyEmail(await mailedToken(email, VERIFY_PAGE));
    const token = await login(email, password);
    return { email, password, token, cookie, id: account.id };
  }

  async function login(email: string, password: string): Promise<string> {
    const res = await call('login', { body: { login: email, password } });
    expect(res.status, res.text).toBe(200);
    return res.headers.get('authorization')!;
  }

  return {
    base,
    ctx,
    config,
    /** The server's job worker: a test may stop it to hold an object in a transitional state, then start it again. */
    worker,
    logLines,
    request,
    call,
    callRoute,
    newAccount,
    mailedToken,
    verifyEmail,
    login,
    async close() {
      ctx.events.endStreams();
      const closed = new Promise<void>((resolve) => server.close(() => resolve()));
      // The tests are done: no connection is waited for (a client may hold one open that never
      // sent a request, which server.close does not count as idle).
      server.closeAllConnections();
      await closed;
      await worker.stop();
      await ctx.events.close();
      await ctx.db.destroy();
      await database.cleanup();
    },
  };
}

export type TestServer = Awaited<ReturnType<typeof startServer>>;

/** Asserts that a body matches a shared schema exactly (strict schemas reject extra keys). */
export function expectSchema<S extends z.ZodType>(schema: S, body: unknown): z.output<S> {
  const result = schema.safeParse(body);
  if (!result.success)
    throw new Error(
      `body does not match schema: ${JSON.stringify(result.error.issues)}\n${JSON.stringify(body)}`,
    );
  return result.data;
}

/**
 * For a migration test: one database that servers started one after another share (each sees
 * what the one before left), all closed with the file; `open` is a direct handle to rewrite rows
 * as an older server wrote them; `stop` closes a server before the next one starts.
 */
export async function sharedDatabaseForFile() {
  const database = await testDatabaseEnv();
  const servers: TestServer[] = [];
  afterAll(async () => {
    for (const s of servers) await s.close();
    await database.cleanup();
  });
  return {
    boot: async () => {
      const server = await startServer(database.env);
      servers.push(server);
      return server;
    },
    stop: async (server: TestServer) => {
      await server.close();
      servers.splice(servers.indexOf(server), 1);
    },
    open: () =>
      openDatabase({ databaseUrl: database.env.DATABASE_URL, dataDir: database.env.DATA_DIR ?? '' })
        .db,
  };
}

/** A server for the whole test file, closed after its tests: `const t = await serverForFile();` at the top level. */
export async function serverForFile(env: Record<string, string> = {}): Promise<TestServer> {
  const t = await startServer(env);
  afterAll(() => t.close());
  return t;
}

/** A kind's test servers: `t`, and `slow`, whose jobs never come due (objects stay in their transitional states). */
export async function kindServers(): Promise<{ t: TestServer; slow: TestServer }> {
  return { t: await serverForFile(), slow: await serverForFile({ PROVISION_DELAY_MS: '600000' }) };
}
