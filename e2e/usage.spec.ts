// Usage and spend (issue 30): a running VM's first started hour shows on the Usage page (its
// line, the totals and the chart of the month) and on the VM's own page; the spend alert is
// set (a refused amount under its field first), crossed at once, and cleared; axe on the page
// in both themes. The meter bills from running, so no clock is needed for the first hour.
import { hourly, vmSize } from '#shared/catalog';
import { expect, expectAxeClean, test, uniqueName } from './fixtures.ts';

const usd = (n: number) =>
  new Intl.NumberFormat('en-US', { style: 'currency', currency: 'USD' }).format(n);
const monthName = () =>
  new Date().toLocaleString('en-US', { month: 'long', year: 'numeric', timeZone: 'UTC' });

test('a running VM’s cost on the Usage page and its own page; the spend alert', async ({
  page,
  project,
}) => {
  const name = uniqueName('metered');
  const vm = await project.createRunningVm(name, { size: 'standard-2' });
  const perHour = hourly(vmSize('standard-2')!.monthlyUsd);

  // From the project's section menu.
  await page.goto(`/projects/${project.id}/compute`);
  await page.getByRole('navigation').getByRole('link', { name: 'Usage' }).click();
  await expect(page.getByRole('heading', { level: 1, name: 'Usage' })).toBeVisible();
  await expect(page.getByRole('combobox', { name: 'Month' })).toHaveValue(
    new Date().toISOString().slice(0, 7),
  );

  const line = page.getByTestId('usage-line').filter({ hasText: name });
  await expect(line).toContainText('1 hour');
  await expect(line).toContainText(`$${perHour.toFixed(4)}/h`);
  await expect(line).toContainText(usd(perHour));
  await expect(page.getByRole('heading', { name: /^VMs/ })).toBeVisible();
  await expect(page.getByTestId('usage-total')).toHaveText(usd(perHour));
  // The forecast runs the VM to the month's end: more than what is billed so far.
  await expect(page.getByTestId('usage-forecast')).not.toHaveText(usd(perHour));

  // The chart of the month: drawn (uPlot's canvas), and said in words.
  const chart = page.getByRole('figure', { name: 'Spend per day' });
  await expect(chart.getByTestId('metric-chart').locator('canvas').first()).toBeVisible();
  await expect(chart).toHaveAccessibleDescription(/Spend per day: latest \$/);

  // The spend alert: a refused amount under its field, then one the month is already over.
  const alert = page.getByRole('form', { name: 'Spend alert' });
  await expect(page.getByText('No alert is set.')).toBeVisible();
  const threshold = alert.getByLabel('Threshold (USD a month)');
  await threshold.fill('-3');
  await alert.getByRole('button', { name: 'Set alert' }).click();
  await expect(threshold).toHaveAttribute('aria-invalid', 'true');
  await expect(threshold).toHaveAccessibleDescription(/Enter an amount in dollars above 0/);
  await threshold.fill('0.01');
  await alert.getByRole('button', { name: 'Set alert' }).click();
  await expect(page.getByText('Set at $0.01 a month.')).toBeVisible();
  // Crossed at once: the event brings the news to the page, no reload.
  await expect(page.getByText(`Crossed in ${monthName()}: the admins were mailed.`)).toBeVisible();
  await expectAxeClean(page);

  await alert.getByRole('button', { name: 'Clear alert' }).click();
  await expect(page.getByText('No alert is set.')).toBeVisible();
  expect(
    (await project.account.send('getSpendAlert', { params: { project_id: project.id } }))
      .threshold_usd,
  ).toBeNull();

  // The VM's own page: this month so far and the price it is billed at now.
  await page.goto(`/projects/${project.id}/compute/${vm.location}/${name}`);
  const cost = page.getByRole('region', { name: 'Cost' });
  await expect(cost.getByTestId('resource-cost-month')).toHaveText(`${usd(perHour)} (1 hour)`);
  await expect(cost.getByTestId('resource-cost-hourly')).toHaveText(`$${perHour.toFixed(4)}/h`);
  await expectAxeClean(page);
  await cost.getByRole('link', { name: 'The project’s usage' }).click();
  await expect(page.getByRole('heading', { level: 1, name: 'Usage' })).toBeVisible();
});
