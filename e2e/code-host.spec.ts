// The code host: connect a demo installation (the simulated provider), browse its
// repositories (search, sort, pages), delete a cache entry (confirmed); axe on the page and
// the dialogs (each check covers both themes).
import { expect, expectAxeClean, test } from './fixtures.ts';

test('connect a demo installation, browse its repositories and delete a cache entry', async ({
  page,
  project,
}) => {
  await page.goto(`/projects/${project.id}/code-host`);
  await expect(page.getByRole('heading', { name: 'Code host', level: 1 })).toBeVisible();
  await expect(page.getByRole('heading', { name: 'No installations yet' })).toBeVisible();
  await page.getByRole('button', { name: 'Connect demo installation' }).click();
  await expect(
    page.getByRole('status').filter({ hasText: 'Demo installation connected' }),
  ).toBeVisible();

  const [installation] = (
    await project.account.send('listGithubInstallations', { params: { project_id: project.id } })
  ).items;
  const repos = page.getByRole('region', { name: `Repositories of ${installation!.name}` });
  await expect(repos.getByText('25 repositories', { exact: true })).toBeVisible();
  const table = repos.getByRole('table', { name: /Repositories, sorted by name/ });
  await expect(table.getByRole('row')).toHaveCount(11);
  await expect(table.getByRole('row').nth(1)).toContainText('api');

  // Pages: 10 a page, 25 in all.
  await expect(repos.getByText('1–10 of 25')).toBeVisible();
  await repos.getByRole('button', { name: 'Next page' }).click();
  await expect(repos.getByText('11–20 of 25')).toBeVisible();
  await repos.getByRole('button', { name: 'Next page' }).click();
  await expect(repos.getByText('21–25 of 25')).toBeVisible();
  await expect(repos.getByRole('button', { name: 'Next page' })).toBeDisabled();

  // Search, from the keyboard.
  await repos.getByLabel('Search repositories by name').fill('sdk');
  await expect(table.getByRole('row')).toHaveCount(4);
  await expect(repos.getByText('1–3 of 3')).toBeVisible();
  await repos.getByLabel('Search repositories by name').fill('nothing-like-it');
  await expect(repos.getByText('No repository name contains “nothing-like-it”.')).toBeVisible();
  await repos.getByLabel('Search repositories by name').fill('');

  // Sort by ID (creation order): the demo's first repository is `api`, then `web`.
  await repos.getByRole('button', { name: 'ID' }).click();
  await expect(
    repos
      .getByRole('table', { name: /sorted by id/ })
      .getByRole('row')
      .nth(2),
  ).toContainText('web');

  // Cache entries of `api`: delete one, confirmed.
  await repos.getByRole('button', { name: 'Cache entries of api' }).focus();
  await page.keyboard.press('Enter');
  const dialog = page.getByRole('dialog', { name: 'Cache entries of api' });
  await expect(dialog.getByText('3 entries')).toBeVisible();
  const entries = (
    await project.account.send('listGithubCacheEntries', {
      params: {
        project_id: project.id,
        installation_reference: installation!.name,
        repository_reference: 'api',
      },
    })
  ).items;
  const victim = entries[0]!;
  await dialog.getByRole('button', { name: `Delete cache entry ${victim.key}` }).click();
  const confirm = page.getByRole('dialog', { name: 'Delete cache entry' });
  await expect(confirm).toContainText(victim.key);
  await confirm.getByRole('button', { name: 'Delete cache entry' }).click();
  await expect(page.getByRole('status').filter({ hasText: 'Cache entry deleted' })).toBeVisible();
  const after = page.getByRole('dialog', { name: 'Cache entries of api' });
  await expect(after.getByText('2 entries')).toBeVisible();
  await expect(after.getByText(victim.key)).toHaveCount(0);
  const left = await project.account.send('listGithubCacheEntries', {
    params: {
      project_id: project.id,
      installation_reference: installation!.name,
      repository_reference: 'api',
    },
  });
  expect(left.items.map((e) => e.id)).not.toContain(victim.id);
  await page.keyboard.press('Escape');
  await expect(after).toHaveCount(0);
});

test('the code host page and its dialogs have no serious violations', async ({ page, project }) => {
  await page.goto(`/projects/${project.id}/code-host`);
  await expect(page.getByRole('heading', { name: 'No installations yet' })).toBeVisible();
  await expectAxeClean(page);
  await page.getByRole('button', { name: 'Connect demo installation' }).click();
  await expect(page.getByText('25 repositories', { exact: true })).toBeVisible();
  await expectAxeClean(page);
  await page.getByRole('button', { name: 'Cache entries of api' }).click();
  await expect(
    page.getByRole('dialog', { name: 'Cache entries of api' }).getByText('3 entries'),
  ).toBeVisible();
  await expectAxeClean(page, 'dialog');
  await page
    .getByRole('dialog')
    .getByRole('button', { name: /^Delete cache entry / })
    .first()
    .click();
  await expect(page.getByRole('dialog', { name: 'Delete cache entry' })).toBeVisible();
  await expectAxeClean(page, 'dialog');
});
