// Databases: create a database through the form and watch it run without a reload; copy its
// connection string and download its CA certificate; add a firewall rule, change a parameter,
// restore to a new database, delete everything; axe on the list, the form and every tab, light
// and dark. Every test empties its project again (the project fixture).
import fs from 'node:fs/promises';
import { BASE_URL, expect, expectAxeClean, expectSameDocument, markDocument, test, uniqueName } from './fixtures.ts';
import { DatabaseCreatePage, DatabaseDetailPage, DatabaseListPage } from './pages/databases.ts';

test('create a database through the form, watch it reach running, copy its connection string and download its CA', async ({ page, context, project }) => {
  const list = new DatabaseListPage(page);
  await list.goto(project.id);
  await expect(page.getByRole('heading', { name: 'No databases yet' })).toBeVisible();
  await markDocument(page);
  await list.createButton.click();

  const form = new DatabaseCreatePage(page);
  await expect(form.heading).toBeVisible();
  await form.choice('Location', /Finland/).check();
  await expect(form.choice('Standard', 'standard-2')).toBeChecked();
  await expect(form.choice('Storage', '128 GiB')).toBeChecked();
  // standard-2 ($65.00) with 128 GiB ($0.20 a GiB): one server, then a primary and a standby.
  await expect(form.total).toHaveText('$90.60/mo');
  await form.choice('High availability', /One standby/).check();
  await expect(form.total).toHaveText('$181.20/mo');
  await expect(form.summary).toContainText('2 servers (a primary and 1 standby)');
  await form.choice('High availability', /No standby/).check();
  await expect(form.total).toHaveText('$90.60/mo');

  // A wrong name is refused under its field before anything is sent.
  await form.name.fill('Bad_Name');
  await form.submit.click();
  await expect(form.name).toHaveAttribute('aria-invalid', 'true');
  await expect(form.name).toBeFocused();
  await expect(page).toHaveURL(/\/databases\/new/);

  const name = uniqueName('orders');
  await form.name.fill(name);
  await form.submit.click();

  const detail = new DatabaseDetailPage(page);
  await expect(page).toHaveURL(new RegExp(`/databases/eu-north-h1/${name}$`));
  await expect(detail.h1(name)).toBeVisible();
  await expect(detail.state).toHaveText('running');
  await expect(detail.announcer).toContainText(`Database ${name} is running.`);
  await expectSameDocument(page);

  const pg = (await project.getPostgres('eu-north-h1', name))!;
  expect(pg.connection_string).toContain(pg.hostname!);
  // The password is masked until revealed, and copied in one click.
  const shown = page.getByTestId('pg-connection-string');
  await expect(shown).toContainText(pg.hostname!);
  await expect(shown).not.toContainText(encodeURIComponent(pg.password!));
  await page.getByRole('button', { name: 'Show password' }).click();
  await expect(page.getByTestId('pg-password')).toHaveText(pg.password!);
  await expect(page.getByRole('button', { name: 'Hide password' })).toHaveAttribute('aria-pressed', 'true');

  await context.grantPermissions(['clipboard-read', 'clipboard-write'], { origin: BASE_URL });
  await page.getByRole('button', { name: 'Copy connection string' }).click();
  await expect(page.getByRole('button', { name: 'Copy connection string' })).toContainText('Copied');
  expect(await page.evaluate(() => navigator.clipboard.readText())).toBe(pg.connection_string);

  const [download] = await Promise.all([page.waitForEvent('download'), page.getByRole('link', { name: 'Download CA certificate' }).click()]);
  expect(download.suggestedFilename()).toBe(`${name}.pem`);
  const pem = await fs.readFile((await download.path())!, 'utf8');
  expect(pem).toMatch(/^-----BEGIN CERTIFICATE-----\n[A-Za-z0-9+/=\n]+-----END CERTIFICATE-----\n?$/);
});

