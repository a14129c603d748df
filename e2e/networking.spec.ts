// Networking: subnets (create, default firewall, delete with a VM attached → Conflict, then
// deleting → gone), firewall rules (presets, CIDR validation, edit, remove), firewalls (create,
// attach and detach a subnet), and axe on the four main pages (each check covers both themes).
import { expect, expectAxeClean, test, uniqueName } from './fixtures.ts';
import {
  FirewallDetailPage,
  FirewallsPage,
} from '../packages/console-test-kit/src/pages/firewall.ts';
import {
  CreateSubnetPage,
  SubnetDetailPage,
  SubnetsPage,
} from '../packages/console-test-kit/src/pages/private-subnet.ts';

const LOCATION = 'eu-central-h1';

test('create a subnet: a bad name shows the field error, then it is listed with its default firewall', async ({
  page,
  project,
}) => {
  const subnets = new SubnetsPage(page);
  await subnets.goto(project.id);
  await expect(page.getByRole('heading', { name: 'No private subnets yet' })).toBeVisible();
  await subnets.openCreate();

  const form = new CreateSubnetPage(page);
  await form.location('Finland').check();
  await form.name.fill('Bad_Name');
  await expect(form.name).toHaveAccessibleDescription(
    /Name must only contain lowercase letters, numbers, and hyphens/,
  );
  await expect(form.name).toHaveAttribute('aria-invalid', 'true');
  await form.submit.click();
  await expect(page).toHaveURL(/\/subnets\/new/);

  const name = uniqueName('subnet');
  await form.name.fill(name);
  await expect(form.name).not.toHaveAttribute('aria-invalid');
  await expect(form.firewall('Create a default firewall (allows all traffic)')).toBeChecked();
  await form.submit.click();

  const detail = new SubnetDetailPage(page);
  await detail.expectShown(name);
  await expect(page).toHaveURL(new RegExp(`/networking/subnets/eu-north-h1/${name}$`));
  await expect(page.getByRole('status').filter({ hasText: 'Subnet created' })).toBeVisible();
  await expect(
    detail
      .panel()
      .getByRole('definition')
      .filter({ hasText: /^10\.\d+\.\d+\.\d+\/26$/ }),
  ).toBeVisible();

  await detail.tab('Firewalls').click();
  await expect(page).toHaveURL(/tab=firewalls/);
  const fw = detail.panel().getByRole('region', { name: `${name}-default` });
  await expect(fw.getByRole('link', { name: `${name}-default` })).toBeVisible();
  await expect(fw.getByRole('row')).toHaveText([
    /Type.*Source/,
    /All TCP.*All IPv4.*All ports/,
    /All UDP.*All IPv4/,
    /All TCP.*All IPv6/,
    /All UDP.*All IPv6/,
  ]);

  await page.getByRole('link', { name: '← Subnets' }).click();
  const row = subnets.row(name);
  await expect(row).toContainText('Finland');
  await expect(row).toContainText('available');
  // Filtering by another location hides it; the filter is in the URL.
  await subnets.location.selectOption('us-east-a2');
  await expect(page).toHaveURL(/location=us-east-a2/);
  await expect(page.getByRole('heading', { name: 'No matching subnets' })).toBeVisible();
  await subnets.location.selectOption('eu-north-h1');
  await expect(subnets.row(name)).toBeVisible();
});

