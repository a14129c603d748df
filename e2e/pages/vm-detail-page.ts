import { expect, type Locator, type Page } from '@playwright/test';

/** A VM's page: header with state and actions, tabs Overview / Networking / Settings. */
export class VmDetailPage {
  readonly state: Locator;
  readonly actions: Locator;
  readonly restart: Locator;
  readonly stop: Locator;
  readonly start: Locator;
  readonly announcer: Locator;

  constructor(readonly page: Page) {
    this.state = page.getByTestId('vm-state');
    this.actions = page.getByRole('group', { name: 'VM actions' });
    this.restart = this.actions.getByRole('button', { name: 'Restart', exact: true });
    this.stop = this.actions.getByRole('button', { name: 'Stop', exact: true });
    this.start = this.actions.getByRole('button', { name: 'Start', exact: true });
    this.announcer = page.getByTestId('live-announcer');
  }

  async goto(projectId: string, vm: { location: string; name: string }, tab?: 'overview' | 'networking' | 'settings') {
    await this.page.goto(`/projects/${projectId}/compute/${vm.location}/${vm.name}${tab ? `?tab=${tab}` : ''}`);
    await this.expectVm(vm.name);
  }

  async expectVm(name: string) {
    await expect(this.page.getByRole('heading', { name, level: 1 })).toBeVisible();
  }

  tab(name: 'Overview' | 'Networking' | 'Settings'): Locator {
    return this.page.getByRole('tablist', { name: 'VM sections' }).getByRole('tab', { name });
  }

  /** The value next to a label of a detail card. */
  field(label: string): Locator {
    return this.page.getByRole('tabpanel').locator('div', { has: this.page.getByRole('term').getByText(label, { exact: true }) }).getByRole('definition');
  }

  /** Restart or Stop: the button, then the confirmation dialog. */
  async confirmAction(action: 'Restart' | 'Stop') {
    await (action === 'Restart' ? this.restart : this.stop).click();
    const dialog = this.page.getByRole('dialog', { name: `${action} VM` });
    await expect(dialog).toBeVisible();
    await dialog.getByRole('button', { name: `${action} VM` }).click();
    await expect(dialog).toBeHidden();
  }

  async rename(name: string) {
    await this.tab('Settings').click();
    const field = this.page.getByRole('textbox', { name: 'VM name' });
    await field.fill(name);
    await this.page.getByRole('button', { name: 'Rename' }).click();
  }

  /** Settings → Danger Zone → Delete VM, typing the name in the dialog. */
  async delete(name: string) {
    await this.tab('Settings').click();
    await this.page.getByRole('region', { name: 'Danger Zone' }).getByRole('button', { name: 'Delete VM' }).click();
    const dialog = this.page.getByRole('dialog', { name: 'Delete VM' });
    await expect(dialog).toBeVisible();
    const confirm = dialog.getByRole('button', { name: 'Delete', exact: true });
    await expect(confirm).toBeDisabled();
    await dialog.getByLabel(`Type ${name} to confirm`).fill(name);
    await confirm.click();
  }
}
