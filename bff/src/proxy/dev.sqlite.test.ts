// `npm run dev` (decision 223): one origin serves the console (from Vite, hot reload included)
// and the API, so cookies and CSRF work as in production. Spawns scripts/dev.mjs, waits for the
// BFF's banner, fetches, and stops it. It runs in the SQLite pass only: the database engine
// plays no part in it.
import { spawn } from 'node:child_process';
import fs from 'node:fs';
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, expect, test } from 'vitest';

const root = new URL('../../..', import.meta.url).pathname;

async function freePort(): Promise<number> {
  const server = http.createServer();
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  await new Promise((resolve) => server.close(resolve));
  return port;
}

const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'console-dev-'));
let base = '';
let output = '';
const dev = spawn(process.execPath, [path.join(root, 'scripts/dev.mjs')], {
  cwd: root,
  env: {
    PATH: process.env.PATH,
    HOME: process.env.HOME,
    PORT: String(await freePort()),
    VITE_PORT: String(await freePort()),
    DATA_DIR: dataDir,
    LOG_LEVEL: 'warn',
  },
  stdio: ['ignore', 'pipe', 'pipe'],
  detached: true, // its own process group: the BFF's watcher and Vite stop with it
});
const exited = new Promise<void>((resolve) => dev.on('exit', () => resolve()));

beforeAll(async () => {
  base = await new Promise<string>((resolve, reject) => {
    const read = (d: Buffer) => {
      output += d;
      const m = /listening on (http:\/\/\S+?) /.exec(output);
      if (m) resolve(m[1]!);
    };
    dev.stdout.on('data', read);
    dev.stderr.on('data', read);
    dev.on('exit', (code) => reject(new Error(`npm run dev exited ${code}: ${output}`)));
  });
}, 120_000);

afterAll(async () => {
  if (dev.exitCode === null) process.kill(-dev.pid!, 'SIGTERM');
  await exited;
  fs.rmSync(dataDir, { recursive: true, force: true });
}, 60_000);

test(
  'one port serves the console from Vite (with its hot-reload client), the API and the console session',
  { timeout: 120_000 },
  async () => {
    const index = await fetch(`${base}/projects`);
    expect(index.status).toBe(200);
    const html = await index.text();
    expect(html).toContain('/@vite/client');
    // Vite's development page runs inline scripts: the production policy is not sent with it.
    expect(index.headers.get('content-security-policy')).toBeNull();
    const client = await fetch(`${base}/@vite/client`);
    expect(client.status).toBe(200);

    const doc = await fetch(`${base}/api/openapi.json`);
    expect(doc.status).toBe(200);
    expect(((await doc.json()) as { openapi: string }).openapi).toMatch(/^3\./);
    const session = await fetch(`${base}/auth/session`);
    expect(session.status).toBe(401);
    expect(await session.json()).toMatchObject({ error: { type: 'NotAuthenticated' } });

    // The hot-reload socket upgrades through the same port.
    const token = /wsToken = "([^"]+)"/.exec(await client.text())?.[1] ?? '';
    const status = await new Promise<number | undefined>((resolve, reject) => {
      const req = http.request(`${base}/?token=${encodeURIComponent(token)}`, {
        headers: {
          Connection: 'Upgrade',
          Upgrade: 'websocket',
          'Sec-WebSocket-Version': '13',
          'Sec-WebSocket-Key': 'dGhlIHNhbXBsZSBub25jZQ==',
          'Sec-WebSocket-Protocol': 'vite-hmr',
        },
      });
      req.on('upgrade', (res, socket) => {
        socket.destroy();
        resolve(res.statusCode);
      });
      req.on('response', (res) => resolve(res.statusCode));
      req.on('error', reject);
      req.end();
    });
    expect(status).toBe(101);
  },
);
