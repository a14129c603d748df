// End-to-end tests: the built console (dist/web, from `npx vite build`, which must run first)
// served by the real BFF on a fresh SQLite database, driven in Debian's Chromium.
//   npx vite build && npx playwright test
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { defineConfig } from '@playwright/test';

// E2E_PORT lets two checkouts run their suites side by side.
const PORT = Number(process.env.E2E_PORT ?? 3100);
const BASE_URL = `http://127.0.0.1:${PORT}`;

// Made once in the main process; workers inherit the variable, so all agree on the database.
const dataDir = (process.env.E2E_DATA_DIR ??= fs.mkdtempSync(path.join(os.tmpdir(), 'console-e2e-')));

const repo = path.dirname(fileURLToPath(import.meta.url));
if (!fs.existsSync(path.join(repo, 'dist/web/index.html'))) {
  throw new Error('dist/web/index.html is missing: run `npx vite build` before the e2e tests.');
}

export default defineConfig({
  testDir: 'e2e',
  fullyParallel: true,
  forbidOnly: !!process.env.CI,
  retries: 0,
  workers: 2,
  // Hang guards, not speed checks: CI is a busy 2-core machine where the long journeys took
  // 25-30 s while another core was loaded (a journey is a dozen pages with axe checks).
  timeout: 90_000,
  expect: { timeout: 15_000 },
  reporter: [['list'], ['json', { outputFile: 'test-results/e2e.json' }]],
  use: {
    baseURL: BASE_URL,
    trace: 'retain-on-failure',
    screenshot: 'only-on-failure',
    launchOptions: {
      executablePath: '/usr/bin/chromium',
      args: ['--headless', '--no-sandbox', '--disable-gpu', '--disable-quic', '--no-first-run', '--disable-background-networking', '--disable-component-update', '--disable-sync'],
    },
  },
  projects: [
    { name: 'setup', testMatch: /.*\.setup\.ts/ },
    {
      name: 'chromium',
      dependencies: ['setup'],
      // Signed in as the setup project's user unless a test says otherwise.
      use: { storageState: 'test-results/.auth/user.json' },
    },
  ],
  webServer: {
    command: 'node --import tsx bff/src/server.ts',
    url: `${BASE_URL}/readyz`,
    reuseExistingServer: false,
    timeout: 60_000,
    stdout: 'ignore',
    stderr: 'pipe',
    env: {
      PORT: String(PORT),
      HOST: '127.0.0.1',
      DATA_DIR: dataDir,
      LOG_LEVEL: 'warn',
      PROJECT_QUOTA: '20',
      PROVISION_DELAY_MS: '200',
      SIGNUP: 'open',
      // Every test signs up from 127.0.0.1.
      SIGNUP_MAX_PER_IP: '100000',
    },
  },
});
