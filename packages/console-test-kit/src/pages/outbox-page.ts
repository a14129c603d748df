import { expect, type Locator } from '@playwright/test';
import { BasePage } from './base-page.ts';

/** The development outbox at /dev/outbox: the mails, filtered by recipient, and the one opened. */
export class OutboxPage extends BasePage {
  readonly heading = this.h1('Development outbox');
  readonly recipient = this.page.getByRole('searchbox', { name: 'Recipient' });
  readonly mails = this.page.getByRole('table', { name: 'Mails, newest first' });
  readonly opened = this.page.getByRole('article');

  async goto() {
    await this.visit('/dev/outbox', this.heading);
  }

  /** Filters by `to`, opens the newest mail with `subject` and answers the opened mail. */
  async open(to: string, subject: string): Promise<Locator> {
    await this.recipient.fill(to);
    await expect(this.mails.getByRole('row').nth(1)).toContainText(to);
    await this.mails.getByRole('link', { name: subject }).first().click();
    await expect(this.opened.getByRole('heading', { name: subject })).toBeVisible();
    return this.opened;
  }
}
