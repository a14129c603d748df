// The console in Debian's Chromium, for `npm run bench`: the largest contentful paint of the
// project dashboard and of every list page (a full load each, the browser's own
// PerformanceObserver), and a client-side navigation from the VM list to a VM page it has
// already shown (its data cached), from the click until the page's heading is there.
import fs from 'node:fs';
import { chromium, type Page } from '@playwright/test';

const CHROMIUM = process.env.BENCH_CHROMIUM ?? '/usr/bin/chromium';

export interface ConsoleTimes {
  /** Page name → LCP in ms. */
  lcp: [string, number][];
  /** List → cached detail page, ms. */
  navigation: number;
}

/** The LCP of the page just loaded, in ms from its navigation start. */
const lcpOf = (page: Page) =>
  page.evaluate(
    () =>
      new Promise<number>((resolve) => {
        new PerformanceObserver((list) => {
          const entries = list.getEntries();
          resolve(entries[entries.length - 1]!.startTime);
        }).observe({ type: 'largest-contentful-paint', buffered: true });
      }),
  );

export async function consoleTimes(baseUrl: string, login: { email: string; password: string }, projectId: string): Promise<ConsoleTimes | undefined> {
  if (!fs.existsSync(CHROMIUM)) return undefined;
  const browser = await chromium.launch({ executablePath: CHROMIUM, args: ['--no-sandbox'] });
  try {
    const page = await browser.newPage();
    await page.goto(`${baseUrl}/login`);
    await page.getByLabel('E-mail address').fill(login.email);
    await page.getByLabel('Password').fill(login.password);
    await page.getByRole('button', { name: 'Sign in' }).click();
    await page.waitForURL((url) => !url.pathname.startsWith('/login'));
    const P = `${baseUrl}/projects/${projectId}`;
    const pages: [string, string][] = [
      ['dashboard', P],
      ['VMs', `${P}/compute`],
      ['subnets', `${P}/networking/subnets`],
      ['firewalls', `${P}/networking/firewalls`],
      ['load balancers', `${P}/networking/load-balancers`],
      ['databases', `${P}/databases`],
    ];
    const lcp: [string, number][] = [];
    for (const [name, url] of pages) {
      await page.goto(url, { waitUntil: 'load' });
      await page.getByRole('heading', { level: 1 }).first().waitFor();
      lcp.push([name, await lcpOf(page)]);
    }
    // The VM page once (its data now cached), back to the list, then the timed click.
    await page.goto(`${P}/compute`, { waitUntil: 'load' });
    const first = page.getByRole('table').getByRole('link').first();
    const vmName = (await first.textContent())!.trim();
    const link = page.getByRole('table').getByRole('link', { name: vmName, exact: true });
    await link.click();
    await page.getByRole('heading', { level: 1, name: vmName }).waitFor();
    await page.goBack();
    await link.waitFor();
    const began = performance.now();
    await link.click();
    await page.getByRole('heading', { level: 1, name: vmName }).waitFor();
    return { lcp, navigation: performance.now() - began };
  } finally {
    await browser.close();
  }
}
