// Playwright fixtures: accounts and projects made through the API helper (api.ts), removed
// again after each test. Pages are driven through the page objects in pages/.
import axe from 'axe-core';
import path from 'node:path';
import { test as base, expect, type Page, type Route } from '@playwright/test';
import type { Project } from '#shared/api/project';
import { ConsoleApi, type ProjectApi, uniqueEmail, uniqueName } from './api.ts';

export {
  BASE_URL,
  ConsoleApi,
  PASSWORD,
  ProjectApi,
  SSH_KEY,
  uniqueEmail,
  uniqueName,
} from './api.ts';
/** Written by auth.setup.ts, used as the default storage state of the chromium project. */
export const USER_STATE = path.join('test-results', '.auth', 'user.json');
export const SIGNED_OUT = { cookies: [], origins: [] };

/** Options a project of playwright.config.ts sets. */
export interface Options {
  /** Where the setup project saved the default user's session (the project's storageState). */
  userState: string;
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
}

export const test = base.extend<Fixtures & Options>({
  userState: [USER_STATE, { option: true }],
  user: async ({ playwright, userState, baseURL }, use) => {
    const api = await ConsoleApi.fromState(playwright, userState, baseURL);
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

type Theme = 'light' | 'dark';
const OTHER: Record<Theme, Theme> = { light: 'dark', dark: 'light' };
/** Where web/src/lib/theme.ts keeps the theme the user picked with the toggle (absent: follow the system). */
const THEME_KEY = 'console.theme';
const themeClass = (theme: Theme) => new RegExp(`(^|\\s)${theme}(\\s|$)`);

/**
 * axe finds no serious or critical violations on the page, or only on `within` (a menu or
 * dialog), in both themes: first in the theme shown, then in the other, then the page is put
 * back in the first. Violations are reported with their theme.
 *
 * The app follows prefers-color-scheme live (web/src/lib/theme.ts re-applies the theme when the
 * media query changes), so the other theme is an emulateMedia away; that the class on <html>
 * really changes is checked here. When the user picked a theme with the toggle (kept in
 * localStorage), the system setting alone would not change it, so the pick is swapped for the
 * other theme while the system setting flips (which makes the app re-read it), and put back after.
 */
export async function expectAxeClean(page: Page, within?: string) {
  const html = page.locator('html');
  await expect(html).toHaveClass(/(^|\s)(light|dark)(\s|$)/);
  const start = await page.evaluate((key) => {
    const dark = window.matchMedia('(prefers-color-scheme: dark)').matches;
    return {
      theme: document.documentElement.classList.contains('dark')
        ? ('dark' as const)
        : ('light' as const),
      system: dark ? ('dark' as const) : ('light' as const),
      picked: localStorage.getItem(key),
    };
  }, THEME_KEY);
  const other = OTHER[start.theme];

  const serious = await seriousViolations(page, start.theme, within);
  await showTheme(page, other, OTHER[start.system], start.picked === null ? null : other);
  serious.push(...(await seriousViolations(page, other, within)));
  await showTheme(page, start.theme, start.system, start.picked);
  expect(serious).toEqual([]);
}

/** Sets the theme pick (null: follow the system) and the system's scheme, and waits until `theme` is shown. */
async function showTheme(page: Page, theme: Theme, system: Theme, picked: string | null) {
  await page.evaluate(
    ([key, value]) =>
      value === null ? localStorage.removeItem(key) : localStorage.setItem(key, value),
    [THEME_KEY, picked] as const,
  );
  await page.emulateMedia({ colorScheme: system });
  await expect(page.locator('html'), `the page switches to the ${theme} theme`).toHaveClass(
    themeClass(theme),
  );
}

async function seriousViolations(page: Page, theme: Theme, within?: string): Promise<string[]> {
  // Charts redraw on the class change (use-dark.ts) and buttons fade to their new colours
  // (transition-colors): wait for both, or axe would measure colours half-way.
  await page.evaluate(async () => {
    await new Promise((resolve) => requestAnimationFrame(() => requestAnimationFrame(resolve)));
    const transitions = document.getAnimations().filter((a) => a instanceof CSSTransition);
    await Promise.all(transitions.map((t) => t.finished.catch(() => undefined)));
  });
  // axe-core is put in the page once per document and run there: @axe-core/playwright's
  // AxeBuilder injected it twice per check and opened a blank page to merge the results (about
  // 3.5 s a check on a busy 2-core machine, against 0.5 s for axe.run). The console has no frames.
  if (!(await page.evaluate(() => 'axe' in window))) await page.evaluate(axe.source);
  const violations = await page.evaluate(async (context) => {
    const { axe } = window as unknown as { axe: typeof import('axe-core') };
    const results = await axe.run(context ?? document, { resultTypes: ['violations'] });
    return results.violations.map((v) => ({
      id: v.id,
      impact: v.impact,
      help: v.help,
      targets: v.nodes.map((n) => n.target.join(' ')),
    }));
  }, within ?? null);
  return violations
    .filter((v) => v.impact === 'serious' || v.impact === 'critical')
    .map((v) => `${theme} theme: ${v.id} (${v.impact}): ${v.help} → ${v.targets.join(', ')}`);
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
