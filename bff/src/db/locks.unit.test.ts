// The advisory lock classes are one registry (db/locks.ts): no two mechanisms share a class,
// and no file takes an advisory lock with a class written as a number of its own.
import fs from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { ADVISORY_LOCK_CLASS } from './locks.ts';

const src = path.resolve(import.meta.dirname, '..');
const files = (dir: string): string[] =>
  fs
    .readdirSync(dir, { withFileTypes: true })
    .flatMap((e) =>
      e.isDirectory()
        ? files(path.join(dir, e.name))
        : e.name.endsWith('.ts') && !e.name.includes('.test.')
          ? [path.join(dir, e.name)]
          : [],
    );

describe('advisory lock classes', () => {
  it('are distinct, one per mechanism', () => {
    const classes = Object.values(ADVISORY_LOCK_CLASS);
    expect(new Set(classes).size).toBe(classes.length);
  });

  it('are taken only from the registry, never written as a number elsewhere', () => {
    const literal = /pg_(?:try_)?advisory(?:_xact)?_lock(?:_shared)?\(\s*\d/;
    const offenders = files(src).filter((f) => literal.test(fs.readFileSync(f, 'utf8')));
    expect(offenders.map((f) => path.relative(src, f))).toEqual([]);
    // The test sees the calls it guards: both mechanisms take their locks through the registry.
    const users = files(src).filter(
      (f) => /ADVISORY_LOCK_CLASS\.\w+/.test(fs.readFileSync(f, 'utf8')) && !f.endsWith('locks.ts'),
    );
    expect(users.map((f) => path.relative(src, f)).sort()).toEqual([
      'events/triggers.ts',
      'http/idempotency.ts',
    ]);
  });
});
