import { availableParallelism } from 'node:os';
import { defineConfig } from 'vitest/config';
import { BaseSequencer, type TestSpecification } from 'vitest/node';

/**
 * Vitest runs larger files first when it has no timings cached (a clean clone): the fuzz's
 * shards are three-line files but the longest of all, so they are started first instead of
 * being left to run alone at the end.
 */
class FuzzFirst extends BaseSequencer {
  override async sort(files: TestSpecification[]): Promise<TestSpecification[]> {
    const sorted = await super.sort(files);
    const fuzz = (f: TestSpecification) => /abuse\/fuzz-\d+\.test\.ts$/.test(f.moduleId);
    return [...sorted.filter(fuzz), ...sorted.filter((f) => !fuzz(f))];
  }
}

// Two projects: `unit` (pure functions) and `api` (the real BFF over HTTP on a fresh
// database per test file; TEST_ENGINE=postgres + TEST_DATABASE_URL runs it on PostgreSQL).
export default defineConfig({
  test: {
    // Vitest's default is one worker fewer than the cores: one on CI's two. The API tests wait on
    // the database and the worker's ticks as much as they compute, so two share two cores well.
    maxWorkers: Math.max(2, availableParallelism() - 1),
    sequence: { sequencer: FuzzFirst },
    projects: [
      {
        test: {
          name: 'unit',
          include: [
            'shared/**/*.test.ts',
            'bff/src/**/*.unit.test.ts',
            'scripts/**/*.unit.test.ts',
            'web/src/**/*.unit.test.ts',
          ],
        },
      },
      {
        test: {
          name: 'api',
          globalSetup: ['bff/test/pg-template.ts'],
          include: ['bff/src/**/*.test.ts'],
          // Engine-specific fault suites run in their engine's pass; `npm test` runs the
          // PostgreSQL pass whenever TEST_DATABASE_URL is set (CI sets it).
          exclude: [
            'bff/src/**/*.unit.test.ts',
            process.env.TEST_ENGINE === 'postgres'
              ? 'bff/src/**/*.sqlite.test.ts'
              : 'bff/src/**/*.postgres.test.ts',
          ],
          testTimeout: 30_000,
          hookTimeout: 60_000,
          // Each file starts its own server on its own database and nothing mocks or stubs a
          // module, so a worker evaluates the BFF's modules once instead of once per file:
          // the SQLite pass's import time went from 139 s to 23 s (decision 237).
          isolate: false,
        },
      },
    ],
  },
});
