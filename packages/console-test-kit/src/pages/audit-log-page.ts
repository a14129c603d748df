import { expect } from '@playwright/test';
import { BasePage } from './base-page.ts';

/** Settings › Audit log: the filters, the table of entries and the pager. */
export class AuditLogPage extends BasePage {
  readonly heading = this.page.getByRole('heading', { name: 'Audit log', level: 2 });
  readonly action = this.page.getByRole('combobox', { name: 'Action' });
  readonly account = this.page.getByRole('textbox', { name: 'Account' });
  readonly apply = this.page.getByRole('button', { name: 'Apply filters' });
  readonly table = this.page.getByRole('table', { name: 'Audit log entries, newest first' });
  readonly rows = this.table.getByRole('row');
  readonly pager = this.page.getByRole('navigation', { name: 'Pagination' });

  async goto(projectId: string, query = '') {
    await this.visit(`/projects/${projectId}/settings/audit-log${query}`, this.heading);
  }

  /** Settings → the Audit log tab. */
  async open(projectId: string) {
    await this.visit(`/projects/${projectId}/settings`, this.h1('Settings'));
    await this.page
      .getByRole('navigation', { name: 'Settings' })
      .getByRole('link', { name: 'Audit log' })
      .click();
    await expect(this.heading).toBeVisible();
  }
}
