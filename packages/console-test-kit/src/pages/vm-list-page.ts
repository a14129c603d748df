import { ListPage } from './base-page.ts';

/** Compute: the project's VM list. */
export class VmListPage extends ListPage {
  readonly heading = this.h1('Virtual machines');
  readonly createButton = this.page.getByRole('link', { name: 'Create VM' });
  readonly search = this.searchBox('VMs');
  readonly locationFilter = this.page.getByRole('combobox', { name: 'Location' });
  readonly stateFilter = this.page.getByRole('combobox', { name: 'State' });
  readonly announcer = this.page.getByTestId('live-announcer');

  async goto(projectId: string, query = '') {
    await this.visit(`/projects/${projectId}/compute${query}`, this.heading);
  }
}
