// The projects list: paging along the API cursor, sorting, search, all kept in the URL.
import { expect, test } from './fixtures.ts';
import { ProjectsPage } from './pages/projects-page.ts';

test('the list pages along the cursor, sorts by name or ID, searches, and keeps it in the URL', async ({ page, context, freshAccount }) => {
  // Created in an order that differs from name order, so the two sorts differ.
  const names = ['kilo', 'echo', 'lima', 'alpha', 'juliet', 'delta', 'hotel', 'bravo', 'golf', 'charlie', 'india', 'foxtrot'];
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
  await expect(page.getByRole('columnheader', { name: 'ID' })).toHaveAttribute('aria-sort', 'ascending');
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
