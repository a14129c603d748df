import { availableParallelism } from 'node:os';
import { defineConfig } from 'vitest/config';

// Two projects: `unit` (pure functions) and `api` (the real BFF over HTTP on a fresh
// database per test file; TEST_ENGINE=postgres + TEST_DATABASE_URL runs it on PostgreSQL).
export default defineConfig({
  test: {
    // Vitest's default is one worker fewer than the cores: one on CI's two. The API tests wait on
    // the database and the worker's ticks as much as they compute, so two share two cores well.
    maxWorkers: Math.max(2, availableParallelism() - 1),
    projects: [
      { test: { name: 'unit', include: ['shared/**/*.test.ts', 'bff/src/**/*.unit.test.ts', 'scripts/**/*.unit.test.ts', 'web/src/**/*.unit.test.ts'] } },
      {
        test: {
          name: 'api',
          include: ['bff/src/**/*.test.ts'],
          // Engine-specific fault suites run in their engine's pass; `npm test` runs the
          // PostgreSQL pass whenever TEST_DATABASE_URL is set (CI sets it).
          exclude: ['bff/src/**/*.unit.test.ts', process.env.TEST_ENGINE === 'postgres' ? 'bff/src/**/*.sqlite.test.ts' : 'bff/src/**/*.postgres.test.ts'],
          testTimeout: 30_000,
          hookTimeout: 60_000,
        },
      },
    ],
  },
});
