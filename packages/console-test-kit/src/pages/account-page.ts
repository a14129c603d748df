import { expect, type Locator } from '@playwright/test';
import { BasePage } from './base-page.ts';

/** The account page: two-factor sign-in, password and sessions, each a card (a region named by its heading). */
export class AccountPage extends BasePage {
  readonly heading = this.h1('Account', true);
  readonly twoFactor = this.page.getByRole('region', { name: /Two-factor sign-in/ });
  readonly password = this.page.getByRole('region', { name: 'Password' });
  readonly sessions = this.page.getByRole('region', { name: 'Sessions' });
  readonly recoveryCodes = this.twoFactor.getByRole('list', { name: 'Recovery codes' });

  async goto() {
    await this.visit('/account', this.heading);
  }

  /** Set-up up to the QR code: the password, then the key shown in place of scanning. Answers the key. */
  async beginTwoFactor(password: string): Promise<string> {
    await this.twoFactor.getByRole('button', { name: 'Set up two-factor sign-in' }).click();
    await this.twoFactor.getByLabel('Your password').fill(password);
    await this.twoFactor.getByRole('button', { name: 'Continue' }).click();
    await expect(this.twoFactor.getByRole('img', { name: /QR code/ })).toBeVisible();
    await this.twoFactor.getByRole('button', { name: /Can.t scan\? Show the key/ }).click();
    await expect(this.twoFactor.getByRole('button', { name: 'Hide the key' })).toHaveAttribute(
      'aria-expanded',
      'true',
    );
    const key = this.twoFactor.getByRole('textbox', { name: 'Setup key' });
    await expect(key).toBeVisible();
    return key.inputValue();
  }

  /** Confirms with a code; answers the recovery codes shown. */
  async confirmTwoFactor(code: string): Promise<string[]> {
    await this.twoFactor.getByLabel('Code from the app').fill(code);
    await this.twoFactor.getByRole('button', { name: 'Turn on' }).click();
    await expect(
      this.page.getByRole('heading', { name: 'Save your recovery codes' }),
    ).toBeFocused();
    await expect(this.recoveryCodes.getByRole('listitem')).toHaveCount(10);
    return this.recoveryCodes.getByRole('listitem').allTextContents();
  }

  sessionRow(text: string | RegExp): Locator {
    return this.sessions.getByRole('row').filter({ hasText: text });
  }
}
