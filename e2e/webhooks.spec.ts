// Settings › Webhooks: an admin adds a webhook pointing at a receiver started by the test, sees
// its secret once, sends a test event and watches the delivery's attempts update in place (a
// 500, then the retry's 204), switches it off and on, rotates its secret and deletes it.
import { createHmac } from 'node:crypto';
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { BASE_URL, expect, expectAxeClean, test } from './fixtures.ts';
import { SettingsWebhooksPage } from '../packages/console-test-kit/src/pages/settings-webhooks.ts';

interface Got {
  id: string;
  timestamp: string;
  signature: string;
  body: string;
}

/** A receiver on 127.0.0.1 (the e2e server runs with WEBHOOK_ALLOW_PRIVATE=1): 500 to the first request, 204 after. */
async function receiver() {
  const got: Got[] = [];
  const server = http.createServer((req, res) => {
    let body = '';
    req.on('data', (c: Buffer) => (body += c));
    req.on('end', () => {
      const h = (n: string) => String(req.headers[n] ?? '');
      got.push({
        id: h('webhook-id'),
        timestamp: h('webhook-timestamp'),
        signature: h('webhook-signature'),
        body,
      });
      res.writeHead(got.length === 1 ? 500 : 204).end();
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  return {
    url: `http://127.0.0.1:${(server.address() as AddressInfo).port}/hook`,
    got,
    close: () => server.close(),
  };
}

const signedWith = (secret: string, g: Got) => {
  const mac = createHmac('sha256', Buffer.from(secret.slice('whsec_'.length), 'base64'))
    .update(`${g.id}.${g.timestamp}.${g.body}`)
    .digest('base64');
  return g.signature.split(' ').includes(`v1,${mac}`);
};

test('an admin adds a webhook, tests it, watches its deliveries, rotates its secret and deletes it', async ({
  page,
  context,
  project,
}) => {
  const hook = await receiver();
  try {
    await context.grantPermissions(['clipboard-read', 'clipboard-write'], { origin: BASE_URL });
    const webhooks = new SettingsWebhooksPage(page);
    await webhooks.goto(project.id);
    await expect(page.getByRole('heading', { name: 'No webhooks yet' })).toBeVisible();
    await expectAxeClean(page);

    // A URL that is not one, and no kind of event chosen: said under the fields; Escape closes.
    await page.getByRole('button', { name: 'Add webhook' }).first().click();
    await webhooks.addDialog.getByLabel('URL').fill('hooks.example.com');
    await webhooks.addDialog.getByLabel('Name').fill('deploys');
    await webhooks.addDialog.getByLabel('All events').uncheck();
    await webhooks.addDialog.getByRole('button', { name: 'Add webhook' }).click();
    await expect(webhooks.addDialog.getByText('Enter the https:// URL')).toBeVisible();
    await expect(webhooks.addDialog.getByText('Choose at least one kind of event')).toBeVisible();
    await expectAxeClean(page, 'dialog');
    await page.keyboard.press('Escape');
    await expect(webhooks.addDialog).toBeHidden();

    const secret = await webhooks.add(hook.url, 'deploys', ['VMs', 'Firewalls']);
    expect(secret).toMatch(/^whsec_[A-Za-z0-9+/]{43}=$/);
    const secretDialog = webhooks.secretDialog('Webhook deploys added');
    await expect(secretDialog).toContainText('It will not be shown again');
    await expectAxeClean(page, 'dialog');
    await secretDialog.getByRole('button', { name: 'Copy secret' }).click();
    expect(await page.evaluate(() => navigator.clipboard.readText())).toBe(secret);
    await secretDialog.getByRole('button', { name: 'Done' }).click();
    await expect(secretDialog).toBeHidden();

    const row = webhooks.row('deploys');
    await expect(row).toContainText(hook.url);
    await expect(row).toContainText('VMs, Firewalls');
    await expect(row).toContainText(`whsec_…${secret.slice(-4)}`);
    expect(await page.content()).not.toContain(secret);

    // The test event: refused once by the receiver, then delivered on the retry; the panel follows by itself.
    await row.getByRole('button', { name: 'Send test event to deploys' }).click();
    const deliveries = webhooks.deliveries('deploys');
    const testRow = deliveries.getByRole('row').filter({ hasText: 'webhook.test' });
    await expect(testRow).toContainText(/delivered\s*2 attempts, last: 204 · \d+ ms/);
    await deliveries.getByText('2 attempts').click();
    await expect(deliveries.getByRole('listitem')).toHaveText([
      /HTTP 500 Internal Server Error · \d+ ms/,
      /204 · \d+ ms/,
    ]);
    await expectAxeClean(page);
    expect(hook.got).toHaveLength(2);
    expect(hook.got[1]!.id).toBe(hook.got[0]!.id);
    expect(hook.got.every((g) => signedWith(secret, g))).toBe(true);

    // Off and on again.
    const enabled = row.getByRole('switch', { name: 'Enabled: deploys' });
    await enabled.uncheck();
    await expect(page.getByText('deploys receives nothing until enabled.')).toBeVisible();
    await enabled.check();
    await expect(enabled).toBeChecked();

    // A new secret, confirmed first, shown once; both sign for a day.
    await webhooks.confirm('Rotate secret of deploys', 'Rotate secret?', 'Rotate secret');
    const rotated = webhooks.secretDialog('New secret of deploys');
    await expect(rotated).toContainText('the previous secret signs too');
    const next = await rotated.getByLabel('Signing secret').inputValue();
    expect(next).not.toBe(secret);
    await rotated.getByRole('button', { name: 'Done' }).click();
    await expect(row).toContainText(`whsec_…${next.slice(-4)}`);

    await webhooks.confirm('Delete deploys', 'Delete webhook?', 'Delete webhook');
    await expect(page.getByRole('heading', { name: 'No webhooks yet' })).toBeVisible();
  } finally {
    hook.close();
  }
});
