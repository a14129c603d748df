// Teams: an admin invites a second user by e-mail as a viewer; the second user signs up from
// the invitation mail (following the verification link when sign-up sends one), sees the
// project with every change offered inert and the reason said (a viewer cannot change it);
// re-roled to member, the create works at once. Then a demotion and a removal, each confirmed.
import type { Page } from '@playwright/test';
import {
  expect,
  expectAxeClean,
  PASSWORD,
  SIGNED_OUT,
  test,
  uniqueEmail,
  uniqueName,
  type ConsoleApi,
} from './fixtures.ts';
import { SignupPage, LoginPage } from '../packages/console-test-kit/src/pages/auth-pages.ts';
import { MembersPage } from '../packages/console-test-kit/src/pages/members-page.ts';
import { CreateSubnetPage } from '../packages/console-test-kit/src/pages/private-subnet.ts';

/** What a control that changes the project says to a viewer (lib/project-access.ts). */
const VIEWER_REASON = 'Viewers cannot change this project.';

/** The links of the newest mail to `to` whose subject matches, from the development outbox. */
async function mailLinks(api: ConsoleApi, to: string, subject: RegExp): Promise<string[]> {
  const res = await api.call('listOutbox', { query: { to } });
  expect(res.status()).toBe(200);
  const { items } = (await res.json()) as { items: { subject: string; text: string }[] };
  const mail = items.find((m) => subject.test(m.subject));
  return mail ? [...mail.text.matchAll(/https?:\/\/\S+/g)].map((m) => m[0]) : [];
}

/** Signs up from the invitation's link; when sign-up asks to verify the address first, follows the link it mailed. */
async function signUpFromInvitation(
  page: Page,
  api: ConsoleApi,
  email: string,
  projectId: string,
  projectName: string,
) {
  const [signupLink] = await mailLinks(api, email, /^You are invited to the project /);
  expect(signupLink, 'the invitation mail holds a sign-up link').toContain('/signup?');
  await page.goto(signupLink!);
  const signup = new SignupPage(page);
  await expect(signup.email).toBeVisible();
  await signup.signUp(email, PASSWORD);

  const heading = page.getByRole('heading', { name: projectName, level: 1 });
  let verify: string | undefined;
  await expect(async () => {
    if (await heading.isVisible()) return;
    [verify] = await mailLinks(api, email, /verif/i);
    expect(verify, 'the project, or a verification mail').toBeDefined();
  }).toPass();
  if (verify) {
    // The page verifies the token in its fragment, signs in and moves on to the projects.
    await page.goto(verify);
    await expect(page).toHaveURL(/\/projects$/);
    await page.goto(`/projects/${projectId}`);
    const login = new LoginPage(page);
    await expect(async () => {
      if (await login.submit.isVisible()) await login.signIn(email, PASSWORD);
      await expect(heading).toBeVisible({ timeout: 2000 });
    }).toPass();
  }
  await expect(heading).toBeVisible();
}

