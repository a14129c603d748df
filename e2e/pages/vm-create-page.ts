import { expect, type Locator, type Page } from '@playwright/test';

/** Compute → Create VM. */
export class VmCreatePage {
  readonly heading: Locator;
  readonly name: Locator;
  readonly unixUser: Locator;
  readonly publicKey: Locator;
  readonly ip4: Locator;
  readonly submit: Locator;
  readonly total: Locator;
  readonly summary: Locator;

  constructor(readonly page: Page) {
    this.heading = page.getByRole('heading', { name: 'Create VM', level: 1 });
    this.name = page.getByLabel('VM name');
    this.unixUser = page.getByLabel('Unix user');
    this.publicKey = page.getByLabel('SSH public key');
    this.ip4 = page.getByRole('switch', { name: 'Public IPv4 address' });
    this.submit = page.getByRole('button', { name: 'Create VM' });
    this.total = page.getByTestId('create-vm-total');
    this.summary = page.getByRole('complementary', { name: 'Summary' });
  }

  async goto(projectId: string) {
    await this.page.goto(`/projects/${projectId}/compute/new`);
    await expect(this.heading).toBeVisible();
  }

  location(displayName: string): Locator {
    return this.page.getByRole('group', { name: 'Location' }).getByRole('radio', { name: displayName });
  }

  size(name: string): Locator {
    return this.page.getByRole('group', { name: 'Size' }).getByRole('radio', { name });
  }

  subnet(name: RegExp | string): Locator {
    return this.page.getByRole('group', { name: 'Private subnet' }).getByRole('radio', { name });
  }
}
