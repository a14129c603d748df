// The test kit's API helper: an account's console session (cookie + the CSRF token, as the
// console sends it) calling any route of the console by operation ID, a project of that
// account with what tests need to fill it and, afterwards, to empty it again, and the
// test-mode routes of an instance started with TEST_MODE=1 (docs/testing.md).
import { randomUUID } from 'node:crypto';
import {
  expect,
  type APIRequestContext,
  type BrowserContext,
  type PlaywrightWorkerArgs,
} from '@playwright/test';
import { routes, type KitRoute } from './routes.gen.ts';
import type { BodyInputOf, OperationId, ParamsOf, Project, QueryOf, ResponseOf } from './types.ts';

type Playwright = PlaywrightWorkerArgs['playwright'];

/**
 * The console's origin when a test gives none: `E2E_BASE_URL`, else a local instance on
 * `E2E_PORT` (3100). The fixtures use Playwright's `baseURL` instead.
 */
export const BASE_URL =
  process.env.E2E_BASE_URL?.replace(/\/+$/, '') ??
  `http://127.0.0.1:${process.env.E2E_PORT ?? 3100}`;
/** The password of accounts the kit signs up when a test gives none. */
export const PASSWORD = 'correct-horse-battery';
/** The console's header for the session's CSRF token (from `GET /auth/session`). */
export const CSRF_HEADER = 'x-csrf-token';
/** The header of the instance-wide test-mode token (`TEST_MODE_TOKEN`). */
export const TEST_MODE_HEADER = 'test-mode-token';
/** The console's page a verification link opens. */
export const VERIFY_PAGE = '/verify-email';
/** A valid OpenSSH public key line (ed25519). */
export const SSH_KEY =
  'ssh-ed25519 AAAAC3NzaC1lZDI1NTE5AAAAIOMqqnkVzrm0SdG6UOoqKLsabgH5C9okWi0dh2l9GKJl e2e@example';
const GONE_TIMEOUT = 20_000;

export function uniqueEmail(tag = 'user'): string {
  return `${tag}-${randomUUID().slice(0, 12)}@example.com`;
}

export function uniqueName(tag = 'project'): string {
  return `${tag}-${randomUUID().slice(0, 8)}`;
}

/** The token of a mailed link to `page` (`https://…/verify-email#<token>`) in a mail's text, if it holds one. */
export function linkToken(text: string, page: string): string | undefined {
  return new RegExp(`https?://[^\\s/]+${page}#([\\w-]+)`).exec(text)?.[1];
}

export interface CallOptions<Op extends OperationId> {
  params?: ParamsOf<Op>;
  query?: QueryOf<Op> | Record<string, string | number>;
  body?: BodyInputOf<Op>;
  /** More headers (e.g. the test-mode token). */
  headers?: Record<string, string>;
}

type Query = Record<string, string | number | boolean | undefined>;

/** The URL of a route, its path filled with `params`. */
function urlOf(r: KitRoute, params: object = {}, query: unknown = {}): string {
  const qs = new URLSearchParams(
    Object.entries((query ?? {}) as Query)
      .filter(([, v]) => v !== undefined)
      .map(([k, v]) => [k, String(v)]),
  ).toString();
  // As the product's fillPath (shared/wire.ts; the kit ships on its own): an empty, `.` or
  // `..` value would address another route, since URLs drop such segments.
  const path = r.path.replace(/\{(\w+)\}/g, (_, key: string) => {
    const value = String((params as Record<string, unknown>)[key] ?? '');
    if (value === '' || value === '.' || value === '..')
      throw new Error(`${key} cannot be empty, "." or ".."`);
    return encodeURIComponent(value);
  });
  return r.base + path + (qs ? `?${qs}` : '');
}

/** The newest mail to `to` in the development outbox holding a link to `page`: the link's token. */
export async function mailedToken(
  request: APIRequestContext,
  to: string,
  page: string,
): Promise<string> {
  const res = await request.get(urlOf(routes.listOutbox, {}, { to }));
  expect(res.status(), await res.text()).toBe(200);
  const { items } = (await res.json()) as { items: { text: string }[] };
  const token = items.map((m) => linkToken(m.text, page)).find((t) => t !== undefined);
  expect(token, `a ${page} link mailed to ${to}`).toBeDefined();
  return token!;
}