test('add a firewall rule, change a parameter, restore to a new database, then delete both', async ({ page, project }) => {
  const pg = await project.createRunningPostgres(uniqueName('app'));
  const detail = new DatabaseDetailPage(page);
  await detail.goto(project.id, pg, 'networking');
  await markDocument(page);

  // Networking: a rule for one range opens both ports.
  await page.getByRole('button', { name: 'Add rule' }).click();
  const rule = detail.ruleDialog('Add rule');
  await rule.cidr.fill('203.0.113.300/24');
  await rule.submit.click();
  await expect(rule.cidr).toHaveAttribute('aria-invalid', 'true');
  await rule.cidr.fill('203.0.113.0/24');
  await rule.description.fill('office');
  await rule.submit.click();
  await expect(rule.dialog).toBeHidden();
  const row = detail.rulesTable().getByRole('row').filter({ hasText: '203.0.113.0/24' });
  await expect(row).toContainText('5432, 6432');
  await expect(row).toContainText('office');
  expect((await project.getPostgres(pg.location, pg.name))!.firewall_rules.filter((r) => r.cidr === '203.0.113.0/24').map((r) => r.port)).toEqual(
    expect.arrayContaining([5432, 6432]),
  );

  // Configuration: a wrong value is refused under the field; a right one is saved.
  await detail.tab('Configuration').click();
  const param = await detail.editParameter('work_mem');
  await param.value.fill('lots');
  await expect(param.value).toHaveAccessibleDescription(/work_mem must be a size like 256MB/);
  await param.save.click();
  await expect(param.dialog).toBeVisible();
  await param.value.fill('64MB');
  await param.save.click();
  await expect(param.dialog).toBeHidden();
  await expect(page.getByTestId('param-work_mem')).toContainText('64MB');
  await expect(page.getByTestId('param-work_mem')).toContainText('set');
  const config = await project.account.send('getPostgresConfig', { params: { project_id: project.id, location: pg.location, postgres_database_reference: pg.name } });
  expect(config.pg_config.work_mem).toBe('64MB');

  // Backups: restore the latest moment of the window to a new database.
  await detail.tab('Backups').click();
  await page.getByRole('button', { name: 'Restore to a new database…' }).click();
  const restore = page.getByRole('form', { name: 'Restore to a new database' });
  const restored = uniqueName('restored');
  await restore.getByLabel('New database name').fill(restored);
  await restore.getByRole('button', { name: 'Restore' }).click();
  await expect(page).toHaveURL(new RegExp(`/databases/${pg.location}/${restored}$`));
  await expect(detail.state).toHaveText('running');
  await expect(detail.announcer).toContainText(`Database ${restored} is running.`);

  // Delete both from their pages; each goes back to the list, which says so.
  const list = new DatabaseListPage(page);
  for (const name of [restored, pg.name]) {
    if (name === pg.name) await detail.goto(project.id, pg);
    await detail.delete(name);
    await expect(list.heading).toBeVisible();
    await expect(list.announcer).toContainText(`Database ${name} was deleted.`);
    await expect(list.row(name)).toHaveCount(0);
  }
  await expect(page.getByRole('heading', { name: 'No databases yet' })).toBeVisible();
  await expect.poll(() => project.getPostgres(pg.location, pg.name)).toBeNull();
});

test('a database that is gone shows "Database not found"', async ({ page, project }) => {
  await page.goto(`/projects/${project.id}/databases/eu-central-h1/no-such-db`);
  await expect(page.getByRole('heading', { name: 'Database not found', level: 1 })).toBeVisible();
});

for (const colorScheme of ['light', 'dark'] as const) {
  test.describe(`${colorScheme} theme`, () => {
    test.use({ colorScheme });

    test('the database list and the create form (with a field error) have no serious violations', async ({ page, project }) => {
      const pg = await project.createRunningPostgres();
      const list = new DatabaseListPage(page);
      await list.goto(project.id);
      await expect(list.row(pg.name).getByText('running')).toBeVisible();
      await expectAxeClean(page);

      const form = new DatabaseCreatePage(page);
      await form.goto(project.id);
      await expect(form.choice('Storage', '128 GiB')).toBeChecked();
      await form.name.fill('Bad_Name');
      await expect(form.name).toHaveAttribute('aria-invalid', 'true');
      await expectAxeClean(page);
    });

    test('the database page, every tab and its dialogs have no serious violations', async ({ page, project }) => {
      const pg = await project.createRunningPostgres();
      const detail = new DatabaseDetailPage(page);
      for (const tab of ['overview', 'networking', 'backups', 'replicas', 'configuration', 'metrics', 'logs', 'settings'] as const) {
        await detail.goto(project.id, pg, tab);
        await expect(detail.panel).toBeVisible();
        if (tab === 'metrics') await expect(page.getByTestId('metric-chart').first()).toBeVisible();
        if (tab === 'configuration') await expect(page.getByTestId('param-work_mem')).toBeVisible();
        await expectAxeClean(page);
      }
      await page.getByRole('button', { name: 'Delete database' }).click();
      await expect(page.getByRole('dialog', { name: 'Delete database' })).toBeVisible();
      await expectAxeClean(page, 'dialog');
      await page.keyboard.press('Escape');
      await page.getByRole('group', { name: 'Database actions' }).getByRole('button', { name: 'Restart' }).click();
      await expect(page.getByRole('dialog', { name: 'Restart database' })).toBeVisible();
      await expectAxeClean(page, 'dialog');
    });
  });
}
