import { expect, type Locator, type Page } from '@playwright/test';

/** Networking › Subnets: the list, the create page and a subnet's page. */
export class SubnetsPage {
  readonly heading: Locator;
  readonly tabs: Locator;
  readonly table: Locator;
  readonly search: Locator;
  readonly location: Locator;

  constructor(readonly page: Page) {
    this.heading = page.getByRole('heading', { name: 'Networking', level: 1 });
    this.tabs = page.getByRole('navigation', { name: 'Networking' });
    this.table = page.getByRole('table');
    this.search = page.getByRole('searchbox', { name: 'Search subnets by name' });
    this.location = page.getByRole('combobox', { name: 'Location' });
  }

  async goto(projectId: string, query = '') {
    await this.page.goto(`/projects/${projectId}/networking/subnets${query}`);
    await expect(this.heading).toBeVisible();
  }

  row(name: string): Locator {
    return this.table.getByRole('row').filter({ has: this.page.getByRole('link', { name, exact: true }) });
  }

  async openCreate() {
    await this.page.getByRole('link', { name: 'Create subnet' }).first().click();
    await expect(this.page.getByRole('heading', { name: 'Create subnet', level: 1 })).toBeVisible();
  }
}

export class CreateSubnetPage {
  readonly name: Locator;
  readonly submit: Locator;

  constructor(readonly page: Page) {
    this.name = page.getByLabel('Subnet name');
    this.submit = page.getByRole('button', { name: 'Create subnet' });
  }

  location(displayName: string): Locator {
    return this.page.getByRole('group', { name: 'Location' }).getByRole('radio', { name: new RegExp(displayName) });
  }

  firewall(name: RegExp | string): Locator {
    return this.page.getByRole('group', { name: 'Firewall' }).getByRole('radio', { name });
  }
}

export class SubnetDetailPage {
  readonly tabs: Locator;

  constructor(readonly page: Page) {
    this.tabs = page.getByRole('tablist', { name: 'Subnet sections' });
  }

  async goto(projectId: string, location: string, name: string, tab?: string) {
    await this.page.goto(`/projects/${projectId}/networking/subnets/${location}/${name}${tab ? `?tab=${tab}` : ''}`);
    await this.expectShown(name);
  }

  async expectShown(name: string) {
    await expect(this.page.getByRole('heading', { name, level: 1 })).toBeVisible();
  }

  tab(name: 'Overview' | 'NICs' | 'Firewalls' | 'Settings'): Locator {
    return this.tabs.getByRole('tab', { name: new RegExp(`^${name}`) });
  }

  panel(): Locator {
    return this.page.getByRole('tabpanel');
  }

  /** Settings → Danger Zone → Delete subnet: types the name and confirms. Returns the dialog. */
  async delete(name: string): Promise<Locator> {
    await this.tab('Settings').click();
    await this.page.getByRole('region', { name: 'Danger Zone' }).getByRole('button', { name: 'Delete subnet' }).click();
    const dialog = this.page.getByRole('dialog', { name: 'Delete subnet' });
    await expect(dialog).toBeVisible();
    const confirm = dialog.getByRole('button', { name: 'Delete', exact: true });
    await expect(confirm).toBeDisabled();
    await dialog.getByLabel(`Type ${name} to confirm`).fill(name);
    await confirm.click();
    return dialog;
  }
}
