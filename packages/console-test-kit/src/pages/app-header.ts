import { expect, type Locator, type Page } from '@playwright/test';

/** The bell's accessible name for `unread` unread changes: "Activity" or "Activity, 3 unread". */
export const activityLabel = (unread: number) =>
  unread ? `Activity, ${unread} unread` : 'Activity';

/** The signed-in header: project switcher, command palette, activity bell and account menu. */
export class AppHeader {
  readonly switcher: Locator;
  readonly accountMenu: Locator;
  /** The activity bell; its name carries the unread count. */
  readonly bell: Locator;
  /** The panel the bell opens: recent changes made elsewhere, "Mark all read". */
  readonly activity: Locator;
  /** The header's "Search…" button: opens the command palette (as Ctrl+K / Cmd+K do). */
  readonly search: Locator;
  /** The command palette: a dialog with a combobox and a listbox of pages and resources. */
  readonly palette: Locator;
  /** The palette's field (role combobox). */
  readonly paletteInput: Locator;

  constructor(readonly page: Page) {
    this.switcher = page.getByRole('button', { name: /Switch project/ });
    this.accountMenu = page.getByRole('button', { name: /Account menu/ });
    this.bell = page.getByRole('button', { name: /^Activity(, \d+ unread)?$/ });
    this.activity = page.getByRole('dialog', { name: 'Activity' });
    this.search = page.getByRole('button', { name: /^Search…/ });
    this.palette = page.getByRole('dialog', { name: 'Search' });
    this.paletteInput = this.palette.getByRole('combobox');
  }

  /** The palette's option named `name` (a page's label or a resource's name, with its kind). */
  paletteOption(name: string | RegExp): Locator {
    return this.palette.getByRole('option', { name });
  }

  /** The bell's unread count, read from its accessible name. */
  async unreadCount(): Promise<number> {
    const name = (await this.bell.getAttribute('aria-label')) ?? '';
    return Number(/, (\d+) unread$/.exec(name)?.[1] ?? 0);
  }

  /** Waits until the bell says `unread` unread changes. */
  async expectUnread(unread: number) {
    await expect(this.bell).toHaveAccessibleName(activityLabel(unread));
  }

  /** Opens the activity panel (which marks everything read) and returns it. */
  async openActivity(): Promise<Locator> {
    if ((await this.bell.getAttribute('aria-expanded')) !== 'true') await this.bell.click();
    await expect(this.activity).toBeVisible();
    return this.activity;
  }

  /** The panel's entry whose text matches `text` ("VM web-1 is running"). */
  activityEntry(text: string | RegExp): Locator {
    return this.activity.getByRole('listitem').filter({ hasText: text });
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
