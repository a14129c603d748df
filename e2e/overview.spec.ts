// The project overview (issue 30): next steps while the project is empty; counts per kind with
// their states and the resources grouped by owner, following creates and deletes made by
// another client without a reload; the month's spend; recent activity; axe in both themes and
// the keyboard.
import {
  expect,
  expectAxeClean,
  expectSameDocument,
  markDocument,
  test,
  uniqueName,
} from './fixtures.ts';
import { ProjectPage } from '../packages/console-test-kit/src/pages/project-page.ts';

test('an empty project shows next steps; counts and groups follow creates and deletes live; spend and activity', async ({
  page,
  project,
}) => {
  const overview = new ProjectPage(page);
  await overview.goto(project.id);
  await overview.expectProject(project.project);

  // Empty: every count is 0, and the next steps lead to the first VM.
  await expect(overview.nextSteps).toBeVisible();
  await expect(overview.kindCount('VMs')).toHaveAccessibleName('VMs: 0');
  await expect(
    overview.nextSteps.getByRole('link', { name: 'Create your first VM' }),
  ).toHaveAttribute('href', `/projects/${project.id}/compute/new`);
  await expect(overview.resources).toBeHidden();
  await expect(overview.spend.getByText('$0.00')).toHaveCount(2);
  await expectAxeClean(page);
  await markDocument(page);

  // Another client creates a cluster (with its subnet, firewall and load balancer) and a VM.
  const kc = await project.createRunningCluster(uniqueName('kc'));
  const vm = await project.createRunningVm(uniqueName('web'));

  await expect(overview.nextSteps).toBeHidden();
  await expect(overview.kindCount('VMs')).toHaveAccessibleName('VMs: 1, 1 running');
  await expect(overview.kindCount('Kubernetes clusters')).toHaveAccessibleName(
    'Kubernetes clusters: 1, 1 running',
  );
  // The VM got a subnet and firewall of its own; the cluster's are counted as the lists count them.
  await expect(overview.kindCount('Private subnets')).toHaveAccessibleName(/^Private subnets: 2,/);
  await expect(overview.kindCount('Load balancers')).toHaveAccessibleName(/^Load balancers: 1,/);
  await expect(overview.kindCount('Firewalls')).toHaveAccessibleName('Firewalls: 2');

  // The cluster's parts are under it, not beside the user's own VM; its firewall
  // `<id>-firewall` is the user's own, as the origin's (no owned_by).
  const parts = overview.managedBy(`Kubernetes cluster ${kc.name}`);
  await expect(parts.getByRole('listitem')).toHaveCount(2);
  for (const kind of ['Load balancer', 'Private subnet']) await expect(parts).toContainText(kind);
  await expect(parts).not.toContainText('Firewall');
  const vmLink = overview.resources.getByRole('link', { name: vm.name });
  await expect(vmLink).toHaveAttribute(
    'href',
    `/projects/${project.id}/compute/${vm.location}/${vm.name}`,
  );
  await expect(parts.getByRole('link', { name: vm.name })).toHaveCount(0);

  // The running VM is billed from its first hour: the month so far and its forecast.
  const spend = (label: 'Month to date' | 'Forecast for the month') => overview.spendField(label);
  await expect(spend('Month to date')).toHaveText(/^\$\d+\.\d\d$/);
  await expect(spend('Month to date')).not.toHaveText('$0.00');
  await expect(spend('Forecast for the month')).not.toHaveText('$0.00');

  // Recent activity names what happened and links to it.
  await expect(
    overview.activity.getByRole('listitem').filter({ hasText: `VM ${vm.name} is running` }),
  ).toBeVisible();
  await expect(overview.activity.getByRole('link', { name: vm.name }).first()).toHaveAttribute(
    'href',
    `/projects/${project.id}/compute/${vm.location}/${vm.name}`,
  );
  // The owner sees the audit log's latest entries too, each leading to the log of its object.
  await expect(
    overview.activity.getByRole('link', { name: `vm: create ${vm.name}` }),
  ).toHaveAttribute('href', `/projects/${project.id}/settings/audit-log?object=${vm.id}`);
  await expectAxeClean(page);

  // Deleted by the other client: the count and the row go, without a reload.
  await project.deleteVm(vm.location, vm.name);
  await expect(overview.kindCount('VMs')).toHaveAccessibleName('VMs: 0');
  await expect(vmLink).toBeHidden();
  await expect(
    overview.activity.getByRole('listitem').filter({ hasText: `VM ${vm.name} was deleted` }),
  ).toBeVisible();
  await expect(overview.nextSteps).toBeHidden();
  await expectSameDocument(page);
});

test('the overview is reachable from the keyboard', async ({ page, project }) => {
  const vm = await project.createRunningVm(uniqueName('kbd'));
  const overview = new ProjectPage(page);
  await overview.goto(project.id);
  const tile = overview.kindCount('VMs');
  await expect(tile).toHaveAccessibleName('VMs: 1, 1 running');

  // Tab reaches the VMs tile, then (past the other tiles) the VM's row; Enter opens it.
  const reach = async (target: typeof tile) => {
    for (let i = 0; i < 40 && !(await target.evaluate((el) => el === document.activeElement)); i++)
      await page.keyboard.press('Tab');
    await expect(target).toBeFocused();
  };
  await reach(tile);
  await reach(overview.resources.getByRole('link', { name: vm.name }));
  await page.keyboard.press('Enter');
  await expect(page).toHaveURL(`/projects/${project.id}/compute/${vm.location}/${vm.name}`);
  await expect(page.getByRole('heading', { name: vm.name, level: 1 })).toBeVisible();
});
