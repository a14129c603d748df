// A VM's day two (issue 30): its metrics, in the database metrics' shape, and resize through
// the worker, with the refusals that change nothing and the usage meter following the new size.
import { describe, expect, it } from 'vitest';
import { auditLogSchema } from '#shared/api/audit';
import { metricsSchema } from '#shared/api/postgres';
import { vmMetricsSchema, vmSchema } from '#shared/api/vm';
import { hourly, vmSize } from '#shared/catalog';
import { expectSchema, kindServers, type TestServer } from '../../../test/harness.ts';
import {
  at,
  createVm,
  expectCurrentError,
  expectInvalid,
  newOwner,
  waitForVmState,
} from '../../../test/fixtures.ts';
import { ageStoredTimes } from '../../testmode/clock.ts';

const { t, slow } = await kindServers();
const HOUR = 3_600_000;

const vmAt = (project: string, ref: string) => ({ ...at(project), vm_reference: ref });

/** Makes the VM look as if it had been made `msAgo` (its metrics start then). */
const madeSince = (id: string, msAgo: number) =>
  t.ctx.db
    .updateTable('vm')
    .set({ created_at: new Date(Date.now() - msAgo).toISOString() })
    .where('id', '=', id)
    .execute();

async function runningVm(server: TestServer, name: string, size = 'standard-2') {
  const a = await newOwner(server);
  const vm = await createVm(server, a.token, a.project, name, { size: size as 'standard-2' });
  await waitForVmState(server, a.token, a.project, name, 'running');
  return { a, vm: { ...vm, state: 'running' } };
}

/** What a refused resize must leave as it was: the record, the VM's jobs and its usage spans. */
async function snapshot(server: TestServer, token: string, project: string, id: string) {
  const vm = await server.call('getVm', {
    token,
    params: { project_id: project, location_name: 'eu-central-h1', vm_name: id },
  });
  const jobs = await server.ctx.db
    .selectFrom('job')
    .select(['kind'])
    .where('resource_id', '=', id)
    .execute();
  const spans = await server.ctx.db
    .selectFrom('usage_span')
    .select(['hourly_usd', 'started_at', 'ended_at'])
    .where('resource_id', '=', id)
    .orderBy('started_at')
    .execute();
  return { vm: vm.body, jobs: jobs.map((j) => j.kind).sort(), spans };
}