/** One account's console session. */
export class ConsoleApi {
  private csrf = '';
  private readonly created = new Set<string>();

  private constructor(
    readonly request: APIRequestContext,
    readonly email: string,
    readonly password: string,
  ) {}

  /** `baseURL`: the console's origin (the test project's: the proxy project's is a proxy-mode BFF). */
  private static context(playwright: Playwright, baseURL: string, storageState?: string) {
    // The BFF refuses cookie sign-ins and unsafe requests whose Origin is not its own.
    return playwright.request.newContext({
      baseURL,
      extraHTTPHeaders: { Origin: baseURL },
      storageState,
    });
  }

  /** Signs up, then follows the verification link mailed to the development outbox: the account is verified and signed in. */
  static async signUp(
    playwright: Playwright,
    email = uniqueEmail(),
    password = PASSWORD,
    baseURL = BASE_URL,
  ): Promise<ConsoleApi> {
    const api = new ConsoleApi(await ConsoleApi.context(playwright, baseURL), email, password);
    await api.send('consoleSignup', { body: { email, password } });
    await api.send('verifyEmail', {
      body: { token: await mailedToken(api.request, email, VERIFY_PAGE) },
    });
    await api.refreshSession();
    return api;
  }

  /**
   * The account of a saved storage state (the setup project's user). `password` lets the kit
   * sign in again after a test ended the session.
   */
  static async fromState(
    playwright: Playwright,
    file: string,
    baseURL = BASE_URL,
    password = PASSWORD,
  ): Promise<ConsoleApi> {
    const request = await ConsoleApi.context(playwright, baseURL, file);
    const res = await request.get(urlOf(routes.consoleSession));
    expect(res.status(), 'the saved session is valid').toBe(200);
    const { account } = (await res.json()) as ResponseOf<'consoleSession'>;
    const api = new ConsoleApi(request, account.email, password);
    await api.refreshSession();
    return api;
  }

  /** Signs in with an e-mail address and password (an account made with `TestMode.createAccount`, say). */
  static async signIn(
    playwright: Playwright,
    email: string,
    password = PASSWORD,
    baseURL = BASE_URL,
  ): Promise<ConsoleApi> {
    const api = new ConsoleApi(await ConsoleApi.context(playwright, baseURL), email, password);
    await api.login();
    return api;
  }

  /** Calls a route by operation ID; answers the raw response. */
  call<Op extends OperationId>(op: Op, opts: CallOptions<Op> = {}) {
    return this.callRoute(routes[op], opts);
  }

  /** `call` for a route found in the table rather than named. */
  callRoute(
    r: KitRoute,
    {
      params,
      query,
      body,
      headers,
    }: { params?: unknown; query?: unknown; body?: unknown; headers?: Record<string, string> } = {},
  ) {
    return this.request.fetch(urlOf(r, params ?? {}, query), {
      method: r.method,
      data: body,
      headers: { [CSRF_HEADER]: this.csrf, ...headers },
    });
  }

  /** Calls a route of the table, expecting success; answers its body. */
  async send<Op extends OperationId>(op: Op, opts: CallOptions<Op> = {}): Promise<ResponseOf<Op>> {
    const res = await this.call(op, opts);
    expect(res.ok(), `${op}: ${res.status()} ${await res.text()}`).toBe(true);
    return (res.status() === 204 ? undefined : await res.json()) as ResponseOf<Op>;
  }

  async refreshSession(): Promise<void> {
    const res = await this.call('consoleSession');
    expect(res.status(), 'the session is valid').toBe(200);
    this.csrf = ((await res.json()) as ResponseOf<'consoleSession'>).csrf_token;
  }

  async createProject(name = uniqueName()): Promise<Project> {
    const project = await this.send('createProject', { body: { name } });
    this.created.add(project.id);
    return project;
  }

