// Accessibility: axe finds no serious or critical violations on the console's pages, in the
// light and the dark theme (each expectAxeClean checks both: the theme shown, then the other);
// dialogs and menus work from the keyboard.
import { expect, expectAxeClean, SIGNED_OUT, test } from './fixtures.ts';
import { AppHeader } from '../packages/console-test-kit/src/pages/app-header.ts';
import { ProjectPage } from '../packages/console-test-kit/src/pages/project-page.ts';
import { ProjectsPage } from '../packages/console-test-kit/src/pages/projects-page.ts';

test.describe('signed out', () => {
  // Opened with the system in dark, so these also check that a page starts in the system's theme.
  test.use({ storageState: SIGNED_OUT, colorScheme: 'dark' });

  for (const [path, heading] of [
    ['/login', 'Sign in'],
    ['/signup', 'Create your account'],
  ] as const) {
    test(`${path} has no serious violations`, async ({ page }) => {
      await page.goto(path);
      await expect(page.getByRole('heading', { name: heading, level: 1 })).toBeVisible();
      await expect(page.locator('html')).toHaveClass('dark');
      // Show a field error too: its colours must pass as well.
      await page.getByLabel('Password').fill('x');
      await page.getByLabel('Password').fill('');
      await expectAxeClean(page);
    });
  }

  for (const [path, heading] of [
    ['/forgot-password', 'Forgot your password?'],
    ['/check-email?email=someone%40example.com', 'Check your mail'],
    ['/reset-password#not-a-token', 'Choose a new password'],
    ['/verify-email#not-a-token', 'This link does not work'],
    ['/dev/outbox', 'Development outbox'],
  ] as const) {
    test(`${path.split(/[?#]/)[0]} has no serious violations`, async ({ page }) => {
      await page.goto(path);
      await expect(page.getByRole('heading', { name: heading, level: 1 })).toBeVisible();
      await expect(page.locator('html')).toHaveClass('dark');
      await expectAxeClean(page);
    });
  }
});

test('/projects has no serious violations', async ({ page, createProject }) => {
  const project = await createProject();
  const projects = new ProjectsPage(page);
  await projects.goto(`?q=${project.name}`);
  await expect(projects.projectLink(project.name)).toBeVisible();
  await expectAxeClean(page);
});

test('a project page, its switcher and its delete dialog have no serious violations', async ({
  page,
  createProject,
}) => {
  const project = await createProject();
  const view = new ProjectPage(page);
  await view.goto(project.id);
  await view.expectProject(project);
  await expectAxeClean(page);

  await new AppHeader(page).switcher.click();
  await expect(page.getByRole('menu', { name: 'Projects' })).toBeVisible();
  await expectAxeClean(page, '[role="menu"]');
  await page.keyboard.press('Escape');

  await view.openSection('Settings');
  await page.getByRole('button', { name: 'Delete project' }).click();
  await expect(page.getByRole('dialog', { name: 'Delete project' })).toBeVisible();
  await expectAxeClean(page, 'dialog');
});

test('a project page whose live updates are paused (the stream cut) has no serious violations', async ({
  page,
  createProject,
}) => {
  const project = await createProject();
  await page.route(new RegExp(`/api/project/${project.id}/events`), (route) => route.abort());
  const view = new ProjectPage(page);
  await view.goto(project.id);
  await view.expectProject(project);
  await expect(page.getByRole('status').filter({ hasText: 'Live updates paused' })).toBeVisible();
  await expectAxeClean(page);
});

test('the delete dialog traps focus, closes on Escape and gives focus back', async ({
  page,
  createProject,
}) => {
  const project = await createProject();
  const view = new ProjectPage(page);
  await view.goto(project.id);
  await view.openSection('Settings');
  const open = page.getByRole('button', { name: 'Delete project' });
  await open.click();

  const dialog = page.getByRole('dialog', { name: 'Delete project' });
  const field = dialog.getByLabel(`Type ${project.name} to confirm`);
  await expect(field).toBeFocused();
  // Close button, field, Cancel (Delete is disabled): Tab cycles among them.
  await page.keyboard.press('Tab');
  await expect(dialog.getByRole('button', { name: 'Cancel' })).toBeFocused();
  await page.keyboard.press('Tab');
  await expect(dialog.getByRole('button', { name: 'Close dialog' })).toBeFocused();
  await page.keyboard.press('Shift+Tab');
  await expect(dialog.getByRole('button', { name: 'Cancel' })).toBeFocused();

  await page.keyboard.press('Escape');
  await expect(dialog).toBeHidden();
  await expect(open).toBeFocused();
});

test('the menus work with the keyboard and the theme toggle switches themes', async ({
  page,
  createProject,
}) => {
  const project = await createProject();
  await new ProjectPage(page).goto(project.id);
  const header = new AppHeader(page);

  await header.accountMenu.focus();
  await page.keyboard.press('Enter');
  await expect(page.getByRole('menuitem', { name: 'Account and security' })).toBeFocused();
  await page.keyboard.press('ArrowDown');
  await expect(page.getByRole('menuitem', { name: 'Sign out' })).toBeFocused();
  await page.keyboard.press('Escape');
  await expect(page.getByRole('menu')).toBeHidden();
  await expect(header.accountMenu).toBeFocused();

  const html = page.locator('html');
  const toggle = page.getByRole('button', { name: /^Theme:/ });
  await toggle.click(); // system → light
  await expect(html).toHaveClass('light');
  await toggle.click(); // light → dark
  await expect(html).toHaveClass('dark');
  await page.reload();
  await expect(html).toHaveClass('dark');
  await toggle.click(); // dark → system
  await expect(toggle).toHaveAccessibleName(/^Theme: system/);
});
