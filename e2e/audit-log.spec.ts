// Settings › Audit log: an admin's change is listed with who made it and its result, the action
// filter and the pages live in the URL.
import {
  CreateSubnetPage,
  SubnetsPage,
} from '../packages/console-test-kit/src/pages/private-subnet.ts';
import { AuditLogPage } from '../packages/console-test-kit/src/pages/audit-log-page.ts';
import { expect, expectAxeClean, test, uniqueName } from './fixtures.ts';

test('an admin creates a subnet, opens the audit log, filters by action and sees the entry', async ({
  page,
  project,
  user,
}) => {
  const subnets = new SubnetsPage(page);
  await subnets.goto(project.id);
  await subnets.openCreate();
  const form = new CreateSubnetPage(page);
  const name = uniqueName('audited');
  await form.name.fill(name);
  await form.submit.click();
  await expect(page.getByRole('status').filter({ hasText: 'Subnet created' })).toBeVisible();

  const log = new AuditLogPage(page);
  await log.open(project.id);
  await expect(log.rows.filter({ hasText: 'pj/create' })).toHaveCount(1);
  await expectAxeClean(page);

  // From the keyboard: the action menu, then Apply.
  await log.action.focus();
  await log.action.selectOption('ps/create');
  await log.apply.focus();
  await page.keyboard.press('Enter');
  await expect(page).toHaveURL(/action=ps%2Fcreate/);
  const entry = log.rows.filter({ hasText: name });
  await expect(entry).toHaveCount(1);
  await expect(entry).toContainText(user.email);
  await expect(entry).toContainText('ps/create');
  await expect(entry).toContainText('Succeeded');
  await expect(log.rows.filter({ hasText: 'pj/create' })).toHaveCount(0);

  // The URL is the state: a reload shows the same filtered log.
  await page.reload();
  await expect(log.action).toHaveValue('ps/create');
  await expect(log.rows.filter({ hasText: name })).toHaveCount(1);
});

test('the log pages along its cursor, newest first', async ({ page, project }) => {
  for (let i = 0; i < 26; i++)
    await project.createFirewall('eu-central-h1', `fw-${String(i).padStart(2, '0')}`);
  const log = new AuditLogPage(page);
  await log.goto(project.id, '?action=fw/create');
  // 25 rows a page and one header row.
  await expect(log.rows).toHaveCount(26);
  await expect(log.rows.nth(1)).toContainText('fw-25');
  await log.pager.getByRole('button', { name: 'Older' }).click();
  await expect(log.rows).toHaveCount(2);
  await expect(log.rows.nth(1)).toContainText('fw-00');
  await expect(log.pager.getByRole('button', { name: 'Older' })).toBeDisabled();
  await log.pager.getByRole('button', { name: 'Newer' }).click();
  await expect(log.rows.nth(1)).toContainText('fw-25');
});