  listProjects() {
    return this.send('listProjects', { query: { page_size: 1000 } });
  }

  async getProjectStatus(id: string): Promise<number> {
    return (await this.call('getProject', { params: { project_id: id } })).status();
  }

  /** A project of this account, to fill through the API. */
  project(project: Project): ProjectApi {
    return new ProjectApi(this, project);
  }

  /** Ends this session on the server (as if it were revoked or expired). */
  async revokeSession(): Promise<void> {
    expect((await this.call('consoleLogout')).status()).toBe(204);
  }

  /** Puts this account's session cookie into a browser context. */
  async signInBrowser(context: BrowserContext): Promise<void> {
    await context.clearCookies();
    await context.addCookies((await this.request.storageState()).cookies);
  }

  async login(): Promise<void> {
    await this.send('consoleLogin', { body: { email: this.email, password: this.password } });
    await this.refreshSession();
  }

  /** Deletes the projects this helper created, with everything in them (already deleted is fine), then closes the context. */
  async dispose(): Promise<void> {
    if (this.created.size && (await this.call('consoleSession')).status() === 401) {
      await this.login(); // the test ended this session on purpose
    }
    for (const id of this.created) {
      // The server empties the project, then deletes it (force=true); 202: not gone within its
      // wait, the deletion goes on, so ask again.
      let res = await this.call('deleteProject', {
        params: { project_id: id },
        query: { force: 'true' },
      });
      while (res.status() === 202)
        res = await this.call('deleteProject', {
          params: { project_id: id },
          query: { force: 'true' },
        });
      expect([204, 404], await res.text()).toContain(res.status());
    }
    await this.request.dispose();
  }
}

/**
 * The kinds a project holds, from the route table: each by-reference delete route under a
 * location list route, with the project-wide list of the same tag. (Code-host installations
 * are not in a location: they go with the project.)
 */
const KINDS = Object.values(routes as Record<string, KitRoute>).flatMap((del) => {
  const parent = del.path.replace(/\/\{\w+\}$/, '');
  const lists = Object.values(routes as Record<string, KitRoute>).filter(
    (r) => r.method === 'get' && r.query && r.tag === del.tag,
  );
  const inProject = lists.find((r) => r.path.split('/').length === 4);
  return del.method === 'delete' &&
    /\{location(_name)?\}/.test(del.path) &&
    inProject &&
    lists.some((r) => r.path === parent)
    ? [{ del, list: inProject, ref: del.path.match(/\{(\w+)\}$/)![1]! }]
    : [];
});

type CreateVmBody = Omit<BodyInputOf<'createVm'>, 'public_key'> & { location?: string };

/** A project of an account: what the specs make in it through the API. */
export class ProjectApi {
  constructor(
    readonly account: ConsoleApi,
    readonly project: Project,
  ) {}

  get id(): string {
    return this.project.id;
  }

  /** The project's test-mode routes (an instance with TEST_MODE=1). */
  get testMode(): ProjectTestMode {
    return new ProjectTestMode(this);
  }

  /** Deletes the project with everything in it (`?force=true`) and waits until it is gone. */
  async forceDelete(): Promise<void> {
    let res = await this.account.call('deleteProject', {
      params: { project_id: this.id },
      query: { force: 'true' },
    });
    // 202: not gone within the server's wait; the deletion goes on, so ask again.
    while (res.status() === 202)
      res = await this.account.call('deleteProject', {
        params: { project_id: this.id },
        query: { force: 'true' },
      });
    expect([204, 404], await res.text()).toContain(res.status());
  }

  private inLoc(location_name: string) {
    return { project_id: this.id, location_name };
  }

  private at(location: string) {
    return { project_id: this.id, location };
  }

  createSubnet(location: string, name: string, firewallId?: string) {
    return this.account.send('createPrivateSubnet', {
      params: { ...this.inLoc(location), ps_name: name },
      body: firewallId ? { firewall_id: firewallId } : undefined,
    });
  }

