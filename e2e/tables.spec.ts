// Lists on every screen (issue 30, "Tables"): at 1280 px the VM, firewall and subnet tables show
// every column whole, and a table too wide for its frame says so with a shaded edge and can be
// scrolled from the keyboard; on a phone the rows are cards and every section of the project
// menu can be reached.
import type { Locator, Page } from '@playwright/test';
import { expect, expectAxeClean, test, uniqueName, type ProjectApi } from './fixtures.ts';
import { FirewallsPage } from '../packages/console-test-kit/src/pages/firewall.ts';
import { SubnetsPage } from '../packages/console-test-kit/src/pages/private-subnet.ts';
import { VmListPage } from '../packages/console-test-kit/src/pages/vm-list-page.ts';

const LOCATION = 'eu-central-h1';
const SECTIONS = [
  'Overview',
  'Compute',
  'Networking',
  'Databases',
  'Kubernetes',
  'Usage',
  'Code host',
  'Settings',
];

/** A running VM, a firewall with a long description and a subnet, made through the API. */
async function fill(project: ProjectApi) {
  const vm = await project.createRunningVm(uniqueName('web-server'));
  const firewall = uniqueName('fw');
  await project.createFirewall(
    LOCATION,
    firewall,
    'Allows HTTPS from the office network and SSH from the bastion host only',
  );
  const subnet = uniqueName('subnet');
  await project.createSubnet(LOCATION, subnet);
  return { vm: vm.name, firewall, subnet };
}

/** The frame the table scrolls in, and its shaded right edge. */
const frameOf = (table: Locator) => table.locator('xpath=..');
const cueOf = (table: Locator) => table.locator('xpath=../..').locator('[data-scroll-cue]');

/** Every column header and the row's last cell end inside the table's frame, or the frame says it scrolls. */
async function expectNothingClipped(page: Page, row: Locator) {
  const table = page.getByRole('table');
  await expect(row).toBeVisible();
  const frame = (await frameOf(table).boundingBox())!;
  const right = frame.x + frame.width;
  expect(right).toBeLessThanOrEqual(page.viewportSize()!.width);
  const headers = await table.getByRole('columnheader').all();
  expect(headers.length).toBeGreaterThan(3);
  const cells = row.getByRole('cell');
  const boxes = [
    ...(await Promise.all(headers.map((h) => h.boundingBox()))),
    await cells.last().boundingBox(),
  ];
  const clipped = boxes.filter((box) => box!.x + box!.width > right + 0.5);
  if (clipped.length) await expect(cueOf(table)).toBeVisible();
  // At 1280 px none of these lists needs to scroll: the columns that matter least hide instead.
  expect(clipped).toEqual([]);
  await expect(cueOf(table)).toHaveCount(0);
}

test.describe('at 1280×800', () => {
  test.use({ viewport: { width: 1280, height: 800 } });

  test('the VM, firewall and subnet lists show every column whole', async ({ page, project }) => {
    const made = await fill(project);

    const vms = new VmListPage(page);
    await vms.goto(project.id);
    await expect(vms.row(made.vm)).toContainText('running');
    await expectNothingClipped(page, vms.row(made.vm));

    const firewalls = new FirewallsPage(page);
    await firewalls.goto(project.id);
    await expectNothingClipped(page, firewalls.row(made.firewall));

    const subnets = new SubnetsPage(page);
    await subnets.goto(project.id);
    await expectNothingClipped(page, subnets.row(made.subnet));
  });
});

test('a table wider than its frame shows a shaded edge until scrolled to its end, and scrolls from the keyboard', async ({
  page,
  project,
}) => {
  // Above the phone layout, below the sidebar's: the VM table does not fit.
  await page.setViewportSize({ width: 700, height: 800 });
  const made = await fill(project);
  const vms = new VmListPage(page);
  await vms.goto(project.id);
  await expect(vms.row(made.vm)).toBeVisible();

  const region = page.getByRole('region', { name: /sorted by name/ });
  await expect(region).toBeVisible();
  await expect(cueOf(vms.table)).toBeVisible();

  await region.focus();
  await expect(region).toBeFocused();
  await page.keyboard.press('ArrowRight');
  await expect.poll(() => region.evaluate((el) => el.scrollLeft)).toBeGreaterThan(0);
  await expect(cueOf(vms.table)).toBeVisible();
  await region.evaluate((el) => el.scrollTo({ left: el.scrollWidth }));
  await expect(cueOf(vms.table)).toHaveCount(0);
  await expectAxeClean(page);

  // Wide enough again: nothing to scroll, so neither edge nor tab stop.
  await page.setViewportSize({ width: 1280, height: 800 });
  await expect(cueOf(vms.table)).toHaveCount(0);
  await expect(region).toHaveCount(0);
  await expect(frameOf(vms.table)).not.toHaveAttribute('tabindex');
});

test.describe('on a phone', () => {
  test.use({ viewport: { width: 390, height: 844 } });

  test('the VM list is cards, every project section can be reached, and axe finds nothing', async ({
    page,
    project,
  }) => {
    const made = await fill(project);
    const vms = new VmListPage(page);
    await vms.goto(project.id);

    const cards = page.getByRole('main').getByRole('list', { name: /sorted by/ });
    const card = cards
      .getByRole('listitem')
      .filter({ has: page.getByRole('link', { name: made.vm, exact: true }) });
    await expect(card).toBeVisible();
    await expect(page.getByRole('table')).toHaveCount(0);
    await expect(card).toContainText('running');
    await expect(card.getByRole('definition').first()).toBeVisible();
    await expect(card.getByRole('term').filter({ hasText: 'State' })).toBeVisible();
    // Nothing in the menu or the list is wider than the phone.
    const overflowing = await page.evaluate(() =>
      [...document.querySelectorAll('main *, nav[aria-label="Project"]')]
        .filter((el) => el.getBoundingClientRect().right > window.innerWidth + 0.5)
        .map((el) => el.outerHTML.slice(0, 80)),
    );
    expect(overflowing).toEqual([]);

    // Sorting stays at hand without the column headers.
    await page.getByRole('combobox', { name: 'Sort by' }).selectOption('ID');
    await expect(page).toHaveURL(/sort=id/);
    await expect(cards).toHaveAccessibleName(/sorted by id/);

    const menu = page.getByRole('navigation', { name: 'Project' });
    for (const name of SECTIONS) {
      const link = menu.getByRole('link', { name, exact: true });
      await link.scrollIntoViewIfNeeded();
      await expect(link).toBeInViewport({ ratio: 1 });
    }
    await expectAxeClean(page);

    // The card's link still leads to the VM.
    await card.getByRole('link', { name: made.vm, exact: true }).click();
    await expect(page.getByRole('heading', { level: 1, name: made.vm })).toBeVisible();
  });
});
