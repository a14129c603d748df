import { defineConfig } from 'vitest/config';

// Two projects: `unit` (pure functions) and `api` (the real BFF over HTTP on a fresh
// database per test file; TEST_ENGINE=postgres + TEST_DATABASE_URL runs it on PostgreSQL).
export default defineConfig({
  test: {
    projects: [
      { test: { name: 'unit', include: ['shared/**/*.test.ts', 'bff/src/**/*.unit.test.ts'] } },
      {
        test: {
          name: 'api',
          include: ['bff/src/**/*.test.ts'],
          exclude: ['bff/src/**/*.unit.test.ts'],
          testTimeout: 30_000,
          hookTimeout: 60_000,
        },
      },
    ],
  },
});
