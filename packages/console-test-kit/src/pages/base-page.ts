import { expect, type Locator, type Page } from '@playwright/test';

/** What every page object does the same way: headings, going to a URL, detail fields, typed-name deletes. */
export class BasePage {
  constructor(readonly page: Page) {}

  /** The page's level-1 heading. */
  h1(name: string, exact = false): Locator {
    return this.page.getByRole('heading', { name, level: 1, exact });
  }

  /** Goes to `path` and waits until `shown` (usually its heading) is visible. */
  protected async visit(path: string, shown: Locator) {
    await this.page.goto(path);
    await expect(shown).toBeVisible();
  }

  /** A resource's page, on `tab` when given, shown once its name is the heading. */
  protected async visitDetail(path: string, name: string, tab?: string) {
    await this.visit(`${path}${tab ? `?tab=${tab}` : ''}`, this.h1(name));
  }

  /** The value next to `label` of a detail card (a `<dt>`/`<dd>` pair) inside `within`. */
  protected fieldIn(within: Locator, label: string): Locator {
    return within
      .locator('div', { has: this.page.getByRole('term').getByText(label, { exact: true }) })
      .getByRole('definition');
  }

  /**
   * A detail page's tabs from the keyboard (`tab`: the page's tab by name): from Overview,
   * ArrowRight selects Networking (the URL says so), End goes to Settings (its Danger Zone
   * shows), Home back to Overview.
   */
  async walkTabsByKeyboard(tab: (name: 'Overview' | 'Networking' | 'Settings') => Locator) {
    await tab('Overview').focus();
    await this.page.keyboard.press('ArrowRight');
    await expect(tab('Networking')).toBeFocused();
    await expect(tab('Networking')).toHaveAttribute('aria-selected', 'true');
    await expect(this.page).toHaveURL(/tab=networking/);
    await this.page.keyboard.press('End');
    await expect(tab('Settings')).toBeFocused();
    await expect(this.page.getByRole('region', { name: 'Danger Zone' })).toBeVisible();
    await this.page.keyboard.press('Home');
    await expect(tab('Overview')).toHaveAttribute('aria-selected', 'true');
  }

  /** On a Settings tab: Danger Zone → Delete <kind>, types `name` and confirms. Answers the dialog. */
  protected async deleteTyped(kind: string, name: string): Promise<Locator> {
    await this.page
      .getByRole('region', { name: 'Danger Zone' })
      .getByRole('button', { name: `Delete ${kind}` })
      .click();
    const dialog = this.page.getByRole('dialog', { name: `Delete ${kind}` });
    await expect(dialog).toBeVisible();
    const confirm = dialog.getByRole('button', { name: 'Delete', exact: true });
    await expect(confirm).toBeDisabled();
    await dialog.getByLabel(`Type ${name} to confirm`).fill(name);
    await expect(confirm).toBeEnabled();
    await confirm.click();
    return dialog;
  }
}

/** A list page: the table with a link per row, its search box and sortable columns. */
export class ListPage extends BasePage {
  readonly table = this.page.getByRole('table');

  /** The search box named "Search <what> by name". */
  protected searchBox(what: string): Locator {
    return this.page.getByRole('searchbox', { name: `Search ${what} by name` });
  }

  row(name: string): Locator {
    return this.table
      .getByRole('row')
      .filter({ has: this.page.getByRole('link', { name, exact: true }) });
  }

  rowNames(): Locator {
    return this.table.getByRole('row').getByRole('link');
  }

  sortBy(column: 'Name' | 'ID'): Locator {
    return this.table.getByRole('columnheader', { name: column }).getByRole('button');
  }
}

/** A radio of the option group `group` (Location, Size, Firewall …) of a create form. */
export function option(page: Page, group: string, name: string | RegExp): Locator {
  return page.getByRole('group', { name: group }).getByRole('radio', { name });
}
