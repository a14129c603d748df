// The console's first load, for `npm run bench` (alone: `npm run bench:first-load`): the bytes
// on the wire and the requests of a cold load (an empty cache) of the sign-in page and of the
// project dashboard, and their LCP, unthrottled and with the network throttled as Lighthouse's
// mobile run does (150 ms round trip, 1.6 Mbit/s down, 750 kbit/s up).
import fs from 'node:fs';
import { chromium, type Browser, type BrowserContext } from '@playwright/test';

const CHROMIUM = process.env.BENCH_CHROMIUM ?? '/usr/bin/chromium';

/** Lighthouse's "slow 4G" (its mobile default), in CDP's units: bytes per second, ms. */
const MOBILE = {
  offline: false,
  latency: 150,
  downloadThroughput: (1.6 * 1024 * 1024) / 8,
  uploadThroughput: (750 * 1024) / 8,
};

export interface FirstLoad {
  page: string;
  throttled: boolean;
  /** Bytes received (headers and encoded bodies), as Chromium's network panel counts them. */
  bytes: number;
  requests: number;
  lcpMs: number;
}

async function coldLoad(
  context: BrowserContext,
  url: string,
  throttled: boolean,
): Promise<Omit<FirstLoad, 'page' | 'throttled'>> {
  const page = await context.newPage();
  const cdp = await context.newCDPSession(page);
  await cdp.send('Network.enable');
  // No cache, so every load is cold whatever the context loaded before.
  await cdp.send('Network.setCacheDisabled', { cacheDisabled: true });
  if (throttled) await cdp.send('Network.emulateNetworkConditions', MOBILE);
  let bytes = 0;
  let requests = 0;
  cdp.on('Network.requestWillBeSent', () => requests++);
  // dataReceived counts the bodies of answers that never finish too (the event stream).
  cdp.on('Network.responseReceived', (e: { response: { encodedDataLength?: number } }) => {
    bytes += e.response.encodedDataLength ?? 0;
  });
  cdp.on('Network.dataReceived', (e: { encodedDataLength: number }) => {
    bytes += e.encodedDataLength;
  });
  await page.goto(url, { waitUntil: 'load' });
  await page.getByRole('heading', { level: 1 }).first().waitFor();
  await page.waitForLoadState('networkidle');
  const lcpMs = await page.evaluate(
    () =>
      new Promise<number>((resolve) => {
        new PerformanceObserver((list) => {
          const entries = list.getEntries();
          resolve(entries[entries.length - 1]!.startTime);
        }).observe({ type: 'largest-contentful-paint', buffered: true });
      }),
  );
  await page.close();
  return { bytes, requests, lcpMs };
}

export async function firstLoads(
  baseUrl: string,
  login: { email: string; password: string },
  projectId: string,
): Promise<FirstLoad[] | undefined> {
  if (!fs.existsSync(CHROMIUM)) return undefined;
  const browser: Browser = await chromium.launch({
    executablePath: CHROMIUM,
    args: ['--no-sandbox'],
  });
  try {
    const results: FirstLoad[] = [];
    const anonymous = await browser.newContext();
    for (const throttled of [false, true])
      results.push({
        page: 'sign-in',
        throttled,
        ...(await coldLoad(anonymous, `${baseUrl}/login`, throttled)),
      });
    // Signed in once; the dashboard's loads then start from its cookie and an empty cache.
    const signedIn = await browser.newContext();
    const page = await signedIn.newPage();
    await page.goto(`${baseUrl}/login`);
    await page.getByLabel('E-mail address').fill(login.email);
    await page.getByLabel('Password').fill(login.password);
    await page.getByRole('button', { name: 'Sign in' }).click();
    await page.waitForURL((url) => !url.pathname.startsWith('/login'));
    await page.close();
    for (const throttled of [false, true])
      results.push({
        page: 'dashboard',
        throttled,
        ...(await coldLoad(signedIn, `${baseUrl}/projects/${projectId}`, throttled)),
      });
    return results;
  } finally {
    await browser.close();
  }
}