test('add a firewall rule with the SSH preset and a custom CIDR, edit it, remove it', async ({
  page,
  project,
}) => {
  const name = uniqueName('fw');
  await project.createFirewall(LOCATION, name, 'bastion');
  const fw = new FirewallDetailPage(page);
  await fw.goto(project.id, LOCATION, name);
  await expect(page.getByText('This firewall lets no traffic in.')).toBeVisible();

  await page.getByRole('button', { name: 'Add rule' }).click();
  const add = fw.ruleDialog('Add rule');
  await expect(add.dialog).toBeVisible();
  await add.preset('SSH').check();
  await add.cidr.fill('10.0.0.300/8');
  await expect(add.cidr).toHaveAccessibleDescription(/Enter an IPv4 or IPv6 CIDR/);
  await add.submit.click();
  await expect(add.dialog).toBeVisible();
  await add.cidr.fill('203.0.113.7/24');
  await expect(add.cidr).not.toHaveAttribute('aria-invalid');
  await add.submit.click();
  await expect(add.dialog).toBeHidden();

  // Shown in words, with the CIDR in canonical form.
  const ssh = fw.ruleRow('203.0.113.0/24');
  await expect(ssh).toContainText('SSH');
  await expect(ssh).toContainText('SSH (22)');
  await expect(ssh).toContainText('TCP');
  await expect(fw.tab('Rules')).toHaveAccessibleDescription('1');

  await ssh.getByRole('button', { name: /^Edit rule/ }).click();
  const edit = fw.ruleDialog('Edit rule');
  await expect(edit.preset('SSH')).toBeChecked();
  await edit.preset('Custom').check();
  await edit.ports.fill('8000..7000');
  await expect(edit.ports).toHaveAccessibleDescription(/Enter a port \(0-65535\) or a range/);
  await edit.ports.fill('8000..8080');
  await edit.cidr.fill('::/0');
  await edit.submit.click();
  await expect(edit.dialog).toBeHidden();

  const custom = fw.ruleRow('All IPv6');
  await expect(custom).toContainText('Custom');
  await expect(custom).toContainText('8000..8080');
  await expect(fw.ruleRow('203.0.113.0/24')).toHaveCount(0);
  const api = await project.getFirewall(LOCATION, name);
  expect(api.firewall_rules.map((r) => [r.cidr, r.port_range, r.protocol])).toEqual([
    ['::/0', '8000..8080', 'tcp'],
  ]);

  const remove = custom.getByRole('button', { name: /^Remove rule/ });
  await remove.click();
  const confirm = page.getByRole('dialog', { name: 'Remove rule' });
  await expect(confirm).toContainText('TCP 8000..8080 from All IPv6');
  await confirm.getByRole('button', { name: 'Remove rule' }).click();
  await expect(confirm).toBeHidden();
  await expect(page.getByText('This firewall lets no traffic in.')).toBeVisible();
});

test('create a firewall, attach a subnet of its location and detach it', async ({
  page,
  project,
}) => {
  const subnet = await project.createSubnet(LOCATION, uniqueName('app'));
  await project.createSubnet('us-east-a2', uniqueName('elsewhere'));
  const firewalls = new FirewallsPage(page);
  await firewalls.goto(project.id);
  // The subnets' default firewalls are listed, with where each is attached.
  await expect(firewalls.row(`${subnet.name}-default`)).toContainText('Germany');
  await expect(
    firewalls.row(`${subnet.name}-default`).getByRole('link', { name: subnet.name, exact: true }),
  ).toBeVisible();

  await page.getByRole('link', { name: 'Create firewall' }).first().click();
  await expect(page.getByRole('heading', { name: 'Create firewall', level: 1 })).toBeVisible();
  const name = uniqueName('web');
  await page.getByLabel('Firewall name').fill(name);
  await page.getByLabel('Description (optional)').fill('Web servers');
  await page.getByRole('button', { name: 'Create firewall' }).click();

  const fw = new FirewallDetailPage(page);
  await expect(page.getByRole('heading', { name, level: 1 })).toBeVisible();
  await expect(page.getByText('Web servers')).toBeVisible();
  await fw.tab('Subnets').click();
  const select = page.getByLabel('Subnet to attach');
  // Only subnets of the firewall's location are offered.
  await expect(select.getByRole('option')).toHaveText(['Choose a subnet', subnet.name]);
  await select.selectOption({ label: subnet.name });
  await page.getByRole('button', { name: 'Attach subnet' }).click();
  const attached = page.getByRole('table', { name: 'Attached subnets' });
  await expect(attached.getByRole('link', { name: subnet.name })).toBeVisible();
  await expect(fw.tab('Subnets')).toHaveAccessibleDescription('1');

  // The subnet's page lists it among its firewalls.
  await attached.getByRole('link', { name: subnet.name }).click();
  const detail = new SubnetDetailPage(page);
  await detail.expectShown(subnet.name);
  await detail.tab('Firewalls').click();
  await expect(detail.panel().getByRole('link', { name, exact: true })).toBeVisible();
  await detail.panel().getByRole('link', { name, exact: true }).click();

  await fw.tab('Subnets').click();
  await page.getByRole('button', { name: `Detach subnet ${subnet.name}` }).click();
  await expect(page.getByText('Not attached to any subnet')).toBeVisible();
  expect((await project.getFirewall(LOCATION, name)).private_subnets).toEqual([]);
  await firewalls.goto(project.id);
  await expect(firewalls.row(name)).toContainText('Not attached');
});

