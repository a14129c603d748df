// The projects list: paging along the API cursor, sorting, search, all kept in the URL. And a
// project's deletion with everything in it, from its settings.
import { expect, expectAxeClean, test } from './fixtures.ts';
import { ProjectPage } from '../packages/console-test-kit/src/pages/project-page.ts';
import { ProjectsPage } from '../packages/console-test-kit/src/pages/projects-page.ts';

test('the list pages along the cursor, sorts by name or ID, searches, and keeps it in the URL', async ({
  page,
  context,
  freshAccount,
}) => {
  // Created in an order that differs from name order, so the two sorts differ.
  const names = [
    'kilo',
    'echo',
    'lima',
    'alpha',
    'juliet',
    'delta',
    'hotel',
    'bravo',
    'golf',
    'charlie',
    'india',
    'foxtrot',
  ];
  const created = [];
  for (const name of names) created.push(await freshAccount.createProject(name));
  await freshAccount.signInBrowser(context);

  const projects = new ProjectsPage(page);
  await projects.goto();
  const byName = [...names].sort();
  await expect(projects.rowNames()).toHaveText(byName.slice(0, 10));
  await expect(page.getByText('Showing 1–10 of 12')).toBeVisible();
  const pager = page.getByRole('navigation', { name: 'Pagination' });
  await expect(pager.getByRole('button', { name: 'Previous' })).toBeDisabled();

  await pager.getByRole('button', { name: 'Next' }).click();
  await expect(projects.rowNames()).toHaveText(byName.slice(10));
  await expect(page).toHaveURL(/after=juliet/);
  await expect(pager.getByRole('button', { name: 'Next' })).toBeDisabled();
  // The URL is the state: a reload shows the same page.
  await page.reload();
  await expect(projects.rowNames()).toHaveText(byName.slice(10));
  await pager.getByRole('button', { name: 'Previous' }).click();
  await expect(projects.rowNames()).toHaveText(byName.slice(0, 10));

  // IDs grow with creation time, so sorting by ID lists them in creation order.
  await projects.sortBy('ID').click();
  await expect(page.getByRole('columnheader', { name: 'ID' })).toHaveAttribute(
    'aria-sort',
    'ascending',
  );
  await expect(projects.rowNames()).toHaveText(created.slice(0, 10).map((p) => p.name));
  await expect(page).toHaveURL(/sort=id/);

  await projects.search.fill('LI');
  await expect(projects.rowNames()).toHaveText(['lima', 'juliet', 'charlie']);
  await expect(page.getByText('3 of 12 projects match')).toBeVisible();
  await expect(page).toHaveURL(/q=LI/);
  await projects.search.fill('nothing-like-this');
  await expect(page.getByRole('heading', { name: 'No matching projects' })).toBeVisible();
  await page.getByRole('button', { name: 'Clear search' }).click();
  await expect(projects.rowNames()).toHaveCount(10);
});

test('deleting a project deletes everything in it, and the dialog says what is left while it runs', async ({
  page,
  user,
  project,
}) => {
  await project.createRunningVm('web');
  expect((await project.createPostgres('db')).name).toBe('db');
  const { id, name } = project.project;
  const view = new ProjectPage(page);
  await view.goto(id);
  await view.openSection('Settings');
  await page
    .getByRole('region', { name: 'Danger Zone' })
    .getByRole('button', { name: 'Delete project' })
    .click();
  const dialog = page.getByRole('dialog', { name: 'Delete project' });
  const progress = dialog.getByRole('status');
  // The VM made its location's default subnet and its firewall, the database its own subnet and
  // firewall (decision 298); the database's server VM is in no list.
  await expect(progress).toHaveText(
    'It holds 1 PostgreSQL database, 1 VM, 2 private subnets, 2 firewalls; each is deleted first, as if you deleted them one by one.',
  );
  await expectAxeClean(page, 'dialog');

  // The request is held until the progress is checked: it then runs and answers once all is gone.
  let release!: () => void;
  const held = new Promise<void>((resolve) => (release = resolve));
  await page.route(`**/api/project/${id}?force=true`, async (route) => {
    await held;
    await route.continue();
  });
  await dialog.getByLabel(`Type ${name} to confirm`).fill(name);
  await dialog.getByRole('button', { name: 'Delete', exact: true }).click();
  await expect(progress).toHaveText(
    'Deleting… left: 1 PostgreSQL database, 1 VM, 2 private subnets, 2 firewalls.',
  );
  release();

  await expect(page).toHaveURL(/\/projects$/);
  await expect(page.getByRole('status').filter({ hasText: 'Project deleted' })).toBeVisible();
  expect(await user.getProjectStatus(id)).toBe(404);
});
