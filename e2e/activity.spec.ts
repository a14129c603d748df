// Notifications (issue 30): a toast answers what this tab asked for; a change made elsewhere
// (another client of the API, the worker moving a resource along) updates the page in place
// without a toast, raises the header bell's unread count and is listed behind it. Opening the
// list clears the count, which a reload keeps. Toasts never cover a table's row actions.
import type { Page } from '@playwright/test';
import { expect, expectAxeClean, test, uniqueName } from './fixtures.ts';
import { AppHeader } from '../packages/console-test-kit/src/pages/app-header.ts';
import {
  FirewallDetailPage,
  FirewallsPage,
} from '../packages/console-test-kit/src/pages/firewall.ts';
import { VmListPage } from '../packages/console-test-kit/src/pages/vm-list-page.ts';

const LOCATION = 'eu-central-h1';

const toasts = (page: Page) =>
  page.getByRole('region', { name: 'Notifications' }).getByRole('status');
const eventsOpen = (page: Page, projectId: string) =>
  page.waitForResponse(new RegExp(`/api/project/${projectId}/events(\\?|$)`));

test('a firewall made here toasts; one made through the API does not, but raises the bell and is listed', async ({
  page,
  project,
}) => {
  const header = new AppHeader(page);
  const firewalls = new FirewallsPage(page);
  const streaming = eventsOpen(page, project.id);
  await firewalls.goto(project.id);
  await streaming;
  await header.expectUnread(0);

  // This tab's own action: a toast, with a link to what it made.
  const mine = uniqueName('mine');
  await page.getByRole('link', { name: 'Create firewall' }).first().click();
  await page.getByLabel('Firewall name').fill(mine);
  await page.getByRole('button', { name: 'Create firewall' }).click();
  await expect(page.getByRole('heading', { name: mine, level: 1 })).toBeVisible();
  const created = toasts(page).filter({ hasText: 'Firewall created' });
  await expect(created).toBeVisible();
  await expect(created.getByRole('link', { name: `Open ${mine}` })).toHaveAttribute(
    'href',
    `/projects/${project.id}/networking/firewalls/${LOCATION}/${mine}`,
  );

  // Back on the list (in the app: the event stream stays open).
  await page
    .getByRole('navigation', { name: 'Breadcrumb' })
    .getByRole('link', { name: 'Firewalls' })
    .click();
  await expect(firewalls.row(mine)).toBeVisible();

  // Another client makes one: it appears on the list in place, with no toast; the bell counts
  // it, and only it (this tab's own firewall came before it and is not news).
  const theirs = uniqueName('theirs');
  await project.createFirewall(LOCATION, theirs);
  await expect(firewalls.row(theirs)).toBeVisible();
  await header.expectUnread(1);
  await expect(toasts(page).filter({ hasText: theirs })).toHaveCount(0);

  // By keyboard: the panel opens with focus in it, lists both, and the count is reset.
  await header.bell.focus();
  await page.keyboard.press('Enter');
  await expect(header.activity).toBeVisible();
  await expect(header.bell).toHaveAttribute('aria-expanded', 'true');
  await header.expectUnread(0);
  const theirEntry = header.activityEntry(`Firewall ${theirs} created`);
  const myEntry = header.activityEntry(`Firewall ${mine} created`);
  await expect(theirEntry).toContainText('New');
  await expect(myEntry).toContainText('by you');
  await expect(myEntry).not.toContainText('New');
  await expect(theirEntry.getByRole('link')).toHaveAttribute(
    'href',
    `/projects/${project.id}/networking/firewalls/${LOCATION}/${theirs}`,
  );
  await expectAxeClean(page);

  await page.keyboard.press('Tab');
  await expect(header.activity.getByRole('button', { name: 'Mark all read' })).toBeFocused();
  await page.keyboard.press('Enter');
  await expect(theirEntry).not.toContainText('New');
  await page.keyboard.press('Escape');
  await expect(header.activity).toBeHidden();
  await expect(header.bell).toBeFocused();

  // Kept in this browser: a reload shows the same list and nothing unread.
  await page.reload();
  await expect(firewalls.row(theirs)).toBeVisible();
  await header.expectUnread(0);
  await header.openActivity();
  await expect(theirEntry).toBeVisible();
  await theirEntry.getByRole('link').click();
  await expect(page.getByRole('heading', { name: theirs, level: 1 })).toBeVisible();
  await expect(header.activity).toBeHidden();
});

