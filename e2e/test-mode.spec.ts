// A test-mode instance (TEST_MODE=1, docs/testing.md), driven as an outside QA suite would: a
// test account made with the test-mode token, a failure made by a fault rule, and the console
// showing the banner, the failed VM's reason and a Retry that brings it up.
import { expect, test, type APIRequestContext } from '@playwright/test';

const TOKEN = process.env.E2E_TEST_MODE_TOKEN!;
const LOC = 'eu-central-h1';
const SSH_KEY =
  'ssh-ed25519 AAAAC3NzaC1lZDI1NTE5AAAAIOMqqnkVzrm0SdG6UOoqKLsabgH5C9okWi0dh2l9GKJl e2e@example';
const PASSWORD = 'correct horse battery';

test.use({ storageState: { cookies: [], origins: [] } });

/** Sends `method path` with the JWT, the test-mode token or no credentials, failing on an error. */
async function call(
  request: APIRequestContext,
  method: string,
  path: string,
  opts: { jwt?: string; testMode?: true; data?: unknown } = {},
) {
  const headers: Record<string, string> = opts.jwt
    ? { authorization: `Bearer ${opts.jwt}` }
    : opts.testMode
      ? { 'test-mode-token': TOKEN }
      : {};
  const res = await request.fetch(path, { method, headers, data: opts.data });
  expect(res.ok(), `${method} ${path}: ${res.status()} ${await res.text()}`).toBe(true);
  return res;
}

test('a failed VM shows its reason on a test-mode console, and Retry brings it up', async ({
  page,
  request,
}) => {
  const email = `qa-${Date.now()}-${Math.random().toString(36).slice(2, 7)}@example.com`;
  await call(request, 'POST', '/api/_test/account', {
    testMode: true,
    data: { email, password: PASSWORD },
  });
  const jwt = (
    await call(request, 'POST', '/api/login', { data: { login: email, password: PASSWORD } })
  ).headers().authorization!;
  const project = (await (
    await call(request, 'POST', '/api/project', { jwt, data: { name: 'qa' } })
  ).json()) as { id: string };
  const P = `/api/project/${project.id}`;
  await call(request, 'POST', `${P}/_test/fault`, {
    jwt,
    data: { kind: 'vm', operation: 'create', reason: 'No capacity for standard-2 (QA).', count: 1 },
  });
  await call(request, 'POST', `${P}/location/${LOC}/vm/web`, {
    jwt,
    data: { public_key: SSH_KEY },
  });

  await page.goto('/login');
  await expect(page.getByRole('note', { name: 'Test mode' })).toContainText('Test mode');
  await page.getByLabel('E-mail address').fill(email);
  await page.getByLabel('Password').fill(PASSWORD);
  await page.getByRole('button', { name: 'Sign in', exact: true }).click();
  await page.waitForURL((url) => !url.pathname.startsWith('/login'));

  await page.goto(`/projects/${project.id}/compute/${LOC}/web`);
  await expect(page.getByRole('note', { name: 'Test mode' })).toBeVisible();
  await expect(page.getByRole('status', { name: 'State: failed' })).toBeVisible();
  const failure = page.getByRole('region', { name: 'The VM failed' });
  await expect(failure).toContainText('No capacity for standard-2 (QA).');
  await failure.getByRole('button', { name: 'Retry' }).click();
  await expect(page.getByRole('status', { name: 'State: running' })).toBeVisible();
  await expect(failure).toBeHidden();
});