test('an admin invites a viewer by mail, who signs up and sees every change disabled with the reason until re-roled to member', async ({
  page,
  browser,
  project,
  user,
}) => {
  const { id, name } = project.project;
  const email = uniqueEmail('invitee');
  const admin = new MembersPage(page);

  // 1. The admin invites the address, which has no account yet, as a viewer.
  await admin.goto(id);
  await expect(admin.member(user.email)).toContainText('(you)');
  await admin.invite('not-an-address', 'Viewer');
  await expect(admin.inviteForm.getByText('Enter a valid e-mail address.')).toBeVisible();
  await admin.invite(email, 'Viewer');
  await expect(page.getByRole('status').filter({ hasText: 'Invitation sent' })).toBeVisible();
  await expect(admin.invitation(email)).toContainText('Viewer');
  await expectAxeClean(page);

  // 2. The second user signs up from the mail.
  const other = await browser.newContext({ storageState: SIGNED_OUT });
  const page2 = await other.newPage();
  await signUpFromInvitation(page2, user, email, id, name);

  // 3. It sees the project, the members without the admin controls, and is refused a create.
  const viewerView = new MembersPage(page2);
  await viewerView.goto(id);
  await expect(viewerView.member(email)).toContainText('Viewer');
  await expect(viewerView.inviteForm).toHaveCount(0);
  await expect(viewerView.roleOf(user.email)).toHaveCount(0);
  await expectAxeClean(page2);

  // Changes are offered inert (aria-disabled, still focusable) and say why, before any request:
  // a list's create button, the project's deletion (admins only), a create form's submit.
  await page2.goto(`/projects/${id}/networking/subnets`);
  const createFromList = page2.getByRole('main').getByRole('button', { name: 'Create subnet' });
  await expect(createFromList).toBeDisabled();
  await expect(createFromList).toHaveAccessibleDescription(VIEWER_REASON);
  await expect(page2.getByRole('main').getByRole('link', { name: 'Create subnet' })).toHaveCount(0);
  await expectAxeClean(page2);
  await page2.goto(`/projects/${id}/settings`);
  const deleteProject = page2
    .getByRole('region', { name: 'Danger Zone' })
    .getByRole('button', { name: 'Delete project' });
  await expect(deleteProject).toBeDisabled();
  await expect(deleteProject).toHaveAccessibleDescription(
    'Only admins of this project can do this.',
  );
  await deleteProject.focus();
  await page2.keyboard.press('Enter');
  await expect(page2.getByRole('dialog', { name: 'Delete project' })).toHaveCount(0);

  const subnet = uniqueName('viewer-made');
  const create = new CreateSubnetPage(page2);
  await page2.goto(`/projects/${id}/networking/subnets/new`);
  await create.name.fill(subnet);
  await expect(create.submit).toBeDisabled();
  await expect(create.submit).toHaveAccessibleDescription(VIEWER_REASON);
  await expectAxeClean(page2);

  // The admin sees the new member, no longer invited, and makes it a member (a promotion asks nothing).
  await admin.goto(id);
  await expect(admin.invitations).toHaveCount(0);
  await admin.roleOf(email).selectOption({ label: 'Member' });
  await expect(page.getByRole('status').filter({ hasText: 'Role changed' })).toBeVisible();

  // The viewer's page learns the new role from the project's events: the create works.
  await expect(create.submit).toBeEnabled();
  await expect(create.submit).not.toHaveAccessibleDescription(VIEWER_REASON);
  await create.submit.click();
  await expect(page2.getByRole('heading', { name: subnet, level: 1 })).toBeVisible();

  // A demotion is confirmed first; then the removal, from the keyboard.
  await admin.roleOf(email).selectOption({ label: 'Viewer' });
  const demote = page.getByRole('dialog', { name: 'Change role' });
  await expect(demote).toContainText(email);
  await demote.getByRole('button', { name: 'Make viewer' }).click();
  await expect(demote).toBeHidden();
  await expect(admin.roleOf(email)).toHaveValue('viewer');

  await admin
    .member(email)
    .getByRole('button', { name: `Remove ${email}` })
    .focus();
  await page.keyboard.press('Enter');
  const remove = page.getByRole('dialog', { name: 'Remove member' });
  await expectAxeClean(page, 'dialog');
  await remove.getByRole('button', { name: 'Remove member' }).click();
  await expect(admin.member(email)).toHaveCount(0);

  // The removed user's next request finds no project.
  await page2.reload();
  await expect(page2.getByRole('heading', { name: 'Project not found' })).toBeVisible();
  await other.close();
});

test('the last admin is told why it cannot leave', async ({ page, project }) => {
  const admin = new MembersPage(page);
  await admin.goto(project.project.id);
  await page.getByRole('button', { name: 'Leave project' }).click();
  const dialog = page.getByRole('dialog', { name: 'Leave project' });
  await dialog.getByRole('button', { name: 'Leave project' }).click();
  await expect(dialog.getByRole('alert')).toContainText(
    'You are the last admin of this project and cannot leave.',
  );
});
