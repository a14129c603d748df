// Secrets the server must read back (a TOTP secret, a webhook's signing secret) are sealed at
// rest: AES-256-GCM (`v1.<iv>.<ciphertext+tag>`, a random 96-bit IV each time) under a key of
// 32 random bytes kept in the `setting` table, with the owning row's ID as additional data, so
// a sealed value copied to another row does not open (decision 187).
import { createCipheriv, createDecipheriv, randomBytes } from 'node:crypto';
import type { Db } from './db/database.ts';
import { storedSecret } from './keys.ts';

export interface Sealer {
  seal(db: Db, owner: string, plain: string): Promise<string>;
  unseal(db: Db, owner: string, sealed: string): Promise<string>;
}

/** Every sealer's key loader, so the server reads (or makes) all the keys at start. */
const loaders: ((db: Db) => Promise<Buffer>)[] = [];

/**
 * Reads every sealer's key before the server serves: later, a seal or an unseal never writes.
 * A key made on first use could deadlock: a request's transaction, holding the writer, would
 * wait for the key's insert, started a moment earlier by the worker outside any transaction and
 * queued behind that same transaction.
 */
export async function loadSealKeys(db: Db): Promise<void> {
  for (const load of loaders) await load(db);
}

/** Seals and opens values under the key stored as `keyName` (one key per use: `totp_seal_key`, `webhook_seal_key`). */
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
  loaders.push(keyOf);
  return {
    async seal(db, owner, plain) {
      const iv = randomBytes(12);
      const cipher = createCipheriv('aes-256-gcm', await keyOf(db), iv).setAAD(Buffer.from(owner));
      const body = Buffer.concat([cipher.update(plain, 'utf8'), cipher.final(), cipher.getAuthTag()]);
      return `v1.${iv.toString('base64url')}.${body.toString('base64url')}`;
    },
    async unseal(db, owner, sealed) {
      const [, iv, data] = sealed.split('.') as [string, string, string];
      const body = Buffer.from(data, 'base64url');
      const decipher = createDecipheriv('aes-256-gcm', await keyOf(db), Buffer.from(iv, 'base64url')).setAAD(Buffer.from(owner));
      decipher.setAuthTag(body.subarray(body.length - 16));
      return Buffer.concat([decipher.update(body.subarray(0, body.length - 16)), decipher.final()]).toString('utf8');
    },
  };
}
