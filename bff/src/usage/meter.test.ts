import { describe, expect, it } from 'vitest';
import { hourly, IPV4_MONTHLY_USD, postgresMonthlyUsd, vmSize } from '#shared/catalog';
import { monthRange, summarize, type UsageSpan } from '#shared/usage';
import { kindServers } from '../../test/harness.ts';
import { runningPg } from '../resources/postgres/postgres.fixtures.ts';
import {
  P,
  at,
  createVm,
  expectInvalid,
  newOwner,
  pollUntil,
  stranger,
  vmPath,
  waitForGone,
  waitForVmState,
} from '../../test/fixtures.ts';
import { ageStoredTimes } from '../testmode/clock.ts';

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
    await ageStoredTimes(t.ctx.db, a.project, 3660);
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

  it('bills a VM’s public IPv4 address with it, as the create form prices it', async () => {
    const a = await newOwner(t);
    const vm = await createVm(t, a.token, a.project, 'with-ip4', {
      size: 'standard-2',
      enable_ip4: true,
    });
    await waitForVmState(t, a.token, a.project, 'with-ip4', 'running');
    const [open] = await spansOf(vm.id);
    expect(open!.hourly_usd).toBeCloseTo(
      hourly(vmSize('standard-2')!.monthlyUsd + IPV4_MONTHLY_USD),
      10,
    );
  });
});

const openSpans = (projectId: string) =>
  t.ctx.db
    .selectFrom('usage_span')
    .select(['resource_id', 'kind', 'name', 'hourly_usd'])
    .where('project_id', '=', projectId)
    .where('ended_at', 'is', null)
    .execute();

describe('the usage meter, for what runs on VMs', () => {
  it('bills a database once, its servers in its price, not again as VMs', async () => {
    const a = await newOwner(t);
    const pg = await runningPg(t, a.token, a.project, 'db', { ha_type: 'async' });
    const spans = await openSpans(a.project);
    expect(spans).toHaveLength(1);
    expect(spans[0]).toMatchObject({ resource_id: pg.id, kind: 'postgres', name: 'db' });
    expect(spans[0]!.hourly_usd).toBeCloseTo(
      hourly(postgresMonthlyUsd('standard-2', pg.storage_size_gib, 'async')),
      10,
    );
  });

  it('bills a Kubernetes cluster at the VM price of each of its nodes, as one line', async () => {
    const a = await newOwner(t);
    const ref = { ...at(a.project), kubernetes_cluster_reference: 'kc' };
    const made = await t.call('createKubernetesCluster', { token: a.token, params: ref, body: {} });
    expect(made.status, made.text).toBe(200);
    const res = await pollUntil(
      () => t.call('getKubernetesCluster', { token: a.token, params: ref }),
      (r) =>
        r.status === 200 &&
        r.body.display_state === 'running' &&
        [...r.body.cp_vms, ...r.body.nodepools.flatMap((p: { vms: unknown[] }) => p.vms)].every(
          (v: { state: string }) => v.state === 'running',
        ),
      'cluster kc running',
      500,
    );
    const kc = res.body;
    const nodes =
      kc.cp_vms.length * hourly(vmSize(kc.node_size)!.monthlyUsd) +
      kc.nodepools.reduce(
        (sum: number, p: { node_size: string; vms: unknown[] }) =>
          sum + p.vms.length * hourly(vmSize(p.node_size)!.monthlyUsd),
        0,
      );
    const spans = await openSpans(a.project);
    expect(spans.map((s) => [s.resource_id, s.kind, s.name])).toEqual([
      [kc.id, 'kubernetes_cluster', 'kc'],
    ]);
    expect(spans[0]!.hourly_usd).toBeCloseTo(nodes, 10);
    const usage = await t.call('getUsage', { token: a.token, params: { project_id: a.project } });
    expect(usage.body.resources).toMatchObject([
      { resource_id: kc.id, kind: 'kubernetes_cluster', hours: 1 },
    ]);
  });

  it('closes the spans of a project emptied by a forced delete; their hours stay billed', async () => {
    const a = await newOwner(t);
    const vm = await createVm(t, a.token, a.project, 'doomed');
    await waitForVmState(t, a.token, a.project, 'doomed', 'running');
    await runningPg(t, a.token, a.project, 'doomed-db');
    expect(await openSpans(a.project)).toHaveLength(2);
    const del = await t.call('deleteProject', {
      token: a.token,
      params: { project_id: a.project },
      query: { force: 'true' } as { force: 'true' },
    });
    expect([202, 204], del.text).toContain(del.status);
    await pollUntil(
      async () => {
        const spans = await t.ctx.db
          .selectFrom('usage_span')
          .select(['ended_at'])
          .where('project_id', '=', a.project)
          .execute();
        return { status: 200, body: spans, text: JSON.stringify(spans) } as never;
      },
      (r: { body: { ended_at: string | null }[] }) =>
        r.body.length === 2 && r.body.every((s) => s.ended_at !== null),
      'every span closed',
      500,
    );
    expect((await spansOf(vm.id))[0]!.ended_at).not.toBeNull();
  });
});

describe('GET P/usage', () => {
  it('answers the month per resource and kind, with discount and credit', async () => {
    const a = await newOwner(t);
    const vm = await createVm(t, a.token, a.project, 'billed');
    await waitForVmState(t, a.token, a.project, 'billed', 'running');
    await ageStoredTimes(t.ctx.db, a.project, 3600);
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
