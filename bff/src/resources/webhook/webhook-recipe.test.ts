// The README's webhook receiver, run as written: it verifies a real delivery, refuses a forged
// or stale one, and acts once on a repeated Webhook-Id.
import { spawn } from 'node:child_process';
import { createHmac } from 'node:crypto';
import fs from 'node:fs';
import net from 'node:net';
import os from 'node:os';
import path from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { serverForFile } from '../../../test/harness.ts';
import { newOwner, pollUntil } from '../../../test/fixtures.ts';
import { eventually } from '../../../test/process.ts';

const README = new URL('../../../../README.md', import.meta.url);

/** The first ```js block of the README's "Webhooks" section. */
function readmeRecipe(): string {
  const text = fs.readFileSync(README, 'utf8');
  const section = text.slice(text.indexOf('\n## Webhooks\n'));
  const match = /```js\n([\s\S]*?)```/.exec(section);
  if (!match) throw new Error('README.md has no js block in its Webhooks section');
  return match[1]!;
}

async function freePort(): Promise<number> {
  const s = net.createServer();
  await new Promise<void>((resolve) => s.listen(0, '127.0.0.1', resolve));
  const { port } = s.address() as net.AddressInfo;
  await new Promise((resolve) => s.close(resolve));
  return port;
}

const t = await serverForFile({ WEBHOOK_ALLOW_PRIVATE: '1', WEBHOOK_FIRST_RETRY_MS: '20' });
const children: ReturnType<typeof spawn>[] = [];
afterAll(() => children.forEach((c) => c.kill('SIGKILL')));

describe("the README's receiver", () => {
  it('verifies a delivery, refuses forged and stale requests with 401, and acts once per Webhook-Id', async () => {
    const a = await newOwner(t);
    const port = await freePort();
    const url = `http://127.0.0.1:${port}/`;
    const reg = await t.call('registerWebhook', {
      token: a.token,
      params: { project_id: a.project },
      body: { name: 'recipe', url, event_types: ['*'] },
    });
    expect(reg.status, reg.text).toBe(200);

    const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'recipe-'));
    const file = path.join(dir, 'receiver.mjs');
    fs.writeFileSync(file, readmeRecipe());
    const child = spawn(process.execPath, [file], {
      env: { PATH: process.env.PATH, WEBHOOK_SECRET: reg.body.secret, PORT: String(port) },
      stdio: ['ignore', 'pipe', 'pipe'],
    });
    children.push(child);
    let out = '';
    child.stdout!.on('data', (d) => (out += d));
    child.stderr!.on('data', (d) => (out += d));
    // Up once it accepts connections.
    await eventually(async () =>
      (await fetch(url, { method: 'POST', body: '{}' }).catch(() => undefined))?.status === 401
        ? true
        : undefined,
    );

    const sent = await t.call('testWebhook', {
      token: a.token,
      params: { project_id: a.project, webhook_reference: 'recipe' },
    });
    const done = await pollUntil(
      () =>
        t.call('getWebhookDelivery', {
          token: a.token,
          params: { project_id: a.project, webhook_reference: 'recipe', delivery_id: sent.body.id },
        }),
      (r) => r.status === 200 && r.body.state === 'delivered',
      'the test delivery',
    );
    expect(done.body.attempts.map((x: { status: number }) => x.status)).toEqual([204]);
    expect(out).toContain(`event ${sent.body.id} webhook.test`);

    // A request signed with the secret, sent again (as a retry is): accepted, acted on once.
    const key = Buffer.from(reg.body.secret.slice('whsec_'.length), 'base64');
    const post = (
      id: string,
      ts: number,
      body: string,
      sig = `v1,${createHmac('sha256', key).update(`${id}.${ts}.${body}`).digest('base64')}`,
    ) =>
      fetch(url, {
        method: 'POST',
        headers: {
          'webhook-id': id,
          'webhook-timestamp': String(ts),
          'webhook-signature': sig,
          'content-type': 'application/json',
        },
        body,
      }).then((r) => r.status);
    const now = Math.floor(Date.now() / 1000);
    const body = JSON.stringify({
      id: '7',
      type: 'vm.created',
      object: { id: 'vm1', kind: 'vm', name: 'a', location: null },
      state: null,
      at: '',
      project_id: a.project,
    });
    expect(await post('wd-again', now, body)).toBe(204);
    expect(await post('wd-again', now, body)).toBe(204);
    expect(out.match(/event wd-again vm\.created/g)).toHaveLength(1);
    expect(await post('wd-forged', now, body, 'v1,AAAA')).toBe(401);
    expect(await post('wd-stale', now - 600, body)).toBe(401);
    const other = `v1,${createHmac('sha256', Buffer.from('other')).update(`wd-x.${now}.${body}`).digest('base64')}`;
    expect(await post('wd-x', now, body, other)).toBe(401);
  });
});
