// The embedded database file turned read-only (issue 7, defects 2 and 4): the server starts on
// it (also when it lacks the seal keys, decision 248), reads keep working, writes and /readyz
// answer 503, the job worker backs off instead of spinning, and all of it recovers once the
// permissions are restored, without a restart.
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import SQLite from 'better-sqlite3';
import { afterAll, describe, expect, it } from 'vitest';
import {
  apiClient,
  eventually,
  loginToken,
  runServer,
  type ServerProcess,
} from '../../test/process.ts';

const KEY =
  'ssh-ed25519 AAAAC3NzaC1lZDI1NTE5AAAAIOMqqnkVzrm0SdG6UOoqKLsabgH5C9okWi0dh2l9GKJl test@example';
const ADMIN = { ADMIN_EMAIL: 'ops@example.com', ADMIN_PASSWORD: 'ops-password' };
// Root ignores file permissions: it then runs the server without the capabilities that let it
// (util-linux's setpriv, in every Debian). Still root, it reaches the checkout wherever it is,
// even inside a private 0700 folder, which another user such as nobody could not.
const WRAP =
  process.getuid?.() === 0
    ? ['setpriv', '--bounding-set', '-dac_override,-dac_read_search', '--']
    : [];

const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'console-readonly-'));
const running: ServerProcess[] = [];
afterAll(async () => {
  running.forEach((p) => p.kill('SIGKILL'));
  await Promise.all(running.map((p) => p.exited));
  fs.rmSync(dir, { recursive: true, force: true });
});

function start() {
  // A fixed JWT secret: a token made before the fault stays valid, and none has to be stored.
  const p = runServer(
    {
      DATA_DIR: dir,
      JWT_SECRET: 'read-only-test-secret-of-32-bytes!!',
      PROVISION_DELAY_MS: '2000',
      LOG_LEVEL: 'info',
      ...ADMIN,
    },
    WRAP,
  );
  running.push(p);
  return p;
}

/** The database file and its WAL companions, as they exist. */
function chmodDatabase(mode: number) {
  for (const suffix of ['', '-wal', '-shm']) {
    const file = path.join(dir, `console.sqlite${suffix}`);
    if (fs.existsSync(file)) fs.chmodSync(file, mode);
  }
}

const workerLines = (p: ServerProcess) =>
  p
    .output()
    .split('\n')
    .filter((l) => /"msg":"(job |database fault)/.test(l));

describe('a read-only SQLite database', () => {
  it('serves reads, answers writes and /readyz with 503, backs the worker off, and recovers when writable again', async () => {
    const first = start();
    const base = await first.listening;
    const token = await loginToken(base, ADMIN.ADMIN_EMAIL, ADMIN.ADMIN_PASSWORD);
    const call = apiClient(base, token);
    const project = (await call('POST', '/project', { name: 'before-fault' })).body;
    const vmPath = `/project/${project.id}/location/eu-north-h1/vm/pending`;
    expect((await call('POST', vmPath, { public_key: KEY })).status).toBe(200);
    // Stopped while the VM's job is still pending: the next process must finish it.
    first.kill('SIGTERM');
    expect(await first.exited).toBe(0);

    // As a database made before decision 248 is: the seal keys were made on first use, and none was used.
    const file = new SQLite(path.join(dir, 'console.sqlite'));
    file.prepare("delete from setting where key like '%_seal_key'").run();
    file.close();
    chmodDatabase(0o444);
    const second = start();
    const base2 = await second.listening;
    const call2 = apiClient(base2, token);

    const ready = await fetch(`${base2}/readyz`);
    expect(ready.status).toBe(503);
    expect((await ready.json()).error).toMatchObject({
      code: 503,
      type: 'ServiceUnavailable',
      message: expect.stringMatching(/read-only/),
    });

    const list = await call2('GET', '/project');
    expect(list.status).toBe(200);
    expect(list.body.items.map((p: { name: string }) => p.name)).toEqual(['before-fault']);
    expect((await call2('GET', vmPath)).body.state).toBe('creating');

    const write = await call2('POST', '/project', { name: 'during-fault' });
    expect(write.status).toBe(503);
    expect(write.body.error).toEqual({
      code: 503,
      type: 'ServiceUnavailable',
      message: expect.stringMatching(/read-only/),
      details: null,
    });
    expect(write.headers.get('retry-after')).toBe('5');
    // A legacy route answers in its own (flat) error body.
    const legacy = await call2('POST', `/project/${project.id}/location/eu-north-h1/vm/another`, {
      public_key: KEY,
    });
    expect(legacy.status).toBe(503);
    expect(legacy.body).toMatchObject({ code: 503, type: 'ServiceUnavailable' });

    // The worker's first write (voiding the leases) meets the fault: one line says so, and
    // none while it lasts (a second at least, here); a worker retrying every few milliseconds
    // logs hundreds of lines meanwhile. Its attempts are counted in the line that ends it.
    await second.waitFor(/"msg":"database fault: the job worker backs off"/, 20_000);
    await new Promise((r) => setTimeout(r, 1000));
    const lines = workerLines(second);
    console.info(`[faults] read-only SQLite: ${lines.length} worker log lines during the fault`);
    expect(lines).toHaveLength(1);
    expect(lines[0]).toContain('"outage":"read-only"');

    // The seal keys could not be made at start; they are made once the file is writable again.
    expect(second.output()).toMatch(/could not read or make the seal keys/);
    chmodDatabase(0o644);
    await eventually(
      async () => ((await fetch(`${base2}/readyz`)).status === 200 ? true : undefined),
      300,
      100,
    );
    expect((await call2('POST', '/project', { name: 'after-fault' })).status).toBe(200);
    await eventually(
      async () => ((await call2('GET', vmPath)).body.state === 'running' ? true : undefined),
      300,
      100,
    );
    await second.waitFor(/database fault over; the job worker resumes/, 1000);
    const over = workerLines(second).filter((l) => l.includes('database fault over'));
    expect(over).toHaveLength(1);
    // Retried while the fault lasted, but backing off: one attempt every 15-30 s once at the cap.
    const { attempts } = JSON.parse(over[0]!) as { attempts: number };
    console.info(`[faults] read-only SQLite: ${attempts} attempts during the fault`);
    expect(attempts).toBeGreaterThanOrEqual(2);
    expect(attempts).toBeLessThanOrEqual(20);
    const sealKeys = () => {
      const after = new SQLite(path.join(dir, 'console.sqlite'), { readonly: true });
      const keys = after
        .prepare("select key from setting where key like '%_seal_key' order by key")
        .all() as { key: string }[];
      after.close();
      return keys.map((k) => k.key);
    };
    await eventually(async () => (sealKeys().length === 3 ? true : undefined), 300, 100);
    expect(sealKeys()).toEqual(['proxy_seal_key', 'totp_seal_key', 'webhook_seal_key']);
    second.kill('SIGTERM');
    expect(await second.exited).toBe(0);
  }, 90_000);
});
