// Compute: create a VM through the form and watch it run without a reload; restart, stop,
// start, rename and delete it from its page; refusals under the field; the list's filters;
// keyboard and axe (each check covers both themes). Every test empties its project again (the project fixture).
import {
  expect,
  expectAxeClean,
  expectSameDocument,
  holdGets,
  markDocument,
  SSH_KEY,
  test,
  uniqueName,
} from './fixtures.ts';
import { VmCreatePage } from '../packages/console-test-kit/src/pages/vm-create-page.ts';
import { VmDetailPage } from '../packages/console-test-kit/src/pages/vm-detail-page.ts';
import { VmListPage } from '../packages/console-test-kit/src/pages/vm-list-page.ts';

test('create a VM through the form and watch it reach running without a reload', async ({
  page,
  project,
}) => {
  const list = new VmListPage(page);
  await list.goto(project.id);
  await expect(page.getByRole('heading', { name: 'No virtual machines yet' })).toBeVisible();
  await markDocument(page);
  await list.createButton.click();

  const form = new VmCreatePage(page);
  await expect(form.heading).toBeVisible();
  await form.location('Finland').check();
  await form.size('standard-4').check();
  // Public IPv4 is on by default in the console (the API default stays off).
  await expect(form.ip4).toBeChecked();
  await expect(form.total).toHaveText('$55.00/mo');
  await form.ip4.uncheck();
  await expect(form.total).toHaveText('$52.00/mo');
  await form.ip4.check();
  await expect(form.total).toHaveText('$55.00/mo');
  await expect(form.subnet(/Default subnet/)).toBeChecked();
  await expect(form.summary).toContainText('default-eu-north-h1');

  const name = uniqueName('web');
  await form.name.fill(name);
  // A wrong key is refused under its field as it is typed, before anything is sent.
  await form.publicKey.fill('ssh-rsa not-a-key');
  await expect(form.publicKey).toHaveAttribute('aria-invalid', 'true');
  await expect(form.publicKey).toHaveAccessibleDescription(/Enter an OpenSSH public key line/);
  await form.submit.click();
  await expect(page).toHaveURL(/\/compute\/new/);
  await expect(form.publicKey).toBeFocused();

  await form.publicKey.fill(SSH_KEY);
  await expect(form.publicKey).not.toHaveAttribute('aria-invalid', 'true');
  await form.submit.click();

  const detail = new VmDetailPage(page);
  await expect(page).toHaveURL(new RegExp(`/compute/eu-north-h1/${name}$`));
  await detail.expectVm(name);
  // The form's toast links to what it made.
  await expect(
    page
      .getByRole('status')
      .filter({ hasText: 'Creating VM' })
      .getByRole('link', {
        name: `Open ${name}`,
      }),
  ).toHaveAttribute('href', `/projects/${project.id}/compute/eu-north-h1/${name}`);
  await expect(detail.state).toHaveText('running');
  await expect(detail.announcer).toContainText(`VM ${name} is running.`);
  await expectSameDocument(page);
  await expect(page.getByTestId('ssh-command')).toHaveText(/^ssh ubi@\d+\.\d+\.\d+\.\d+$/);
  await expect(detail.field('Size')).toContainText('standard-4 · 4 vCPU · 16 GiB memory');
  await expect(detail.field('Storage')).toHaveText('80 GiB');

  await detail.tab('Networking').click();
  await expect(page).toHaveURL(/tab=networking/);
  await expect(detail.field('Subnet')).toHaveText('default-eu-north-h1');
  await expect(
    page.getByRole('table', { name: /Inbound rules of firewall default-eu-north-h1-default/ }),
  ).toContainText('All IPv4');
});

