// Fixtures: accounts and projects made through the API (a Playwright request context that
// signs up with the console's cookie session, then sends the CSRF token like the SPA does),
// removed again after each test. Pages are driven through the page objects in pages/.
import { randomUUID } from 'node:crypto';
import AxeBuilder from '@axe-core/playwright';
import path from 'node:path';
import { test as base, expect, type APIRequestContext, type BrowserContext, type Page, type PlaywrightWorkerArgs } from '@playwright/test';

type Playwright = PlaywrightWorkerArgs['playwright'];
import { CSRF_HEADER } from '#shared/api/auth';
import type { Project, ProjectList } from '#shared/api/project';

export const BASE_URL = 'http://127.0.0.1:3100';
export const PASSWORD = 'correct-horse-battery';
/** Written by auth.setup.ts, used as the default storage state of the chromium project. */
export const USER_STATE = path.join('test-results', '.auth', 'user.json');
export const SIGNED_OUT = { cookies: [], origins: [] };

export function uniqueEmail(tag = 'user'): string {
  return `${tag}-${randomUUID().slice(0, 12)}@example.com`;
}

export function uniqueName(tag = 'project'): string {
  return `${tag}-${randomUUID().slice(0, 8)}`;
}

/** One account's API session: cookie + CSRF token, as the console uses it. */
export class ConsoleApi {
  private csrf = '';
  private readonly created = new Set<string>();

  private constructor(
    readonly request: APIRequestContext,
    readonly email: string,
    readonly password: string,
  ) {}

  private static context(playwright: Playwright, storageState?: string) {
    // The BFF refuses cookie sign-ins and unsafe requests whose Origin is not its own.
    return playwright.request.newContext({ baseURL: BASE_URL, extraHTTPHeaders: { Origin: BASE_URL }, storageState });
  }

  static async signUp(playwright: Playwright, email = uniqueEmail(), password = PASSWORD): Promise<ConsoleApi> {
    const request = await ConsoleApi.context(playwright);
    const res = await request.post('/auth/signup', { data: { email, password } });
    expect(res.status(), await res.text()).toBe(200);
    const api = new ConsoleApi(request, email, password);
    await api.refreshSession();
    return api;
  }

  /** The account of a saved storage state (the setup project's user). */
  static async fromState(playwright: Playwright, file: string): Promise<ConsoleApi> {
    const request = await ConsoleApi.context(playwright, file);
    const res = await request.get('/auth/session');
    expect(res.status(), 'the saved session is valid').toBe(200);
    const { account } = (await res.json()) as { account: { email: string } };
    const api = new ConsoleApi(request, account.email, PASSWORD);
    await api.refreshSession();
    return api;
  }

  async refreshSession(): Promise<void> {
    const res = await this.request.get('/auth/session');
    expect(res.status()).toBe(200);
    this.csrf = ((await res.json()) as { csrf_token: string }).csrf_token;
  }

  async createProject(name = uniqueName()): Promise<Project> {
    const res = await this.request.post('/api/project', { data: { name }, headers: { [CSRF_HEADER]: this.csrf } });
    expect(res.status(), await res.text()).toBe(200);
    const project = (await res.json()) as Project;
    this.created.add(project.id);
    return project;
  }

  async listProjects(): Promise<ProjectList> {
    const res = await this.request.get('/api/project?page_size=1000');
    expect(res.status()).toBe(200);
    return (await res.json()) as ProjectList;
  }

  async getProjectStatus(id: string): Promise<number> {
    return (await this.request.get(`/api/project/${id}`)).status();
  }

  /** Ends this session on the server (as if it were revoked or expired). */
  async revokeSession(): Promise<void> {
    const res = await this.request.post('/auth/logout');
    expect(res.status()).toBe(204);
  }

  /** Puts this account's session cookie into a browser context. */
  async signInBrowser(context: BrowserContext): Promise<void> {
    await context.clearCookies();
    await context.addCookies((await this.request.storageState()).cookies);
  }

  async login(): Promise<void> {
    const res = await this.request.post('/auth/login', { data: { email: this.email, password: this.password } });
    expect(res.status(), await res.text()).toBe(200);
    await this.refreshSession();
  }

  /** Deletes what this helper created (already deleted is fine), then closes the context. */
  async dispose(): Promise<void> {
    if (this.created.size && (await this.request.get('/auth/session')).status() === 401) {
      await this.login(); // the test ended this session on purpose
    }
    for (const id of this.created) {
      const res = await this.request.delete(`/api/project/${id}`, { headers: { [CSRF_HEADER]: this.csrf } });
      expect([204, 404]).toContain(res.status());
    }
    await this.request.dispose();
  }
}

interface Fixtures {
  /** The setup project's user: the one the `page` is signed in as by default. */
  user: ConsoleApi;
  /** A new account of its own (the page is not signed in as it; see signInBrowser). */
  freshAccount: ConsoleApi;
  /** Creates a project in the default user's account, deleted after the test. */
  createProject: (name?: string) => Promise<Project>;
}

export const test = base.extend<Fixtures>({
  user: async ({ playwright }, use) => {
    const api = await ConsoleApi.fromState(playwright, USER_STATE);
    await use(api);
    await api.dispose();
  },
  freshAccount: async ({ playwright }, use) => {
    const api = await ConsoleApi.signUp(playwright, uniqueEmail('fresh'));
    await use(api);
    await api.dispose();
  },
  createProject: async ({ user }, use) => {
    await use((name) => user.createProject(name));
  },
});

export { expect };

/** Marks the document, so a later check can tell that the page was never reloaded. */
export async function markDocument(page: Page) {
  await page.evaluate(() => ((window as unknown as { __sameDocument: boolean }).__sameDocument = true));
}

/** The document marked by markDocument is still the one shown: no reload happened. */
export async function expectSameDocument(page: Page) {
  expect(await page.evaluate(() => (window as unknown as { __sameDocument?: boolean }).__sameDocument)).toBe(true);
}

/** axe finds no serious or critical violations on the page, or only on `within` (a menu or dialog). */
export async function expectAxeClean(page: Page, within?: string) {
  const builder = new AxeBuilder({ page });
  if (within) builder.include(within);
  const { violations } = await builder.analyze();
  const serious = violations
    .filter((v) => v.impact === 'serious' || v.impact === 'critical')
    .map((v) => `${v.id} (${v.impact}): ${v.help} → ${v.nodes.map((n) => n.target.join(' ')).join(', ')}`);
  expect(serious).toEqual([]);
}
