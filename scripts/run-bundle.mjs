// Runs the BFF's bundle, a CommonJS file, with V8's code cache of an earlier start (decision
// 254). Parsing and compiling the 3.4 MB bundle, then the functions a start runs, was a third of
// a start's time. A start that finds no cache made from this very text runs the bundle as Node
// would, then, once started, keeps what V8 compiled beside the bundle for the next start.
//
// The cache's first bytes are a hash of the bundle's text: V8 itself checks only the text's
// length, so a rebuilt bundle of the same length would otherwise run another build's code.
import { createHash } from 'node:crypto';
import fs from 'node:fs';
import Module, { createRequire } from 'node:module';
import path from 'node:path';
import vm from 'node:vm';

const HASH = 'sha1';
const HASH_BYTES = 20;

/** Where the code cache of the bundle `file` is kept. */
export const cacheFileOf = (file) => `${file}.cache`;

/**
 * Runs the CommonJS file `file` in this process, as `node file` would. Answers `status` (also
 * in the environment as BUNDLE_CODE_CACHE, which the server logs when it listens): `used`
 * (the cache was made from this text and V8 took it), `made` (none for this text) or `rejected`
 * (V8 refused it: another Node version or flags). Unless it was used, a new cache is written
 * `afterMs` later, once the start has compiled what it runs; `written` resolves then.
 */
export function runBundle(file, { afterMs = 2000 } = {}) {
  const bytes = fs.readFileSync(file);
  const hash = createHash(HASH).update(bytes).digest();
  const source = bytes.toString('utf8');
  const cacheFile = cacheFileOf(file);
  let cachedData;
  try {
    const kept = fs.readFileSync(cacheFile);
    if (kept.length > HASH_BYTES && kept.subarray(0, HASH_BYTES).equals(hash))
      cachedData = kept.subarray(HASH_BYTES);
  } catch {
    // No cache yet.
  }
  // The bundle has no `import()` (scripts/build-bff.mjs): on Node 20 a script compiled from a
  // code cache loses its dynamic import callback.
  const script = new vm.Script(Module.wrap(source), { filename: file, cachedData });
  const status = !cachedData ? 'made' : script.cachedDataRejected ? 'rejected' : 'used';
  // For the server's start log line.
  process.env.BUNDLE_CODE_CACHE = status;
  const written =
    status === 'used'
      ? Promise.resolve()
      : new Promise((resolve) => {
          const timer = setTimeout(() => {
            // Best effort: a read-only install starts as it did without one.
            const temporary = `${cacheFile}.${process.pid}.tmp`;
            try {
              fs.writeFileSync(temporary, Buffer.concat([hash, script.createCachedData()]));
              fs.renameSync(temporary, cacheFile);
            } catch {
              fs.rmSync(temporary, { force: true });
            }
            resolve();
          }, afterMs);
          timer.unref();
        });
  const module = new Module(file);
  module.filename = file;
  script.runInThisContext()(module.exports, createRequire(file), module, file, path.dirname(file));
  return { status, written, exports: module.exports };
}
