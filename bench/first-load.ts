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
  /**
   * Bytes received (headers and encoded bodies), as Chromium's network panel counts them, and
   * requests, for the page itself: those sent before the console starts prefetching the other
   * pages' code (its `PREFETCH_MARK`, web/src/lib/route-chunks.ts).
   */
  bytes: number;
  requests: number;
  /** The same for the prefetch, after the page: the rest of the console's code. */
  prefetchBytes: number;
  prefetchRequests: number;
  lcpMs: number;
}

/** The performance mark the console sets when it starts prefetching (route-chunks.ts). */
const PREFETCH_MARK = 'console:prefetch';

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
  // Per request: when it was sent (wall clock, s) and the bytes received for it.
  const sent = new Map<string, { at: number; bytes: number }>();
  const add = (requestId: string, bytes: number) => {
    const r = sent.get(requestId);
    if (r) r.bytes += bytes;
  };
  cdp.on('Network.requestWillBeSent', (e: { requestId: string; wallTime: number }) => {
    if (!sent.has(e.requestId)) sent.set(e.requestId, { at: e.wallTime, bytes: 0 });
  });
  // dataReceived counts the bodies of answers that never finish too (the event stream).
  cdp.on(
    'Network.responseReceived',
    (e: { requestId: string; response: { encodedDataLength?: number } }) =>
      add(e.requestId, e.response.encodedDataLength ?? 0),
  );
  cdp.on('Network.dataReceived', (e: { requestId: string; encodedDataLength: number }) =>
    add(e.requestId, e.encodedDataLength),
  );
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
  // When the prefetch started (ms since the epoch), if it did.
  const prefetchAt = await page.evaluate((mark) => {
    const entry = performance.getEntriesByName(mark)[0];
    return entry ? performance.timeOrigin + entry.startTime : Infinity;
  }, PREFETCH_MARK);
  await page.close();
  const total = { bytes: 0, requests: 0, prefetchBytes: 0, prefetchRequests: 0 };
  for (const r of sent.values()) {
    if (r.at * 1000 < prefetchAt) {
      total.bytes += r.bytes;
      total.requests++;
    } else {
      total.prefetchBytes += r.bytes;
      total.prefetchRequests++;
    }
  }
  return { ...total, lcpMs };
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
