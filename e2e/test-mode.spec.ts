// A test-mode instance (TEST_MODE=1, docs/testing.md), driven as an outside QA suite would: a
// test account made with the test-mode token, a failure made by a fault rule, and the console
// showing the banner, the failed VM's reason and a Retry that brings it up.
import { expect, test, type APIRequestContext, type Page } from '@playwright/test';

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

/** A test account with a project of its own, signed in on `page`: its JWT and project path. */
async function signedInProject(page: Page, request: APIRequestContext) {
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
  await page.goto('/login');
  await expect(page.getByRole('note', { name: 'Test mode' })).toContainText('Test mode');
  await page.getByLabel('E-mail address').fill(email);
  await page.getByLabel('Password').fill(PASSWORD);
  await page.getByRole('button', { name: 'Sign in', exact: true }).click();
  await page.waitForURL((url) => !url.pathname.startsWith('/login'));
  return { jwt, id: project.id, P: `/api/project/${project.id}` };
}

test('a failed VM shows its reason on a test-mode console, and Retry brings it up', async ({
  page,
  request,
}) => {
  const { jwt, id, P } = await signedInProject(page, request);
  await call(request, 'POST', `${P}/_test/fault`, {
    jwt,
    data: { kind: 'vm', operation: 'create', reason: 'No capacity for standard-2 (QA).', count: 1 },
  });
  await call(request, 'POST', `${P}/location/${LOC}/vm/web`, {
    jwt,
    data: { public_key: SSH_KEY },
  });

  await page.goto(`/projects/${id}/compute/${LOC}/web`);
  await expect(page.getByRole('note', { name: 'Test mode' })).toBeVisible();
  await expect(page.getByRole('status', { name: 'State: failed' })).toBeVisible();
  const failure = page.getByRole('region', { name: 'The VM failed' });
  await expect(failure).toContainText('No capacity for standard-2 (QA).');
  await failure.getByRole('button', { name: 'Retry' }).click();
  await expect(page.getByRole('status', { name: 'State: running' })).toBeVisible();
  await expect(failure).toBeHidden();
});

test('a storage scale-down is refused under the field while the disk is too full for it', async ({
  page,
  request,
}) => {
  const { jwt, id, P } = await signedInProject(page, request);
  const db = `${P}/location/${LOC}/postgres/shrink`;
  await call(request, 'POST', db, { jwt, data: { size: 'hobby-2', storage_size: 64 } });
  await expect
    .poll(
      async () =>
        ((await (await call(request, 'GET', db, { jwt })).json()) as { state: string }).state,
    )
    .toBe('running');
  // 60 % of 64 GiB is 38.4 GiB: more than 80 % of 32.
  await call(request, 'POST', `${P}/_test/postgres/shrink/disk-usage`, {
    jwt,
    data: { disk_usage_percent: 60 },
  });

  await page.goto(`/projects/${id}/databases/${LOC}/shrink`);
  await page
    .getByRole('tablist', { name: 'Database sections' })
    .getByRole('tab', { name: 'Settings', exact: true })
    .click();
  const storage = page.getByLabel('Storage', { exact: true });
  await storage.selectOption('32');
  await page.getByRole('button', { name: 'Resize' }).click();
  await expect(storage).toHaveAccessibleDescription(/only possible to reduce the storage size/);

  await call(request, 'POST', `${P}/_test/postgres/shrink/disk-usage`, {
    jwt,
    data: { disk_usage_percent: 10 },
  });
  await page.getByRole('button', { name: 'Resize' }).click();
  await expect(page.getByText(/Changing from hobby-2 · 64 GiB to hobby-2 · 32 GiB/)).toBeVisible();
});
