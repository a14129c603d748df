// The spend alert (issue 30): admins read, set and clear a threshold; its crossing is mailed
// to the project's admins and evented once a month per threshold.
import { describe, expect, it } from 'vitest';
import { serverForFile } from '../../test/harness.ts';
import {
  createVm,
  expectCurrentError,
  expectInvalid,
  memberWith,
  newOwner,
  pollUntil,
  stranger,
  waitForVmState,
} from '../../test/fixtures.ts';
import { ageStoredTimes } from '../testmode/clock.ts';
import { checkSpendAlerts } from './spend-alert.ts';

const t = await serverForFile();
type Owner = Awaited<ReturnType<typeof newOwner>>;

const params = (a: Owner) => ({ project_id: a.project });
const getAlert = (a: Owner, token = a.token) =>
  t.call('getSpendAlert', { token, params: params(a) });
const setAlert = (a: Owner, body: unknown, token = a.token) =>
  t.call('setSpendAlert', { token, params: params(a), body: body as { threshold_usd: number } });
const clearAlert = (a: Owner, token = a.token) =>
  t.call('deleteSpendAlert', { token, params: params(a) });

const mailsOf = (project: string) =>
  t.ctx.db
    .selectFrom('mail_outbox')
    .select(['to_address', 'subject', 'text'])
    .where('project_id', '=', project)
    .orderBy('to_address')
    .execute();
const alertEvents = (project: string) =>
  t.ctx.db
    .selectFrom('event')
    .select(['type', 'state', 'object_id'])
    .where('project_id', '=', project)
    .where('object_kind', '=', 'spendAlert')
    .orderBy('seq')
    .execute();

/** Waits until the project's mails number `n`. */
async function mailsUntil(project: string, n: number) {
  const res = await pollUntil(
    async () => {
      const body = await mailsOf(project);
      return { status: 200, body, text: JSON.stringify(body) } as never;
    },
    (r: { body: unknown[] }) => r.body.length >= n,
    `${n} spend alert mails`,
    // The mail is sent by two jobs in turn: allow for a machine that is busy.
    1500,
  );
  return (res as unknown as { body: Awaited<ReturnType<typeof mailsOf>> }).body;
}

/** A project with a VM billed for a few hours: its month's total is above zero. */
async function spending() {
  const a = await newOwner(t);
  await createVm(t, a.token, a.project, 'spender');
  await waitForVmState(t, a.token, a.project, 'spender', 'running');
  // Three hours into the month at least (a span aged past the month's start counts from it).
  await ageStoredTimes(t.ctx.db, a.project, 3 * 3600);
  const usage = await t.call('getUsage', { token: a.token, params: params(a) });
  expect(usage.body.total_usd).toBeGreaterThan(0);
  return { a, total: usage.body.total_usd as number };
}

describe('the spend alert routes', () => {
  it('reads none, sets, reads, changes and clears a threshold (clearing twice is fine)', async () => {
    const a = await newOwner(t);
    expect((await getAlert(a)).body).toEqual({ threshold_usd: null, alerted_month: null });
    const set = await setAlert(a, { threshold_usd: 50 });
    expect(set.status, set.text).toBe(200);
    expect(set.body).toEqual({ threshold_usd: 50, alerted_month: null });
    expect((await setAlert(a, { threshold_usd: 75.5 })).body.threshold_usd).toBe(75.5);
    expect((await getAlert(a)).body).toEqual({ threshold_usd: 75.5, alerted_month: null });
    expect((await clearAlert(a)).status).toBe(204);
    expect((await clearAlert(a)).status).toBe(204);
    expect((await getAlert(a)).body.threshold_usd).toBeNull();
    // Set, changed and cleared: the project's events say so.
    expect((await alertEvents(a.project)).map((e) => e.type)).toEqual([
      'spendAlert.created',
      'spendAlert.updated',
      'spendAlert.deleted',
    ]);
  });

  it('refuses a threshold that is not a positive amount, and changes nothing', async () => {
    const a = await newOwner(t);
    await setAlert(a, { threshold_usd: 10 });
    for (const body of [
      { threshold_usd: 0 },
      { threshold_usd: -5 },
      { threshold_usd: '12' },
      { threshold_usd: 2_000_000 },
      {},
    ]) {
      const res = await setAlert(a, body);
      expectInvalid('current', res, 'threshold_usd');
    }
    expectInvalid('current', await setAlert(a, { threshold_usd: 5, extra: 1 }), 'extra');
    expect((await getAlert(a)).body.threshold_usd).toBe(10);
  });

  it('is for admins only: members and viewers get 403, a non-member 404', async () => {
    const a = await newOwner(t);
    await setAlert(a, { threshold_usd: 10 });
    for (const role of ['member', 'viewer'] as const) {
      const { token } = await memberWith(t, a, role);
      expectCurrentError(await getAlert(a, token), 403, 'Unauthorized');
      expectCurrentError(await setAlert(a, { threshold_usd: 1 }, token), 403, 'Unauthorized');
      expectCurrentError(await clearAlert(a, token), 403, 'Unauthorized');
      // Every member still reads the usage itself.
      expect((await t.call('getUsage', { token, params: params(a) })).status).toBe(200);
    }
    const other = await stranger(t);
    expect((await getAlert(a, other.token)).status).toBe(404);
    expect((await setAlert(a, { threshold_usd: 1 }, other.token)).status).toBe(404);
    expect((await getAlert(a)).body.threshold_usd).toBe(10);
  });
});

