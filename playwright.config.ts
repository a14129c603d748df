// End-to-end tests: the built console (dist/web, from `npx vite build`, which must run first)
// served by the real BFF on a fresh SQLite database, driven in Debian's Chromium. The `proxy`
// project runs the resource journeys again through a proxy-mode BFF in front of that one
// (decision 224).
//   npx vite build && npx playwright test
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { defineConfig } from '@playwright/test';
import type { Options } from './e2e/fixtures.ts';

// E2E_PORT lets two checkouts run their suites side by side.
const PORT = Number(process.env.E2E_PORT ?? 3100);
// E2E_BASE_URL: run against an instance already running there (no server is started, and only
// the setup and chromium projects run; docs/testing.md, "The product's own suite").
const EXISTING = process.env.E2E_BASE_URL;
const BASE_URL = EXISTING ?? `http://127.0.0.1:${PORT}`;
// The proxy-mode BFF of the `proxy` project, in front of the one above.
const PROXY_PORT = Number(process.env.E2E_PROXY_PORT ?? PORT + 1);
const PROXY_URL = `http://127.0.0.1:${PROXY_PORT}`;
// A test-mode BFF (TEST_MODE=1, docs/testing.md) for the `test-mode` project, on a database of its own.
const TEST_MODE_PORT = Number(process.env.E2E_TEST_MODE_PORT ?? PORT + 2);
const TEST_MODE_URL = `http://127.0.0.1:${TEST_MODE_PORT}`;
const TEST_MODE_TOKEN = (process.env.E2E_TEST_MODE_TOKEN ??= `e2e-test-mode-${'0'.repeat(32)}`);

// Made once in the main process; workers inherit the variable, so all agree on the database.
const dataDir = (process.env.E2E_DATA_DIR ??= fs.mkdtempSync(
  path.join(os.tmpdir(), 'console-e2e-'),
));
// The proxy keeps only its sessions, in a database of its own.
const proxyDataDir = (process.env.E2E_PROXY_DATA_DIR ??= fs.mkdtempSync(
  path.join(os.tmpdir(), 'console-e2e-proxy-'),
));
const testModeDataDir = (process.env.E2E_TEST_MODE_DATA_DIR ??= fs.mkdtempSync(
  path.join(os.tmpdir(), 'console-e2e-test-mode-'),
));
// The proxy project runs each resource kind's main journey, sign-up/in/out and an ended session
// through the proxy: the whole suite twice would not fit CI's time on two busy cores (decision 224).
const PROXY_SPECS =
  /(journey|auth|networking|vm|databases|load-balancer|kubernetes|code-host|ssh-keys)\.spec\.ts$/;
const PROXY_JOURNEYS =
  /subnet, VM, restart, firewall rule|sign up, sign out, sign in|@proxy-only|when the session ends|create a (VM|database|load balancer|cluster|firewall|subnet)|add a firewall rule|connect a demo installation|save an SSH key/;

const repo = path.dirname(fileURLToPath(import.meta.url));
if (!EXISTING && !fs.existsSync(path.join(repo, 'dist/web/index.html'))) {
  throw new Error('dist/web/index.html is missing: run `npx vite build` before the e2e tests.');
}

const config = defineConfig<Options>({
  testDir: 'e2e',
  fullyParallel: true,
  forbidOnly: !!process.env.CI,
  retries: 0,
  workers: 2,
  // Hang guards, not speed checks: CI is a busy 2-core machine where the long journeys took
  // 25-30 s while another core was loaded (a journey is a dozen pages with axe checks), and
  // every axe check runs twice, once per theme (expectAxeClean); the longest a11y tests make
  // ten such checks.
  timeout: 180_000,
  expect: { timeout: 15_000 },
  reporter: [['list'], ['json', { outputFile: 'test-results/e2e.json' }]],
  // Traces and screenshots of failures; a folder of its own, which Playwright empties when it
  // starts, so the Vitest reports beside it in test-results/ stay.
  outputDir: 'test-results/e2e',
  use: {
    baseURL: BASE_URL,
    // Recording a trace of every test (to keep those that fail) costs CPU that CI's two cores
    // do not have (decision 237): a failure keeps its screenshot and error context;
    // `E2E_TRACE=1` records traces again, kept for the tests that fail.
    trace: process.env.E2E_TRACE === '1' ? 'retain-on-failure' : 'off',
    screenshot: 'only-on-failure',
    launchOptions: {
      executablePath: '/usr/bin/chromium',
      args: [
        '--headless',
        '--no-sandbox',
        '--disable-gpu',
        '--disable-quic',
        '--no-first-run',
        '--disable-background-networking',
        '--disable-component-update',
        '--disable-sync',
      ],
    },
  },
  projects: [
    { name: 'setup', testMatch: /.*\.setup\.ts/ },
    {
      name: 'chromium',
      dependencies: ['setup'],
      // Signed in as the setup project's user unless a test says otherwise.
      use: { storageState: 'test-results/.auth/user.json' },
      // What only a proxy-mode console offers (token sign-in) runs in the proxy project.
      grepInvert: /@proxy-only/,
      testIgnore: /test-mode\.spec\.ts$/,
    },
    // Against the test-mode BFF: its specs make their own accounts with the test-mode token.
    { name: 'test-mode', testMatch: /test-mode\.spec\.ts$/, use: { baseURL: TEST_MODE_URL } },
    {
      name: 'proxy-setup',
      testMatch: /.*\.setup\.ts/,
      use: { baseURL: PROXY_URL, userState: 'test-results/.auth/user-proxy.json' },
    },
    {
      name: 'proxy',
      dependencies: ['proxy-setup'],
      testMatch: PROXY_SPECS,
      grep: PROXY_JOURNEYS,
      use: {
        baseURL: PROXY_URL,
        storageState: 'test-results/.auth/user-proxy.json',
        userState: 'test-results/.auth/user-proxy.json',
      },
    },
  ],
  webServer: [
    {
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
        // webhooks.spec.ts receives on 127.0.0.1 over http, and sees a retry soon after a 500.
        WEBHOOK_ALLOW_PRIVATE: '1',
        WEBHOOK_FIRST_RETRY_MS: '300',
      },
    },
    {
      command: 'node --import tsx bff/src/server.ts',
      url: `${PROXY_URL}/readyz`,
      reuseExistingServer: false,
      timeout: 60_000,
      stdout: 'ignore',
      stderr: 'pipe',
      env: {
        PORT: String(PROXY_PORT),
        HOST: '127.0.0.1',
        DATA_DIR: proxyDataDir,
        LOG_LEVEL: 'warn',
        UPSTREAM_API_URL: `${BASE_URL}/api`,
      },
    },
    {
      command: 'node --import tsx bff/src/server.ts',
      url: `${TEST_MODE_URL}/readyz`,
      reuseExistingServer: false,
      timeout: 60_000,
      stdout: 'ignore',
      stderr: 'pipe',
      env: {
        PORT: String(TEST_MODE_PORT),
        HOST: '127.0.0.1',
        DATA_DIR: testModeDataDir,
        LOG_LEVEL: 'warn',
        PROVISION_DELAY_MS: '200',
        TEST_MODE: '1',
        TEST_MODE_TOKEN,
        PUBLIC_URL: TEST_MODE_URL,
      },
    },
  ],
});

// Against an existing instance: its own server only, none started here.
if (EXISTING) {
  config.projects = config.projects!.filter((p) => p.name === 'setup' || p.name === 'chromium');
  delete config.webServer;
}

export default config;
