import type { Locator } from '@playwright/test';
import { BasePage, ListPage } from './base-page.ts';

/** Networking › Firewalls: the list, the create page and a firewall's page. */
export class FirewallsPage extends ListPage {
  readonly search = this.searchBox('firewalls');

  async goto(projectId: string, query = '') {
    await this.visit(`/projects/${projectId}/networking/firewalls${query}`, this.h1('Networking'));
  }
}

export class FirewallDetailPage extends BasePage {
  readonly tabs = this.page.getByRole('tablist', { name: 'Firewall sections' });
  readonly rules = this.page.getByRole('region', { name: 'Inbound rules' }).getByRole('table');

  async goto(projectId: string, location: string, name: string, tab?: string) {
    await this.visitDetail(
      `/projects/${projectId}/networking/firewalls/${location}/${name}`,
      name,
      tab,
    );
  }

  tab(name: 'Rules' | 'Subnets' | 'Settings'): Locator {
    return this.tabs.getByRole('tab', { name, exact: true });
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
