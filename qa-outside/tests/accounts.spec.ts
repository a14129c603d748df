// Test accounts and mail over the network: an invitation read from the test outbox, an
// account made with a membership and deleted again, a project deleted with all it holds.
import {
  ConsoleApi,
  expect,
  PASSWORD,
  ProjectsPage,
  SIGNED_OUT,
  test,
  uniqueEmail,
  uniqueName,
} from 'console-test-kit';

test('an invitation is read from the outbox over the API', async ({ project, testMode }) => {
  const to = uniqueEmail('invitee');
  const since = new Date().toISOString();
  await project.account.send('inviteProjectMember', {
    params: { project_id: project.id },
    body: { email: to, role: 'viewer' },
  });
  const mail = await testMode.nextMail(to, since);
  expect(mail.text).toMatch(/https?:\/\/\S+\/signup/);
  // The project's admin reads the same mail without the instance's token.
  const mine = await project.testMode.outbox({ to });
  expect(mine.map((m) => m.id)).toContain(mail.id);
});

test('a test account with a membership signs in, then is deleted', async ({
  page,
  playwright,
  baseURL,
  project,
  testMode,
}) => {
  const email = uniqueEmail('viewer');
  const account = await testMode.createAccount({
    email,
    password: PASSWORD,
    memberships: [{ project_id: project.id, role: 'viewer' }],
  });
  const viewer = await ConsoleApi.signIn(playwright, email, PASSWORD, baseURL);
  await viewer.signInBrowser(page.context());
  const projects = new ProjectsPage(page);
  await projects.goto();
  await expect(projects.row(project.project.name)).toBeVisible();
  await viewer.request.dispose();

  await testMode.deleteAccount(account.id);
  const again = await playwright.request.newContext({ baseURL });
  const res = await again.post('/api/login', { data: { login: email, password: PASSWORD } });
  expect(res.status()).toBe(401);
  await again.dispose();
});

test('a project holding resources is deleted with force', async ({ user }) => {
  const project = user.project(await user.createProject(uniqueName('doomed')));
  const subnet = await project.createSubnet('eu-central-h1', uniqueName('net'));
  await project.createVm(uniqueName('web'), { private_subnet_id: subnet.id });
  await project.createPostgres(uniqueName('pg'));
  const plain = await user.call('deleteProject', { params: { project_id: project.id } });
  expect(plain.status()).toBe(409);
  await project.forceDelete();
  expect(await user.getProjectStatus(project.id)).toBe(404);
});

test('a browser signs in with a personal access token, no password typed', async ({
  browser,
  baseURL,
  project,
  user,
}) => {
  const { token } = await user.send('issueToken', {
    params: { project_id: project.id },
    body: { name: uniqueName('qa-token'), role: 'viewer' },
  });
  const context = await browser.newContext({ baseURL, storageState: SIGNED_OUT });
  const page = await context.newPage();
  await page.goto('/login');
  await page.getByRole('button', { name: 'Sign in with a personal access token' }).click();
  await expect(page.getByText('You are signed in as its account (test mode).')).toBeVisible();
  await page.getByLabel('Personal access token').fill(token);
  await page.getByRole('button', { name: 'Sign in with token' }).click();
  const projects = new ProjectsPage(page);
  await expect(projects.heading).toBeVisible();
  await expect(projects.row(project.project.name)).toBeVisible();
  await context.close();
});