describe('crossing the threshold', () => {
  it('mails every admin and writes one event, once however often it is looked at', async () => {
    const { a, total } = await spending();
    const admin2 = await memberWith(t, a, 'admin');
    const member = await memberWith(t, a, 'member');
    // Under the spend: nothing.
    await setAlert(a, { threshold_usd: total * 100 });
    await checkSpendAlerts(t.ctx.db);
    expect(await mailsOf(a.project)).toEqual([]);

    // At or under what is spent: crossed at once (the job looks when a threshold is set).
    const set = await setAlert(a, { threshold_usd: total / 2 });
    expect(set.status, set.text).toBe(200);
    const mails = await mailsUntil(a.project, 2);
    expect(mails.map((m) => m.to_address).sort()).toEqual([a.email, admin2.email].sort());
    expect(mails.map((m) => m.to_address)).not.toContain(member.email);
    expect(mails[0]!.subject).toContain('Spend alert');
    expect(mails[0]!.text).toContain(`/projects/${a.project}/usage`);

    // Looked at again, and the test clock moved on: still one mail each, one crossing event.
    await checkSpendAlerts(t.ctx.db);
    const advanced = await t.call('advanceTestClock', {
      token: a.token,
      params: params(a),
      body: { seconds: 3600 },
    });
    expect(advanced.status, advanced.text).toBe(200);
    await checkSpendAlerts(t.ctx.db);
    expect(await mailsOf(a.project)).toHaveLength(2);
    const crossed = (await alertEvents(a.project)).filter(
      (e) => e.type === 'spendAlert.state_changed',
    );
    expect(crossed).toEqual([
      { type: 'spendAlert.state_changed', state: 'crossed', object_id: a.project },
    ]);
    const month = new Date().toISOString().slice(0, 7);
    expect((await getAlert(a)).body).toMatchObject({ alerted_month: month });

    // The same threshold set again is not a new one.
    await setAlert(a, { threshold_usd: total / 2 });
    await checkSpendAlerts(t.ctx.db);
    expect(await mailsOf(a.project)).toHaveLength(2);

    // A new threshold, crossed too: mailed once more.
    await setAlert(a, { threshold_usd: total / 4 });
    await mailsUntil(a.project, 4);
    await checkSpendAlerts(t.ctx.db);
    expect(await mailsOf(a.project)).toHaveLength(4);
  });

  it('is armed again in a new month', async () => {
    const { a, total } = await spending();
    await setAlert(a, { threshold_usd: total / 2 });
    await mailsUntil(a.project, 1);
    // As if the crossing had been last month's.
    await t.ctx.db
      .updateTable('spend_alert')
      .set({ alerted_month: '2001-01' })
      .where('project_id', '=', a.project)
      .execute();
    // Looked at here, or by the job woken when the threshold was set: mailed once more.
    await checkSpendAlerts(t.ctx.db);
    expect(await mailsUntil(a.project, 2)).toHaveLength(2);
    expect(
      (await alertEvents(a.project))
        .filter((e) => e.type === 'spendAlert.state_changed')
        .map((e) => e.state),
    ).toEqual(['crossed', 'armed', 'crossed']);
  });

  it('is not mailed once cleared', async () => {
    const { a, total } = await spending();
    await setAlert(a, { threshold_usd: total * 10 });
    await clearAlert(a);
    await ageStoredTimes(t.ctx.db, a.project, 100 * 3600);
    await checkSpendAlerts(t.ctx.db);
    expect(await mailsOf(a.project)).toEqual([]);
  });
});
