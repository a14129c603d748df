// An outside QA team's suite: it imports only the published test kit (`console-test-kit`,
// installed by `node install-kit.mjs`) and drives a console started in test mode as such a
// team starts one (`npm start` with TEST_MODE=1), or one already running at QA_BASE_URL.
//   node qa-outside/install-kit.mjs && npx playwright test -c qa-outside
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { defineConfig } from '@playwright/test';
import type { Options } from 'console-test-kit';

const PORT = Number(process.env.QA_PORT ?? 3225);
const EXISTING = process.env.QA_BASE_URL;
const BASE_URL = EXISTING ?? `http://127.0.0.1:${PORT}`;
// The instance's TEST_MODE_TOKEN: given with QA_BASE_URL, else made up for the instance started here.
const TOKEN = (process.env.QA_TEST_MODE_TOKEN ??= `qa-outside-${'x'.repeat(32)}`);
const dataDir = (process.env.QA_DATA_DIR ??= fs.mkdtempSync(
  path.join(os.tmpdir(), 'console-qa-outside-'),
));
const repo = path.join(path.dirname(fileURLToPath(import.meta.url)), '..');

export default defineConfig<Options>({
  testDir: 'tests',
  fullyParallel: true,
  workers: Number(process.env.QA_WORKERS ?? 4),
  retries: 0,
  forbidOnly: !!process.env.CI,
  timeout: 120_000,
  expect: { timeout: 20_000 },
  reporter: [['list'], ['json', { outputFile: '../test-results/qa-outside.json' }]],
  outputDir: '../test-results/qa-outside',
  use: {
    baseURL: BASE_URL,
    testModeToken: TOKEN,
    userState: path.join(
      repo,
      'test-results',
      '.auth',
      `qa-outside-${new URL(BASE_URL).port}.json`,
    ),
    trace: 'off',
    screenshot: 'only-on-failure',
    launchOptions: {
      executablePath: process.env.QA_CHROMIUM ?? '/usr/bin/chromium',
      args: ['--headless', '--no-sandbox', '--disable-gpu', '--no-first-run'],
    },
  },
  projects: [
    { name: 'setup', testMatch: /.*\.setup\.ts/ },
    {
      name: 'qa',
      dependencies: ['setup'],
      testMatch: /.*\.spec\.ts/,
      use: {
        storageState: path.join(
          repo,
          'test-results',
          '.auth',
          `qa-outside-${new URL(BASE_URL).port}.json`,
        ),
      },
    },
  ],
  webServer: EXISTING
    ? undefined
    : {
        command: 'npm start',
        cwd: repo,
        url: `${BASE_URL}/readyz`,
        reuseExistingServer: false,
        timeout: 180_000,
        stdout: 'ignore',
        stderr: 'pipe',
        env: {
          PORT: String(PORT),
          HOST: '127.0.0.1',
          DATA_DIR: dataDir,
          LOG_LEVEL: 'warn',
          PROVISION_DELAY_MS: '200',
          TEST_MODE: '1',
          TEST_MODE_TOKEN: TOKEN,
          PUBLIC_URL: BASE_URL,
        },
      },
});
