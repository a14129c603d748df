// The networking-and-compute journey a QA team automates, end to end in one browser session:
// create a subnet; create a VM in it and watch it reach running without a reload; restart it;
// add and remove a firewall rule; try to delete the subnet while the VM exists and read the
// Conflict message; delete the VM, then the subnet.
import type { Page } from '@playwright/test';
import {
  expect,
  expectSameDocument,
  markDocument,
  SSH_KEY,
  test,
  uniqueName,
  type ProjectApi,
} from './fixtures.ts';
import { FirewallDetailPage } from '../packages/console-test-kit/src/pages/firewall.ts';
import {
  CreateSubnetPage,
  SubnetDetailPage,
  SubnetsPage,
} from '../packages/console-test-kit/src/pages/private-subnet.ts';
import { VmCreatePage } from '../packages/console-test-kit/src/pages/vm-create-page.ts';
import { VmDetailPage } from '../packages/console-test-kit/src/pages/vm-detail-page.ts';

const LOCATION = 'eu-central-h1';

test('subnet, VM, restart, firewall rule, Conflict on subnet delete, then delete VM and subnet', async ({
  page,
  project,
}) => {
  const subnetName = uniqueName('app');
  const vmName = uniqueName('vm');
  // The VM is made in the UI: if the journey stops early, delete it so the subnet and the
  // project can go too (the fixture empties the project).
  try {
    await journey(page, project, subnetName, vmName);
  } finally {
    await project.deleteVm(LOCATION, vmName);
  }
});

async function journey(page: Page, project: ProjectApi, subnetName: string, vmName: string) {
  // 1. Create a subnet in Germany.
  const subnets = new SubnetsPage(page);
  await subnets.goto(project.id);
  await subnets.openCreate();
  const subnetForm = new CreateSubnetPage(page);
  await subnetForm.location('Germany').check();
  await subnetForm.name.fill(subnetName);
  await subnetForm.submit.click();
  const subnet = new SubnetDetailPage(page);
  await subnet.expectShown(subnetName);

  // 2. Create a VM in that subnet and watch it reach running without a reload.
  const form = new VmCreatePage(page);
  await form.goto(project.id);
  await markDocument(page);
  await form.location('Germany').check();
  await form.subnet(new RegExp(subnetName)).check();
  await form.name.fill(vmName);
  await form.publicKey.fill(SSH_KEY);
  await form.submit.click();
  const vm = new VmDetailPage(page);
  await vm.expectVm(vmName);
  await expect(vm.state).toHaveText('running');
  await expect(vm.announcer).toContainText(`VM ${vmName} is running.`);
  await expectSameDocument(page);
  const created = await project.getSubnet(LOCATION, subnetName);
  expect(created.nics.map((n) => n.vm_name)).toEqual([vmName]);

  // 3. Restart it (with confirmation): restarting, then running again.
  await vm.confirmAction('Restart');
  await expect(vm.state).toHaveText('running');
  await expect(vm.announcer).toContainText(`VM ${vmName} is running.`);

  // 4. Add a firewall rule to the subnet's default firewall, then remove it.
  await subnet.goto(project.id, LOCATION, subnetName, 'firewalls');
  await subnet
    .panel()
    .getByRole('link', { name: `${subnetName}-default` })
    .click();
  const fw = new FirewallDetailPage(page);
  await expect(
    page.getByRole('heading', { name: `${subnetName}-default`, level: 1 }),
  ).toBeVisible();
  await page.getByRole('button', { name: 'Add rule' }).click();
  const add = fw.ruleDialog('Add rule');
  await add.preset('SSH').check();
  await add.cidr.fill('198.51.100.0/24');
  await add.submit.click();
  await expect(add.dialog).toBeHidden();
  const rule = fw.ruleRow('198.51.100.0/24');
  await expect(rule).toContainText('SSH (22)');
  expect(
    (await project.getFirewall(LOCATION, `${subnetName}-default`)).firewall_rules.map(
      (r) => r.cidr,
    ),
  ).toContain('198.51.100.0/24');
  await rule.getByRole('button', { name: /^Remove rule/ }).click();
  const confirm = page.getByRole('dialog', { name: 'Remove rule' });
  await confirm.getByRole('button', { name: 'Remove rule' }).click();
  await expect(confirm).toBeHidden();
  await expect(fw.ruleRow('198.51.100.0/24')).toHaveCount(0);
  expect(
    (await project.getFirewall(LOCATION, `${subnetName}-default`)).firewall_rules.map(
      (r) => r.cidr,
    ),
  ).not.toContain('198.51.100.0/24');

  // 5. The subnet cannot be deleted while the VM exists: the Conflict message says why.
  await subnet.goto(project.id, LOCATION, subnetName);
  const refused = await subnet.delete(subnetName);
  await expect(refused.getByRole('alert')).toContainText(
    `Private subnet ${subnetName} has VMs attached (${vmName}); delete them first.`,
  );
  await page.keyboard.press('Escape');
  await expect(refused).toBeHidden();

  // 6. Delete the VM (typed name), then the subnet; both go away.
  await vm.goto(project.id, { location: LOCATION, name: vmName });
  await vm.delete(vmName);
  await expect(vm.announcer).toContainText(`VM ${vmName} was deleted.`);
  await subnet.goto(project.id, LOCATION, subnetName);
  await subnet.delete(subnetName);
  await expect(page.getByTestId('live-announcer')).toHaveText(
    `Private subnet ${subnetName} was deleted.`,
  );
  await expect(subnets.row(subnetName)).toHaveCount(0);
  const url = `/api/project/${project.id}/location/${LOCATION}/private-subnet/${subnetName}`;
  await expect.poll(async () => (await page.request.get(url)).status()).toBe(404);
}
