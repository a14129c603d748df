import type { Locator } from '@playwright/test';
import { BasePage, ListPage, option } from './base-page.ts';

/** Networking › Load balancers: the list, the create page and a load balancer's page. */
export class LoadBalancersPage extends ListPage {
  readonly search = this.searchBox('load balancers');
  readonly location = this.page.getByRole('combobox', { name: 'Location' });

  async goto(projectId: string, query = '') {
    await this.visit(
      `/projects/${projectId}/networking/load-balancers${query}`,
      this.h1('Networking'),
    );
  }
}

export class CreateLoadBalancerPage extends BasePage {
  readonly name = this.page.getByLabel('Load balancer name');
  readonly subnet = this.page.getByLabel('Private subnet');
  readonly srcPort = this.page.getByLabel('Source port');
  readonly dstPort = this.page.getByLabel('Destination port');
  readonly endpoint = this.page.getByLabel('Health check endpoint');
  readonly certificate = this.page.getByRole('switch', { name: 'SSL certificate' });
  readonly submit = this.page.getByRole('button', { name: 'Create load balancer' });

  async goto(projectId: string) {
    await this.visit(
      `/projects/${projectId}/networking/load-balancers/new`,
      this.h1('Create load balancer'),
    );
  }

  location(name: string): Locator {
    return option(this.page, 'Location', new RegExp(name));
  }

  choice(group: 'Algorithm' | 'Health check protocol' | 'Networking stack', name: string): Locator {
    return option(this.page, group, name);
  }
}

export class LoadBalancerDetailPage extends BasePage {
  readonly tabs = this.page.getByRole('tablist', { name: 'Load balancer sections' });
  readonly state = this.page.getByRole('status', { name: /^State: / });
  readonly vms = this.page.getByRole('region', { name: 'Attached VMs' });
  readonly vmPicker = this.vms.getByLabel('VM to attach');
  readonly certificate = this.page.getByRole('switch', { name: 'SSL certificate' });

  async goto(projectId: string, location: string, name: string, tab?: string) {
    await this.visitDetail(
      `/projects/${projectId}/networking/load-balancers/${location}/${name}`,
      name,
      tab,
    );
  }

  tab(name: 'VMs' | 'Settings'): Locator {
    return this.tabs.getByRole('tab', { name, exact: true });
  }

  vmRow(name: string): Locator {
    return this.vms
      .getByRole('row')
      .filter({ has: this.page.getByRole('link', { name, exact: true }) });
  }

  health(name: string): Locator {
    return this.page.getByTestId(`lb-vm-health-${name}`);
  }

  delete(name: string) {
    return this.deleteTyped('load balancer', name);
  }
}
