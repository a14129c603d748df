import { expect, type Locator, type Page } from '@playwright/test';

/** Networking › Firewalls: the list, the create page and a firewall's page. */
export class FirewallsPage {
  readonly table: Locator;
  readonly search: Locator;

  constructor(readonly page: Page) {
    this.table = page.getByRole('table');
    this.search = page.getByRole('searchbox', { name: 'Search firewalls by name' });
  }

  async goto(projectId: string, query = '') {
    await this.page.goto(`/projects/${projectId}/networking/firewalls${query}`);
    await expect(this.page.getByRole('heading', { name: 'Networking', level: 1 })).toBeVisible();
  }

  row(name: string): Locator {
    return this.table.getByRole('row').filter({ has: this.page.getByRole('link', { name, exact: true }) });
  }
}

export class FirewallDetailPage {
  readonly tabs: Locator;
  readonly rules: Locator;

  constructor(readonly page: Page) {
    this.tabs = page.getByRole('tablist', { name: 'Firewall sections' });
    this.rules = page.getByRole('region', { name: 'Inbound rules' }).getByRole('table');
  }

  async goto(projectId: string, location: string, name: string, tab?: string) {
    await this.page.goto(`/projects/${projectId}/networking/firewalls/${location}/${name}${tab ? `?tab=${tab}` : ''}`);
    await expect(this.page.getByRole('heading', { name, level: 1 })).toBeVisible();
  }

  tab(name: 'Rules' | 'Subnets' | 'Settings'): Locator {
    return this.tabs.getByRole('tab', { name: new RegExp(`^${name}`) });
  }

  ruleRow(text: string | RegExp): Locator {
    return this.rules.getByRole('row').filter({ hasText: text });
  }

  /** The add/edit rule dialog's fields. */
  ruleDialog(title: 'Add rule' | 'Edit rule') {
    const dialog = this.page.getByRole('dialog', { name: title });
    return {
      dialog,
      preset: (name: string) => dialog.getByRole('radio', { name, exact: true }),
      cidr: dialog.getByLabel('Source (CIDR)'),
      ports: dialog.getByLabel('Port range'),
      description: dialog.getByLabel('Description (optional)'),
      submit: dialog.getByRole('button', { name: title === 'Add rule' ? 'Add rule' : 'Save rule' }),
    };
  }
}
