import { expect, type Locator, type Page } from '@playwright/test';

/** The signed-in header: project switcher and account menu. */
export class AppHeader {
  readonly switcher: Locator;
  readonly accountMenu: Locator;

  constructor(readonly page: Page) {
    this.switcher = page.getByRole('button', { name: /Switch project/ });
    this.accountMenu = page.getByRole('button', { name: /Account menu/ });
  }

  async signOut() {
    await this.accountMenu.click();
    await this.page.getByRole('menuitem', { name: 'Sign out' }).click();
    await expect(this.page).toHaveURL(/\/login$/);
  }

  /** Opens the switcher and moves to `name` with the arrow keys, then presses Enter. */
  async switchTo(name: string) {
    await this.switcher.focus();
    await this.page.keyboard.press('ArrowDown');
    const menu = this.page.getByRole('menu', { name: 'Projects' });
    await expect(menu).toBeVisible();
    const target = menu.getByRole('menuitemradio', { name });
    const items = menu.getByRole('menuitemradio');
    const count = await items.count();
    for (let i = 0; i < count; i++) {
      if (await target.evaluate((el) => el === document.activeElement)) break;
      await this.page.keyboard.press('ArrowDown');
    }
    await expect(target).toBeFocused();
    await this.page.keyboard.press('Enter');
    await expect(menu).toBeHidden();
  }
}