describe('VM metrics', () => {
  it('answers CPU, load, memory, disk, disk I/O and network in the database metrics’ shape, by name and by ID', async () => {
    const { a, vm } = await runningVm(t, 'watched');
    await madeSince(vm.id, 3 * 24 * HOUR);
    const res = await t.call('getVmMetrics', {
      token: a.token,
      params: vmAt(a.project, 'watched'),
    });
    expect(res.status, res.text).toBe(200);
    const { metrics } = expectSchema(vmMetricsSchema, res.body);
    // The same answer shape as GET …/postgres/{ref}/metrics.
    expectSchema(metricsSchema, res.body);
    expect(metrics.map((m) => [m.key, m.name, m.unit])).toEqual([
      ['cpu_usage', 'CPU Usage', '%'],
      ['load_average', 'Load Average', ''],
      ['memory_usage', 'Memory Usage', '%'],
      ['disk_usage', 'Disk Usage', '%'],
      ['disk_io', 'Disk I/O', 'IOPS'],
      ['network_traffic', 'Network Traffic', 'bytes/s'],
    ]);
    const byKey = Object.fromEntries(metrics.map((m) => [m.key, m]));
    expect(byKey.cpu_usage!.series.map((s) => s.labels)).toEqual(
      ['iowait', 'user', 'system', 'steal', 'softirq'].map((mode) => ({ vm: 'watched', mode })),
    );
    expect(byKey.network_traffic!.series.map((s) => s.labels.name)).toEqual([
      'Received',
      'Transmitted',
    ]);
    for (const m of metrics) {
      // The last half hour, a point a minute, values as strings.
      for (const s of m.series) {
        expect(s.values.length).toBeGreaterThanOrEqual(29);
        expect(s.values.length).toBeLessThanOrEqual(31);
        for (const [, v] of s.values) expect(Number(v)).toBeGreaterThanOrEqual(0);
      }
    }
    for (const s of byKey.memory_usage!.series)
      for (const [, v] of s.values) expect(Number(v)).toBeLessThanOrEqual(100);

    // By ID, the same series for the same range; a week of one key in at most about 240 points.
    const range = {
      start: new Date(Date.now() - 2 * HOUR).toISOString(),
      end: new Date(Date.now() - HOUR).toISOString(),
    };
    const byName = await t.call('getVmMetrics', {
      token: a.token,
      params: vmAt(a.project, 'watched'),
      query: range,
    });
    const byId = await t.call('getVmMetrics', {
      token: a.token,
      params: vmAt(a.project, vm.id),
      query: range,
    });
    expect(byId.status, byId.text).toBe(200);
    expect(byId.body).toEqual(byName.body);
    const week = await t.call('getVmMetrics', {
      token: a.token,
      params: vmAt(a.project, vm.id),
      query: { key: 'disk_usage', start: new Date(Date.now() - 7 * 24 * HOUR).toISOString() },
    });
    expect(week.body.metrics.map((m) => m.key)).toEqual(['disk_usage']);
    const points = week.body.metrics[0]!.series[0]!.values;
    expect(points.length).toBeLessThanOrEqual(241);
    // Nothing before the VM was made (three days ago).
    expect(points[0]![0] * 1000).toBeGreaterThanOrEqual(Date.now() - 3 * 24 * HOUR - HOUR);
  });

  it.each([
    ['a database’s key', { key: 'connection_count' }, 'key'],
    ['a malformed start', { start: 'yesterday' }, 'start'],
    [
      'an end before the start',
      {
        start: new Date(Date.now() - HOUR).toISOString(),
        end: new Date(Date.now() - 2 * HOUR).toISOString(),
      },
      'end',
    ],
  ])('refuses %s with a 400 naming it', async (_what, query, field) => {
    const a = await newOwner(slow);
    await createVm(slow, a.token, a.project, 'm');
    expectInvalid(
      'current',
      await slow.call('getVmMetrics', {
        token: a.token,
        params: vmAt(a.project, 'm'),
        query: query as Record<string, string>,
      }),
      field,
    );
  });
});

