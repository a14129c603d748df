import { expect, type Locator } from '@playwright/test';
import { BasePage, ListPage, option } from './base-page.ts';

/** Networking › Subnets: the list, the create page and a subnet's page. */
export class SubnetsPage extends ListPage {
  readonly heading = this.h1('Networking');
  readonly tabs = this.page.getByRole('navigation', { name: 'Networking' });
  readonly search = this.searchBox('subnets');
  readonly location = this.page.getByRole('combobox', { name: 'Location' });

  async goto(projectId: string, query = '') {
    await this.visit(`/projects/${projectId}/networking/subnets${query}`, this.heading);
  }

  async openCreate() {
    await this.page.getByRole('link', { name: 'Create subnet' }).first().click();
    await expect(this.h1('Create subnet')).toBeVisible();
  }
}

export class CreateSubnetPage extends BasePage {
  readonly name = this.page.getByLabel('Subnet name');
  readonly submit = this.page.getByRole('button', { name: 'Create subnet' });

  location(displayName: string): Locator {
    return option(this.page, 'Location', new RegExp(displayName));
  }

  firewall(name: RegExp | string): Locator {
    return option(this.page, 'Firewall', name);
  }
}

export class SubnetDetailPage extends BasePage {
  readonly tabs = this.page.getByRole('tablist', { name: 'Subnet sections' });

  async goto(projectId: string, location: string, name: string, tab?: string) {
    await this.visitDetail(
      `/projects/${projectId}/networking/subnets/${location}/${name}`,
      name,
      tab,
    );
  }

  async expectShown(name: string) {
    await expect(this.h1(name)).toBeVisible();
  }

  tab(name: 'Overview' | 'NICs' | 'Firewalls' | 'Connected subnets' | 'Settings'): Locator {
    return this.tabs.getByRole('tab', { name, exact: true });
  }

  panel(): Locator {
    return this.page.getByRole('tabpanel');
  }

  /** Connected subnets: connects `name` with the picker. */
  async connect(name: string) {
    await this.tab('Connected subnets').click();
    const picker = this.page.getByLabel('Subnet to connect');
    // An option reads "<name> (<IPv4 range>)".
    await picker.selectOption(
      (await picker.locator('option', { hasText: `${name} (` }).getAttribute('value'))!,
    );
    await this.page.getByRole('button', { name: 'Connect subnet' }).click();
  }

  connectedRow(name: string): Locator {
    return this.page
      .getByRole('table', { name: 'Connected subnets' })
      .getByRole('row')
      .filter({ has: this.page.getByRole('link', { name, exact: true }) });
  }

  /** Settings → Danger Zone → Delete subnet: types the name and confirms. Returns the dialog. */
  async delete(name: string): Promise<Locator> {
    await this.tab('Settings').click();
    return this.deleteTyped('subnet', name);
  }
}
