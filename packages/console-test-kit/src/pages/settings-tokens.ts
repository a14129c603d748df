import { expect, type Locator } from '@playwright/test';
import { BasePage } from './base-page.ts';

/** Settings › Tokens of a project: the list, the create dialog, the secret dialog and the revoke. */
export class SettingsTokensPage extends BasePage {
  readonly tabs = this.page.getByRole('navigation', { name: 'Settings' });
  readonly table = this.page.getByRole('table', { name: /^Tokens, sorted by/ });
  readonly createDialog = this.page.getByRole('dialog', { name: 'Create token' });

  async goto(projectId: string) {
    await this.visit(`/projects/${projectId}/settings`, this.h1('Settings'));
    await this.tabs.getByRole('link', { name: 'Tokens' }).click();
    await expect(this.page).toHaveURL(new RegExp(`/projects/${projectId}/settings/tokens`));
  }

  secretDialog(name: string): Locator {
    return this.page.getByRole('dialog', { name: `Token ${name} created` });
  }

  row(name: string): Locator {
    return this.table.getByRole('row', { name: new RegExp(`^${name} `) });
  }

  /** Creates a token through the dialog from the keyboard; answers its secret, read from the dialog (left open). */
  async create(
    name: string,
    role: 'admin' | 'member' | 'viewer',
    expires: string,
  ): Promise<string> {
    await this.page.getByRole('button', { name: 'Create token' }).first().focus();
    await this.page.keyboard.press('Enter');
    await expect(this.createDialog).toBeVisible();
    const nameField = this.createDialog.getByLabel('Name');
    await expect(nameField).toBeFocused();
    await nameField.fill(name);
    await this.createDialog.getByLabel('Role').selectOption(role);
    await this.createDialog.getByLabel('Expires').selectOption({ label: expires });
    await nameField.press('Enter');
    const secret = this.secretDialog(name);
    await expect(secret).toBeVisible();
    return secret.getByLabel('Token', { exact: true }).inputValue();
  }

  /** Revokes the token from the keyboard, confirming in the dialog. */
  async revoke(name: string) {
    await this.page.getByRole('button', { name: `Revoke token ${name}` }).focus();
    await this.page.keyboard.press('Enter');
    const dialog = this.page.getByRole('dialog', { name: 'Revoke token?' });
    await expect(dialog).toContainText(name);
    await dialog.getByRole('button', { name: 'Revoke token' }).focus();
    await this.page.keyboard.press('Enter');
    await expect(dialog).toBeHidden();
  }
}
