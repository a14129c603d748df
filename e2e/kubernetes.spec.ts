// Kubernetes: create a cluster through the form and watch it run without a reload; add a node
// pool and resize it with the stepper; upgrade the cluster (from → to, live `upgrading`);
// download its kubeconfig; axe on the list, the form and every tab (each check covers the light
// and the dark theme). Every test empties its project again (the project fixture).
import fs from 'node:fs/promises';
import {
  expect,
  expectAxeClean,
  expectSameDocument,
  holdGets,
  markDocument,
  test,
  uniqueName,
} from './fixtures.ts';
import {
  ClusterCreatePage,
  ClusterDetailPage,
  ClusterListPage,
} from '../packages/console-test-kit/src/pages/kubernetes.ts';

test('create a cluster through the form, add and resize a node pool, upgrade it and download its kubeconfig', async ({
  page,
  project,
}) => {
  const list = new ClusterListPage(page);
  await list.goto(project.id);
  await expect(page.getByRole('heading', { name: 'No Kubernetes clusters yet' })).toBeVisible();
  await markDocument(page);
  await list.createButton.click();

  const form = new ClusterCreatePage(page);
  await expect(form.heading).toBeVisible();
  // Clusters run in two locations only.
  await expect(page.getByRole('group', { name: 'Location' }).getByRole('radio')).toHaveCount(2);
  await form.choice('Location', /Virginia/).check();
  await form.choice('Version', 'v1.35').check();
  // One standard-2 control-plane node and one standard-2 worker ($26.00 each).
  await expect(form.total).toHaveText('$52.00/mo');
  await form.choice('Control-plane nodes', /3 nodes/).check();
  await expect(form.total).toHaveText('$104.00/mo');
  await form.choice('Control-plane nodes', /1 node/).check();
  await page.getByRole('button', { name: 'More: Worker nodes' }).click();
  await expect(form.workers).toHaveValue('2');
  await expect(form.total).toHaveText('$78.00/mo');
  await expect(form.summary).toContainText('2 nodes · standard-2');

  // A wrong name is refused under its field before anything is sent.
  await form.name.fill('Bad_Name');
  await form.submit.click();
  await expect(form.name).toHaveAttribute('aria-invalid', 'true');
  await expect(form.name).toBeFocused();
  await expect(page).toHaveURL(/\/kubernetes\/new/);

  const name = uniqueName('apps');
  await form.name.fill(name);
  await form.submit.click();

  const detail = new ClusterDetailPage(page);
  await expect(page).toHaveURL(new RegExp(`/kubernetes/us-east-a2/${name}$`));
  await expect(detail.h1(name)).toBeVisible();
  await expect(detail.state).toHaveText('running', { timeout: 60_000 });
  await expect(detail.announcer).toContainText(`Cluster ${name} is running.`);
  await expect(detail.nodes('Control-plane nodes')).toHaveCount(1);
  await expectSameDocument(page);

  // Node pools: the first one holds the two workers; add a second one, then resize it.
  await detail.tab('Node pools').click();
  await expect(detail.nodes(`Nodes of ${name}-np`)).toHaveCount(2);
  const pool = 'batch';
  await detail.addPool(pool, 2);
  await expect(detail.pool(pool)).toBeVisible();
  await expect(detail.nodes(`Nodes of ${pool}`)).toHaveCount(2, { timeout: 60_000 });
  await expect(detail.state).toHaveText('running', { timeout: 60_000 });

  await page.getByRole('button', { name: `Resize node pool ${pool}` }).click();
  const resize = page.getByRole('dialog', { name: `Resize node pool ${pool}` });
  await expect(resize.getByRole('spinbutton', { name: 'Nodes' })).toHaveValue('2');
  await resize.getByRole('button', { name: 'More: Nodes' }).click();
  await expect(resize.getByTestId('kc-resize-price')).toHaveText('$52.00/mo → $78.00/mo');
  await resize.getByRole('button', { name: 'Resize' }).click();
  await expect(resize).toBeHidden();
  await expect(detail.pool(pool)).toContainText('3 nodes');
  await expect(detail.nodes(`Nodes of ${pool}`)).toHaveCount(3, { timeout: 60_000 });
  await expect(detail.state).toHaveText('running', { timeout: 60_000 });
  await expect(detail.nodes(`Nodes of ${pool}`).getByText('running')).toHaveCount(3, {
    timeout: 60_000,
  });

  // Upgrade: the dialog says from → to; the page shows `upgrading` (its reads held), then running.
  const kcUrl = new RegExp(
    `/api/project/${project.id}/location/us-east-a2/kubernetes-cluster/${name}$`,
  );
  await page.getByRole('button', { name: 'Upgrade to v1.36' }).click();
  const upgrade = page.getByRole('dialog', { name: 'Upgrade cluster' });
  await expect(upgrade).toContainText('v1.35');
  await expect(upgrade.getByTestId('kc-upgrade-versions')).toHaveText('v1.35 → v1.36');
  const release = await holdGets(page, kcUrl);
  await upgrade.getByRole('button', { name: 'Upgrade to v1.36' }).click();
  await expect(upgrade).toBeHidden();
  await expect(detail.state).toHaveText('upgrading');
  await release();
  await expect(detail.state).toHaveText('running', { timeout: 60_000 });
  await expect(detail.announcer).toContainText(`Cluster ${name} is running.`);
  await expect(page.getByRole('button', { name: 'Up to date' })).toBeDisabled();
  await expect(page.getByRole('paragraph').filter({ hasText: 'Kubernetes v1.36' })).toBeVisible();
  await expectSameDocument(page);

  // The kubeconfig: a YAML file named after the cluster, for its API endpoint, with its CA and a client certificate.
  const [download] = await Promise.all([
    page.waitForEvent('download'),
    detail.kubeconfig(name).click(),
  ]);
  expect(download.suggestedFilename()).toBe(`${name}-kubeconfig.yaml`);
  const yaml = await fs.readFile((await download.path())!, 'utf8');
  expect(yaml).toMatch(/^apiVersion: v1$/m);
  expect(yaml).toMatch(/^kind: Config$/m);
  expect(yaml).toMatch(/server: https:\/\/\S+/);
  expect(yaml).toMatch(/certificate-authority-data: [A-Za-z0-9+/=]{100,}/);
  expect(yaml).toMatch(/client-certificate-data: [A-Za-z0-9+/=]{100,}/);
  expect(yaml).toMatch(/client-key-data: [A-Za-z0-9+/=]{100,}/);
  expect(yaml).toContain(name);
});

