import { expect, type Locator, type Page } from '@playwright/test';

/** Compute: the project's VM list. */
export class VmListPage {
  readonly heading: Locator;
  readonly createButton: Locator;
  readonly search: Locator;
  readonly locationFilter: Locator;
  readonly stateFilter: Locator;
  readonly table: Locator;
  readonly announcer: Locator;

  constructor(readonly page: Page) {
    this.heading = page.getByRole('heading', { name: 'Virtual machines', level: 1 });
    this.createButton = page.getByRole('link', { name: 'Create VM' });
    this.search = page.getByRole('searchbox', { name: 'Search VMs by name' });
    this.locationFilter = page.getByRole('combobox', { name: 'Location' });
    this.stateFilter = page.getByRole('combobox', { name: 'State' });
    this.table = page.getByRole('table');
    this.announcer = page.getByTestId('live-announcer');
  }

  async goto(projectId: string, query = '') {
    await this.page.goto(`/projects/${projectId}/compute${query}`);
    await expect(this.heading).toBeVisible();
  }

  row(name: string): Locator {
    return this.table.getByRole('row').filter({ has: this.page.getByRole('link', { name, exact: true }) });
  }

  rowNames(): Locator {
    return this.table.getByRole('row').getByRole('link');
  }

  sortBy(column: 'Name' | 'ID'): Locator {
    return this.table.getByRole('columnheader', { name: column }).getByRole('button');
  }
}
