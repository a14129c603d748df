// The command palette (Ctrl+K / Cmd+K): finds a resource of the open project by name or by ID
// and any page, with the keyboard; Escape gives focus back; axe clean with it open.
import { expect, expectAxeClean, test, uniqueName } from './fixtures.ts';
import { AppHeader } from '../packages/console-test-kit/src/pages/app-header.ts';

const LOCATION = 'eu-central-h1';

test('Ctrl+K finds a VM by name and a subnet by ID; Enter opens them', async ({
  page,
  project,
}) => {
  const vmName = uniqueName('palette-vm');
  const subnetName = uniqueName('palette-net');
  await project.createVm(vmName, { location: LOCATION });
  const subnet = await project.createSubnet(LOCATION, subnetName);
  const header = new AppHeader(page);

  await page.goto(`/projects/${project.id}`);
  await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
  await page.keyboard.press('ControlOrMeta+k');
  await expect(header.palette).toBeVisible();
  await expect(header.palette).toHaveAttribute('aria-modal', 'true');
  await expect(header.paletteInput).toBeFocused();
  await header.paletteInput.fill(vmName.slice(0, -2));
  const vm = header.paletteOption(new RegExp(`^${vmName}.*VM`));
  await expect(vm).toBeVisible();
  // The pages that match nothing are gone; the VM is the only option, so it is the active one.
  await expect(header.palette.getByRole('option')).toHaveCount(1);
  await expect(vm).toHaveAttribute('aria-selected', 'true');
  await expect(header.paletteInput).toHaveAttribute(
    'aria-activedescendant',
    (await vm.getAttribute('id'))!,
  );
  await page.keyboard.press('Enter');
  await expect(header.palette).toBeHidden();
  await expect(page).toHaveURL(new RegExp(`/compute/${LOCATION}/${vmName}$`));
  await expect(page.getByRole('heading', { level: 1, name: vmName })).toBeVisible();

  await header.search.click();
  await header.paletteInput.fill(subnet.id);
  const option = header.paletteOption(new RegExp(`^${subnetName}.*Subnet`));
  await expect(option).toBeVisible();
  await expect(option).toContainText('Germany');
  await page.keyboard.press('Enter');
  await expect(page).toHaveURL(new RegExp(`/networking/subnets/${LOCATION}/${subnetName}$`));
});

test('the palette finds a page with the arrows, and Escape gives focus back', async ({
  page,
  project,
}) => {
  const header = new AppHeader(page);
  await page.goto(`/projects/${project.id}`);
  await expect(page.getByRole('heading', { level: 1 })).toBeVisible();

  await header.search.focus();
  await page.keyboard.press('Enter');
  await expect(header.palette).toBeVisible();
  await expect(header.paletteInput).toHaveAttribute('aria-expanded', 'true');
  await expectAxeClean(page);
  await page.keyboard.press('Escape');
  await expect(header.palette).toBeHidden();
  await expect(header.search).toBeFocused();

  await page.keyboard.press('ControlOrMeta+k');
  await header.paletteInput.fill('s');
  // "Usage", "Settings", "Projects", "Account"…: move down to Settings and open it.
  const settings = header.paletteOption('Settings');
  await expect(settings).toBeVisible();
  for (let i = 0; i < 10 && (await settings.getAttribute('aria-selected')) !== 'true'; i++)
    await page.keyboard.press('ArrowDown');
  await expect(settings).toHaveAttribute('aria-selected', 'true');
  await page.keyboard.press('ArrowUp');
  await expect(settings).toHaveAttribute('aria-selected', 'false');
  await page.keyboard.press('ArrowDown');
  await page.keyboard.press('Enter');
  await expect(page).toHaveURL(new RegExp(`/projects/${project.id}/settings`));

  // Outside a project the palette offers the account's pages.
  await page.goto('/account');
  await expect(page.getByRole('heading', { level: 1, name: 'Account' })).toBeVisible();
  await page.keyboard.press('ControlOrMeta+k');
  await header.paletteInput.fill('proj');
  await expect(header.palette.getByRole('option')).toHaveText(['Projects', 'New project']);
  await page.keyboard.press('Enter');
  await expect(page).toHaveURL(/\/projects$/);
});
