// The e2e suite's one API helper: an account's console session (cookie + the CSRF token, as
// the SPA sends it) calling routes of the route table by operation ID, and a project of that
// account with what the specs need to fill it and, afterwards, to empty it again.
import { randomUUID } from 'node:crypto';
import {
  expect,
  type APIRequestContext,
  type BrowserContext,
  type PlaywrightWorkerArgs,
} from '@playwright/test';
import { CSRF_HEADER } from '#shared/api/auth';
import { linkToken, VERIFY_PAGE } from '#shared/api/verification';
import type { Project } from '#shared/api/project';
import {
  fillPath,
  routes,
  type BodyInputOf,
  type OperationId,
  type ParamsOf,
  type ResponseOf,
  type RouteDef,
} from '#shared/routes';

type Playwright = PlaywrightWorkerArgs['playwright'];

/** The BFF under test: E2E_BASE_URL, else the one playwright.config.ts starts (on E2E_PORT). */
export const BASE_URL =
  process.env.E2E_BASE_URL?.replace(/\/+$/, '') ??
  `http://127.0.0.1:${process.env.E2E_PORT ?? 3100}`;
export const PASSWORD = 'correct-horse-battery';
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

interface CallOptions<Op extends OperationId> {
  params?: ParamsOf<Op>;
  query?: Record<string, string | number>;
  body?: BodyInputOf<Op>;
}

/** The URL of a route of the table, filled with `params`. */
function urlOf(
  r: RouteDef,
  params: object = {},
  query: Record<string, string | number> = {},
): string {
  const qs = new URLSearchParams(Object.entries(query).map(([k, v]) => [k, String(v)])).toString();
  return r.base + fillPath(r.path, params as Record<string, string>) + (qs ? `?${qs}` : '');
}

/** The newest mail to `to` in the development outbox holding a link to `page`: the link's token. */
export async function mailedToken(
  request: APIRequestContext,
  to: string,
  page: string,
): Promise<string> {
  const res = await request.get(urlOf(routes.listOutbox, {}, { to }));
  expect(res.status(), await res.text()).toBe(200);
  const { items } = (await res.json()) as ResponseOf<'listOutbox'>;
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

  /** The account of a saved storage state (the setup project's user). */
  static async fromState(
    playwright: Playwright,
    file: string,
    baseURL = BASE_URL,
  ): Promise<ConsoleApi> {
    const request = await ConsoleApi.context(playwright, baseURL, file);
    const res = await request.get(urlOf(routes.consoleSession));
    expect(res.status(), 'the saved session is valid').toBe(200);
    const { account } = (await res.json()) as ResponseOf<'consoleSession'>;
    const api = new ConsoleApi(request, account.email, PASSWORD);
    await api.refreshSession();
    return api;
  }

  /** Calls a route of the table; answers the raw response. */
  call<Op extends OperationId>(op: Op, opts: CallOptions<Op> = {}) {
    return this.callRoute(routes[op], opts);
  }

  /** `call` for a route found in the table rather than named. */
  callRoute(
    r: RouteDef,
    {
      params,
      query,
      body,
    }: { params?: unknown; query?: Record<string, string | number>; body?: unknown } = {},
  ) {
    return this.request.fetch(urlOf(r, params ?? {}, query), {
      method: r.method,
      data: body,
      headers: { [CSRF_HEADER]: this.csrf },
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
const KINDS = Object.values(routes as Record<string, RouteDef>).flatMap((del) => {
  const parent = del.path.replace(/\/\{\w+\}$/, '');
  const lists = Object.values(routes as Record<string, RouteDef>).filter(
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
