// The product's own fixtures: the published test kit's (packages/console-test-kit, one copy of
// the fixtures, page objects and API helper), and the axe checks the product's suite makes.
import axe from 'axe-core';
import { expect, type Page } from '@playwright/test';

export * from '../packages/console-test-kit/src/api.ts';
export * from '../packages/console-test-kit/src/fixtures.ts';
export type { Project } from '../packages/console-test-kit/src/types.ts';

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
