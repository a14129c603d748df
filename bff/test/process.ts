// Runs the real server as a child process (for shutdown, crash and multi-process tests).
import { spawn } from 'node:child_process';
import { once } from 'node:events';
import { afterAll, afterEach, beforeAll, vi } from 'vitest';
import { checkSuccess } from './contract.ts';
import { testDatabaseEnv } from './harness.ts';

const SERVER = new URL('../src/server.ts', import.meta.url).pathname;

export interface ServerProcess {
  /** Resolves to the base URL once the server listens; rejects if it exits first. */
  listening: Promise<string>;
  exited: Promise<number | null>;
  /** The process ID of the command run (Node's own, unless `wrap` runs it in a child). */
  pid: number;
  /** True until the process has exited. */
  running(): boolean;
  kill(signal: NodeJS.Signals): void;
  output(): string;
  errors(): string;
  /** Resolves when the output (stdout + stderr) matches; rejects after `timeoutMs` if given. */
  waitFor(text: RegExp, timeoutMs?: number): Promise<void>;
}

/**
 * `wrap`: a command that runs the server (`[...wrap, node, ...]`), such as one that drops
 * privileges. `entry`: Node's arguments, the TypeScript sources by default (a bundle's path instead).
 */
export function runServer(
  env: Record<string, string>,
  wrap: string[] = [],
  entry: string[] = ['--import', 'tsx', SERVER],
): ServerProcess {
  const [command, ...args] = [...wrap, process.execPath, ...entry];
  const child = spawn(command!, args, {
    env: { PATH: process.env.PATH, LOG_LEVEL: 'warn', PORT: '0', ...env },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let stdout = '';
  let stderr = '';
  const watchers = new Set<() => void>();
  const notify = () => watchers.forEach((w) => w());
  child.stdout.on('data', (d) => {
    stdout += d;
    notify();
  });
  child.stderr.on('data', (d) => {
    stderr += d;
    notify();
  });
  const exited = once(child, 'exit').then(([code]) => code as number | null);
  const listening = new Promise<string>((resolve, reject) => {
    const check = () => {
      const m = stdout.match(/listening on (http:\/\/\S+?) /);
      if (m) resolve(m[1]!);
    };
    watchers.add(check);
    exited.then((code) => reject(new Error(`server exited ${code}: ${stderr}`)));
  });
  listening.catch(() => {}); // awaited only by tests that expect a start
  return {
    listening,
    exited,
    pid: child.pid!,
    running: () => child.exitCode === null && child.signalCode === null,
    kill: (signal) => child.kill(signal),
    output: () => stdout,
    errors: () => stderr,
    waitFor(text, timeoutMs) {
      return new Promise((resolve, reject) => {
        const timer =
          timeoutMs === undefined
            ? undefined
            : setTimeout(() => {
                watchers.delete(check);
                reject(
                  new Error(
                    `no ${text} in the server output after ${timeoutMs} ms:\n${(stdout + stderr).slice(-2000)}`,
                  ),
                );
              }, timeoutMs);
        const check = () => {
          if (text.test(stdout + stderr)) {
            watchers.delete(check);
            clearTimeout(timer);
            resolve();
          }
        };
        watchers.add(check);
        check();
      });
    },
  };
}

/** The account every server started by `serverProcesses` creates at start. */
export const ADMIN = { ADMIN_EMAIL: 'ops@example.com', ADMIN_PASSWORD: 'ops-password' };

/**
 * Server processes on one fresh test database, each with the `ADMIN` account. Call it at the
 * top of a file or a describe: after those tests it kills what still runs, closes what was
 * handed to `onCleanup` (connections of the test's own) and drops the database.
 */
export function serverProcesses() {
  // A hang guard for the file's tests, not a speed check: each starts server processes, which
  // on a busy two-core machine take seconds each.
  vi.setConfig({ testTimeout: 120_000 });
  let database: Awaited<ReturnType<typeof testDatabaseEnv>>;
  const running: ServerProcess[] = [];
  const closers: (() => Promise<unknown>)[] = [];
  beforeAll(async () => {
    database = await testDatabaseEnv();
  });
  // A test's processes end with it, passed or failed: one that failed midway must not leave a
  // worker running on the database the file's next test uses.
  afterEach(async () => {
    const left = running.splice(0);
    left.forEach((p) => p.kill('SIGKILL'));
    await Promise.all(left.map((p) => p.exited));
  });
  afterAll(async () => {
    for (const close of closers) await close();
    await database.cleanup();
  });
  return {
    /** The environment that points a server at the test database. */
    env: () => database.env,
    /** `entry`: as for runServer (the TypeScript sources by default). */
    start(env: Record<string, string> = {}, entry?: string[]): ServerProcess {
      const p = runServer({ ...database.env, ...ADMIN, ...env }, [], entry);
      running.push(p);
      return p;
    },
    onCleanup(close: () => Promise<unknown>) {
      closers.push(close);
    },
  };
}

/** An API client for the server at `base`, logged in as `ADMIN`. */
export async function adminClient(base: string) {
  return apiClient(base, await loginToken(base, ADMIN.ADMIN_EMAIL, ADMIN.ADMIN_PASSWORD));
}

/** Logs in through the API and answers the bearer token. */
export async function loginToken(base: string, login: string, password: string): Promise<string> {
  const res = await fetch(`${base}/api/login`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ login, password }),
  });
  if (res.status !== 200) throw new Error(`login answered ${res.status}: ${await res.text()}`);
  return res.headers.get('authorization')!;
}

export interface Answer {
  status: number;
  headers: Headers;
  body: any; // eslint-disable-line @typescript-eslint/no-explicit-any
}

/** A client for `${base}/api` with a token; network failures reject, as with fetch. */
export function apiClient(base: string, token: string) {
  return async (method: string, path: string, body?: unknown): Promise<Answer> => {
    const res = await fetch(`${base}/api${path}`, {
      method,
      headers: {
        authorization: `Bearer ${token}`,
        ...(body ? { 'content-type': 'application/json' } : {}),
      },
      body: body ? JSON.stringify(body) : undefined,
    });
    const text = await res.text();
    checkSuccess(method, `/api${path}`, res.status, text, res.headers.get('content-type'));
    return { status: res.status, headers: res.headers, body: text ? JSON.parse(text) : undefined };
  };
}

/** Polls `probe` every `everyMs` until it returns a value (not undefined), at most `tries` times. */
export async function eventually<T>(
  probe: () => Promise<T | undefined>,
  tries = 500,
  everyMs = 20,
): Promise<T> {
  for (let i = 0; i < tries; i++) {
    const value = await probe();
    if (value !== undefined) return value;
    await new Promise((r) => setTimeout(r, everyMs));
  }
  throw new Error(`condition not met after ${tries} tries`);
}
