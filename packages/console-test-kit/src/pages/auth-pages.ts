import { expect, type Locator, type Page } from '@playwright/test';
import { BasePage } from './base-page.ts';

/** The sign-in and sign-up pages: an e-mail and password form under a heading. */
class AuthPage extends BasePage {
  readonly email = this.page.getByLabel('E-mail address');
  readonly password = this.page.getByLabel('Password');
  readonly submit: Locator;
  private readonly title: Locator;

  constructor(
    page: Page,
    private readonly path: string,
    title: string,
    action: string,
  ) {
    super(page);
    this.title = this.h1(title);
    this.submit = page.getByRole('button', { name: action, exact: true });
  }

  async goto() {
    await this.visit(this.path, this.title);
  }

  async expectShown() {
    await expect(this.title).toBeVisible();
  }

  protected async send(email: string, password: string) {
    await this.email.fill(email);
    await this.password.fill(password);
    await this.submit.click();
  }
}

export class LoginPage extends AuthPage {
  readonly alert = this.page.getByRole('main').getByRole('alert');
  /** Shown once the server asks for a two-factor code. */
  readonly code = this.page.getByLabel('Two-factor code');

  constructor(page: Page) {
    super(page, '/login', 'Sign in', 'Sign in');
  }

  async signIn(email: string, password: string) {
    await this.send(email, password);
  }
}

export class SignupPage extends AuthPage {
  constructor(page: Page) {
    super(page, '/signup', 'Create your account', 'Create account');
  }

  async signUp(email: string, password: string) {
    await this.send(email, password);
  }
}

/** After sign-up: "Check your mail", with the link to send it again. */
export class CheckEmailPage extends BasePage {
  readonly heading = this.h1('Check your mail');
  readonly resend = this.page.getByRole('button', { name: 'Send the link again' });
  readonly outboxLink = this.page.getByRole('link', { name: 'development outbox' });
}

export class ForgotPasswordPage extends BasePage {
  readonly heading = this.h1('Forgot your password?');
  readonly email = this.page.getByLabel('E-mail address');
  readonly submit = this.page.getByRole('button', { name: 'Send the link' });

  async request(email: string) {
    await this.email.fill(email);
    await this.submit.click();
  }
}

/** The page of the mailed reset link. */
export class ResetPasswordPage extends BasePage {
  readonly heading = this.h1('Choose a new password');
  readonly password = this.page.getByLabel('New password');
  readonly submit = this.page.getByRole('button', { name: 'Set new password' });
  readonly alert = this.page.getByRole('main').getByRole('alert');
}
