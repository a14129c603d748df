// Databases: create a database through the form and watch it run without a reload; copy its
// connection string and download its CA certificate; add a firewall rule, change a parameter,
// restore to a new database, delete everything; axe on the list, the form and every tab (each
// check covers the light and the dark theme). Every test empties its project again (the project
// fixture).
import fs from 'node:fs/promises';
import {
  expect,
  expectAxeClean,
  expectSameDocument,
  markDocument,
  test,
  uniqueName,
} from './fixtures.ts';
import {
  DatabaseCreatePage,
  DatabaseDetailPage,
  DatabaseListPage,
} from '../packages/console-test-kit/src/pages/postgres.ts';

test('create a database through the form, watch it reach running, copy its connection string and download its CA', async ({
  page,
  context,
  project,
  baseURL,
}) => {
  const list = new DatabaseListPage(page);
  await list.goto(project.id);
  await expect(page.getByRole('heading', { name: 'No databases yet' })).toBeVisible();
  await markDocument(page);
  await list.createButton.click();

  const form = new DatabaseCreatePage(page);
  await expect(form.heading).toBeVisible();
  await form.choice('Location', /Finland/).check();
  await expect(form.choice('Standard', 'standard-2')).toBeChecked();
  await expect(form.choice('Storage', '64 GiB')).toBeChecked();
  // standard-2 ($65.00) with 64 GiB ($0.20 a GiB): one server, then a primary and a standby.
  await expect(form.total).toHaveText('$77.80/mo');
  await form.choice('High availability', /One standby/).check();
  await expect(form.total).toHaveText('$155.60/mo');
  await expect(form.summary).toContainText('2 servers (a primary and 1 standby)');
  await form.choice('High availability', /No standby/).check();
  await expect(form.total).toHaveText('$77.80/mo');

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
  await expect(page.getByRole('button', { name: 'Hide password' })).toHaveAttribute(
    'aria-pressed',
    'true',
  );

  await context.grantPermissions(['clipboard-read', 'clipboard-write'], { origin: baseURL });
  await page.getByRole('button', { name: 'Copy connection string' }).click();
  await expect(page.getByRole('button', { name: 'Copy connection string' })).toContainText(
    'Copied',
  );
  expect(await page.evaluate(() => navigator.clipboard.readText())).toBe(pg.connection_string);

  const [download] = await Promise.all([
    page.waitForEvent('download'),
    page.getByRole('link', { name: 'Download CA certificate' }).click(),
  ]);
  expect(download.suggestedFilename()).toBe(`${name}.pem`);
  const pem = await fs.readFile((await download.path())!, 'utf8');
  expect(pem).toMatch(
    /^-----BEGIN CERTIFICATE-----\n[A-Za-z0-9+/=\n]+-----END CERTIFICATE-----\n?$/,
  );
});