test('restart, stop, start, rename and delete a VM from its page', async ({ page, project }) => {
  const vm = await project.createRunningVm(uniqueName('app'));
  const detail = new VmDetailPage(page);
  await detail.goto(project.id, vm);
  await markDocument(page);
  await expect(detail.state).toHaveText('running');
  await expect(detail.start).toBeDisabled();
  await expect(detail.start).toHaveAccessibleDescription(
    'Start is available when the VM is stopped.',
  );

  // The page's reads of the VM are held while a transitional state is checked (see holdGets).
  const vmUrl = (name: string) =>
    new RegExp(`/api/project/${project.id}/location/${vm.location}/vm/${name}$`);
  let release = await holdGets(page, vmUrl(vm.name));
  await detail.confirmAction('Restart');
  await expect(detail.state).toHaveText('restarting');
  await release();
  await expect(detail.state).toHaveText('running');
  await expect(detail.announcer).toContainText(`VM ${vm.name} is running.`);

  release = await holdGets(page, vmUrl(vm.name));
  await detail.confirmAction('Stop');
  await expect(detail.state).toHaveText('stopping');
  await release();
  await expect(detail.state).toHaveText('stopped');
  await expect(detail.announcer).toContainText(`VM ${vm.name} is stopped.`);
  await expect(detail.restart).toBeDisabled();
  await expect(detail.stop).toBeDisabled();

  release = await holdGets(page, vmUrl(vm.name));
  await detail.start.click();
  await expect(detail.state).toHaveText('starting');
  await release();
  await expect(detail.state).toHaveText('running');
  await expectSameDocument(page);

  const renamed = uniqueName('renamed');
  await detail.rename(renamed);
  await expect(page).toHaveURL(new RegExp(`/compute/${vm.location}/${renamed}\\?tab=settings$`));
  await detail.expectVm(renamed);
  await expect(page.getByRole('status').filter({ hasText: 'VM renamed' })).toBeVisible();

  release = await holdGets(page, vmUrl(renamed));
  await detail.delete(renamed);
  // Shown while it is deleting; once it is gone the page says so and goes back to the list.
  await expect(detail.state).toHaveText('deleting');
  await release();
  const list = new VmListPage(page);
  await expect(list.heading).toBeVisible();
  await expect(list.announcer).toContainText(`VM ${renamed} was deleted.`);
  await expect(list.row(renamed)).toHaveCount(0);
  await expect(page.getByRole('heading', { name: 'No virtual machines yet' })).toBeVisible();
  await expectSameDocument(page);
});

test('a server refusal is shown under its field and keeps what was typed', async ({
  page,
  project,
}) => {
  const taken = await project.createVm(uniqueName('twin'));
  const form = new VmCreatePage(page);
  await form.goto(project.id);
  await form.location('Germany').check();
  await form.unixUser.fill('deploy');
  await form.publicKey.fill(SSH_KEY);
  await form.name.fill(taken.name);
  await form.submit.click();

  await expect(form.name).toHaveAccessibleDescription(/name is already taken/);
  await expect(form.name).toBeFocused();
  await expect(page).toHaveURL(/\/compute\/new/);
  await expect(form.publicKey).toHaveValue(SSH_KEY);
  await expect(form.unixUser).toHaveValue('deploy');
  // Typing clears the server's message.
  await form.name.fill(`${taken.name}-2`);
  await expect(form.name).not.toHaveAccessibleDescription(/name is already taken/);
});

test('the list searches, filters by location and state, sorts, and keeps it in the URL', async ({
  page,
  project,
}) => {
  // Created in an order that differs from name order, so the two sorts differ.
  const charlie = await project.createVm('charlie', { location: 'eu-central-h1' });
  const alpha = await project.createVm('alpha', { location: 'eu-north-h1' });
  const bravo = await project.createVm('bravo', { location: 'eu-central-h1' });
  for (const vm of [alpha, bravo, charlie]) await project.waitForState(vm, 'running');

  const list = new VmListPage(page);
  await list.goto(project.id);
  await expect(list.rowNames()).toHaveText(['alpha', 'bravo', 'charlie']);
  await expect(list.row('alpha')).toContainText('Finland');
  await expect(list.row('alpha').getByText('running')).toBeVisible();

  await list.sortBy('ID').click();
  await expect(page.getByRole('columnheader', { name: 'ID' })).toHaveAttribute(
    'aria-sort',
    'ascending',
  );
  await expect(list.rowNames()).toHaveText(['charlie', 'alpha', 'bravo']);
  await expect(page).toHaveURL(/sort=id/);

  await list.locationFilter.selectOption('eu-central-h1');
  await expect(list.rowNames()).toHaveText(['charlie', 'bravo']);
  await expect(page).toHaveURL(/location=eu-central-h1/);
  await list.search.fill('BRA');
  await expect(list.rowNames()).toHaveText(['bravo']);
  await page.reload();
  await expect(list.rowNames()).toHaveText(['bravo']);
  await expect(list.search).toHaveValue('BRA');

  await list.stateFilter.selectOption('stopped');
  await expect(page.getByRole('heading', { name: 'No matching virtual machines' })).toBeVisible();
  await page.getByRole('button', { name: 'Clear filters' }).click();
  await expect(list.rowNames()).toHaveText(['charlie', 'alpha', 'bravo']);
});

