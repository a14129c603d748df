// Load balancers under Networking: create one from the form (a refused port shown under its
// field), attach a VM of its subnet (one without a public IPv4 is shown but not choosable)
// and watch its health come up, toggle SSL, edit the configuration, detach, delete
// (deleting → gone, the list says so); axe on the list, the form and the detail page (each
// check covers both themes).
import { expect, expectAxeClean, test, uniqueName } from './fixtures.ts';
import {
  CreateLoadBalancerPage,
  LoadBalancerDetailPage,
  LoadBalancersPage,
} from '../packages/console-test-kit/src/pages/load-balancer.ts';

const LOCATION = 'eu-central-h1';

test('create a load balancer, attach a VM and see its health, toggle SSL, then delete everything', async ({
  page,
  project,
}) => {
  const subnet = await project.createSubnet(LOCATION, uniqueName('net'));
  const vm = await project.createRunningVm(uniqueName('web'), {
    private_subnet_id: subnet.id,
    enable_ip4: true,
  });
  // A VM without a public IPv4 is listed but cannot be chosen (the load balancer is dual stack).
  const bare = await project.createVm(uniqueName('bare'), { private_subnet_id: subnet.id });
  // A VM of another subnet is not offered.
  const other = await project.createSubnet(LOCATION, uniqueName('other'));
  const outside = await project.createVm(uniqueName('out'), { private_subnet_id: other.id });

  const list = new LoadBalancersPage(page);
  await list.goto(project.id);
  await expect(page.getByRole('heading', { name: 'No load balancers yet' })).toBeVisible();
  await page.getByRole('link', { name: 'Create load balancer' }).click();

  const form = new CreateLoadBalancerPage(page);
  await expect(form.h1('Create load balancer')).toBeVisible();
  const name = uniqueName('lb');
  await form.name.fill(name);
  await form.subnet.selectOption({ label: subnet.name });
  await form.srcPort.fill('70000');
  await expect(form.srcPort).toHaveAttribute('aria-invalid', 'true');
  await expect(form.srcPort).toHaveAccessibleDescription(
    /src_port must be an integer from 1 to 65535/,
  );
  await form.submit.click();
  await expect(page).toHaveURL(/\/load-balancers\/new/);
  await form.srcPort.fill('443');
  await form.dstPort.fill('8080');
  await form.choice('Algorithm', 'Hash based').check();
  await form.endpoint.fill('/health');
  await form.submit.click();

  const detail = new LoadBalancerDetailPage(page);
  await expect(detail.h1(name)).toBeVisible();
  await expect(page).toHaveURL(new RegExp(`/networking/load-balancers/${LOCATION}/${name}$`));
  await expect(page.getByRole('status').filter({ hasText: 'Load balancer created' })).toBeVisible();
  // Live: creating → running without a reload.
  await expect(detail.state).toHaveText('running');
  await expect(page.getByText('443 → 8080')).toBeVisible();

  // Attach the VM from the picker, which offers only the subnet's VMs.
  await expect(detail.vmPicker.getByRole('option', { name: new RegExp(vm.name) })).toHaveCount(1);
  await expect(detail.vmPicker.getByRole('option', { name: new RegExp(outside.name) })).toHaveCount(
    0,
  );
  await expect(
    detail.vmPicker.getByRole('option', { name: new RegExp(`${bare.name} .*no public IPv4`) }),
  ).toBeDisabled();
  await expect(detail.vmPicker).toHaveAccessibleDescription(
    'An IPv4 or dual-stack load balancer takes only VMs with a public IPv4.',
  );
  await detail.vmPicker.selectOption({ label: `${vm.name} (running)` });
  await detail.vms.getByRole('button', { name: 'Attach VM' }).click();
  await expect(page.getByRole('status').filter({ hasText: 'VM attached' })).toBeVisible();
  await expect(detail.vmRow(vm.name)).toBeVisible();
  await expect(detail.health(vm.name)).toHaveText('up');
  await expect(detail.tab('VMs')).toHaveAccessibleDescription('1');

  // SSL: on, then off again.
  await detail.tab('Settings').click();
  await expect(detail.certificate).not.toBeChecked();
  // With the keyboard: the toasts of the create and the attach may still cover the switch (a
  // click would land on them on a busy machine).
  await detail.certificate.press('Space');
  await expect(
    page.getByRole('status').filter({ hasText: 'SSL certificate enabled' }),
  ).toBeVisible();
  await expect(page.getByTestId('lb-cert')).toHaveText('on');
  await expect(detail.certificate).toBeChecked();
  expect(
    (
      await project.account.send('getLoadBalancer', {
        params: { project_id: project.id, location: LOCATION, load_balancer_reference: name },
      })
    ).cert_enabled,
  ).toBe(true);
  await detail.certificate.press('Space');
  await expect(page.getByTestId('lb-cert')).toHaveText('off');

  // Edit the configuration: the VM stays attached.
  const config = page.getByRole('form', { name: 'Configuration' });
  await config.getByLabel('Source port').fill('80');
  await config.getByRole('button', { name: 'Save configuration' }).click();
  await expect(page.getByRole('status').filter({ hasText: 'Configuration saved' })).toBeVisible();
  await expect(page.getByText('80 → 8080')).toBeVisible();

  // Detach it.
  await detail.tab('VMs').click();
  await detail.vms.getByRole('button', { name: `Detach VM ${vm.name}` }).click();
  await expect(page.getByText('No VMs attached')).toBeVisible();

  // Delete it: the page shows it deleting, then goes back to the list, which says it is gone
  // (announced, not toasted: the worker finished it).
  await detail.tab('Settings').click();
  await detail.delete(name);
  await expect(page.getByTestId('live-announcer')).toContainText(
    `Load balancer ${name} was deleted.`,
    { timeout: 20_000 },
  );
  await expect(page).toHaveURL(/\/networking\/load-balancers$/);
  await expect(list.row(name)).toHaveCount(0);

  await project.deleteVm(LOCATION, vm.name);
  await project.empty();
});

