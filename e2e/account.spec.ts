// The account page: turn two-factor sign-in on (reading the key the page offers in place of
// the QR code, and computing codes with the same library), sign in with a code and with a
// recovery code, turn it off from the keyboard; change the password and see the old one fail;
// sign another session out; axe on the page (each check covers the light and the dark theme).
// Each test uses an account of its own, signed in through the page.
import type { Page } from '@playwright/test';
import { Secret, TOTP } from 'otpauth';
import { expect, expectAxeClean, type ConsoleApi, PASSWORD, SIGNED_OUT, test } from './fixtures.ts';
import { AccountPage } from '../packages/console-test-kit/src/pages/account-page.ts';
import { AppHeader } from '../packages/console-test-kit/src/pages/app-header.ts';
import { LoginPage } from '../packages/console-test-kit/src/pages/auth-pages.ts';
import { ProjectsPage } from '../packages/console-test-kit/src/pages/projects-page.ts';

test.use({ storageState: SIGNED_OUT });

/** The code an authenticator app shows `offset` steps of 30 s from now. */
const codeOf = (key: string, offset = 0) =>
  new TOTP({ secret: Secret.fromBase32(key) }).generate({
    timestamp: Date.now() + offset * 30_000,
  });

/** Signs `account` in through the sign-in page and opens the account page from the account menu. */
async function openAccountPage(page: Page, account: ConsoleApi) {
  const login = new LoginPage(page);
  await login.goto();
  await login.signIn(account.email, account.password);
  await expect(new ProjectsPage(page).heading).toBeVisible();
  await new AppHeader(page).accountMenu.click();
  await page.getByRole('menuitem', { name: 'Account and security' }).click();
  const accountPage = new AccountPage(page);
  await expect(accountPage.heading).toBeVisible();
  return accountPage;
}

test('turn on two-factor sign-in, sign in with a code and with a recovery code, turn it off from the keyboard', async ({
  page,
  freshAccount,
}) => {
  const accountPage = await openAccountPage(page, freshAccount);
  await expect(accountPage.twoFactor).toContainText('Off');
  await expectAxeClean(page);

  const key = await accountPage.beginTwoFactor(PASSWORD);
  expect(key).toMatch(/^[A-Z2-7]{32}$/);
  await expectAxeClean(page);
  const recovery = await accountPage.confirmTwoFactor(codeOf(key));
  for (const code of recovery) expect(code).toMatch(/^[0-9a-z]{5}-[0-9a-z]{5}$/);
  await expect(accountPage.twoFactor.getByRole('link', { name: 'Download' })).toHaveAttribute(
    'download',
    'recovery-codes.txt',
  );
  await expect(
    accountPage.twoFactor.getByRole('button', { name: 'Copy recovery codes' }),
  ).toBeVisible();
  await expectAxeClean(page);
  await accountPage.twoFactor.getByRole('button', { name: 'I have saved them' }).click();
  await expect(accountPage.twoFactor).toContainText('10 of 10 recovery codes left');

  // Sign out; signing in now asks for a code after the password.
  const header = new AppHeader(page);
  const login = new LoginPage(page);
  await header.signOut();
  await login.signIn(freshAccount.email, PASSWORD);
  await expect(login.code).toBeFocused();
  await expect(page.getByText('A two-factor code is required for this account.')).toBeVisible();
  // The code of the step after the one enrolment used (an app shows it within 30 s; the server allows one step of drift).
  await login.code.fill(codeOf(key, 1));
  await login.submit.click();
  await expect(new ProjectsPage(page).heading).toBeVisible();

  // A recovery code signs in once in place of the app's code.
  await header.signOut();
  await login.signIn(freshAccount.email, PASSWORD);
  await login.code.fill(recovery[0]!);
  await login.submit.click();
  await expect(new ProjectsPage(page).heading).toBeVisible();

  // Turn it off from the keyboard, with another recovery code.
  await accountPage.goto();
  await expect(accountPage.twoFactor).toContainText('9 of 10 recovery codes left');
  const turnOff = accountPage.twoFactor.getByRole('button', {
    name: 'Turn off two-factor sign-in',
  });
  await turnOff.focus();
  await page.keyboard.press('Enter');
  const dialog = page.getByRole('dialog', { name: 'Turn off two-factor sign-in' });
  await expect(dialog.getByLabel('Your password')).toBeFocused();
  await expectAxeClean(page, 'dialog');
  await page.keyboard.press('Escape');
  await expect(dialog).toBeHidden();
  await expect(turnOff).toBeFocused();
  await page.keyboard.press('Enter');
  await page.keyboard.type(PASSWORD);
  await page.keyboard.press('Tab');
  await page.keyboard.type(recovery[1]!);
  await page.keyboard.press('Enter');
  await expect(
    page.getByRole('status').filter({ hasText: 'Two-factor sign-in is off' }),
  ).toBeVisible();
  await expect(
    accountPage.twoFactor.getByRole('button', { name: 'Set up two-factor sign-in' }),
  ).toBeVisible();
});

test('change the password: other sessions are signed out and the old password fails', async ({
  page,
  freshAccount,
}) => {
  const accountPage = await openAccountPage(page, freshAccount);
  // The API helper's session and this browser's.
  await expect(accountPage.sessions.getByRole('row')).toHaveCount(3);
  await expect(accountPage.sessionRow('This session')).toHaveCount(1);

  await accountPage.password.getByLabel('Current password').fill('not the password');
  await accountPage.password.getByLabel('New password').fill('a-whole-new-passphrase');
  await accountPage.password.getByRole('button', { name: 'Change password' }).click();
  await expect(accountPage.password.getByText('That password is not right.')).toBeVisible();
  await accountPage.password.getByLabel('Current password').fill(PASSWORD);
  await accountPage.password.getByRole('button', { name: 'Change password' }).click();
  await expect(page.getByRole('status').filter({ hasText: 'Password changed' })).toContainText(
    '1 other session was signed out.',
  );
  await expect(accountPage.sessions.getByRole('row')).toHaveCount(2);
  expect((await freshAccount.call('listProjects')).status()).toBe(401);

  const login = new LoginPage(page);
  await new AppHeader(page).signOut();
  await login.signIn(freshAccount.email, PASSWORD);
  await expect(login.alert).toContainText('Invalid login or password.');
  await login.password.fill('a-whole-new-passphrase');
  await login.submit.click();
  await expect(new ProjectsPage(page).heading).toBeVisible();
});

test('sign another session out from the sessions list', async ({ page, freshAccount }) => {
  const accountPage = await openAccountPage(page, freshAccount);
  const others = accountPage.sessions.getByRole('button', { name: /^Sign out .*, signed in/ });
  await expect(others).toHaveCount(1);
  await others.first().click();
  await expect(page.getByRole('status').filter({ hasText: 'Session signed out' })).toBeVisible();
  await expect(others).toHaveCount(0);
  expect((await freshAccount.call('listProjects')).status()).toBe(401);
  await expect(
    accountPage.sessions.getByRole('button', { name: 'Sign out all other sessions' }),
  ).toBeDisabled();
});

test('the account page has no serious violations', async ({ page, freshAccount }) => {
  const accountPage = await openAccountPage(page, freshAccount);
  await expectAxeClean(page);
  await accountPage.beginTwoFactor(PASSWORD);
  await accountPage.twoFactor.getByLabel('Code from the app').fill('12');
  await accountPage.twoFactor.getByRole('button', { name: 'Turn on' }).click();
  await expect(
    accountPage.twoFactor.getByText(
      'That code is not right: enter the 6 digits your app shows now.',
    ),
  ).toBeVisible();
  await expectAxeClean(page);
});
