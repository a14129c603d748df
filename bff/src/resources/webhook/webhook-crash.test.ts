// The sender killed mid-delivery (kill -9 of the real server process while the receiver holds
// the request): after a restart the delivery is sent again with the same Webhook-Id and body, so
// a receiver that dedupes on it acts once (at-least-once delivery, decision 215).
import { afterAll, describe, expect, it } from 'vitest';
import { engine } from '../../../test/harness.ts';
import { adminClient, eventually, serverProcesses } from '../../../test/process.ts';
import { closeReceivers, signedWith, startReceiver } from '../../../test/webhook-receiver.ts';

const servers = serverProcesses();
afterAll(closeReceivers);

async function start() {
  const p = servers.start({ WEBHOOK_ALLOW_PRIVATE: '1', WEBHOOK_FIRST_RETRY_MS: '20' });
  const base = await p.listening;
  return { p, call: await adminClient(base) };
}

describe(`a webhook sender killed mid-delivery (${engine})`, () => {
  it('sends the delivery again after a restart, with the same Webhook-Id and body', async () => {
    // The first request is held unanswered until the sender is gone; later ones are answered.
    const receiver = await startReceiver((_r, nth) => (nth === 1 ? 'hold' : 204));
    const first = await start();
    const project = (await first.call('POST', '/project', { name: 'kill-9' })).body;
    const hook = await first.call('POST', `/project/${project.id}/webhook`, {
      name: 'held',
      url: receiver.url,
      event_types: ['*'],
    });
    expect(hook.status).toBe(200);
    const queued = await first.call('POST', `/project/${project.id}/webhook/held/test`);
    expect(queued.status).toBe(200);
    const [held] = await receiver.waitFor(1);
    first.p.kill('SIGKILL');
    await first.p.exited;

    const second = await start();
    const got = await receiver.waitFor(2);
    expect(got.map((r) => r.id)).toEqual([queued.body.id, queued.body.id]);
    expect(got[1]!.body).toBe(held!.body);
    for (const r of got) expect(signedWith(hook.body.secret, r)).toBe(true);
    const delivered = await eventually(
      async () => {
        const d = (
          await second.call('GET', `/project/${project.id}/webhook/held/delivery/${queued.body.id}`)
        ).body;
        return d.state === 'delivered' ? d : undefined;
      },
      300,
      100,
    );
    // The attempt cut short by the kill was never recorded; the one after the restart was.
    expect(delivered.attempts).toEqual([
      { at: expect.any(String), status: 204, error: null, response_ms: expect.any(Number) },
    ]);
    console.info(
      `[faults] webhook kill -9 (${engine}): ${receiver.received.length} requests for one delivery, all with Webhook-Id ${queued.body.id}`,
    );
    second.p.kill('SIGTERM');
    expect(await second.p.exited).toBe(0);
  }, 90_000);
});
