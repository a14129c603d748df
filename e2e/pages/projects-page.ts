import { expect, type Locator, type Page } from '@playwright/test';

export class ProjectsPage {
  readonly heading: Locator;
  readonly createButton: Locator;
  readonly search: Locator;
  readonly table: Locator;

  constructor(readonly page: Page) {
    this.heading = page.getByRole('heading', { name: 'Projects', exact: true, level: 1 });
    this.createButton = page.getByRole('link', { name: 'Create project', exact: true });
    this.search = page.getByRole('searchbox', { name: 'Search projects by name' });
    this.table = page.getByRole('table');
  }

  async goto(query = '') {
    await this.page.goto(`/projects${query}`);
    await expect(this.heading).toBeVisible();
  }

  projectLink(name: string): Locator {
    return this.table.getByRole('link', { name, exact: true });
  }

  rowNames(): Locator {
    return this.table.getByRole('row').getByRole('link');
  }

  sortBy(column: 'Name' | 'ID'): Locator {
    return this.table.getByRole('columnheader', { name: column }).getByRole('button');
  }
}

export class CreateProjectPage {
  readonly name: Locator;
  readonly submit: Locator;
  readonly alert: Locator;

  constructor(readonly page: Page) {
    this.name = page.getByLabel('Project name');
    this.submit = page.getByRole('button', { name: 'Create project' });
    this.alert = page.getByRole('main').getByRole('alert');
  }

  async goto() {
    await this.page.goto('/projects/new');
    await expect(this.page.getByRole('heading', { name: 'Create project', level: 1 })).toBeVisible();
  }
}
