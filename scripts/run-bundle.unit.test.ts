// `npm start` runs the bundle with V8's code cache of an earlier start (decision 254). The cache
// is used only when made from the same text: a rebuilt bundle, even of the same length, or a
// cache V8 refuses, is run from its text and a new cache kept.
import { execFileSync } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
// @ts-expect-error -- a plain ES module of the start scripts
import { cacheFileOf } from './run-bundle.mjs';

interface Run {
  status: 'used' | 'made' | 'rejected';
  answer: number;
  sep: string;
  EOL: string;
}

/** A CommonJS file using what the BFF's bundle uses: require (at once and on first use) and exports. */
const bundle = (answer: number) => `
const { sep } = require('node:path');
function fib(n) { return n < 2 ? n : fib(n - 1) + fib(n - 2); }
module.exports = { answer: ${answer} + fib(10) - 55, sep, later: () => Promise.resolve().then(() => require('node:os')) };
`;

describe('the bundle run with a code cache', () => {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'run-bundle-'));
  const file = path.join(dir, 'server.cjs');
  // Each start in a process of its own, as `npm start` runs: in one process V8 would answer a
  // text it compiled before from memory, whatever the cache.
  const script = `import { runBundle } from ${JSON.stringify(new URL('./run-bundle.mjs', import.meta.url).href)};
const r = runBundle(process.argv[1], { afterMs: 0 });
// The cache is written on an unref'd timer (a server's sockets keep its process on): here a
// timer of our own does, or the process may end before the cache is written (exit code 13).
const hold = setInterval(() => {}, 60_000);
await r.written;
clearInterval(hold);
const { EOL } = await r.exports.later();
console.log(JSON.stringify({ status: r.status, answer: r.exports.answer, sep: r.exports.sep, EOL }));`;
  const run = async (): Promise<Run> =>
    JSON.parse(
      execFileSync(process.execPath, ['--input-type=module', '-e', script, file], {
        encoding: 'utf8',
      }),
    ) as Run;

  it('makes a cache on the first start, uses it on the next, and the code runs the same', async () => {
    fs.writeFileSync(file, bundle(41));
    const first = await run();
    expect(first.status).toBe('made');
    expect(fs.existsSync(cacheFileOf(file))).toBe(true);
    const second = await run();
    expect(second.status).toBe('used');
    for (const r of [first, second])
      expect(r).toMatchObject({ answer: 41, sep: path.sep, EOL: os.EOL });
  });

  it('runs a rebuilt bundle of the same length from its text, not the older cache', async () => {
    fs.writeFileSync(file, bundle(41));
    await run();
    fs.writeFileSync(file, bundle(42)); // the same length
    const rebuilt = await run();
    expect(rebuilt.status).toBe('made');
    expect(rebuilt.answer).toBe(42);
    expect((await run()).status).toBe('used');
  });

  it('runs from the text when V8 refuses the cache, and writes a good one', async () => {
    fs.writeFileSync(file, bundle(7));
    await run();
    const kept = fs.readFileSync(cacheFileOf(file));
    // The text's hash kept, V8's part spoiled.
    fs.writeFileSync(
      cacheFileOf(file),
      Buffer.concat([kept.subarray(0, 20), Buffer.alloc(kept.length - 20, 1)]),
    );
    const refused = await run();
    expect(refused.status).toBe('rejected');
    expect(refused.answer).toBe(7);
    expect((await run()).status).toBe('used');
  });
});
