// Secrets the server must read back (a TOTP secret, a webhook's signing secret) are sealed at
// rest: AES-256-GCM (`v1.<iv>.<ciphertext+tag>`, a random 96-bit IV each time) under a key of
// 32 random bytes kept in the `setting` table, with the owning row's ID as additional data, so
// a sealed value copied to another row does not open (decision 187).
import { createCipheriv, createDecipheriv, randomBytes } from 'node:crypto';
import type { Logger } from 'pino';
import type { Db } from './db/database.ts';
import { storedSecret } from './keys.ts';

export interface Sealer {
  seal(db: Db, owner: string, plain: string): Promise<string>;
  unseal(db: Db, owner: string, sealed: string): Promise<string>;
}

/** Every sealer's key loader, so the server reads (or makes) all the keys at start. */
const loaders: { keyName: string; load: (db: Db) => Promise<Buffer> }[] = [];
/** How long a key that could not be made at start waits before it is tried again. */
const RETRY_MS = 5000;

/**
 * Reads every sealer's key before the server serves (decision 248): later, a seal or an unseal
 * never writes. A key made on first use could deadlock: a request's transaction, holding the
 * writer, would wait for the key's insert, started a moment earlier by the worker outside any
 * transaction and queued behind that same transaction.
 *
 * A key that cannot be made yet (a read-only database that never had it) does not stop the
 * start: one warning, then it is tried again every few seconds until it is made. Until then a
 * seal that needs it makes it itself.
 */
export async function loadSealKeys(
  db: Db,
  logger: Pick<Logger, 'warn'>,
  warned = false,
): Promise<void> {
  const missing: string[] = [];
  let error: unknown;
  for (const { keyName, load } of loaders) {
    try {
      await load(db);
    } catch (err) {
      missing.push(keyName);
      error = err;
    }
  }
  if (!missing.length) return;
  if (!warned)
    logger.warn(
      { err: error, keys: missing },
      'could not read or make the seal keys; trying again every 5 s',
    );
  setTimeout(() => void loadSealKeys(db, logger, true), RETRY_MS).unref();
}

/**
 * Seals and opens values under the key stored as `keyName` (one key per use: `totp_seal_key`,
 * `webhook_seal_key`, `proxy_seal_key`). Made at a module's top level, so that the server's
 * start (which imports every module) loads its key.
 */
export function sealer(keyName: string): Sealer {
  const keys = new WeakMap<Db, Promise<Buffer>>();
  function keyOf(db: Db): Promise<Buffer> {
    let key = keys.get(db);
    if (!key) {
      key = storedSecret(db, keyName);
      key.catch(() => keys.delete(db));
      keys.set(db, key);
    }
    return key;
  }
  loaders.push({ keyName, load: keyOf });
  return {
    async seal(db, owner, plain) {
      const iv = randomBytes(12);
      const cipher = createCipheriv('aes-256-gcm', await keyOf(db), iv).setAAD(Buffer.from(owner));
      const body = Buffer.concat([
        cipher.update(plain, 'utf8'),
        cipher.final(),
        cipher.getAuthTag(),
      ]);
      return `v1.${iv.toString('base64url')}.${body.toString('base64url')}`;
    },
    async unseal(db, owner, sealed) {
      const [, iv, data] = sealed.split('.') as [string, string, string];
      const body = Buffer.from(data, 'base64url');
      const decipher = createDecipheriv(
        'aes-256-gcm',
        await keyOf(db),
        Buffer.from(iv, 'base64url'),
      ).setAAD(Buffer.from(owner));
      decipher.setAuthTag(body.subarray(body.length - 16));
      return Buffer.concat([
        decipher.update(body.subarray(0, body.length - 16)),
        decipher.final(),
      ]).toString('utf8');
    },
  };
}