test('a new subnet may allow only SSH from my address, or no inbound traffic at all', async ({
  page,
  project,
}) => {
  const subnets = new SubnetsPage(page);
  const form = new CreateSubnetPage(page);
  const detail = new SubnetDetailPage(page);

  await subnets.goto(project.id);
  await subnets.openCreate();
  await form.location('Germany').check();
  const ssh = uniqueName('ssh');
  await form.name.fill(ssh);
  await form.firewall('Allow only SSH from my address').check();
  await form.submit.click();
  await detail.expectShown(ssh);
  await detail.tab('Firewalls').click();
  const sshOnly = detail.panel().getByRole('region', { name: `${ssh}-default` });
  // One rule: TCP 22 from the address the browser came from (loopback here).
  await expect(sshOnly.getByRole('row')).toHaveText([
    /Type.*Source/,
    /^SSH127\.0\.0\.1\/32TCPSSH \(22\)$/,
  ]);

  await subnets.goto(project.id);
  await subnets.openCreate();
  await form.location('Germany').check();
  const closed = uniqueName('closed');
  await form.name.fill(closed);
  await form.firewall('Allow no inbound traffic').check();
  await form.submit.click();
  await detail.expectShown(closed);
  await detail.tab('Firewalls').click();
  await expect(
    detail
      .panel()
      .getByRole('region', { name: `${closed}-default` })
      .getByText('No rules'),
  ).toBeVisible();
  // Neither made an allow-all firewall.
  const made = await project.getFirewall(LOCATION, `${closed}-default`);
  expect(made.firewall_rules).toEqual([]);
});

test('a subnet with a VM refuses deletion with the Conflict message; without it, it is deleted and announced', async ({
  page,
  project,
}) => {
  const subnet = await project.createSubnet(LOCATION, uniqueName('busy'));
  const vmName = uniqueName('vm');
  await project.createVm(vmName, { location: LOCATION, private_subnet_id: subnet.id });

  const subnets = new SubnetsPage(page);
  await subnets.goto(project.id);
  await expect(subnets.row(subnet.name)).toContainText('available');
  await subnets.row(subnet.name).getByRole('link', { name: subnet.name }).click();
  const detail = new SubnetDetailPage(page);
  await detail.expectShown(subnet.name);

  await detail.tab('NICs').click();
  await expect(detail.panel().getByRole('link', { name: vmName })).toHaveAttribute(
    'href',
    `/projects/${project.id}/compute/${LOCATION}/${vmName}`,
  );

  const dialog = await detail.delete(subnet.name);
  await expect(dialog.getByRole('alert')).toContainText(
    `Private subnet ${subnet.name} has VMs attached (${vmName}); delete them first.`,
  );
  await page.keyboard.press('Escape');
  await expect(dialog).toBeHidden();
  await expect(page.getByRole('button', { name: 'Delete subnet' })).toBeFocused();

  await project.deleteVm(LOCATION, vmName);
  await detail.delete(subnet.name);
  // The delete this tab asked for is toasted; back on the list, the subnet is deleting, then
  // gone, and that is announced (not toasted: the worker finished it).
  await expect(page.getByRole('status').filter({ hasText: 'Deleting subnet' })).toBeVisible();
  await expect(page).toHaveURL(new RegExp(`/projects/${project.id}/networking/subnets$`));
  await expect(page.getByTestId('live-announcer')).toHaveText(
    `Private subnet ${subnet.name} was deleted.`,
  );
  await expect(subnets.row(subnet.name)).toHaveCount(0);
});

test('the subnets list and a subnet page have no serious axe violations', async ({
  page,
  project,
}) => {
  const subnet = await project.createSubnet(LOCATION, uniqueName('axe'));
  const subnets = new SubnetsPage(page);
  await subnets.goto(project.id);
  await expect(subnets.row(subnet.name)).toBeVisible();
  await expectAxeClean(page);

  const detail = new SubnetDetailPage(page);
  await detail.goto(project.id, LOCATION, subnet.name);
  await expectAxeClean(page);
  await detail.tab('Firewalls').click();
  await expect(detail.panel().getByRole('table')).toBeVisible();
  await expectAxeClean(page);
});

