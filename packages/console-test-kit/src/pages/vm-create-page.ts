import type { Locator } from '@playwright/test';
import { BasePage, option } from './base-page.ts';

/** Compute → Create VM. */
export class VmCreatePage extends BasePage {
  readonly heading = this.h1('Create VM');
  readonly name = this.page.getByLabel('VM name');
  readonly unixUser = this.page.getByLabel('Unix user');
  readonly publicKey = this.page.getByLabel('SSH public key');
  readonly ip4 = this.page.getByRole('switch', { name: 'Public IPv4 address' });
  readonly submit = this.page.getByRole('button', { name: 'Create VM' });
  readonly total = this.page.getByTestId('create-vm-total');
  readonly summary = this.page.getByRole('complementary', { name: 'Summary' });

  async goto(projectId: string) {
    await this.visit(`/projects/${projectId}/compute/new`, this.heading);
  }

  location(displayName: string): Locator {
    return option(this.page, 'Location', displayName);
  }

  size(name: string): Locator {
    return option(this.page, 'Size', name);
  }

  subnet(name: RegExp | string): Locator {
    return option(this.page, 'Private subnet', name);
  }
}