test('remove a node pool and retire a node, each after a confirmation, then delete the cluster', async ({
  page,
  project,
}) => {
  const kc = await project.createRunningCluster(uniqueName('ops'), { worker_nodes: 2 });
  const detail = new ClusterDetailPage(page);
  await detail.goto(project.id, kc, 'nodepools');
  await markDocument(page);

  await detail.addPool('spare', 1);
  await expect(detail.nodes('Nodes of spare').getByText('running')).toHaveCount(1, {
    timeout: 60_000,
  });
  await expect(detail.state).toHaveText('running', { timeout: 60_000 });
  // Resize from the keyboard: Enter on the button, ArrowUp in the field, Enter to send.
  await page.getByRole('button', { name: 'Resize node pool spare' }).focus();
  await page.keyboard.press('Enter');
  const resize = page.getByRole('dialog', { name: 'Resize node pool spare' });
  await resize.getByRole('spinbutton', { name: 'Nodes' }).focus();
  await page.keyboard.press('ArrowUp');
  await expect(resize.getByRole('spinbutton', { name: 'Nodes' })).toHaveValue('2');
  await page.keyboard.press('Enter');
  await expect(resize).toBeHidden();
  await expect(detail.nodes('Nodes of spare').getByText('running')).toHaveCount(2, {
    timeout: 60_000,
  });
  await expect(detail.state).toHaveText('running', { timeout: 60_000 });

  await page.getByRole('button', { name: 'Remove node pool spare' }).click();
  const remove = page.getByRole('dialog', { name: 'Remove node pool' });
  await expect(remove).toContainText('spare');
  await remove.getByRole('button', { name: 'Remove node pool' }).click();
  await expect(detail.pool('spare')).toHaveCount(0, { timeout: 60_000 });
  await expect(detail.state).toHaveText('running', { timeout: 60_000 });

  const [node] = (await project.getCluster(kc.location, kc.name))!.nodepools[0]!.vms;
  await page.getByRole('button', { name: `Retire node ${node!.name}` }).click();
  const retire = page.getByRole('dialog', { name: 'Retire node' });
  await expect(retire).toContainText(node!.name);
  await retire.getByRole('button', { name: 'Retire node' }).click();
  await expect(retire).toBeHidden();
  // The pool shrinks by one (the origin's retire); its last node cannot be retired.
  await expect(page.getByText(node!.name, { exact: true })).toHaveCount(0, { timeout: 60_000 });
  await expect(detail.nodes(`Nodes of ${kc.nodepools[0]!.name}`).getByText('running')).toHaveCount(
    1,
    { timeout: 60_000 },
  );
  const [left] = (await project.getCluster(kc.location, kc.name))!.nodepools[0]!.vms;
  await expect(page.getByRole('button', { name: `Retire node ${left!.name}` })).toBeDisabled();

  await detail.delete(kc.name);
  await expect(page).toHaveURL(new RegExp(`/projects/${project.id}/kubernetes$`), {
    timeout: 60_000,
  });
  await expect(new ClusterListPage(page).announcer).toContainText(
    `Cluster ${kc.name} was deleted.`,
  );
  await expectSameDocument(page);
});

