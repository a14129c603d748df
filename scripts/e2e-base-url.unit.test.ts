// The product's own Playwright suite against an instance already running (docs/testing.md):
// with E2E_BASE_URL it starts no server, points every project at that URL and leaves out the
// proxy and test-mode projects unless their instances are named too.
import { afterEach, describe, expect, it, vi } from 'vitest';

type Config = {
  webServer?: unknown[];
  use?: { baseURL?: string };
  projects?: { name: string; use?: { baseURL?: string } }[];
};
const load = async (env: Record<string, string>) => {
  vi.resetModules();
  for (const [k, v] of Object.entries(env)) vi.stubEnv(k, v);
  return (await import('../playwright.config.ts')).default as Config;
};
afterEach(() => vi.unstubAllEnvs());

describe('the e2e suite with E2E_BASE_URL', () => {
  it('starts no server and runs against the instance given', async () => {
    const config = await load({ E2E_BASE_URL: 'https://console.example.test/' });
    expect(config.webServer).toEqual([]);
    expect(config.use?.baseURL).toBe('https://console.example.test');
    expect(config.projects?.map((p) => p.name)).toEqual(['setup', 'chromium']);
  });

  it('runs the proxy and test-mode projects against the instances named for them', async () => {
    const config = await load({
      E2E_BASE_URL: 'https://console.example.test',
      E2E_PROXY_URL: 'https://proxy.example.test',
      E2E_TEST_MODE_URL: 'https://qa.example.test',
    });
    const urls = Object.fromEntries(config.projects!.map((p) => [p.name, p.use?.baseURL]));
    expect(urls).toMatchObject({
      'test-mode': 'https://qa.example.test',
      proxy: 'https://proxy.example.test',
    });
  });
});