  getSubnet(location: string, name: string) {
    return this.account.send('getPrivateSubnet', {
      params: { ...this.inLoc(location), ps_name: name },
    });
  }

  createFirewall(location: string, name: string, description = '') {
    return this.account.send('createFirewall', {
      params: { ...this.at(location), firewall_reference: name },
      body: { description },
    });
  }

  getFirewall(location: string, reference: string) {
    return this.account.send('getFirewall', {
      params: { ...this.at(location), firewall_reference: reference },
    });
  }

  addRule(location: string, firewall: string, rule: BodyInputOf<'createFirewallRule'>) {
    return this.account.send('createFirewallRule', {
      params: { ...this.at(location), firewall_reference: firewall },
      body: rule,
    });
  }

  createVm(name = uniqueName('vm'), { location = 'eu-central-h1', ...body }: CreateVmBody = {}) {
    return this.account.send('createVm', {
      params: { ...this.inLoc(location), vm_name: name },
      body: { public_key: SSH_KEY, ...body },
    });
  }

  /** The VM, or null once it is gone. */
  async getVm(location: string, name: string): Promise<ResponseOf<'getVm'> | null> {
    const res = await this.account.call('getVm', {
      params: { ...this.inLoc(location), vm_name: name },
    });
    if (res.status() === 404) return null;
    expect(res.status(), await res.text()).toBe(200);
    return (await res.json()) as ResponseOf<'getVm'>;
  }

  /** Waits (polling the API) until the VM is in `state`. */
  async waitForState(vm: { location: string; name: string }, state: string): Promise<void> {
    await expect
      .poll(async () => (await this.getVm(vm.location, vm.name))?.state, {
        message: `VM ${vm.name} reaches ${state}`,
      })
      .toBe(state);
  }

  async createRunningVm(name?: string, options?: CreateVmBody) {
    const vm = await this.createVm(name, options);
    await this.waitForState(vm, 'running');
    return (await this.getVm(vm.location, vm.name))!;
  }

  /** Deletes the VM (gone already is fine) and waits until it is gone. */
  async deleteVm(location: string, name: string): Promise<void> {
    await this.account.send('deleteVm', { params: { ...this.inLoc(location), vm_name: name } });
    await expect
      .poll(() => this.getVm(location, name), {
        timeout: GONE_TIMEOUT,
        message: `VM ${name} is gone`,
      })
      .toBeNull();
  }

  createPostgres(
    name = uniqueName('pg'),
    {
      location = 'eu-central-h1',
      ...body
    }: Partial<BodyInputOf<'createPostgresDatabase'>> & { location?: string } = {},
  ) {
    return this.account.send('createPostgresDatabase', {
      params: { ...this.at(location), postgres_database_reference: name },
      body: { size: 'hobby-1', ...body },
    });
  }

  /** The database, or null once it is gone. */
  async getPostgres(
    location: string,
    name: string,
  ): Promise<ResponseOf<'getPostgresDatabase'> | null> {
    const res = await this.account.call('getPostgresDatabase', {
      params: { ...this.at(location), postgres_database_reference: name },
    });
    if (res.status() === 404) return null;
    expect(res.status(), await res.text()).toBe(200);
    return (await res.json()) as ResponseOf<'getPostgresDatabase'>;
  }

  /** Creates a database and waits (polling the API) until it is running. */
  async createRunningPostgres(
    name?: string,
    options?: Parameters<ProjectApi['createPostgres']>[1],
  ) {
    const pg = await this.createPostgres(name, options);
    await expect
      .poll(async () => (await this.getPostgres(pg.location, pg.name))?.state, {
        message: `database ${pg.name} reaches running`,
      })
      .toBe('running');
    return (await this.getPostgres(pg.location, pg.name))!;
  }

  createCluster(
    name = uniqueName('kc'),
    {
      location = 'eu-central-h1',
      ...body
    }: Partial<BodyInputOf<'createKubernetesCluster'>> & { location?: string } = {},
  ) {
    return this.account.send('createKubernetesCluster', {
      params: { ...this.at(location), kubernetes_cluster_reference: name },
      body,
    });
  }