test('the list shows load balancers with their state and filters them; the form shows a refused name under its field', async ({
  page,
  project,
}) => {
  const subnet = await project.createSubnet(LOCATION, uniqueName('net'));
  const names = [uniqueName('alpha'), uniqueName('beta')];
  for (const n of names) {
    await project.account.send('createLoadBalancer', {
      params: { project_id: project.id, location: LOCATION, load_balancer_reference: n },
      body: { private_subnet_id: subnet.id, src_port: 80, dst_port: 80 },
    });
  }
  const list = new LoadBalancersPage(page);
  await list.goto(project.id);
  for (const n of names) await expect(list.row(n)).toContainText('running');
  await list.search.fill(names[1]!);
  await expect(list.row(names[0]!)).toHaveCount(0);
  await expect(list.row(names[1]!)).toBeVisible();
  await list.search.fill('');
  await list.location.selectOption('eu-north-h1');
  await expect(page).toHaveURL(/location=eu-north-h1/);
  await expect(page.getByRole('heading', { name: 'No matching load balancers' })).toBeVisible();

  // A name the server refuses is shown under the name field; nothing is created.
  const form = new CreateLoadBalancerPage(page);
  await form.goto(project.id);
  await form.name.fill(names[0]!);
  await form.subnet.selectOption({ label: subnet.name });
  await form.submit.click();
  await expect(form.name).toHaveAccessibleDescription(/name is already taken/);
  await expect(form.name).toHaveAttribute('aria-invalid', 'true');
  await expect(page).toHaveURL(/\/load-balancers\/new/);
});

test('the load balancers list, the create form and a load balancer page have no serious axe violations', async ({
  page,
  project,
}) => {
  const subnet = await project.createSubnet(LOCATION, uniqueName('axe'));
  const vm = await project.createRunningVm(uniqueName('web'), {
    private_subnet_id: subnet.id,
    enable_ip4: true,
  });
  const name = uniqueName('lb');
  await project.account.send('createLoadBalancer', {
    params: { project_id: project.id, location: LOCATION, load_balancer_reference: name },
    body: { private_subnet_id: subnet.id, src_port: 80, dst_port: 8080 },
  });
  await project.account.send('attachLoadBalancerVm', {
    params: { project_id: project.id, location: LOCATION, load_balancer_reference: name },
    body: { vm_id: vm.id },
  });

  const list = new LoadBalancersPage(page);
  await list.goto(project.id);
  await expect(list.row(name)).toBeVisible();
  await expectAxeClean(page);

  const form = new CreateLoadBalancerPage(page);
  await form.goto(project.id);
  await form.srcPort.fill('0');
  await expect(form.srcPort).toHaveAttribute('aria-invalid', 'true');
  await expectAxeClean(page);

  const detail = new LoadBalancerDetailPage(page);
  await detail.goto(project.id, LOCATION, name);
  await expect(detail.health(vm.name)).toHaveText('up');
  await expectAxeClean(page);
  await detail.tab('Settings').click();
  await expect(detail.certificate).toBeVisible();
  await expectAxeClean(page);
});
