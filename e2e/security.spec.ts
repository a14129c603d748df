// The session cannot be used from another origin, scripts cannot read it, and another
// account's project does not exist as far as the console is concerned.
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { BASE_URL, expect, SIGNED_OUT, test } from './fixtures.ts';
import { LoginPage } from '../packages/console-test-kit/src/pages/auth-pages.ts';
import { ProjectPage } from '../packages/console-test-kit/src/pages/project-page.ts';
import { ProjectsPage } from '../packages/console-test-kit/src/pages/projects-page.ts';

/**
 * An attacker's page on another origin of the same site (127.0.0.1, another port): the
 * browser sends the SameSite=Strict cookie along, so only the Origin and CSRF checks stand
 * between it and the API.
 */
async function attackerSite(): Promise<{ url: string; close: () => Promise<void> }> {
  const html = `<!doctype html><html lang="en"><head><title>Prizes</title></head><body>
<form method="post" action="${BASE_URL}/api/project" enctype="text/plain">
  <input type="hidden" name='{"name":"evil-form","x":"' value='"}'>
  <button>Win a prize</button>
</form></body></html>`;
  const server = http.createServer((_req, res) => {
    res.writeHead(200, { 'Content-Type': 'text/html; charset=utf-8' }).end(html);
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  return {
    url: `http://127.0.0.1:${port}/`,
    close: () => new Promise((resolve) => server.close(() => resolve())),
  };
}

test('a cross-origin POST carrying the session cookie changes nothing', async ({
  page,
  context,
  freshAccount,
}) => {
  await freshAccount.signInBrowser(context);
  const attacker = await attackerSite();
  try {
    await page.goto(attacker.url);

    const outcomes = await page.evaluate(async (target) => {
      const out: string[] = [];
      // A "simple" request the browser sends without asking (the response is opaque).
      await fetch(target, {
        method: 'POST',
        mode: 'no-cors',
        credentials: 'include',
        headers: { 'Content-Type': 'text/plain' },
        body: '{"name":"evil-simple"}',
      })
        .then(() => out.push('sent'))
        .catch(() => out.push('blocked'));
      // A JSON request with a guessed CSRF header needs a CORS preflight, which the BFF never grants.
      await fetch(target, {
        method: 'POST',
        credentials: 'include',
        headers: { 'Content-Type': 'application/json', 'X-CSRF-Token': 'guess' },
        body: '{"name":"evil-json"}',
      })
        .then((r) => out.push(String(r.status)))
        .catch(() => out.push('blocked'));
      return out;
    }, `${BASE_URL}/api/project`);
    expect(outcomes[1]).toBe('blocked');

    // The classic: a form that posts to the API.
    const response = page.waitForResponse(`${BASE_URL}/api/project`);
    await page.getByRole('button', { name: 'Win a prize' }).click();
    expect([401, 403]).toContain((await response).status());

    expect((await freshAccount.listProjects()).count).toBe(0);
  } finally {
    await attacker.close();
  }
});

test.describe('signed out', () => {
  test.use({ storageState: SIGNED_OUT });

  test('the session cookie is HttpOnly and SameSite=Strict, and scripts cannot read it', async ({
    page,
    context,
    freshAccount,
  }) => {
    const login = new LoginPage(page);
    await login.goto();
    await login.signIn(freshAccount.email, freshAccount.password);
    await expect(new ProjectsPage(page).heading).toBeVisible();

    expect(await page.evaluate(() => document.cookie)).not.toMatch(/(^|;\s*)session=/);
    const cookie = (await context.cookies()).find((c) => c.name === 'session');
    expect(cookie).toMatchObject({ httpOnly: true, sameSite: 'Strict', path: '/' });
  });
});

test("another account's project shows “not found”", async ({ page, user, freshAccount }) => {
  const theirs = await freshAccount.createProject();
  const project = new ProjectPage(page);
  await project.goto(theirs.id);
  await expect(page.getByRole('heading', { name: 'Project not found' })).toBeVisible();
  await expect(page.getByText(theirs.name)).toHaveCount(0);
  expect(await user.getProjectStatus(theirs.id)).toBe(404);

  // A malformed ID is just as unknown.
  await project.goto('not-a-project-id');
  await expect(page.getByRole('heading', { name: 'Project not found' })).toBeVisible();
});
