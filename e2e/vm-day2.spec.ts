// A VM's day two (issue 30): its Metrics tab draws the charts the databases have; Resize picks
// a larger size with its price change, asks for confirmation and shows the progress until the
// VM runs again at the new size. Axe in both themes on the tab and in the dialog.
import {
  expect,
  expectAxeClean,
  expectSameDocument,
  holdGets,
  markDocument,
  test,
  uniqueName,
} from './fixtures.ts';
import { VmDetailPage } from '../packages/console-test-kit/src/pages/vm-detail-page.ts';

test('the Metrics tab draws CPU, load, memory, disk, disk I/O and network', async ({
  page,
  project,
}) => {
  const vm = await project.createRunningVm(uniqueName('watched'));
  const detail = new VmDetailPage(page);
  await detail.goto(project.id, vm);
  await page
    .getByRole('tablist', { name: 'VM sections' })
    .getByRole('tab', { name: 'Metrics' })
    .click();
  await expect(page).toHaveURL(/tab=metrics/);
  await expect(page.getByTestId('metric-chart')).toHaveCount(6);
  for (const name of [
    'CPU Usage',
    'Load Average',
    'Memory Usage',
    'Disk Usage',
    'Disk I/O',
    'Network Traffic',
  ])
    await expect(page.getByRole('heading', { name, exact: true })).toBeVisible();
  await expect(page.getByRole('combobox', { name: 'Period' })).toHaveValue('1h');
  await expectAxeClean(page);
});

test('resize a VM: pick a size with its price change, confirm, follow the progress', async ({
  page,
  project,
}) => {
  const vm = await project.createRunningVm(uniqueName('grow'));
  const detail = new VmDetailPage(page);
  await detail.goto(project.id, vm);
  await markDocument(page);
  const resize = detail.actions.getByRole('button', { name: 'Resize', exact: true });
  await resize.click();

  const dialog = page.getByRole('dialog', { name: 'Resize VM' });
  await expect(dialog).toBeVisible();
  // Only larger sizes of the family, each with its price and the change.
  const sizes = dialog.getByRole('radio');
  await expect(sizes).toHaveCount(3);
  await expect(dialog.getByRole('radio', { name: 'standard-2' })).toHaveCount(0);
  await expect(dialog.getByRole('radio', { name: 'standard-4' })).toBeChecked();
  await expect(dialog.getByTestId('vm-resize-price')).toHaveText(
    '$26.00/mo → $52.00/mo (+$26.00/mo)',
  );
  await dialog.getByRole('radio', { name: 'standard-8' }).check();
  await expect(dialog.getByRole('radio', { name: 'standard-8' })).toHaveAccessibleDescription(
    /8 vCPU · 32 GiB memory · 160 GiB storage\s*, \$104\.00\/mo \(change \+\$78\.00\/mo\s*\)/,
  );
  await expect(dialog.getByTestId('vm-resize-price')).toHaveText(
    '$26.00/mo → $104.00/mo (+$78.00/mo)',
  );
  await expectAxeClean(page, 'dialog');
  await dialog.getByRole('button', { name: 'Continue' }).click();

  // The confirmation says what happens; Back keeps the choice.
  const confirm = page.getByRole('dialog', { name: `Resize ${vm.name} to standard-8?` });
  await expect(confirm).toContainText('storage grows from 40 to 160 GiB');
  await expect(confirm.getByTestId('vm-resize-price')).toHaveText(
    '$26.00/mo → $104.00/mo (+$78.00/mo)',
  );
  await expectAxeClean(page, 'dialog');

  // The page's reads of the VM are held while the transitional state is checked (see holdGets).
  const release = await holdGets(
    page,
    new RegExp(`/api/project/${project.id}/location/${vm.location}/vm/${vm.name}$`),
  );
  await confirm.getByRole('button', { name: 'Resize VM' }).click();
  await expect(confirm).toBeHidden();
  await expect(detail.state).toHaveText('resizing');
  await expect(
    page.getByRole('status').filter({ hasText: 'Resizing to standard-8' }),
  ).toBeVisible();
  await expect(resize).toHaveAttribute('aria-disabled', 'true');
  await expectAxeClean(page);
  await release();

  await expect(detail.state).toHaveText('running');
  await expect(detail.announcer).toContainText(`VM ${vm.name} is running.`);
  await expect(page.getByText('Resizing to standard-8')).toHaveCount(0);
  await expect(detail.field('Size')).toContainText('standard-8 · 8 vCPU · 32 GiB memory');
  await expect(detail.field('Storage')).toHaveText('160 GiB');
  await expectSameDocument(page);
});
