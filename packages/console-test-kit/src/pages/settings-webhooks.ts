import { expect, type Locator } from '@playwright/test';
import { BasePage } from './base-page.ts';

/** Settings › Webhooks of a project: the list, the add dialog, the secret dialog, the deliveries. */
export class SettingsWebhooksPage extends BasePage {
  readonly tabs = this.page.getByRole('navigation', { name: 'Settings' });
  readonly table = this.page.getByRole('table', { name: /^Webhooks, sorted by/ });
  readonly addDialog = this.page.getByRole('dialog', { name: 'Add webhook' });

  async goto(projectId: string) {
    await this.visit(`/projects/${projectId}/settings`, this.h1('Settings'));
    await this.tabs.getByRole('link', { name: 'Webhooks' }).click();
    await expect(this.page).toHaveURL(new RegExp(`/projects/${projectId}/settings/webhooks`));
  }

  row(name: string): Locator {
    return this.table.getByRole('row', { name: new RegExp(`^${name} `) });
  }

  deliveries(name: string): Locator {
    return this.page.getByRole('table', { name: `Deliveries of ${name}` });
  }

  /** The secret dialog (after an add or a rotation), left open. */
  secretDialog(title: string): Locator {
    return this.page.getByRole('dialog', { name: title });
  }

  /** Adds a webhook from the keyboard: URL, name, and the kinds of events (none: all events). Answers the secret. */
  async add(url: string, name: string, kinds: string[] = []): Promise<string> {
    await this.page.getByRole('button', { name: 'Add webhook' }).first().focus();
    await this.page.keyboard.press('Enter');
    await expect(this.addDialog).toBeVisible();
    const urlField = this.addDialog.getByLabel('URL');
    await expect(urlField).toBeFocused();
    await urlField.fill(url);
    await this.addDialog.getByLabel('Name').fill(name);
    if (kinds.length) {
      await this.addDialog.getByLabel('All events').uncheck();
      for (const kind of kinds) await this.addDialog.getByLabel(kind, { exact: true }).check();
    }
    await this.addDialog.getByLabel('Name').press('Enter');
    const secret = this.secretDialog(`Webhook ${name} added`);
    await expect(secret).toBeVisible();
    return secret.getByLabel('Signing secret').inputValue();
  }

  /** Confirms an action of a row in its dialog, from the keyboard. */
  async confirm(button: string, dialogTitle: string, action: string) {
    await this.page.getByRole('button', { name: button }).focus();
    await this.page.keyboard.press('Enter');
    const dialog = this.page.getByRole('dialog', { name: dialogTitle });
    await expect(dialog).toBeVisible();
    await dialog.getByRole('button', { name: action }).focus();
    await this.page.keyboard.press('Enter');
    await expect(dialog).toBeHidden();
  }
}
