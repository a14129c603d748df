// SSH keys saved in the project settings, then chosen in the VM create form (with a storage
// size of its own); rename and delete, confirmed.
import { expect, expectAxeClean, SSH_KEY, test, uniqueName } from './fixtures.ts';
import { SshKeysPage } from '../packages/console-test-kit/src/pages/settings-ssh-keys.ts';
import { VmCreatePage } from '../packages/console-test-kit/src/pages/vm-create-page.ts';
import { VmDetailPage } from '../packages/console-test-kit/src/pages/vm-detail-page.ts';

test('save an SSH key in the settings and create a VM with it', async ({ page, project }) => {
  const keys = new SshKeysPage(page);
  await keys.goto(project.id);
  await expect(page.getByRole('heading', { name: 'No SSH keys yet' })).toBeVisible();
  // A wrong key is refused in the dialog, under its field.
  await keys.add('laptop', 'ssh-rsa not-a-key');
  await expect(keys.dialog.getByLabel('Public key')).toHaveAccessibleDescription(
    /Enter an OpenSSH public key line/,
  );
  await keys.dialog.getByLabel('Public key').fill(SSH_KEY);
  await keys.dialog.getByRole('button', { name: 'Add SSH key' }).click();
  await expect(keys.dialog).toBeHidden();
  await expect(keys.keyRow('laptop')).toContainText('ssh-ed25519');

  const form = new VmCreatePage(page);
  await form.goto(project.id);
  await page.getByLabel('Saved SSH key').selectOption({ label: 'laptop' });
  await expect(form.publicKey).toHaveValue(SSH_KEY);
  await form.size('standard-4').check();
  await page.getByLabel('Storage').selectOption('160');
  await expect(form.summary).toContainText('160 GiB disk');
  const name = uniqueName('keyed');
  await form.name.fill(name);
  await form.submit.click();

  const detail = new VmDetailPage(page);
  await detail.expectVm(name);
  await expect(detail.field('Storage')).toHaveText('160 GiB');
  const vm = await project.getVm('eu-central-h1', name);
  expect(vm?.storage_size_gib).toBe(160);
});

test('rename and delete a saved SSH key, the delete confirmed', async ({ page, project }) => {
  await project.account.send('createSshPublicKey', {
    params: { project_id: project.id },
    body: { name: 'desk', public_key: SSH_KEY },
  });
  const keys = new SshKeysPage(page);
  await keys.goto(project.id);
  await expect(keys.keyRow('desk')).toBeVisible();
  await expectAxeClean(page);
  await keys.keyRow('desk').getByRole('button', { name: 'Rename desk' }).click();
  await expect(keys.dialog).toBeVisible();
  await expectAxeClean(page, 'dialog');
  await keys.dialog.getByLabel('Name').fill('office');
  await keys.dialog.getByRole('button', { name: 'Rename' }).click();
  await expect(keys.keyRow('office')).toBeVisible();

  await keys.keyRow('office').getByRole('button', { name: 'Delete office' }).click();
  await expect(keys.dialog).toContainText('Delete office?');
  await keys.dialog.getByRole('button', { name: 'Cancel' }).click();
  await expect(keys.keyRow('office')).toBeVisible();
  await keys.keyRow('office').getByRole('button', { name: 'Delete office' }).click();
  await keys.dialog.getByRole('button', { name: 'Delete SSH key' }).click();
  await expect(page.getByRole('heading', { name: 'No SSH keys yet' })).toBeVisible();
});