test('a VM made elsewhere moves to running on the open list with no toast; each step is in the activity list', async ({
  page,
  project,
}) => {
  const header = new AppHeader(page);
  const list = new VmListPage(page);
  const streaming = eventsOpen(page, project.id);
  await list.goto(project.id);
  await streaming;

  const vm = await project.createVm(uniqueName('elsewhere'));
  const row = page.getByRole('row', { name: new RegExp(vm.name) });
  await expect(row).toContainText('running');
  await expect(list.announcer).toContainText(`VM ${vm.name} is running.`);
  await expect(header.bell).toHaveAccessibleName(/^Activity, \d+ unread$/);
  expect(await header.unreadCount()).toBeGreaterThanOrEqual(2);
  await expect(toasts(page)).toHaveCount(0);

  await header.openActivity();
  await expect(header.activityEntry(`VM ${vm.name} created`)).toContainText('New');
  await expect(header.activityEntry(`VM ${vm.name} is running`)).toContainText('New');
  await header.expectUnread(0);
  await expectAxeClean(page);
  // A click outside closes it.
  await page.getByRole('heading', { level: 1 }).click();
  await expect(header.activity).toBeHidden();
});

/**
 * Where the toasts shown lie against the rules' row buttons and the header, measured in one
 * step in the page (a toast hides after a few seconds): with the new rule's row scrolled into
 * view, then at the page's end.
 */
function measure(page: Page, cidr: string) {
  return page.evaluate((newRow) => {
    const rect = (el: Element) => el.getBoundingClientRect();
    const meet = (a: DOMRect, b: DOMRect) =>
      a.left < b.right && b.left < a.right && a.top < b.bottom && b.top < a.bottom;
    const region = document.querySelector('section[aria-label="Notifications"]')!;
    const shown = () =>
      [...region.querySelectorAll('[role="status"]')].filter((t) => t.checkVisibility());
    const table = [...document.querySelectorAll('table')].find(
      (t) => t.caption?.textContent?.trim() === 'Inbound rules',
    )!;
    const rows = [...table.querySelectorAll('tbody tr')];
    const covered = () => {
      const boxes = shown().map(rect);
      return rows
        .flatMap((r) => [...r.querySelectorAll('button')])
        .filter((b) => boxes.some((t) => meet(t, rect(b))))
        .map((b) => b.getAttribute('aria-label') ?? b.textContent);
    };
    rows.find((r) => r.textContent?.includes(newRow))?.scrollIntoView({ block: 'nearest' });
    const nearNew = covered();
    window.scrollTo(0, document.body.scrollHeight);
    const atEnd = covered();
    const header = rect(document.querySelector('header')!);
    return {
      buttons: rows.flatMap((r) => [...r.querySelectorAll('button')]).length,
      toasts: shown().map((t) => t.textContent ?? ''),
      covered: [...nearNew, ...atEnd],
      belowHeader: shown().some((t) => rect(t).bottom > header.bottom),
    };
  }, cidr);
}

for (const [size, viewport] of [
  ['a desktop', { width: 1280, height: 720 }],
  ['a phone', { width: 390, height: 844 }],
] as const) {
  test(`on ${size}, the toasts of rules added in a row cover none of the rules' Edit and Remove buttons`, async ({
    page,
    project,
  }) => {
    await page.setViewportSize(viewport);
    const name = uniqueName('fw');
    await project.createFirewall(LOCATION, name);
    for (const port of ['80', '443', '8080', '8443', '9000', '9090'])
      await project.addRule(LOCATION, name, { cidr: '198.51.100.0/24', port_range: port });
    const fw = new FirewallDetailPage(page);
    await fw.goto(project.id, LOCATION, name);
    await expect(fw.ruleRow('9090')).toBeVisible();

    for (const cidr of ['203.0.113.1/32', '203.0.113.2/32', '203.0.113.3/32']) {
      await page.getByRole('button', { name: 'Add rule' }).click();
      const add = fw.ruleDialog('Add rule');
      await add.preset('SSH').check();
      await add.cidr.fill(cidr);
      await add.submit.click();
      await expect(add.dialog).toBeHidden();
      await expect(toasts(page).filter({ hasText: cidr })).toBeVisible();
      const seen = await measure(page, cidr);
      expect(seen.toasts.some((t) => t.includes(cidr))).toBe(true);
      expect(seen.buttons).toBeGreaterThan(0);
      expect(seen.covered).toEqual([]);
      if (viewport.width < 640) {
        // On a phone the newest toast alone shows, inside the header bar.
        expect(seen.toasts).toHaveLength(1);
        expect(seen.belowHeader).toBe(false);
      }
    }
  });
}
