// The test clock (docs/testing.md, decision 292) over HTTP, on both engines: `advance
// {seconds}` moves everything the product times. Sessions idle out and reach their end (the
// instance's clock only), personal access tokens expire, a database takes its next day's
// backup, webhook retries run and give up at the end of their window, and a step waiting
// longer than `seconds` comes that much closer. A file of its own: the instance's advance ages
// every session of its server.
import { afterAll, describe, expect, it } from 'vitest';
import { SESSION_COOKIE } from '#shared/api/auth';
import { serverForFile, TEST_MODE_TOKEN, type TestServer } from '../../test/harness.ts';
import { createVm, newProject, pollUntil } from '../../test/fixtures.ts';
import { closeReceivers, startReceiver } from '../../test/webhook-receiver.ts';
import { pgAt, runningPg } from '../resources/postgres/postgres.fixtures.ts';

// Test mode is on in every test server.
const t = await serverForFile({
  WEBHOOK_ALLOW_PRIVATE: '1',
  // Retries wait an hour or more: only an advance runs them.
  WEBHOOK_FIRST_RETRY_MS: '3600000',
});
afterAll(closeReceivers);

const HOUR = 3600;
const DAY = 24 * HOUR;

/** A new account with a project of its own: its sessions are its own to age. */
async function owner(s: TestServer) {
  const account = await s.newAccount();
  return { ...account, project: await newProject(s, account.token) };
}

const advanceInstance = (seconds: number) =>
  t.call('advanceTestClockInstance', {
    headers: { 'test-mode-token': TEST_MODE_TOKEN },
    body: { seconds },
  });
const advanceProject = (token: string, project: string, seconds?: number) =>
  t.call('advanceTestClock', {
    token,
    params: { project_id: project },
    body: seconds === undefined ? {} : { seconds },
  });

/** The status of a request with the console's cookie session, and with the API's login JWT. */
async function sessionStatus(a: { cookie: string; token: string; project: string }) {
  const cookie = await t.request('GET', '/auth/session', {
    headers: { cookie: `${SESSION_COOKIE}=${a.cookie}` },
  });
  const bearer = await t.call('getProject', { token: a.token, params: { project_id: a.project } });
  return [cookie.status, bearer.status];
}

