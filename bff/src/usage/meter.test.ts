import { describe, expect, it } from 'vitest';
import { hourly, vmSize } from '#shared/catalog';
import { monthRange, summarize, type UsageSpan } from '#shared/usage';
import { kindServers } from '../../test/harness.ts';
import {
  P,
  createVm,
  expectInvalid,
  newOwner,
  stranger,
  vmPath,
  waitForGone,
  waitForVmState,
} from '../../test/fixtures.ts';
import { ageSpans } from './meter.ts';

const { t } = await kindServers();

const spansOf = (resourceId: string) =>
  t.ctx.db
    .selectFrom('usage_span')
    .select(['resource_id', 'kind', 'name', 'hourly_usd', 'started_at', 'ended_at'])
    .where('resource_id', '=', resourceId)
    .execute() as Promise<UsageSpan[]>;

describe('the usage meter', () => {
  it('bills a VM per started hour from running until deleted, at its catalog price', async () => {
    const a = await newOwner(t);
    const vm = await createVm(t, a.token, a.project, 'metered', { size: 'standard-4' });
    // Not billed while it is being made.
    expect((await spansOf(vm.id)).filter((s) => s.ended_at === null)).toEqual([]);
    await waitForVmState(t, a.token, a.project, 'metered', 'running');
    const [open] = await spansOf(vm.id);
    expect(open).toMatchObject({ kind: 'vm', name: 'metered', ended_at: null });
    expect(open!.hourly_usd).toBeCloseTo(hourly(vmSize('standard-4')!.monthlyUsd), 10);

    // The test clock: an hour and a minute later, two started hours.
    await ageSpans(t.ctx.db, a.project, 3660);
    const now = Date.now();
    const month = new Date(now).toISOString().slice(0, 7);
    const usage = summarize(await spansOf(vm.id), monthRange(month)!, now, {
      credit: 0,
      discount: 0,
    });
    // A span aged across a month boundary counts only this month's hours.
    const hours = usage.resources[0]!.hours;
    expect(hours).toBeGreaterThanOrEqual(1);
    expect(hours).toBeLessThanOrEqual(2);

    const del = await t.request('DELETE', vmPath(a.project, 'metered'), { token: a.token });
    expect(del.status, del.text).toBe(204);
    await waitForGone(t, a.token, vmPath(a.project, 'metered'));
    const after = await spansOf(vm.id);
    expect(after).toHaveLength(1);
    expect(after[0]!.ended_at).not.toBeNull();
  });
});

describe('GET P/usage', () => {
  it('answers the month per resource and kind, with discount and credit', async () => {
    const a = await newOwner(t);
    const vm = await createVm(t, a.token, a.project, 'billed');
    await waitForVmState(t, a.token, a.project, 'billed', 'running');
    await ageSpans(t.ctx.db, a.project, 3600);
    await t.ctx.db
      .updateTable('project')
      .set({ discount: 10, credit: 0.01 })
      .where('id', '=', a.project)
      .execute();
    const res = await t.request('GET', `${P(a.project)}/usage`, { token: a.token });
    expect(res.status, res.text).toBe(200);
    const line = res.body.resources.find((r: { resource_id: string }) => r.resource_id === vm.id);
    expect(line).toMatchObject({ kind: 'vm', name: 'billed' });
    expect(line.hours).toBeGreaterThanOrEqual(1);
    expect(res.body.kinds).toEqual([{ kind: 'vm', amount_usd: res.body.subtotal_usd }]);
    expect(res.body.discount_usd).toBeCloseTo(res.body.subtotal_usd / 10, 3);
    expect(res.body.credit_usd).toBe(0.01);
    expect(res.body.month).toBe(new Date().toISOString().slice(0, 7));
    // The VM runs on to the month's end: at least the hour being billed now, never less than
    // what is due already.
    expect(res.body.forecast_usd).toBeGreaterThanOrEqual(res.body.total_usd);

    const old = await t.request('GET', `${P(a.project)}/usage?month=2001-01`, { token: a.token });
    expect(old.status, old.text).toBe(200);
    expect(old.body).toMatchObject({
      month: '2001-01',
      resources: [],
      total_usd: 0,
      forecast_usd: 0,
    });
  });

  it('refuses a malformed month, and answers a non-member 404', async () => {
    const a = await newOwner(t);
    for (const month of ['2026-13', '2026-1', 'now']) {
      const res = await t.request('GET', `${P(a.project)}/usage?month=${month}`, {
        token: a.token,
      });
      expectInvalid('current', res, 'month');
    }
    const b = await stranger(t);
    const res = await t.request('GET', `${P(a.project)}/usage`, { token: b.token });
    expect(res.status).toBe(404);
  });
});
