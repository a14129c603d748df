// The console in Debian's Chromium, for `npm run bench`: the largest contentful paint of the
// project dashboard and of every list page, the kinds' and the settings' (a full load each, the
// browser's own PerformanceObserver), and a client-side navigation from the VM list to a VM
// page it has already shown (its data cached), from the click until the page's heading is painted.
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

export async function consoleTimes(
  baseUrl: string,
  login: { email: string; password: string },
  projectId: string,
): Promise<ConsoleTimes | undefined> {
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
      ['projects', `${baseUrl}/projects`],
      ['VMs', `${P}/compute`],
      ['subnets', `${P}/networking/subnets`],
      ['firewalls', `${P}/networking/firewalls`],
      ['load balancers', `${P}/networking/load-balancers`],
      ['databases', `${P}/databases`],
      ['Kubernetes clusters', `${P}/kubernetes`],
      ['members', `${P}/settings/members`],
      ['SSH keys', `${P}/settings/ssh-keys`],
      ['tokens', `${P}/settings/tokens`],
      ['audit log', `${P}/settings/audit-log`],
    ];
    const lcp: [string, number][] = [];
    for (const [name, url] of pages) {
      await page.goto(url, { waitUntil: 'load' });
      await page.getByRole('heading', { level: 1 }).first().waitFor();
      // A layout's heading (Settings, Networking) shows before its tab: the page is complete
      // once the network is quiet, and its LCP final.
      await page.waitForLoadState('networkidle');
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
    // Timed in the page: from the click event until the frame after the VM's heading is in the
    // document, so Playwright's own work around a click (actionability checks, polling) is not
    // counted (decision 225).
    await page.evaluate((name) => {
      const w = window as unknown as { navigation?: Promise<number> };
      w.navigation = new Promise<number>((resolve) => {
        let clicked = 0;
        document.addEventListener('click', (e) => (clicked = e.timeStamp), {
          capture: true,
          once: true,
        });
        // No named functions in here: the bench runs through tsx, whose helpers the page lacks.
        new MutationObserver((_, observer) => {
          if (
            !clicked ||
            ![...document.querySelectorAll('h1')].some((h) => h.textContent?.trim() === name)
          )
            return;
          observer.disconnect();
          requestAnimationFrame(() => setTimeout(() => resolve(performance.now() - clicked)));
        }).observe(document, { childList: true, subtree: true, characterData: true });
      });
    }, vmName);
    await link.click();
    await page.getByRole('heading', { level: 1, name: vmName }).waitFor();
    return {
      lcp,
      navigation: await page.evaluate(
        () => (window as unknown as { navigation: Promise<number> }).navigation,
      ),
    };
  } finally {
    await browser.close();
  }
}