describe('the test clock', () => {
  it('ends a session idle for a day (cookie and JWT alike) when the instance clock passes it', async () => {
    const a = await owner(t);
    expect((await advanceInstance(23 * HOUR)).status).toBe(200);
    expect(await sessionStatus(a)).toEqual([200, 200]);
    // Used just now: idle again from here.
    expect((await advanceInstance(23 * HOUR)).status).toBe(200);
    expect(await sessionStatus(a)).toEqual([200, 200]);
    await advanceInstance(DAY);
    expect(await sessionStatus(a)).toEqual([401, 401]);
  });

  it('ends a session in use after 30 days', async () => {
    const a = await owner(t);
    // Twenty hours at a time, used after each: never idle for a day.
    for (let h = 20; h < 30 * 24; h += 20) {
      await advanceInstance(20 * HOUR);
      expect(await sessionStatus(a), `${h} hours`).toEqual([200, 200]);
    }
    await advanceInstance(20 * HOUR);
    expect(await sessionStatus(a)).toEqual([401, 401]);
  });

  it("leaves sessions alone on a project's advance: they are the account's", async () => {
    const a = await owner(t);
    expect((await advanceProject(a.token, a.project, 40 * DAY)).status).toBe(200);
    expect(await sessionStatus(a)).toEqual([200, 200]);
  });

  it('expires a personal access token once the clock passes its expiry', async () => {
    const a = await owner(t);
    const issued = await t.call('issueToken', {
      token: a.token,
      params: { project_id: a.project },
      body: {
        name: 'hour',
        role: 'admin',
        expires_at: new Date(Date.now() + HOUR * 1000).toISOString(),
      },
    });
    expect(issued.status, issued.text).toBe(200);
    const pat = issued.body.token;
    const use = () => t.call('getProject', { token: pat, params: { project_id: a.project } });
    await advanceProject(a.token, a.project, HOUR / 2);
    expect((await use()).status).toBe(200);
    await advanceProject(a.token, a.project, HOUR / 2);
    expect((await use()).status).toBe(401);
  });

  it('gives a database its next backup a day later, and keeps a week of them', async () => {
    const a = await owner(t);
    await runningPg(t, a.token, a.project, 'db');
    const backups = async () =>
      (await t.call('listPostgresBackups', { token: a.token, params: pgAt(a.project, 'db') })).body
        .items;
    const first = await backups();
    expect(first).toHaveLength(1);
    await advanceProject(a.token, a.project, DAY);
    const next = await backups();
    expect(next).toHaveLength(2);
    // Newest first: the first backup is a day older, the new one a day after it.
    expect(Date.parse(first[0]!.last_modified) - Date.parse(next[1]!.last_modified)).toBe(
      DAY * 1000,
    );
    expect(Date.parse(next[0]!.last_modified) - Date.parse(next[1]!.last_modified)).toBe(
      DAY * 1000,
    );
    // A week on, backups older than a week are gone.
    await advanceProject(a.token, a.project, 7 * DAY);
    const week = await backups();
    expect(week.length).toBeLessThanOrEqual(8);
    expect(Date.parse(week.at(-1)!.last_modified)).toBeGreaterThanOrEqual(
      Date.now() - 7 * DAY * 1000,
    );
  });

  it('runs a webhook retry now, and fails the delivery once its retry window has passed', async () => {
    const receiver = await startReceiver(() => 503);
    const a = await owner(t);
    const hook = await t.call('registerWebhook', {
      token: a.token,
      params: { project_id: a.project },
      body: { name: 'down', url: receiver.url, event_types: ['*'] },
    });
    expect(hook.status, hook.text).toBe(200);
    const ref = { project_id: a.project, webhook_reference: 'down' };
    const test = await t.call('testWebhook', { token: a.token, params: ref });
    expect(test.status, test.text).toBe(200);
    const delivery = () =>
      t.call('getWebhookDelivery', {
        token: a.token,
        params: { ...ref, delivery_id: test.body.id },
      });
    await receiver.waitFor(1);
    await pollUntil(delivery, (r) => r.body.attempts.length === 1, 'the first attempt');
    // The retry waits; advance runs it now, and the delivery still waits for the next.
    await advanceProject(a.token, a.project);
    await receiver.waitFor(2);
    const second = await pollUntil(delivery, (r) => r.body.attempts.length === 2, 'a retry');
    expect(second.body.state).toBe('pending');
    // A day on (WEBHOOK_RETRY_FOR_MS), the next attempt is the last.
    await advanceProject(a.token, a.project, DAY);
    const last = await pollUntil(delivery, (r) => r.body.state === 'failed', 'given up');
    expect(last.body.attempts).toHaveLength(3);
    expect(last.body.next_attempt_at).toBeNull();
  });

  it('brings a step that waits longer than `seconds` that much closer', async () => {
    const a = await owner(t);
    const p = { project_id: a.project };
    await t.call('updateTestSettings', {
      token: a.token,
      params: p,
      body: { delay_ms: 3_600_000 },
    });
    const vm = await createVm(t, a.token, a.project, 'web');
    // The first step runs at once; the next waits an hour.
    const waiting = () =>
      t.ctx.db
        .selectFrom('job')
        .select('run_at')
        .where('resource_id', '=', vm.id)
        .where('state', '=', 'pending')
        .executeTakeFirst();
    for (let i = 0; ; i++) {
      const job = await waiting();
      if (job && Date.parse(job.run_at) > Date.now() + (HOUR / 2 + 60) * 1000) break;
      if (i === 250) throw new Error('the step after the first never came to wait an hour');
      await new Promise((resolve) => setTimeout(resolve, 20));
    }
    expect((await advanceProject(a.token, a.project, HOUR / 2)).body).toEqual({ jobs_due: 0 });
    expect((await advanceProject(a.token, a.project, HOUR / 2)).body).toEqual({ jobs_due: 1 });
  });
});
