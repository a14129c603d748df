import { BasePage, ListPage } from './base-page.ts';

export class ProjectsPage extends ListPage {
  readonly heading = this.h1('Projects', true);
  readonly createButton = this.page.getByRole('link', { name: 'Create project', exact: true });
  readonly search = this.searchBox('projects');

  async goto(query = '') {
    await this.visit(`/projects${query}`, this.heading);
  }

  projectLink(name: string) {
    return this.table.getByRole('link', { name, exact: true });
  }
}

export class CreateProjectPage extends BasePage {
  readonly name = this.page.getByLabel('Project name');
  readonly submit = this.page.getByRole('button', { name: 'Create project' });
  readonly alert = this.page.getByRole('main').getByRole('alert');

  async goto() {
    await this.visit('/projects/new', this.h1('Create project'));
  }
}
