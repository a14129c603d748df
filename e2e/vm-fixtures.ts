// VM fixtures: a project with an API helper that creates VMs (and reads them) through the
// real API, and that removes everything the test made in the project before the project
// itself is deleted (a project still holding VMs, subnets or firewalls answers 409):
// VMs first (until gone), then subnets (their default firewalls go with them), then firewalls.
import type { APIRequestContext } from '@playwright/test';
import { CSRF_HEADER } from '#shared/api/auth';
import type { Vm, VmList } from '#shared/api/vm';
import type { Project } from '#shared/api/project';
import { expect, test as base, uniqueName } from './fixtures.ts';

/** A valid OpenSSH public key line (ed25519). */
export const SSH_KEY = 'ssh-ed25519 AAAAC3NzaC1lZDI1NTE5AAAAIOMqqnkVzrm0SdG6UOoqKLsabgH5C9okWi0dh2l9GKJl e2e@example';

export interface CreateVmOptions {
  location?: string;
  size?: string;
  enable_ip4?: boolean;
  unix_user?: string;
}

export class VmApi {
  private csrf = '';

  constructor(
    readonly request: APIRequestContext,
    readonly project: Project,
  ) {}

  private get base() {
    return `/api/project/${this.project.id}`;
  }

  async refreshSession(): Promise<void> {
    const res = await this.request.get('/auth/session');
    expect(res.status(), 'the fixture session is valid').toBe(200);
    this.csrf = ((await res.json()) as { csrf_token: string }).csrf_token;
  }

  private headers() {
    return { [CSRF_HEADER]: this.csrf };
  }

  async createVm(name = uniqueName('vm'), { location = 'eu-central-h1', ...body }: CreateVmOptions = {}): Promise<Vm> {
    const res = await this.request.post(`${this.base}/location/${location}/vm/${name}`, { data: { public_key: SSH_KEY, ...body }, headers: this.headers() });
    expect(res.status(), await res.text()).toBe(200);
    return (await res.json()) as Vm;
  }

  async getVm(location: string, name: string): Promise<Vm | null> {
    const res = await this.request.get(`${this.base}/location/${location}/vm/${name}`);
    if (res.status() === 404) return null;
    expect(res.status(), await res.text()).toBe(200);
    return (await res.json()) as Vm;
  }

  /** Waits (polling the API) until the VM is in `state`. */
  async waitForState(vm: { location: string; name: string }, state: string): Promise<void> {
    await expect.poll(async () => (await this.getVm(vm.location, vm.name))?.state, { message: `VM ${vm.name} reaches ${state}` }).toBe(state);
  }

  async createRunningVm(name?: string, options?: CreateVmOptions): Promise<Vm> {
    const vm = await this.createVm(name, options);
    await this.waitForState(vm, 'running');
    return (await this.getVm(vm.location, vm.name))!;
  }

  async listVms(): Promise<VmList> {
    const res = await this.request.get(`${this.base}/vm?page_size=1000`);
    expect(res.status()).toBe(200);
    return (await res.json()) as VmList;
  }

  private async listItems(path: string): Promise<Array<{ name: string; location: string }>> {
    const res = await this.request.get(`${this.base}/${path}?page_size=1000`);
    expect(res.status(), await res.text()).toBe(200);
    return ((await res.json()) as { items: Array<{ name: string; location: string }> }).items;
  }

  /** Deletes every VM, subnet and firewall of the project, waiting for each kind to be gone. */
  async cleanUp(): Promise<void> {
    if ((await this.request.get('/auth/session')).status() !== 200) return; // the user fixture signs back in and reports
    await this.refreshSession();
    for (const [path, del] of [
      ['vm', (i: { name: string; location: string }) => `${this.base}/location/${i.location}/vm/${i.name}`],
      ['private-subnet', (i: { name: string; location: string }) => `${this.base}/location/${i.location}/private-subnet/${i.name}`],
      ['firewall', (i: { name: string; location: string }) => `${this.base}/location/${i.location}/firewall/${i.name}`],
    ] as const) {
      for (const item of await this.listItems(path)) {
        const res = await this.request.delete(del(item), { headers: this.headers() });
        expect([204, 404], `delete ${path} ${item.name}: ${await res.text()}`).toContain(res.status());
      }
      await expect.poll(async () => (await this.listItems(path)).length, { message: `every ${path} of the project is gone`, timeout: 20_000 }).toBe(0);
    }
  }
}

interface VmFixtures {
  /** A new project of the signed-in user, emptied of VMs, subnets and firewalls after the test. */
  vmProject: { project: Project; api: VmApi };
}

export const test = base.extend<VmFixtures>({
  vmProject: async ({ user, createProject }, use) => {
    const project = await createProject(uniqueName('compute'));
    const api = new VmApi(user.request, project);
    await api.refreshSession();
    await use({ project, api });
    await api.cleanUp();
  },
});

export { expect };