test('the firewalls list, a firewall page and the rule dialog have no serious axe violations', async ({
  page,
  project,
}) => {
  const subnet = await project.createSubnet(LOCATION, uniqueName('axe'));
  const fwName = `${subnet.name}-default`;
  await project.addRule(LOCATION, fwName, { cidr: '203.0.113.0/24', port_range: '22' });
  const firewalls = new FirewallsPage(page);
  await firewalls.goto(project.id);
  await expect(firewalls.row(fwName)).toBeVisible();
  await expectAxeClean(page);

  const fw = new FirewallDetailPage(page);
  await fw.goto(project.id, LOCATION, fwName);
  await expect(fw.ruleRow('203.0.113.0/24')).toBeVisible();
  await expectAxeClean(page);
  await page.getByRole('button', { name: 'Add rule' }).click();
  await fw.ruleDialog('Add rule').cidr.fill('nope');
  await expect(fw.ruleDialog('Add rule').cidr).toHaveAttribute('aria-invalid', 'true');
  await expectAxeClean(page);
});

test('connect two subnets on the subnet page, see it on both, then disconnect (confirmed)', async ({
  page,
  project,
}) => {
  const web = uniqueName('web');
  const db = uniqueName('db');
  await project.createSubnet('eu-central-h1', web);
  await project.createSubnet('eu-central-h1', db);
  const subnet = new SubnetDetailPage(page);
  await subnet.goto(project.id, 'eu-central-h1', web);
  await subnet.connect(db);
  await expect(subnet.connectedRow(db)).toBeVisible();
  await expect(subnet.tab('Connected subnets')).toHaveAccessibleDescription('1');
  await expectAxeClean(page);

  await subnet.connectedRow(db).getByRole('link', { name: db }).click();
  await subnet.expectShown(db);
  await subnet.tab('Connected subnets').click();
  await expect(subnet.connectedRow(web)).toBeVisible();
  await subnet
    .connectedRow(web)
    .getByRole('button', { name: `Disconnect subnet ${web}` })
    .click();
  await page.getByRole('dialog').getByRole('button', { name: 'Disconnect' }).click();
  await expect(page.getByText('Not connected to any subnet')).toBeVisible();
});

test('a VM shows its effective inbound rules and warns of the allow-all default firewall, which can be replaced', async ({
  page,
  project,
}) => {
  const subnetName = uniqueName('web-net');
  const subnet = await project.createSubnet(LOCATION, subnetName);
  const fw = await project.createFirewall(LOCATION, uniqueName('web-fw'), 'SSH only');
  await project.addRule(LOCATION, fw.id, { cidr: '198.51.100.7/32', port_range: '22' });
  await project.account.send('attachFirewallSubnet', {
    params: { project_id: project.id, location: LOCATION, firewall_reference: fw.id },
    body: { private_subnet_id: subnet.id },
  });
  const vmName = uniqueName('vm');
  await project.createVm(vmName, { private_subnet_id: subnet.id });

  await page.goto(`/projects/${project.id}/compute/${LOCATION}/${vmName}?tab=networking`);
  const warning = page
    .getByRole('status')
    .filter({ hasText: `Firewall ${subnetName}-default lets all traffic in` });
  await expect(warning).toContainText(`the rules of ${fw.name} restrict nothing`);
  const effective = page.getByRole('region', { name: 'Effective inbound rules' });
  await expect(effective.getByRole('row')).toHaveText([
    /Type.*Source.*From firewall/,
    /All TCP.*All IPv4.*All ports.*-default/,
    /All UDP.*All IPv4/,
    /All TCP.*All IPv6/,
    /All UDP.*All IPv6/,
  ]);
  await expect(effective).toContainText(
    `SSH from 198.51.100.7/32 in ${fw.name}: already allowed by All TCP from All IPv4 in ${subnetName}-default.`,
  );
  await expectAxeClean(page);

  await warning.getByRole('button', { name: 'Replace the default firewall' }).click();
  const dialog = page.getByRole('dialog', { name: 'Replace the default firewall?' });
  await dialog.getByRole('button', { name: `Detach ${subnetName}-default` }).click();
  await expect(dialog).toBeHidden();
  await expect(warning).toBeHidden();
  await expect(effective.getByRole('row')).toHaveText([
    /Type.*Source/,
    new RegExp(`SSH.*198\\.51\\.100\\.7/32.*TCP.*SSH \\(22\\).*${fw.name}`),
  ]);
});
