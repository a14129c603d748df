import { expect, type Locator } from '@playwright/test';
import { BasePage } from './base-page.ts';

/** A VM's page: header with state and actions, tabs Overview / Networking / Settings. */
export class VmDetailPage extends BasePage {
  readonly state = this.page.getByRole('status', { name: /^State: / });
  readonly actions = this.page.getByRole('group', { name: 'VM actions' });
  readonly restart = this.actions.getByRole('button', { name: 'Restart', exact: true });
  readonly stop = this.actions.getByRole('button', { name: 'Stop', exact: true });
  readonly start = this.actions.getByRole('button', { name: 'Start', exact: true });
  readonly announcer = this.page.getByTestId('live-announcer');

  async goto(
    projectId: string,
    vm: { location: string; name: string },
    tab?: 'overview' | 'networking' | 'settings',
  ) {
    await this.visitDetail(
      `/projects/${projectId}/compute/${vm.location}/${vm.name}`,
      vm.name,
      tab,
    );
  }

  async expectVm(name: string) {
    await expect(this.h1(name)).toBeVisible();
  }

  tab(name: 'Overview' | 'Networking' | 'Settings'): Locator {
    return this.page.getByRole('tablist', { name: 'VM sections' }).getByRole('tab', { name });
  }

  /** The value next to a label of a detail card. */
  field(label: string): Locator {
    return this.fieldIn(this.page.getByRole('tabpanel'), label);
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
    await this.deleteTyped('VM', name);
  }
}
