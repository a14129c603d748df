// No exported function in bff/ or shared/ has a one-letter parameter (scripts/parameter-names.ts).
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import { findOneLetterParameters, oneLetterParameters } from './parameter-names.ts';

const root = fileURLToPath(new URL('..', import.meta.url));

describe('parameter names of exported functions', () => {
  // Parses every file of bff/ and shared/: ~4 s on a busy 2-core machine, so a hang guard
  // well above Vitest's 5 s default.
  it('are words throughout bff/ and shared/', { timeout: 60_000 }, () => {
    expect(findOneLetterParameters(root)).toEqual([]);
  });

  it('are checked on exported functions, arrows and class methods; not on local ones, `_` or destructuring', () => {
    const source = [
      'export function one(a: number, count: number) { return a + count; }',
      'export const two = (r: string) => r;',
      'export const three = function (c: number) { return c; };',
      'export class Four { constructor(readonly n: number) {} run(x: number) { return x; } private hidden(y: number) { return y; } }',
      'export default function (q: string) { return q; }',
      'function local(a: number) { return a; }',
      'const arrow = (b: number) => b;',
      'export function fine(_: unknown, { a }: { a: number }, value = local(1) + arrow(2)) { return [a, value, [1].map((i) => i)]; }',
    ].join('\n');
    expect(oneLetterParameters('probe.ts', source)).toEqual([
      'probe.ts:1 one(a)',
      'probe.ts:2 two(r)',
      'probe.ts:3 three(c)',
      'probe.ts:4 Four.constructor(n)',
      'probe.ts:4 Four.run(x)',
      'probe.ts:5 default(q)',
    ]);
  });
});