  /** The cluster, or null once it is gone. */
  async getCluster(
    location: string,
    name: string,
  ): Promise<ResponseOf<'getKubernetesCluster'> | null> {
    const res = await this.account.call('getKubernetesCluster', {
      params: { ...this.at(location), kubernetes_cluster_reference: name },
    });
    if (res.status() === 404) return null;
    expect(res.status(), await res.text()).toBe(200);
    return (await res.json()) as ResponseOf<'getKubernetesCluster'>;
  }

  /** Creates a cluster and waits (polling the API) until it is running. */
  async createRunningCluster(name?: string, options?: Parameters<ProjectApi['createCluster']>[1]) {
    const kc = await this.createCluster(name, options);
    await expect
      .poll(async () => (await this.getCluster(kc.location, kc.name))?.display_state, {
        message: `cluster ${kc.name} reaches running`,
      })
      .toBe('running');
    return (await this.getCluster(kc.location, kc.name))!;
  }

  createLoadBalancer(
    name: string,
    {
      location = 'eu-central-h1',
      ...body
    }: BodyInputOf<'createLoadBalancer'> & { location?: string },
  ) {
    return this.account.send('createLoadBalancer', {
      params: { ...this.at(location), load_balancer_reference: name },
      body,
    });
  }

  /** The load balancer, or null once it is gone. */
  async getLoadBalancer(
    location: string,
    name: string,
  ): Promise<ResponseOf<'getLoadBalancer'> | null> {
    const res = await this.account.call('getLoadBalancer', {
      params: { ...this.at(location), load_balancer_reference: name },
    });
    if (res.status() === 404) return null;
    expect(res.status(), await res.text()).toBe(200);
    return (await res.json()) as ResponseOf<'getLoadBalancer'>;
  }

  /**
   * Deletes everything the project holds, of every kind of the route table, and waits until
   * it is gone. A delete refused for now (a subnet whose VMs are still going) is sent again on
   * the next round.
   */
  async empty(): Promise<void> {
    const left = async () => {
      let count = 0;
      for (const { del, list, ref } of KINDS) {
        const res = await this.account.callRoute(list, {
          params: { project_id: this.id },
          query: { page_size: 1000 },
        });
        expect(res.status(), await res.text()).toBe(200);
        const { items } = (await res.json()) as {
          items: { id: string; location: string; state?: string }[];
        };
        for (const item of items.filter((i) => i.state !== 'deleting')) {
          const gone = await this.account.callRoute(del, {
            params: {
              project_id: this.id,
              location: item.location,
              location_name: item.location,
              [ref]: item.id,
            },
          });
          expect([204, 404, 409], `${del.path} ${item.id}: ${await gone.text()}`).toContain(
            gone.status(),
          );
        }
        count += items.length;
      }
      return count;
    };
    await expect
      .poll(left, { timeout: GONE_TIMEOUT, message: 'everything in the project is gone' })
      .toBe(0);
  }
}

/** A fault rule's fields (docs/testing.md, "Failures on demand: fault rules"). */
export type FaultRule = BodyInputOf<'addTestFault'>;
/** What a hold or release names: a resource's ID, a name (also before it exists), or nothing (all). */
export type HoldTarget = BodyInputOf<'holdTestTransitions'>;

/** The project's test-mode routes (TEST_MODE=1; the account must be the project's admin). */
export class ProjectTestMode {
  constructor(private readonly project: ProjectApi) {}

  private get params() {
    return { project_id: this.project.id };
  }

  /** Makes matching operations fail: `{kind, operation, reason?, count? | probability?}`. */
  addFault(rule: FaultRule) {
    return this.project.account.send('addTestFault', { params: this.params, body: rule });
  }

  async faults() {
    return (await this.project.account.send('listTestFaults', { params: this.params })).items;
  }

  removeFault(faultId: string) {
    return this.project.account.send('removeTestFault', {
      params: { ...this.params, fault_id: faultId },
    });
  }