test('add a firewall rule, change a parameter, restore to a new database, then delete both', async ({
  page,
  project,
}) => {
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
  expect(
    (await project.getPostgres(pg.location, pg.name))!.firewall_rules
      .filter((r) => r.cidr === '203.0.113.0/24')
      .map((r) => r.port),
  ).toEqual(expect.arrayContaining([5432, 6432]));

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
  const config = await project.account.send('getPostgresConfig', {
    params: { project_id: project.id, location: pg.location, postgres_database_reference: pg.name },
  });
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
  await expect(detail.field('Restored from')).toHaveText(pg.name);

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

test('resize, reset the password, upgrade from 17 to 18, and create and promote a read replica', async ({
  page,
  project,
}) => {
  const pg = await project.createRunningPostgres(uniqueName('main'), {
    size: 'hobby-1',
    storage_size: 16,
    version: '17',
  });
  const detail = new DatabaseDetailPage(page);
  await detail.goto(project.id, pg, 'settings');
  await markDocument(page);
  const meta = page.getByText(/^Germany · /);

  await page.getByLabel('Size', { exact: true }).selectOption('hobby-2');
  await page.getByLabel('Storage', { exact: true }).selectOption('32');
  await page.getByRole('button', { name: 'Resize' }).click();
  await expect(meta).toContainText('hobby-2 · 32 GiB');
  await expect(detail.state).toHaveText('running');

  // A weak password is refused under the field; a strong one is set after a confirmation.
  const password = page.getByLabel('New password');
  await password.fill('short');
  await expect(password).toHaveAccessibleDescription(/12 to 128 characters/);
  await password.fill('Correct-Horse-2026');
  await page.getByRole('button', { name: 'Reset password' }).click();
  await page
    .getByRole('dialog', { name: 'Reset password' })
    .getByRole('button', { name: 'Reset password' })
    .click();
  await expect(page.getByRole('status').filter({ hasText: 'Password reset' })).toBeVisible();
  expect((await project.getPostgres(pg.location, pg.name))!.password).toBe('Correct-Horse-2026');

  // The upgrade says from → to, asks, and the page follows it to the new version.
  await expect(page.getByText('PostgreSQL 17 → 18 is available.')).toBeVisible();
  await page.getByRole('button', { name: 'Upgrade to 18' }).click();
  await page
    .getByRole('dialog', { name: 'Upgrade database' })
    .getByRole('button', { name: 'Upgrade to 18' })
    .click();
  await expect(meta).toContainText('PostgreSQL 18');
  await expect(page.getByText('PostgreSQL 18 is the newest version available.')).toBeVisible();

  // A read replica: created from the parent's tab, then promoted from its own page.
  await detail.tab('Read replicas').click();
  await page.getByRole('button', { name: 'Create read replica' }).click();
  const replica = uniqueName('replica');
  const dialog = page.getByRole('dialog', { name: 'Create read replica' });
  await dialog.getByLabel('Replica name').fill(replica);
  await dialog.getByRole('button', { name: 'Create read replica' }).click();
  await expect(page).toHaveURL(new RegExp(`/databases/${pg.location}/${replica}$`));
  await expect(detail.state).toHaveText('running');
  await expect(meta).toContainText('read replica');
  await detail.tab('Read replicas').click();
  await expect(detail.panel).toContainText(`Replica of ${pg.name}`);
  await page.getByRole('button', { name: 'Promote to a database of its own' }).click();
  await page
    .getByRole('dialog', { name: 'Promote read replica' })
    .getByRole('button', { name: 'Promote' })
    .click();
  await expect(meta).not.toContainText('read replica');
  expect((await project.getPostgres(pg.location, replica))!.read_replica).toBe(false);
  await expectSameDocument(page);
});

test('a server refusal is shown under its field and keeps every choice', async ({
  page,
  project,
}) => {
  const taken = await project.createPostgres(uniqueName('twin'), { location: 'us-east-a2' });
  const form = new DatabaseCreatePage(page);
  await form.goto(project.id);
  await form.choice('Location', /Virginia/).check();
  await form.choice('Standard', 'standard-4').check();
  await form.choice('Storage', '512 GiB').check();
  await form.name.fill(taken.name);
  await form.submit.click();

  await expect(form.name).toHaveAccessibleDescription(/name is already taken/);
  await expect(form.name).toBeFocused();
  await expect(page).toHaveURL(/\/databases\/new/);
  await expect(form.choice('Standard', 'standard-4')).toBeChecked();
  await expect(form.choice('Storage', '512 GiB')).toBeChecked();
  await form.name.fill(`${taken.name}-2`);
  await expect(form.name).not.toHaveAccessibleDescription(/name is already taken/);
});

test('the logs tab lists lines newest first and searches them', async ({ page, project }) => {
  const pg = await project.createRunningPostgres();
  const params = {
    project_id: project.id,
    location: pg.location,
    postgres_database_reference: pg.name,
  };
  // A new database logs every few seconds: wait for its first lines.
  await expect
    .poll(async () => (await project.account.send('getPostgresLogs', { params })).logs.length, {
      timeout: 40_000,
    })
    .toBeGreaterThan(0);
  // A page comes oldest first: the table shows the newest line of the page's own answer on top
  // (a line asked for here first could already be older: the database logs on meanwhile).
  const detail = new DatabaseDetailPage(page);
  const shown = page.waitForResponse(
    (r) => new URL(r.url()).pathname.endsWith('/logs') && r.request().method() === 'GET',
  );
  await detail.goto(project.id, pg, 'logs');
  const { logs } = (await (await shown).json()) as { logs: { message: string }[] };
  const newest = logs[logs.length - 1]!.message;
  // The console trims what is searched: a needle ending in a space would be shown without it.
  const needle = newest.slice(0, 12).trim();
  const lines = page.getByRole('table', { name: 'Log lines' });
  await expect(lines.getByRole('row').nth(1)).toContainText(newest);
  // While the search's answer is on its way, the lines shown are the last answer's: the status
  // says so, and counts them only once the search's own lines are in.
  let answer!: () => void;
  const answered = new Promise<void>((resolve) => (answer = resolve));
  await page.route(/\/logs\?.*query_pattern=/, async (route) => {
    await answered;
    await route.continue();
  });
  await page.getByRole('searchbox', { name: 'Search log messages' }).fill(needle);
  await page.getByRole('button', { name: 'Search', exact: true }).click();
  await expect(page.getByText(`Searching for “${needle}”…`)).toBeVisible();
  await expect(lines).toHaveAttribute('aria-busy', 'true');
  await expect(page.getByText(/^\d+ lines? containing/)).toHaveCount(0);
  answer();
  await expect(page.getByText(/^\d+ lines? containing/)).toBeVisible();
  await expect(lines).toHaveAttribute('aria-busy', 'false');
  for (const cell of await lines
    .getByRole('row')
    .filter({ hasNot: page.getByRole('columnheader') })
    .all())
    await expect(cell).toContainText(needle);
});

test('tabs, dialogs and the rule editor work from the keyboard', async ({ page, project }) => {
  const pg = await project.createRunningPostgres();
  const detail = new DatabaseDetailPage(page);
  await detail.goto(project.id, pg);

  await detail.walkTabsByKeyboard((name) => detail.tab(name));

  // Restart asks first; Escape closes the dialog and gives focus back.
  const restart = page
    .getByRole('group', { name: 'Database actions' })
    .getByRole('button', { name: 'Restart' });
  await restart.focus();
  await page.keyboard.press('Enter');
  const dialog = page.getByRole('dialog', { name: 'Restart database' });
  await expect(dialog).toBeVisible();
  await page.keyboard.press('Escape');
  await expect(dialog).toBeHidden();
  await expect(restart).toBeFocused();
  await expect(detail.state).toHaveText('running');

  // A rule typed and sent with Enter.
  await detail.tab('Networking').click();
  await page.getByRole('button', { name: 'Add rule' }).focus();
  await page.keyboard.press('Enter');
  const rule = detail.ruleDialog('Add rule');
  await expect(rule.cidr).toBeFocused();
  await page.keyboard.type('198.51.100.7');
  await page.keyboard.press('Enter');
  await expect(rule.dialog).toBeHidden();
  await expect(detail.rulesTable()).toContainText('198.51.100.7/32');
});

test('a database that is gone shows "Database not found"', async ({ page, project }) => {
  await page.goto(`/projects/${project.id}/databases/eu-central-h1/no-such-db`);
  await expect(page.getByRole('heading', { name: 'Database not found', level: 1 })).toBeVisible();
});

test('the database list and the create form (with a field error) have no serious violations', async ({
  page,
  project,
}) => {
  const pg = await project.createRunningPostgres();
  const list = new DatabaseListPage(page);
  await list.goto(project.id);
  await expect(list.row(pg.name).getByText('running')).toBeVisible();
  await expectAxeClean(page);

  const form = new DatabaseCreatePage(page);
  await form.goto(project.id);
  await expect(form.choice('Storage', '64 GiB')).toBeChecked();
  await form.name.fill('Bad_Name');
  await expect(form.name).toHaveAttribute('aria-invalid', 'true');
  await expectAxeClean(page);
});

test('the database page, every tab and its dialogs have no serious violations', async ({
  page,
  project,
}) => {
  const pg = await project.createRunningPostgres();
  const detail = new DatabaseDetailPage(page);
  await detail.goto(project.id, pg);
  for (const tab of [
    'Overview',
    'Networking',
    'Backups',
    'Read replicas',
    'Configuration',
    'Metrics',
    'Logs',
    'Settings',
  ] as const) {
    await detail.tab(tab).click();
    await expect(detail.tab(tab)).toHaveAttribute('aria-selected', 'true');
    if (tab === 'Overview')
      await expect(page.getByRole('region', { name: 'Servers' }).getByRole('table')).toBeVisible();
    if (tab === 'Metrics') await expect(page.getByTestId('metric-chart')).toHaveCount(12);
    if (tab === 'Configuration') await expect(page.getByTestId('param-work_mem')).toBeVisible();
    if (tab === 'Logs') await expect(page.getByText(/^\d+ lines?$/)).toBeVisible();
    await expectAxeClean(page);
  }
  await page.getByRole('button', { name: 'Delete database' }).click();
  await expect(page.getByRole('dialog', { name: 'Delete database' })).toBeVisible();
  await expectAxeClean(page, 'dialog');
  await page.keyboard.press('Escape');
  await page
    .getByRole('group', { name: 'Database actions' })
    .getByRole('button', { name: 'Restart' })
    .click();
  await expect(page.getByRole('dialog', { name: 'Restart database' })).toBeVisible();
  await expectAxeClean(page, 'dialog');
});