describe('VM resize', () => {
  it('resizes a running VM through resizing back to running, with its storage grown, and audits it', async () => {
    const { a, vm } = await runningVm(t, 'grow');
    expect(vm).toMatchObject({ size: 'standard-2', storage_size_gib: 40 });
    const res = await t.call('resizeVm', {
      token: a.token,
      params: vmAt(a.project, vm.id),
      body: { size: 'standard-8' },
    });
    expect(res.status, res.text).toBe(200);
    // Everything else as it was; the storage grows to the new size's smallest option.
    expect(expectSchema(vmSchema, res.body)).toEqual({
      ...vm,
      state: 'resizing',
      size: 'standard-8',
      storage_size_gib: 160,
    });
    const after = await waitForVmState(t, a.token, a.project, 'grow', 'running');
    expect(after).toMatchObject({ size: 'standard-8', storage_size_gib: 160 });
    const jobs = await t.ctx.db
      .selectFrom('job')
      .select(['kind', 'state'])
      .where('resource_id', '=', vm.id)
      .where('kind', '=', 'vm.resize')
      .execute();
    expect(jobs).toEqual([{ kind: 'vm.resize', state: 'done' }]);

    const log = await t.call('listAuditLog', {
      token: a.token,
      params: { project_id: a.project },
      query: { action: 'vm/resize' },
    });
    expect(log.status, log.text).toBe(200);
    expect(expectSchema(auditLogSchema, log.body).items).toMatchObject([
      { action: 'vm/resize', success: true, object: { id: vm.id, kind: 'vm', name: 'grow' } },
    ]);
  });

  it('keeps a storage the new size offers (80 GiB from standard-2 to standard-4)', async () => {
    const a = await newOwner(t);
    await createVm(t, a.token, a.project, 'big-disk', { size: 'standard-2', storage_size: 80 });
    await waitForVmState(t, a.token, a.project, 'big-disk', 'running');
    const res = await t.call('resizeVm', {
      token: a.token,
      params: vmAt(a.project, 'big-disk'),
      body: { size: 'standard-4' },
    });
    expect(res.status, res.text).toBe(200);
    expect(res.body).toMatchObject({ size: 'standard-4', storage_size_gib: 80 });
  });

  it('refuses a smaller, the same or another family’s size, and bad bodies, with a 400 that changes nothing', async () => {
    const { a, vm } = await runningVm(t, 'fixed', 'standard-4');
    const before = await snapshot(t, a.token, a.project, vm.id);
    const sizes = 'size must be one of standard-2, standard-4, standard-8, standard-16.';
    const cases: [unknown, string | undefined][] = [
      [{ size: 'standard-2' }, "size must not be smaller than the VM's size standard-4."],
      [{ size: 'standard-4' }, 'The VM is already standard-4.'],
      // A database's burstable size is no VM size (another family).
      [{ size: 'hobby-1' }, sizes],
      [{}, sizes],
      // Only the size is taken; the storage follows it.
      [{ size: 'standard-8', storage_size: 320 }, undefined],
    ];
    for (const [body, message] of cases) {
      const res = await t.call('resizeVm', {
        token: a.token,
        params: vmAt(a.project, 'fixed'),
        body: body as { size: 'standard-8' },
      });
      const err = expectCurrentError(res, 400, 'InvalidRequest');
      if (message) expect(err.details).toEqual({ size: message });
    }
    expect(await snapshot(t, a.token, a.project, vm.id)).toEqual(before);
  });

  it('refuses with 409 while the VM is not running, and changes nothing', async () => {
    // Still being made (the slow server's VMs stay creating).
    const s = await newOwner(slow);
    const made = await createVm(slow, s.token, s.project, 'young');
    const beforeCreating = await snapshot(slow, s.token, s.project, made.id);
    const creating = expectCurrentError(
      await slow.call('resizeVm', {
        token: s.token,
        params: vmAt(s.project, 'young'),
        body: { size: 'standard-4' },
      }),
      409,
      'Conflict',
    );
    expect(creating.message).toBe(
      'VM young is creating: it can be resized only while it is running.',
    );
    expect(await snapshot(slow, s.token, s.project, made.id)).toEqual(beforeCreating);

    // Stopped.
    const { a, vm } = await runningVm(t, 'off');
    await t.call('stopVm', { token: a.token, params: vmAt(a.project, 'off') });
    await waitForVmState(t, a.token, a.project, 'off', 'stopped');
    const before = await snapshot(t, a.token, a.project, vm.id);
    expectCurrentError(
      await t.call('resizeVm', {
        token: a.token,
        params: vmAt(a.project, 'off'),
        body: { size: 'standard-4' },
      }),
      409,
      'Conflict',
    );
    expect(await snapshot(t, a.token, a.project, vm.id)).toEqual(before);
  });

  it('bills the new size from the resize on', async () => {
    const { a, vm } = await runningVm(t, 'billed');
    const p2 = hourly(vmSize('standard-2')!.monthlyUsd);
    const p8 = hourly(vmSize('standard-8')!.monthlyUsd);
    const res = await t.call('resizeVm', {
      token: a.token,
      params: vmAt(a.project, 'billed'),
      body: { size: 'standard-8' },
    });
    expect(res.status, res.text).toBe(200);
    await waitForVmState(t, a.token, a.project, 'billed', 'running');
    const spans = (await snapshot(t, a.token, a.project, vm.id)).spans;
    expect(spans.map((s) => [s.hourly_usd, s.ended_at === null])).toEqual([
      [expect.closeTo(p2, 10), false],
      [expect.closeTo(p8, 10), true],
    ]);

    // Two hours later: the minutes before the resize are one started hour at standard-2's
    // price, every hour since at standard-8's.
    await ageStoredTimes(t.ctx.db, a.project, 2 * 3600);
    const usage = await t.call('getUsage', { token: a.token, params: { project_id: a.project } });
    expect(usage.status, usage.text).toBe(200);
    const line = usage.body.resources.find((r) => r.resource_id === vm.id)!;
    expect(line.hours).toBeGreaterThanOrEqual(3);
    expect(line.amount_usd).toBeCloseTo(p2 + (line.hours - 1) * p8, 2);
  });
});
