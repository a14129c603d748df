// Committed events make the webhook fan-out due at once only while a webhook is on (decision
// 249): with none on, a VM's create writes nothing for webhooks.
import { afterAll, describe, expect, it, onTestFinished } from 'vitest';
import { serverForFile } from '../../../test/harness.ts';
import { eventually } from '../../../test/process.ts';
import { createVm, newOwner, waitForVmState } from '../../../test/fixtures.ts';
import { closeReceivers, startReceiver } from '../../../test/webhook-receiver.ts';
import { FANOUT_JOB_ID, wakeFanoutForEvents } from './webhook.jobs.ts';

const t = await serverForFile({ WEBHOOK_ALLOW_PRIVATE: '1' });
afterAll(closeReceivers);
const { db } = t.ctx;

const fanoutJob = () =>
  db
    .selectFrom('job')
    .select(['state', 'run_at'])
    .where('id', '=', FANOUT_JOB_ID)
    .executeTakeFirst();
const LATER = '2999-01-01T00:00:00.000Z';

describe('waking the webhook fan-out for events', () => {
  it('writes nothing for events while no webhook is on', async () => {
    const a = await newOwner(t);
    // The VM's create and its settling commit events.
    await createVm(t, a.token, a.project, 'quiet');
    await waitForVmState(t, a.token, a.project, 'quiet', 'running');
    expect(await wakeFanoutForEvents(db)).toBe(false);
    expect(await fanoutJob()).toBeUndefined();
  });

  it('stays as it was while the only webhook is off, and is due as events commit once it is on', async () => {
    const a = await newOwner(t);
    const receiver = await startReceiver();
    const body = { name: 'later', url: receiver.url, event_types: ['*'], enabled: false };
    const res = await t.call('registerWebhook', {
      token: a.token,
      params: { project_id: a.project },
      body,
    });
    expect(res.status, res.text).toBe(200);
    // The job stays as this test leaves it: the worker does not run it meanwhile.
    await t.worker.stop();
    onTestFinished(() => t.worker.start());
    // The fan-out as it waits when idle: not due for a long time.
    const idle = () =>
      db.updateTable('job').set({ run_at: LATER }).where('id', '=', FANOUT_JOB_ID).execute();
    await idle();
    expect(await wakeFanoutForEvents(db)).toBe(false);
    expect((await fanoutJob())?.run_at).toBe(LATER);

    const on = await t.call('updateWebhook', {
      token: a.token,
      params: { project_id: a.project, webhook_reference: res.body.id },
      body: { enabled: true },
    });
    expect(on.status, on.text).toBe(200);
    await idle();
    // An event commits (the VM's creation; the stopped worker leaves the VM creating), and the fan-out is due.
    await createVm(t, a.token, a.project, 'seen');
    await eventually(async () =>
      Date.parse((await fanoutJob())!.run_at) <= Date.now() ? true : undefined,
    );
  });
});
