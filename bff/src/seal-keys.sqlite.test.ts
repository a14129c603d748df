// The keys that seal secrets at rest are read (or made) when the server starts (decision 248):
// a seal made inside a transaction that holds the database's writer never waits for the key's
// insert, which would queue behind that same transaction and never run.
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { pino } from 'pino';
import { afterAll, describe, expect, it } from 'vitest';
import { boot } from './boot.ts';
import { loadConfig } from './config.ts';
import { sealSecret, unsealSecret } from './resources/webhook/webhook.store.ts';

const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'seal-keys-'));
const { ctx } = await boot(
  loadConfig({ DATA_DIR: dir, LOG_LEVEL: 'silent' }),
  pino({ level: 'silent' }),
);
const { db } = ctx;

afterAll(async () => {
  await db.destroy();
  fs.rmSync(dir, { recursive: true, force: true });
});

/** `p`, or a failure once `ms` have passed: a deadlock fails the test instead of hanging it. */
function within<T>(p: Promise<T>, ms: number): Promise<T> {
  return Promise.race([
    p,
    new Promise<T>((_, reject) =>
      setTimeout(() => reject(new Error(`still waiting after ${ms} ms`)), ms).unref(),
    ),
  ]);
}

describe('seal keys', () => {
  it('are in the database before the first seal', async () => {
    const keys = await db
      .selectFrom('setting')
      .select('key')
      .where('key', 'like', '%_seal_key')
      .orderBy('key')
      .execute();
    expect(keys.map((k) => k.key)).toEqual(['proxy_seal_key', 'totp_seal_key', 'webhook_seal_key']);
  });

  it('seal and unseal inside a transaction that holds the writer, on a fresh server', async () => {
    const opened = await within(
      db.transaction().execute(async (tx) => {
        // This transaction holds the writer from here on: a write outside it would wait for its end.
        await tx.insertInto('setting').values({ key: 'held-by-the-test', value: 'x' }).execute();
        const sealed = await sealSecret(db, 'wh-test', 'the secret');
        return unsealSecret(db, 'wh-test', sealed);
      }),
      5000,
    );
    expect(opened).toBe('the secret');
  });
});
