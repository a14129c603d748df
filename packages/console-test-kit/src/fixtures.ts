// Playwright fixtures: accounts and projects made through the API helper (api.ts), removed
// again after each test. Pages are driven through the page objects in pages/.
import path from 'node:path';
import { test as base, expect, type Page, type Route } from '@playwright/test';
import { ConsoleApi, PASSWORD, TestMode, type ProjectApi, uniqueEmail, uniqueName } from './api.ts';
import type { Project } from './types.ts';

/** The default of the `userState` option: where a setup project saves the signed-in user's session. */
export const USER_STATE = path.join('test-results', '.auth', 'user.json');
export const SIGNED_OUT = { cookies: [], origins: [] };

/** Options a project of a Playwright config sets (`use: { … }`). */
export interface Options {
  /** Where a setup project saved the default user's session (the project's storageState). */
  userState: string;
  /** That user's password, to sign in again after a test ended the session. */
  userPassword: string;
  /** The instance's TEST_MODE_TOKEN, for the `testMode` fixture (default `E2E_TEST_MODE_TOKEN`). */
  testModeToken: string | undefined;
}

interface Fixtures {
  /** The setup project's user: the one the `page` is signed in as by default. */
  user: ConsoleApi;
  /** A new account of its own (the page is not signed in as it; see signInBrowser). */
  freshAccount: ConsoleApi;
  /** Creates a project in the default user's account, emptied and deleted after the test. */
  createProject: (name?: string) => Promise<Project>;
  /** A new project of the default user, to fill through the API; emptied and deleted after the test. */
  project: ProjectApi;
  /** The instance's test-mode routes, with the `testModeToken` option. */
  testMode: TestMode;
}

export const test = base.extend<Fixtures & Options>({
  userState: [USER_STATE, { option: true }],
  userPassword: [PASSWORD, { option: true }],
  testModeToken: [process.env.E2E_TEST_MODE_TOKEN, { option: true }],
  user: async ({ playwright, userState, userPassword, baseURL }, use) => {
    const api = await ConsoleApi.fromState(playwright, userState, baseURL, userPassword);
    await use(api);
    await api.dispose();
  },
  freshAccount: async ({ playwright, baseURL }, use) => {
    const api = await ConsoleApi.signUp(playwright, uniqueEmail('fresh'), undefined, baseURL);
    await use(api);
    await api.dispose();
  },
  createProject: async ({ user }, use) => {
    await use((name) => user.createProject(name));
  },
  project: async ({ user }, use) => {
    await use(user.project(await user.createProject(uniqueName('project'))));
  },
  testMode: async ({ playwright, testModeToken, baseURL }, use) => {
    if (!testModeToken) throw new Error('The testMode fixture needs the testModeToken option.');
    const testMode = await TestMode.connect(playwright, testModeToken, baseURL);
    await use(testMode);
    await testMode.dispose();
  },
});

export { expect };

/** Marks the document, so a later check can tell that the page was never reloaded. */
export async function markDocument(page: Page) {
  await page.evaluate(
    () => ((window as unknown as { __sameDocument: boolean }).__sameDocument = true),
  );
}

/** The document marked by markDocument is still the one shown: no reload happened. */
export async function expectSameDocument(page: Page) {
  expect(
    await page.evaluate(() => (window as unknown as { __sameDocument?: boolean }).__sameDocument),
  ).toBe(true);
}

/**
 * Holds the page's GET requests to `url` until the returned function is called, so that a
 * state the page shows (e.g. `restarting` from an action's answer) stays on screen however
 * fast the server moves on, instead of the test racing the page's next poll.
 */
export async function holdGets(page: Page, url: RegExp): Promise<() => Promise<void>> {
  let release!: () => void;
  const released = new Promise<void>((resolve) => (release = resolve));
  const handler = async (route: Route) => {
    if (route.request().method() === 'GET') await released;
    await route.fallback();
  };
  await page.route(url, handler);
  return async () => {
    release();
    await page.unroute(url, handler);
  };
}
