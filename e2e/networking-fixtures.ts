// Networking fixtures: a project of the default user with subnets, firewalls and VMs made
// through the API, all deleted again after the test, VMs first (waiting until they are gone),
// then subnets (waiting too), then firewalls, so the project fixture can delete the project.
import type { APIRequestContext } from '@playwright/test';
import { CSRF_HEADER } from '#shared/api/auth';
import type { FirewallDetail, FirewallRule } from '#shared/api/firewall';
import type { PrivateSubnet } from '#shared/api/private-subnet';
import type { Project } from '#shared/api/project';
import type { Vm } from '#shared/api/vm';
import { expect, test as base } from './fixtures.ts';

/** A valid OpenSSH public key line (the blob starts with its length-prefixed type). */
export const PUBLIC_KEY = 'ssh-ed25519 AAAAC3NzaC1lZDI1NTE5AAAAIGx0cW9rZXlrZXlrZXlrZXlrZXlrZXlrZXlrZXlrZXlr e2e@example.com';
const GONE_TIMEOUT = 20_000;

export class NetworkingApi {
  private readonly vms = new Map<string, { location: string; name: string }>();
  private readonly subnets = new Map<string, { location: string; name: string }>();

  constructor(
    private readonly request: APIRequestContext,
    private readonly csrf: string,
    readonly project: Project,
  ) {}

  static async open(request: APIRequestContext, project: Project): Promise<NetworkingApi> {
    const res = await request.get('/auth/session');
    expect(res.status()).toBe(200);
    return new NetworkingApi(request, ((await res.json()) as { csrf_token: string }).csrf_token, project);
  }

  private get p() {
    return `/api/project/${this.project.id}`;
  }

  private async send<T>(method: 'post' | 'delete' | 'get', url: string, data?: unknown): Promise<T> {
    const res = await this.request[method](url, { data, headers: { [CSRF_HEADER]: this.csrf } });
    expect(res.ok(), `${method.toUpperCase()} ${url}: ${res.status()} ${await res.text()}`).toBe(true);
    return (res.status() === 204 ? undefined : await res.json()) as T;
  }

  async createSubnet(location: string, name: string, firewallId?: string): Promise<PrivateSubnet> {
    const subnet = await this.send<PrivateSubnet>('post', `${this.p}/location/${location}/private-subnet/${name}`, firewallId ? { firewall_id: firewallId } : undefined);
    this.trackSubnet(subnet);
    return subnet;
  }

  /** Remembers a subnet to delete after the test (those made in the UI are found by listing). */
  trackSubnet(s: { id: string; location: string; name: string }) {
    this.subnets.set(s.id, { location: s.location, name: s.name });
  }

  async getSubnet(location: string, name: string): Promise<PrivateSubnet> {
    return this.send<PrivateSubnet>('get', `${this.p}/location/${location}/private-subnet/${name}`);
  }

  async createFirewall(location: string, name: string, description = ''): Promise<FirewallDetail> {
    const fw = await this.send<FirewallDetail>('post', `${this.p}/location/${location}/firewall/${name}`, { description });
    return fw; // deleted after the test with every other firewall of the project
  }

  async getFirewall(location: string, reference: string): Promise<FirewallDetail> {
    return this.send<FirewallDetail>('get', `${this.p}/location/${location}/firewall/${reference}`);
  }

  async addRule(location: string, firewall: string, rule: { cidr: string; port_range?: string; protocol?: 'tcp' | 'udp' }): Promise<FirewallRule> {
    return this.send<FirewallRule>('post', `${this.p}/location/${location}/firewall/${firewall}/firewall-rule`, rule);
  }

  async createVm(location: string, name: string, subnetId: string): Promise<Vm> {
    const vm = await this.send<Vm>('post', `${this.p}/location/${location}/vm/${name}`, { public_key: PUBLIC_KEY, private_subnet_id: subnetId });
    this.vms.set(vm.id, { location, name });
    return vm;
  }

  private async status(url: string): Promise<number> {
    return (await this.request.get(url)).status();
  }

  /** Deletes the VM and waits until it is gone. */
  async deleteVm(location: string, name: string): Promise<void> {
    const url = `${this.p}/location/${location}/vm/${name}`;
    await this.send('delete', url);
    await expect.poll(() => this.status(url), { timeout: GONE_TIMEOUT, message: `VM ${name} is gone` }).toBe(404);
  }

  async deleteSubnet(location: string, name: string): Promise<void> {
    const url = `${this.p}/location/${location}/private-subnet/${name}`;
    const res = await this.request.delete(url, { headers: { [CSRF_HEADER]: this.csrf } });
    expect([204, 404], `DELETE ${url}: ${await res.text()}`).toContain(res.status());
    await expect.poll(() => this.status(url), { timeout: GONE_TIMEOUT, message: `subnet ${name} is gone` }).toBe(404);
  }

  /** VMs, then subnets, then firewalls; all of them already gone is fine. */
  async cleanUp(): Promise<void> {
    for (const vm of this.vms.values()) {
      const url = `${this.p}/location/${vm.location}/vm/${vm.name}`;
      if ((await this.status(url)) !== 404) await this.deleteVm(vm.location, vm.name);
    }
    // Subnets renamed or made in the UI are found by listing.
    const list = await this.send<{ items: PrivateSubnet[] }>('get', `${this.p}/private-subnet?page_size=1000`);
    for (const s of list.items) this.subnets.set(s.id, { location: s.location, name: s.name });
    for (const s of this.subnets.values()) await this.deleteSubnet(s.location, s.name);
    const fws = await this.send<{ items: FirewallDetail[] }>('get', `${this.p}/firewall?page_size=1000`);
    for (const f of fws.items) {
      const res = await this.request.delete(`${this.p}/location/${f.location}/firewall/${f.id}`, { headers: { [CSRF_HEADER]: this.csrf } });
      expect([204, 404]).toContain(res.status());
    }
  }
}

interface NetworkingFixtures {
  /** A new project of the default user, with helpers to fill it; emptied after the test. */
  net: NetworkingApi;
}

export const test = base.extend<NetworkingFixtures>({
  net: async ({ user, createProject }, use) => {
    const project = await createProject();
    const net = await NetworkingApi.open(user.request, project);
    await use(net);
    await net.cleanUp();
  },
});

export { expect };
