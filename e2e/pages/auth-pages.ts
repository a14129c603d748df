import { expect, type Locator, type Page } from '@playwright/test';

export class LoginPage {
  readonly email: Locator;
  readonly password: Locator;
  readonly submit: Locator;
  readonly alert: Locator;

  constructor(readonly page: Page) {
    this.email = page.getByLabel('E-mail address');
    this.password = page.getByLabel('Password');
    this.submit = page.getByRole('button', { name: 'Sign in' });
    this.alert = page.getByRole('main').getByRole('alert');
  }

  async goto() {
    await this.page.goto('/login');
    await this.expectShown();
  }

  async expectShown() {
    await expect(this.page.getByRole('heading', { name: 'Sign in', level: 1 })).toBeVisible();
  }

  async signIn(email: string, password: string) {
    await this.email.fill(email);
    await this.password.fill(password);
    await this.submit.click();
  }
}

export class SignupPage {
  readonly email: Locator;
  readonly password: Locator;
  readonly submit: Locator;

  constructor(readonly page: Page) {
    this.email = page.getByLabel('E-mail address');
    this.password = page.getByLabel('Password');
    this.submit = page.getByRole('button', { name: 'Create account' });
  }

  async goto() {
    await this.page.goto('/signup');
    await expect(this.page.getByRole('heading', { name: 'Create your account' })).toBeVisible();
  }

  async signUp(email: string, password: string) {
    await this.email.fill(email);
    await this.password.fill(password);
    await this.submit.click();
  }
}
