import type { Locator } from '@playwright/test';
import { ListPage } from './base-page.ts';

/** Settings › SSH keys: the project's saved keys, and their dialogs. */
export class SshKeysPage extends ListPage {
  readonly heading = this.h1('Settings');
  readonly search = this.searchBox('SSH keys');
  readonly addButton = this.page.getByRole('button', { name: 'Add SSH key' }).first();
  readonly dialog = this.page.getByRole('dialog');

  async goto(projectId: string) {
    await this.visit(`/projects/${projectId}/settings/ssh-keys`, this.heading);
  }

  /** Opens "Add SSH key", fills it and saves. */
  async add(name: string, publicKey: string) {
    await this.addButton.click();
    await this.dialog.getByLabel('Name').fill(name);
    await this.dialog.getByLabel('Public key').fill(publicKey);
    await this.dialog.getByRole('button', { name: 'Add SSH key' }).click();
  }

  keyRow(name: string): Locator {
    return this.table
      .getByRole('row')
      .filter({ has: this.page.getByRole('cell', { name, exact: true }) });
  }
}
