// Settings › Tokens: a token made in the console works on the API as a bearer until it is
// revoked in the console (behaviour.md §3, §11).
import { BASE_URL, expect, expectAxeClean, test } from './fixtures.ts';
import { SettingsTokensPage } from '../packages/console-test-kit/src/pages/settings-tokens.ts';

/** The API called with the token, as a script would: no cookie, only the Authorization header. */
const callWith = (token: string, path: string) =>
  fetch(`${BASE_URL}/api${path}`, { headers: { Authorization: `Bearer ${token}` } });

test('a token created in the console calls the API until it is revoked there', async ({
  page,
  context,
  project,
}) => {
  await context.grantPermissions(['clipboard-read', 'clipboard-write'], { origin: BASE_URL });
  const tokens = new SettingsTokensPage(page);
  await tokens.goto(project.id);
  await expect(page.getByRole('heading', { name: 'No tokens yet' })).toBeVisible();
  await expectAxeClean(page);

  // The create dialog checks the name as it is typed, and closes with Escape, focus back on its button.
  await page.getByRole('button', { name: 'Create token' }).click();
  await expect(tokens.createDialog).toBeVisible();
  await expectAxeClean(page, 'dialog');
  await tokens.createDialog.getByLabel('Name').fill('Not Valid');
  await expect(
    tokens.createDialog.getByText('Name must only contain lowercase letters'),
  ).toBeVisible();
  await page.keyboard.press('Escape');
  await expect(tokens.createDialog).toBeHidden();
  await expect(page.getByRole('button', { name: 'Create token' })).toBeFocused();

  const secret = await tokens.create('ci-deploy', 'member', '30 days');
  expect(secret).toMatch(/^cct_[\w-]{43}$/);
  const dialog = tokens.secretDialog('ci-deploy');
  await expect(dialog).toContainText('It will not be shown again');
  await expectAxeClean(page, 'dialog');
  await dialog.getByRole('button', { name: 'Copy token' }).click();
  expect(await page.evaluate(() => navigator.clipboard.readText())).toBe(secret);
  await dialog.getByRole('button', { name: 'Done' }).click();
  await expect(dialog).toBeHidden();

  const row = tokens.row('ci-deploy');
  await expect(row).toContainText('member');
  await expect(row).toContainText(`cct_…${secret.slice(-4)}`);
  await expect(row.getByRole('cell', { name: 'Never' })).toBeVisible();
  // The secret is nowhere on the page once its dialog is closed.
  expect(await page.content()).not.toContain(secret);
  await expectAxeClean(page);

  const answer = await callWith(secret, `/project/${project.id}`);
  expect(answer.status).toBe(200);
  expect(((await answer.json()) as { id: string }).id).toBe(project.id);
  const projects = (await (await callWith(secret, '/project')).json()) as {
    items: { id: string }[];
  };
  expect(projects.items.map((p) => p.id)).toEqual([project.id]);

  await page.reload();
  await expect(row.getByRole('cell', { name: 'Never' })).toHaveCount(0);

  await tokens.revoke('ci-deploy');
  await expect(page.getByRole('heading', { name: 'No tokens yet' })).toBeVisible();
  const refused = await callWith(secret, `/project/${project.id}`);
  expect(refused.status).toBe(401);
  expect(((await refused.json()) as { error: { type: string } }).error.type).toBe('InvalidToken');
});