  /** Holds the next transition of a resource (by name: also before it exists), or of all with `{}`. */
  hold(target: HoldTarget) {
    return this.project.account.send('holdTestTransitions', { params: this.params, body: target });
  }

  /** Releases a hold (`{}`: every hold of the project); what was held runs now. */
  release(target: HoldTarget = {}) {
    return this.project.account.send('releaseTestTransitions', {
      params: this.params,
      body: target,
    });
  }

  /** Runs what waits now; with `seconds`, lets that much time pass for the project (expiries, backups, retries; docs/testing.md). */
  advance(body: BodyInputOf<'advanceTestClock'> = {}) {
    return this.project.account.send('advanceTestClock', { params: this.params, body });
  }

  /** This project's step delay instead of the instance's (`null`: the instance's). */
  setDelay(delay_ms: number | null) {
    return this.project.account.send('updateTestSettings', {
      params: this.params,
      body: { delay_ms },
    });
  }

  /** The project's invitation mails (`to`, `since`, `wait` up to 10 s for the next). */
  async outbox(query: QueryOf<'listProjectTestOutbox'> = {}) {
    return (
      await this.project.account.send('listProjectTestOutbox', {
        params: this.params,
        query: query as Query,
      })
    ).items;
  }
}

/** A mail of the test outbox. */
export type OutboxMail = ResponseOf<'listTestOutbox'>['items'][number];

/**
 * The instance-wide test-mode routes, with the instance's `TEST_MODE_TOKEN`: test accounts,
 * the outbox, the test clock. `baseURL`: the console's origin.
 */
export class TestMode {
  private constructor(
    readonly request: APIRequestContext,
    private readonly token: string,
  ) {}

  static async connect(playwright: Playwright, token: string, baseURL = BASE_URL) {
    return new TestMode(
      await playwright.request.newContext({ baseURL, extraHTTPHeaders: { Origin: baseURL } }),
      token,
    );
  }

  /** Calls a route with the test-mode token; answers the raw response. */
  call<Op extends OperationId>(op: Op, { params, query, body }: CallOptions<Op> = {}) {
    return this.request.fetch(urlOf(routes[op], params ?? {}, query), {
      method: routes[op].method,
      data: body,
      headers: { [TEST_MODE_HEADER]: this.token },
    });
  }

  async send<Op extends OperationId>(op: Op, opts: CallOptions<Op> = {}): Promise<ResponseOf<Op>> {
    const res = await this.call(op, opts);
    expect(res.ok(), `${op}: ${res.status()} ${await res.text()}`).toBe(true);
    return (res.status() === 204 ? undefined : await res.json()) as ResponseOf<Op>;
  }

  /** A verified account (with memberships), signed in at once; `password` follows the sign-up policy. */
  createAccount(body: BodyInputOf<'addTestAccount'>) {
    return this.send('addTestAccount', { body });
  }

  deleteAccount(accountId: string) {
    return this.send('deleteTestAccount', { params: { account_id: accountId } });
  }

  /** Mails, newest first: `to`, `since` (ISO time) and `wait` (up to 10 s for the next one). */
  async outbox(query: QueryOf<'listTestOutbox'> = {}): Promise<OutboxMail[]> {
    return (await this.send('listTestOutbox', { query: query as Query })).items;
  }

  /** Waits (long-polling) for the next mail to `to` sent after `since` and answers it. */
  async nextMail(to: string, since: string): Promise<OutboxMail> {
    let mail: OutboxMail | undefined;
    await expect
      .poll(async () => (mail = (await this.outbox({ to, since, wait: '10' }))[0]), {
        message: `a mail to ${to}`,
        timeout: 30_000,
      })
      .toBeDefined();
    return mail!;
  }

  clearOutbox(to?: string) {
    return this.send('clearTestOutbox', { query: to ? { to } : {} });
  }

  /** Runs what waits now across the instance; with `seconds`, lets that much time pass for everything, sessions included. */
  advance(body: BodyInputOf<'advanceTestClockInstance'> = {}) {
    return this.send('advanceTestClockInstance', { body });
  }

  dispose() {
    return this.request.dispose();
  }
}