test('tabs, dialogs and actions work from the keyboard', async ({ page, project }) => {
  const vm = await project.createRunningVm();
  const detail = new VmDetailPage(page);
  await detail.goto(project.id, vm);

  await detail.walkTabsByKeyboard((name) => detail.tab(name));

  // The Stop dialog: focus inside, Tab stays inside, Escape closes, focus returns.
  await detail.stop.focus();
  await page.keyboard.press('Enter');
  const dialog = page.getByRole('dialog', { name: 'Stop VM' });
  await expect(dialog).toBeVisible();
  await expect(dialog.getByRole('button', { name: 'Close dialog' })).toBeFocused();
  await page.keyboard.press('Tab');
  await expect(dialog.getByRole('button', { name: 'Cancel' })).toBeFocused();
  await page.keyboard.press('Tab');
  await expect(dialog.getByRole('button', { name: 'Stop VM' })).toBeFocused();
  await page.keyboard.press('Tab');
  await expect(dialog.getByRole('button', { name: 'Close dialog' })).toBeFocused();
  await page.keyboard.press('Escape');
  await expect(dialog).toBeHidden();
  await expect(detail.stop).toBeFocused();
  await expect(detail.state).toHaveText('running');

  // Confirming from the keyboard.
  await page.keyboard.press('Enter');
  await page.keyboard.press('Tab');
  await page.keyboard.press('Tab');
  await page.keyboard.press('Enter');
  await expect(detail.state).toHaveText('stopped');
});

test('a VM that is gone shows "VM not found"', async ({ page, project }) => {
  await page.goto(`/projects/${project.id}/compute/eu-central-h1/no-such-vm`);
  await expect(page.getByRole('heading', { name: 'VM not found', level: 1 })).toBeVisible();
});

test('the VM list and the create form (with field errors) have no serious violations', async ({
  page,
  project,
}) => {
  const vm = await project.createRunningVm(undefined, { enable_ip4: true });
  const list = new VmListPage(page);
  await list.goto(project.id);
  await expect(list.row(vm.name).getByText('running')).toBeVisible();
  await expectAxeClean(page);

  const form = new VmCreatePage(page);
  await form.goto(project.id);
  await form.publicKey.fill('not a key'); // the error colours must pass too
  await form.name.fill('Bad_Name');
  await expect(form.name).toHaveAttribute('aria-invalid', 'true');
  await expectAxeClean(page);
});

test('the VM page, its tabs and its dialogs have no serious violations', async ({
  page,
  project,
}) => {
  const vm = await project.createRunningVm(undefined, { enable_ip4: true });
  const detail = new VmDetailPage(page);
  for (const tab of ['overview', 'networking', 'settings'] as const) {
    await detail.goto(project.id, vm, tab);
    await expect(page.getByRole('tabpanel')).toBeVisible();
    await expectAxeClean(page);
  }
  await page.getByRole('button', { name: 'Delete VM' }).click();
  await expect(page.getByRole('dialog', { name: 'Delete VM' })).toBeVisible();
  await expectAxeClean(page, 'dialog');
  await page.keyboard.press('Escape');
  await detail.restart.click();
  await expect(page.getByRole('dialog', { name: 'Restart VM' })).toBeVisible();
  await expectAxeClean(page, 'dialog');
});