test('a cluster that is gone shows "Cluster not found"', async ({ page, project }) => {
  await page.goto(`/projects/${project.id}/kubernetes/eu-central-h1/no-such-cluster`);
  await expect(page.getByRole('heading', { name: 'Cluster not found', level: 1 })).toBeVisible();
});

test('the cluster list and the create form (with a field error) have no serious violations', async ({
  page,
  project,
}) => {
  const kc = await project.createRunningCluster();
  const list = new ClusterListPage(page);
  await list.goto(project.id);
  await expect(list.row(kc.name).getByText('running')).toBeVisible();
  await expectAxeClean(page);

  const form = new ClusterCreatePage(page);
  await form.goto(project.id);
  await form.name.fill('Bad_Name');
  await expect(form.name).toHaveAttribute('aria-invalid', 'true');
  await expectAxeClean(page);

  // The server's refusal (the name is taken in Germany) is shown under the field; the choices stay.
  await form.choice('Control-plane nodes', /3 nodes/).check();
  await form.name.fill(kc.name);
  await form.name.press('Enter');
  await expect(page.getByText('name is already taken')).toBeVisible();
  await expect(form.name).toHaveAttribute('aria-invalid', 'true');
  await expect(form.name).toBeFocused();
  await expect(form.choice('Control-plane nodes', /3 nodes/)).toBeChecked();
  await expect(page).toHaveURL(/\/kubernetes\/new/);
  await expectAxeClean(page);
});

test('the cluster page, every tab and its dialogs have no serious violations', async ({
  page,
  project,
}) => {
  const kc = await project.createRunningCluster(uniqueName('kc'), { version: 'v1.35' });
  const detail = new ClusterDetailPage(page);
  await detail.goto(project.id, kc);
  for (const tab of ['Overview', 'Node pools', 'Metrics', 'Settings'] as const) {
    await detail.tab(tab).click();
    await expect(detail.tab(tab)).toHaveAttribute('aria-selected', 'true');
    if (tab === 'Overview') await expect(detail.nodes('Control-plane nodes')).toHaveCount(1);
    if (tab === 'Node pools')
      await expect(detail.nodes(`Nodes of ${kc.nodepools[0]!.name}`)).toHaveCount(1);
    if (tab === 'Metrics') await expect(page.getByTestId('metric-chart').first()).toBeVisible();
    await expectAxeClean(page);
  }
  await page.getByRole('button', { name: 'Delete cluster' }).click();
  await expect(page.getByRole('dialog', { name: 'Delete cluster' })).toBeVisible();
  await expectAxeClean(page, 'dialog');
  await page.keyboard.press('Escape');
  await page.getByRole('button', { name: 'Upgrade to v1.36' }).click();
  await expect(page.getByRole('dialog', { name: 'Upgrade cluster' })).toBeVisible();
  await expectAxeClean(page, 'dialog');
  await page.keyboard.press('Escape');
  await detail.tab('Node pools').click();
  await page.getByRole('button', { name: `Resize node pool ${kc.nodepools[0]!.name}` }).click();
  await expect(page.getByRole('dialog', { name: /^Resize node pool/ })).toBeVisible();
  await expectAxeClean(page, 'dialog');
});

test("a cluster's services load balancer is marked managed, and its delete is inert with the reason", async ({
  page,
  project,
}) => {
  const kc = await project.createCluster();
  const lbName = `${kc.id}-services`;

  await page.goto(`/projects/${project.id}/networking/load-balancers`);
  const row = page.getByRole('row').filter({ hasText: lbName });
  await expect(row).toContainText(`Managed by Kubernetes cluster ${kc.name}`);
  await expectAxeClean(page);

  await page.goto(
    `/projects/${project.id}/networking/load-balancers/${kc.location}/${lbName}?tab=settings`,
  );
  const note = page.getByRole('note').filter({ hasText: 'Managed by' });
  await expect(note).toContainText(`Managed by Kubernetes cluster ${kc.name}`);
  const del = page.getByRole('button', { name: 'Delete load balancer' });
  await expect(del).toHaveAttribute('aria-disabled', 'true');
  await expect(del).toHaveAccessibleDescription(
    `Managed by Kubernetes cluster ${kc.name}: change or delete the cluster instead.`,
  );
  await expectAxeClean(page);

  await note.getByRole('link', { name: `Kubernetes cluster ${kc.name}` }).click();
  await expect(page).toHaveURL(new RegExp(`/kubernetes/${kc.location}/${kc.name}`));
});
