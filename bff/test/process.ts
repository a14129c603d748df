// Runs the real server as a child process (for shutdown, crash and multi-process tests).
import { spawn } from 'node:child_process';
import { once } from 'node:events';

const SERVER = new URL('../src/server.ts', import.meta.url).pathname;

export interface ServerProcess {
  /** Resolves to the base URL once the server listens; rejects if it exits first. */
  listening: Promise<string>;
  exited: Promise<number | null>;
  kill(signal: NodeJS.Signals): void;
  output(): string;
  errors(): string;
  /** Resolves when the output (stdout + stderr) matches. */
  waitFor(text: RegExp): Promise<void>;
}

export function runServer(env: Record<string, string>): ServerProcess {
  const child = spawn(process.execPath, ['--import', 'tsx', SERVER], {
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
    kill: (signal) => child.kill(signal),
    output: () => stdout,
    errors: () => stderr,
    waitFor(text) {
      return new Promise((resolve) => {
        const check = () => {
          if (text.test(stdout + stderr)) {
            watchers.delete(check);
            resolve();
          }
        };
        watchers.add(check);
        check();
      });
    },
  };
}

/** Polls `probe` every `everyMs` until it returns a value (not undefined), at most `tries` times. */
export async function eventually<T>(probe: () => Promise<T | undefined>, tries = 500, everyMs = 20): Promise<T> {
  for (let i = 0; i < tries; i++) {
    const value = await probe();
    if (value !== undefined) return value;
    await new Promise((r) => setTimeout(r, everyMs));
  }
  throw new Error(`condition not met after ${tries} tries`);
}
