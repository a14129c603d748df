import { expect, type Locator } from '@playwright/test';
import { BasePage, ListPage, option } from './base-page.ts';

/** Databases: the project's PostgreSQL databases. */
export class DatabaseListPage extends ListPage {
  readonly heading = this.h1('Databases');
  readonly createButton = this.page.getByRole('link', { name: 'Create database' }).first();
  readonly search = this.searchBox('databases');
  readonly locationFilter = this.page.getByRole('combobox', { name: 'Location' });
  readonly announcer = this.page.getByTestId('live-announcer');

  async goto(projectId: string, query = '') {
    await this.visit(`/projects/${projectId}/databases${query}`, this.heading);
  }
}

/** Databases → Create database. */
export class DatabaseCreatePage extends BasePage {
  readonly heading = this.h1('Create database');
  readonly name = this.page.getByLabel('Database name');
  readonly submit = this.page.getByRole('button', { name: 'Create database' });
  readonly total = this.page.getByTestId('create-pg-total');
  readonly summary = this.page.getByRole('complementary', { name: 'Summary' });

  async goto(projectId: string) {
    await this.visit(`/projects/${projectId}/databases/new`, this.heading);
  }

  /** A radio of an option group: Flavor, Version, Location, Standard, Storage, High availability… */
  choice(group: string, name: string | RegExp): Locator {
    return option(this.page, group, name);
  }
}

type Tab =
  | 'Overview'
  | 'Networking'
  | 'Backups'
  | 'Read replicas'
  | 'Configuration'
  | 'Metrics'
  | 'Logs'
  | 'Settings';

/** A database's page: header with state and Restart, eight tabs. */
export class DatabaseDetailPage extends BasePage {
  readonly state = this.page.getByRole('status', { name: /^State: / });
  readonly announcer = this.page.getByTestId('live-announcer');
  readonly panel = this.page.getByRole('tabpanel');

  async goto(projectId: string, pg: { location: string; name: string }, tab?: string) {
    await this.visitDetail(
      `/projects/${projectId}/databases/${pg.location}/${pg.name}`,
      pg.name,
      tab,
    );
  }

  tab(name: Tab): Locator {
    return this.page
      .getByRole('tablist', { name: 'Database sections' })
      .getByRole('tab', { name, exact: true });
  }

  /** The value next to a label of a detail card. */
  field(label: string): Locator {
    return this.fieldIn(this.panel, label);
  }

  /** Settings → Danger Zone → Delete database, typing the name in the dialog. */
  async delete(name: string) {
    await this.tab('Settings').click();
    await this.deleteTyped('database', name);
  }

  /** The add/edit rule dialog of the Networking tab. */
  ruleDialog(title: 'Add rule' | 'Edit rule') {
    const dialog = this.page.getByRole('dialog', { name: title });
    return {
      dialog,
      cidr: dialog.getByLabel('Source (CIDR)'),
      description: dialog.getByLabel('Description (optional)'),
      submit: dialog.getByRole('button', { name: title === 'Add rule' ? 'Add rule' : 'Save rule' }),
    };
  }

  rulesTable(): Locator {
    return this.page.getByRole('table', { name: 'Firewall rules' });
  }

  /** The Configuration tab's editor of one parameter. */
  async editParameter(name: string) {
    await this.page.getByRole('button', { name: `Edit ${name}`, exact: true }).click();
    const dialog = this.page.getByRole('dialog', { name: `Edit ${name}` });
    await expect(dialog).toBeVisible();
    return {
      dialog,
      value: dialog.getByLabel('Value'),
      save: dialog.getByRole('button', { name: 'Save' }),
    };
  }
}
