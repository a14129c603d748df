// Test mode (docs/testing.md) over HTTP, on both engines: absent without TEST_MODE=1 (every
// _test route the unknown route's 404, magic names ordinary); with it, failures on demand
// (magic names, fault rules) with their state_reason and retry, holds, delay and advance,
// the outbox over the network, and test accounts.
import { sql } from 'kysely';
import { describe, expect, it } from 'vitest';
import { testModeRoutes } from '#shared/api/test-mode';
import type { RouteDef } from '#shared/routes';
import { ConfigError, loadConfig } from '../config.ts';
import { serverForFile, routeUrl, type TestServer } from '../../test/harness.ts';
import {
  createLoadBalancer,
  createSubnet,
  createVm,
  expectCurrentError,
  inLoc,
  newOwner,
  newProject,
  pollUntil,
  waitForLoadBalancerState,
  waitForVmState,
} from '../../test/fixtures.ts';
import {
  createPg,
  pgAt,
  ranSince,
  runningPg,
  waitForPgState,
} from '../resources/postgres/postgres.fixtures.ts';

const TOKEN = 'test-mode-token-0123456789abcdef0123456789';
const testRoutes = (Object.entries(testModeRoutes) as [string, RouteDef][]).filter(
  ([op]) => op !== 'getInstanceInfo',
);

const off = await serverForFile({ TEST_MODE: '0' });
const t = await serverForFile({ TEST_MODE: '1', TEST_MODE_TOKEN: TOKEN, LOGIN_MAX_FAILURES: '2' });
const tokenHeader = { 'test-mode-token': TOKEN };

const withoutRequestId = (text: string) => text.replace(/"request_id":"[^"]*"/, '');
const getVm = (s: TestServer, token: string, project: string, name: string) =>
  s.call('getVm', { token, params: { ...inLoc(project), vm_name: name } });

describe('test mode off (the default)', () => {
  it('answers every _test route with the 404 of an unknown route, with or without credentials', async () => {
    const a = await newOwner(off);
    const unknown = await off.request('GET', '/api/no-such-route', { token: a.token });
    expect(unknown.status).toBe(404);
    for (const [op, r] of testRoutes) {
      const url = routeUrl(r, {
        project_id: a.project,
        fault_id: 'tf0000000000000000000000000',
        account_id: a.id,
        postgres_database_reference: 'pg',
      });
      const res = await off.request(r.method.toUpperCase(), url, {
        token: a.token,
        headers: tokenHeader,
        body: r.method === 'get' || r.method === 'delete' ? undefined : {},
      });
      expect(res.status, op).toBe(404);
      expect(withoutRequestId(res.text), op).toBe(withoutRequestId(unknown.text));
    }
    expect((await off.call('getInstanceInfo')).body).toEqual({ test_mode: false });
  });

  it('treats magic names as ordinary names', async () => {
    const a = await newOwner(off);
    await createVm(off, a.token, a.project, 'web-fail-create');
    const vm = await waitForVmState(off, a.token, a.project, 'web-fail-create', 'running');
    expect(vm.state_reason).toBeNull();
  });
});

describe('the settings', () => {
  it('refuses TEST_MODE=1 without a TEST_MODE_TOKEN of 32 characters or more', () => {
    expect(() => loadConfig({ TEST_MODE: '1' })).toThrow(ConfigError);
    expect(() => loadConfig({ TEST_MODE: '1' })).toThrow(/TEST_MODE_TOKEN/);
    expect(() => loadConfig({ TEST_MODE: '1', TEST_MODE_TOKEN: 'short' })).toThrow(
      'Invalid TEST_MODE_TOKEN: must be at least 32 characters',
    );
    expect(() => loadConfig({ TEST_MODE: 'yes', TEST_MODE_TOKEN: TOKEN })).toThrow(
      'Invalid TEST_MODE: must be 0 or 1',
    );
    expect(loadConfig({ TEST_MODE: '1', TEST_MODE_TOKEN: TOKEN }).testMode).toEqual({
      token: TOKEN,
    });
    expect(loadConfig({}).testMode).toBeUndefined();
  });

  it('tells the console that test mode is on', async () => {
    expect((await t.call('getInstanceInfo')).body).toEqual({ test_mode: true });
  });
});

describe('failures on demand', () => {
  it('fails a VM named …-fail-create with a reason; a retry fails it again (magic names always fail)', async () => {
    const a = await newOwner(t);
    await createVm(t, a.token, a.project, 'web-fail-create');
    const vm = await waitForVmState(t, a.token, a.project, 'web-fail-create', 'failed');
    expect(vm.state_reason).toMatch(
      /^Insufficient capacity: no host in eu-central-h1 can place a standard-2/,
    );
    const retry = await t.call('retryObject', {
      token: a.token,
      params: { project_id: a.project, object_id: vm.id },
    });
    expect(retry.status, retry.text).toBe(204);
    expect((await getVm(t, a.token, a.project, 'web-fail-create')).body.state).toMatch(
      /creating|failed/,
    );
    expect(
      (await waitForVmState(t, a.token, a.project, 'web-fail-create', 'failed')).state_reason,
    ).toBe(vm.state_reason);
  });

  it('fails …-fail-delete, …-fail-start (start and restart) and a database named …-fail-create', async () => {
    const a = await newOwner(t);
    await createVm(t, a.token, a.project, 'gone-fail-delete');
    await createVm(t, a.token, a.project, 'boot-fail-start');
    await waitForVmState(t, a.token, a.project, 'gone-fail-delete', 'running');
    await waitForVmState(t, a.token, a.project, 'boot-fail-start', 'running');
    expect(
      (
        await t.call('deleteVm', {
          token: a.token,
          params: { ...inLoc(a.project), vm_name: 'gone-fail-delete' },
        })
      ).status,
    ).toBe(204);
    expect(
      (await waitForVmState(t, a.token, a.project, 'gone-fail-delete', 'failed')).state_reason,
    ).toMatch(/disk could not be released/);
    const restart = await t.call('restartVm', {
      token: a.token,
      params: { project_id: a.project, location: 'eu-central-h1', vm_reference: 'boot-fail-start' },
    });
    expect(restart.status, restart.text).toBe(200);
    expect(
      (await waitForVmState(t, a.token, a.project, 'boot-fail-start', 'failed')).state_reason,
    ).toMatch(/did not come back after the restart/);
    await createPg(t, a.token, a.project, 'db-fail-create');
    const pg = await waitForPgState(t, a.token, a.project, 'db-fail-create', 'failed');
    expect(pg.state_reason).toMatch(/database server could not be provisioned/);
  });

  it('fails the delete of a database and of a cluster named …-fail-delete; a retry deletes again, and fails again', async () => {
    const a = await newOwner(t);
    await createPg(t, a.token, a.project, 'db-fail-delete', { size: 'hobby-1' });
    await waitForPgState(t, a.token, a.project, 'db-fail-delete', 'running');
    const cluster = {
      project_id: a.project,
      location: 'eu-central-h1',
      kubernetes_cluster_reference: 'k-fail-delete',
    };
    const made = await t.call('createKubernetesCluster', {
      token: a.token,
      params: cluster,
      body: {},
    });
    expect(made.status, made.text).toBe(200);
    const getCluster = () => t.call('getKubernetesCluster', { token: a.token, params: cluster });
    await pollUntil(getCluster, (r) => r.body.display_state === 'running', 'the cluster to run');

    const pgParams = {
      project_id: a.project,
      location: 'eu-central-h1',
      postgres_database_reference: 'db-fail-delete',
    };
    const deleted = await t.call('deletePostgresDatabase', { token: a.token, params: pgParams });
    expect(deleted.status, deleted.text).toBe(204);
    const pg = await waitForPgState(t, a.token, a.project, 'db-fail-delete', 'failed');
    expect(pg.state_reason).toMatch(/servers could not be released/);
    const gone = await t.call('deleteKubernetesCluster', { token: a.token, params: cluster });
    expect(gone.status, gone.text).toBe(204);
    const failed = await pollUntil(
      getCluster,
      (r) => r.body.display_state === 'failed',
      'the cluster to fail',
    );
    expect(failed.body.state_reason).toMatch(/nodes could not be released/);

    // Retried, each is deleting again, then fails again: a magic name always fails.
    const retry = await t.call('retryObject', {
      token: a.token,
      params: { project_id: a.project, object_id: pg.id },
    });
    expect(retry.status, retry.text).toBe(204);
    expect(
      (await waitForPgState(t, a.token, a.project, 'db-fail-delete', 'failed')).state_reason,
    ).toMatch(/servers could not be released/);
    expect((await getCluster()).status).toBe(200);
  });

  it('fails a load balancer named …-fail-create, and a cluster by a fault rule, each with its reason', async () => {
    const a = await newOwner(t);
    const ps = await createSubnet(t, a.token, a.project, 'net');
    await createLoadBalancer(t, a.token, a.project, 'front-fail-create', {
      private_subnet_id: ps.id,
      src_port: 80,
      dst_port: 8080,
    });
    expect(
      (await waitForLoadBalancerState(t, a.token, a.project, 'front-fail-create', 'failed'))
        .state_reason,
    ).toMatch(/no public IPv4 address is free in eu-central-h1/);
    await t.call('addTestFault', {
      token: a.token,
      params: { project_id: a.project },
      body: { kind: 'kubernetes', operation: 'create', reason: 'etcd is down (QA).' },
    });
    const made = await t.call('createKubernetesCluster', {
      token: a.token,
      params: {
        project_id: a.project,
        location: 'eu-central-h1',
        kubernetes_cluster_reference: 'k',
      },
      body: {},
    });
    expect(made.status, made.text).toBe(200);
    const get = () =>
      t.call('getKubernetesCluster', {
        token: a.token,
        params: {
          project_id: a.project,
          location: 'eu-central-h1',
          kubernetes_cluster_reference: 'k',
        },
      });
    const failed = await pollUntil(
      get,
      (r) => r.body.display_state === 'failed',
      'the cluster to fail',
    );
    expect(failed.body.state_reason).toBe('etcd is down (QA).');
  });

  it('fails by a fault rule as often as its count says; the retry then succeeds', async () => {
    const a = await newOwner(t);
    const p = { project_id: a.project };
    const add = await t.call('addTestFault', {
      token: a.token,
      params: p,
      body: { kind: 'vm', operation: 'create', reason: 'Quota of the region reached.', count: 1 },
    });
    expect(add.status, add.text).toBe(200);
    expect(add.body).toMatchObject({
      kind: 'vm',
      operation: 'create',
      reason: 'Quota of the region reached.',
      count: 1,
      probability: null,
    });
    expect((await t.call('listTestFaults', { token: a.token, params: p })).body.items).toEqual([
      add.body,
    ]);
    const vm = await createVm(t, a.token, a.project, 'web');
    expect((await waitForVmState(t, a.token, a.project, 'web', 'failed')).state_reason).toBe(
      'Quota of the region reached.',
    );
    // Used up: removed.
    expect((await t.call('listTestFaults', { token: a.token, params: p })).body.items).toEqual([]);
    expect(
      (await t.call('retryObject', { token: a.token, params: { ...p, object_id: vm.id } })).status,
    ).toBe(204);
    expect((await waitForVmState(t, a.token, a.project, 'web', 'running')).state_reason).toBeNull();
    // Nothing to retry now.
    expectCurrentError(
      await t.call('retryObject', { token: a.token, params: { ...p, object_id: vm.id } }),
      409,
      'Conflict',
    );
    expectCurrentError(
      await t.call('retryObject', {
        token: a.token,
        params: { ...p, object_id: 'vm0000000000000000000000000' },
      }),
      404,
      'ResourceNotFound',
    );
  });

  it('lists and removes rules; a rule without count fails until removed; bad rules are refused', async () => {
    const a = await newOwner(t);
    const p = { project_id: a.project };
    const rule = await t.call('addTestFault', {
      token: a.token,
      params: p,
      body: { kind: 'vm', operation: 'create' },
    });
    expect(rule.body.reason).toMatch(/^Insufficient capacity/);
    await createVm(t, a.token, a.project, 'one');
    await createVm(t, a.token, a.project, 'two');
    await waitForVmState(t, a.token, a.project, 'one', 'failed');
    await waitForVmState(t, a.token, a.project, 'two', 'failed');
    expect(
      (
        await t.call('removeTestFault', {
          token: a.token,
          params: { ...p, fault_id: rule.body.id },
        })
      ).status,
    ).toBe(204);
    expect(
      (
        await t.call('removeTestFault', {
          token: a.token,
          params: { ...p, fault_id: rule.body.id },
        })
      ).status,
    ).toBe(204);
    await createVm(t, a.token, a.project, 'three');
    await waitForVmState(t, a.token, a.project, 'three', 'running');
    for (const body of [
      { kind: 'dns', operation: 'create' },
      { kind: 'vm', operation: 'explode' },
      { kind: 'vm', operation: 'create', count: 0 },
      { kind: 'vm', operation: 'create', probability: 2 },
    ]) {
      expectCurrentError(
        await t.call('addTestFault', { token: a.token, params: p, invalidBody: body }),
        400,
        'InvalidRequest',
      );
    }
    expectCurrentError(
      await t.call('addTestFault', {
        token: a.token,
        params: p,
        body: { kind: 'vm', operation: 'create', count: 1, probability: 0.5 },
      }),
      400,
      'InvalidRequest',
    );
    expect((await t.call('listTestFaults', { token: a.token, params: p })).body.items).toEqual([]);
  });

  it('is for the project’s admins only: a member is refused, a stranger sees no project', async () => {
    const a = await newOwner(t);
    const member = await t.call('addTestAccount', {
      headers: tokenHeader,
      body: {
        email: `m-${a.project}@example.com`,
        password: 'correct horse battery',
        memberships: [{ project_id: a.project, role: 'member' }],
      },
    });
    expect(member.status, member.text).toBe(200);
    const token = await t.login(member.body.email, 'correct horse battery');
    expectCurrentError(
      await t.call('listTestFaults', { token, params: { project_id: a.project } }),
      403,
      'Unauthorized',
    );
    const other = await t.newAccount();
    expectCurrentError(
      await t.call('listTestFaults', { token: other.token, params: { project_id: a.project } }),
      404,
      'ResourceNotFound',
    );
  });
});

describe('time', () => {
  it('holds a named resource in creating until released', async () => {
    const a = await newOwner(t);
    const p = { project_id: a.project };
    const held = await t.call('holdTestTransitions', {
      token: a.token,
      params: p,
      body: { name: 'slow' },
    });
    expect(held.body.items.map((h) => h.target)).toEqual(['slow']);
    await createVm(t, a.token, a.project, 'slow');
    await createVm(t, a.token, a.project, 'fast');
    await waitForVmState(t, a.token, a.project, 'fast', 'running');
    // Advancing the clock leaves a held step alone.
    expect((await t.call('advanceTestClock', { token: a.token, params: p, body: {} })).status).toBe(
      200,
    );
    expect((await getVm(t, a.token, a.project, 'slow')).body.state).toBe('creating');
    const released = await t.call('releaseTestTransitions', {
      token: a.token,
      params: p,
      body: { name: 'slow' },
    });
    expect(released.body.items).toEqual([]);
    await waitForVmState(t, a.token, a.project, 'slow', 'running');
  });

  it('holds every transition of the project, or one resource by ID, until released', async () => {
    const a = await newOwner(t);
    const p = { project_id: a.project };
    await t.call('holdTestTransitions', { token: a.token, params: p, body: {} });
    // Holding again changes nothing.
    const again = await t.call('holdTestTransitions', { token: a.token, params: p, body: {} });
    expect(again.status, again.text).toBe(200);
    expect(again.body.items.map((h) => h.target)).toEqual(['*']);
    const vm = await createVm(t, a.token, a.project, 'web');
    const byId = await t.call('holdTestTransitions', {
      token: a.token,
      params: p,
      body: { resource_id: vm.id },
    });
    expect(byId.body.items.map((h) => h.target).sort()).toEqual(['*', vm.id].sort());
    expect((await t.call('advanceTestClock', { token: a.token, params: p, body: {} })).status).toBe(
      200,
    );
    expect((await getVm(t, a.token, a.project, 'web')).body.state).toBe('creating');
    expectCurrentError(
      await t.call('holdTestTransitions', {
        token: a.token,
        params: p,
        body: { resource_id: 'vm0000000000000000000000000' },
      }),
      404,
      'ResourceNotFound',
    );
    expectCurrentError(
      await t.call('holdTestTransitions', {
        token: a.token,
        params: p,
        invalidBody: { resource_id: vm.id, name: 'web' },
      }),
      400,
      'InvalidRequest',
    );
    await t.call('releaseTestTransitions', { token: a.token, params: p, body: {} });
    expect((await t.call('listTestHolds', { token: a.token, params: p })).body.items).toEqual([]);
    await waitForVmState(t, a.token, a.project, 'web', 'running');
  });

  it('runs a project at its own delay_ms; advance runs what waits now', async () => {
    const a = await newOwner(t);
    const p = { project_id: a.project };
    expect((await t.call('getTestSettings', { token: a.token, params: p })).body).toEqual({
      delay_ms: null,
    });
    expect(
      (
        await t.call('updateTestSettings', {
          token: a.token,
          params: p,
          body: { delay_ms: 3_600_000 },
        })
      ).body,
    ).toEqual({ delay_ms: 3_600_000 });
    expectCurrentError(
      await t.call('updateTestSettings', {
        token: a.token,
        params: p,
        invalidBody: { delay_ms: -1 },
      }),
      400,
      'InvalidRequest',
    );
    await createVm(t, a.token, a.project, 'web');
    // The first step runs at once; the next waits an hour, unless advanced.
    await pollUntil(
      async () => {
        await t.call('advanceTestClock', { token: a.token, params: p, body: {} });
        return getVm(t, a.token, a.project, 'web');
      },
      (r) => r.body.state === 'running',
      'web to run once advanced',
    );
  });

  it('ages invitations by `seconds`', async () => {
    const a = await newOwner(t);
    const p = { project_id: a.project };
    await t.call('inviteProjectMember', {
      token: a.token,
      params: p,
      body: { email: `later-${a.project}@example.com`, role: 'viewer' },
    });
    const before = (await t.call('listProjectInvitations', { token: a.token, params: p })).body
      .items[0]!.expires_at;
    await t.call('advanceTestClock', { token: a.token, params: p, body: { seconds: 86_400 } });
    const after = (await t.call('listProjectInvitations', { token: a.token, params: p })).body
      .items[0]!.expires_at;
    expect(Date.parse(before) - Date.parse(after)).toBe(86_400_000);
  });
});

describe('a database’s disk usage', () => {
  it('fixes what the metrics show and what a storage scale-down is checked against; null makes it unknown', async () => {
    const a = await newOwner(t);
    const pg = await runningPg(t, a.token, a.project, 'disk', { storage_size: 256 });
    // It has run for an hour: its charts have points.
    await ranSince(t, pg.id, 3_600_000);
    const setUsage = (disk_usage_percent: number | null) =>
      t.call('setTestDiskUsage', {
        token: a.token,
        params: { project_id: a.project, postgres_database_reference: 'disk' },
        body: { disk_usage_percent },
      });
    const shrink = (storage_size: number) =>
      t.call('patchPostgresDatabase', {
        token: a.token,
        params: pgAt(a.project, 'disk'),
        body: { storage_size },
      });
    const diskSeries = async () =>
      (
        await t.call('getPostgresMetrics', {
          token: a.token,
          params: pgAt(a.project, pg.id),
          query: { key: 'disk_usage' },
        })
      ).body.metrics[0]!.series.flatMap((s) => s.values.map((v) => v[1]));
    const target = async () =>
      (await t.call('getPostgresDatabase', { token: a.token, params: pgAt(a.project, 'disk') }))
        .body.target_storage_size_gib;

    // 90 % of 256 GiB is 230 GiB: more than 80 % of 128.
    expect((await setUsage(90)).body).toEqual({ postgres_id: pg.id, disk_usage_percent: 90 });
    expect(new Set(await diskSeries())).toEqual(new Set(['90.00']));
    const err = expectCurrentError(await shrink(128), 400, 'InvalidRequest');
    expect(err.details).toEqual({
      storage_size:
        'Insufficient storage size is requested. It is only possible to reduce the storage size if the current usage is less than 80% of the requested size.',
    });
    expect(await target()).toBe(256);

    // 40 % is 102.4 GiB: exactly 80 % of 128 (allowed, as the origin allows it), not of 64.
    await setUsage(40);
    expectCurrentError(await shrink(64), 400, 'InvalidRequest');
    const ok = await shrink(128);
    expect(ok.status, ok.text).toBe(200);
    expect(ok.body.target_storage_size_gib).toBe(128);

    // Unknown: nothing to check a scale-down against; the chart has no points.
    await setUsage(null);
    expect(await diskSeries()).toEqual([]);
    const unknown = expectCurrentError(await shrink(64), 400, 'InvalidRequest');
    expect(unknown.message).toBe('Metrics unavailable right now to verify scale down safety');
    // Growing needs no usage.
    expect((await shrink(256)).status).toBe(200);

    // Kept to a hundredth, on both engines (PostgreSQL's `real` refused 5e-324 with a 500).
    expect((await setUsage(5e-324)).body.disk_usage_percent).toBe(0);
    expect((await setUsage(33.333)).body.disk_usage_percent).toBe(33.33);
  });

  it('refuses a bad percent and a database of another project', async () => {
    const a = await newOwner(t);
    await createPg(t, a.token, a.project, 'mine', { size: 'hobby-1' });
    const b = await newOwner(t);
    for (const disk_usage_percent of [101, -1, '50'])
      expectCurrentError(
        await t.request('POST', `/api/project/${a.project}/_test/postgres/mine/disk-usage`, {
          token: a.token,
          body: { disk_usage_percent },
        }),
        400,
        'InvalidRequest',
      );
    expectCurrentError(
      await t.request('POST', `/api/project/${b.project}/_test/postgres/mine/disk-usage`, {
        token: b.token,
        body: { disk_usage_percent: 10 },
      }),
      404,
      'ResourceNotFound',
    );
  });
});

describe('the outbox over the network', () => {
  it('needs the test-mode token', async () => {
    expectCurrentError(await t.call('listTestOutbox'), 401, 'NotAuthenticated');
    expectCurrentError(
      await t.call('listTestOutbox', { headers: { 'test-mode-token': `${TOKEN}x` } }),
      401,
      'InvalidToken',
    );
    expect((await t.call('listTestOutbox', { headers: tokenHeader })).status).toBe(200);
  });

  it("shows a project's admins its invitations, filtered by address and time, with links on the console's origin", async () => {
    const a = await newOwner(t);
    const p = { project_id: a.project };
    const email = `invitee-${a.project}@example.com`;
    const start = new Date().toISOString();
    await t.call('inviteProjectMember', {
      token: a.token,
      params: p,
      body: { email, role: 'viewer' },
    });
    const mine = await t.call('listProjectTestOutbox', {
      token: a.token,
      params: p,
      query: { to: email, since: start },
    });
    expect(mine.body.items).toHaveLength(1);
    expect(mine.body.items[0]!.text).toContain(
      `${t.base}/signup?redirect=%2Fprojects%2F${a.project}`,
    );
    // Another project sees none of them.
    const other = await newProject(t, a.token, 'other');
    expect(
      (await t.call('listProjectTestOutbox', { token: a.token, params: { project_id: other } }))
        .body.items,
    ).toEqual([]);
    expect(
      (
        await t.call('listTestOutbox', {
          headers: tokenHeader,
          query: { to: email, since: new Date().toISOString() },
        })
      ).body.items,
    ).toEqual([]);
    expectCurrentError(
      await t.call('listTestOutbox', { headers: tokenHeader, query: { wait: '11' } as never }),
      400,
      'InvalidRequest',
    );
  });

  it('long-polls for the next mail, and is cleared', async () => {
    const a = await newOwner(t);
    const email = `next-${a.project}@example.com`;
    const since = new Date().toISOString();
    const waiting = t.call('listTestOutbox', {
      headers: tokenHeader,
      query: { to: email, since, wait: '10' } as never,
    });
    await t.call('inviteProjectMember', {
      token: a.token,
      params: { project_id: a.project },
      body: { email, role: 'viewer' },
    });
    const got = await waiting;
    expect(got.body.items.map((m) => m.to)).toEqual([email]);
    expect(
      (await t.call('clearTestOutbox', { headers: tokenHeader, query: { to: email } })).status,
    ).toBe(204);
    expect(
      (await t.call('listTestOutbox', { headers: tokenHeader, query: { to: email } })).body.items,
    ).toEqual([]);
  });
});

describe('test accounts', () => {
  it('makes a verified account with memberships, and deletes it', async () => {
    const a = await newOwner(t);
    const email = `qa-${a.project}@example.com`;
    const made = await t.call('addTestAccount', {
      headers: tokenHeader,
      body: {
        email,
        password: 'correct horse battery',
        memberships: [{ project_id: a.project, role: 'viewer' }],
      },
    });
    expect(made.status, made.text).toBe(200);
    expect(made.body).toMatchObject({
      email,
      memberships: [{ project_id: a.project, role: 'viewer' }],
    });
    const token = await t.login(email, 'correct horse battery');
    expect(
      (await t.call('getProjectMembership', { token, params: { project_id: a.project } })).body
        .role,
    ).toBe('viewer');
    expectCurrentError(
      await t.call('addTestAccount', {
        headers: tokenHeader,
        body: { email, password: 'correct horse battery' },
      }),
      409,
      'Conflict',
    );
    expectCurrentError(
      await t.call('addTestAccount', {
        body: { email: 'x@example.com', password: 'correct horse battery' },
      }),
      401,
      'NotAuthenticated',
    );
    expectCurrentError(
      await t.call('addTestAccount', {
        headers: tokenHeader,
        body: { email: 'weak@example.com', password: 'password' },
      }),
      400,
      'InvalidRequest',
    );
    expectCurrentError(
      await t.call('addTestAccount', {
        headers: tokenHeader,
        body: {
          email: 'lost@example.com',
          password: 'correct horse battery',
          memberships: [{ project_id: 'pj0000000000000000000000000', role: 'admin' }],
        },
      }),
      400,
      'InvalidRequest',
    );
    expect(
      (
        await t.call('deleteTestAccount', {
          headers: tokenHeader,
          params: { account_id: made.body.id },
        })
      ).status,
    ).toBe(204);
    expect(
      (await t.call('login', { body: { login: email, password: 'correct horse battery' } })).status,
    ).toBe(401);
    expect(
      (
        await t.call('deleteTestAccount', {
          headers: tokenHeader,
          params: { account_id: made.body.id },
        })
      ).status,
    ).toBe(204);
  });

  it("refuses to delete a project's only admin while it has other members", async () => {
    const admin = await t.call('addTestAccount', {
      headers: tokenHeader,
      body: { email: `boss-${Date.now()}@example.com`, password: 'correct horse battery' },
    });
    const token = await t.login(admin.body.email, 'correct horse battery');
    const project = await newProject(t, token, 'theirs');
    await t.call('addTestAccount', {
      headers: tokenHeader,
      body: {
        email: `staff-${project}@example.com`,
        password: 'correct horse battery',
        memberships: [{ project_id: project, role: 'member' }],
      },
    });
    expectCurrentError(
      await t.call('deleteTestAccount', {
        headers: tokenHeader,
        params: { account_id: admin.body.id },
      }),
      409,
      'Conflict',
    );
  });

  it('are not locked out by failed logins (LOGIN_MAX_FAILURES=2 here), unlike other accounts', async () => {
    const email = `locked-${Date.now()}@example.com`;
    await t.call('addTestAccount', {
      headers: tokenHeader,
      body: { email, password: 'correct horse battery' },
    });
    for (let i = 0; i < 4; i++)
      expect(
        (await t.call('login', { body: { login: email, password: 'wrong password!' } })).status,
      ).toBe(401);
    expect(await t.login(email, 'correct horse battery')).toBeTruthy();
    const other = await t.newAccount();
    const statuses = [];
    for (let i = 0; i < 3; i++)
      statuses.push(
        (await t.call('login', { body: { login: other.email, password: 'wrong password!' } }))
          .status,
      );
    expect(statuses).toEqual([401, 401, 429]);
  });
});

// A server of its own: the reset empties the whole instance.
const r = await serverForFile({
  TEST_MODE: '1',
  TEST_MODE_TOKEN: TOKEN,
  PROJECT_DELETE_WAIT_MS: '120000',
});

describe('the instance-wide reset', () => {
  it('deletes every project with all it holds, every account and the outbox, despite holds, faults and magic names', async () => {
    const a = await newOwner(r);
    const b = await newOwner(r);
    await createVm(r, a.token, a.project, 'keep-fail-delete');
    await waitForVmState(r, a.token, a.project, 'keep-fail-delete', 'running');
    await r.call('holdTestTransitions', {
      token: b.token,
      params: { project_id: b.project },
      body: {},
    });
    await createVm(r, b.token, b.project, 'held');
    await r.call('addTestFault', {
      token: a.token,
      params: { project_id: a.project },
      body: { kind: 'vm', operation: 'delete' },
    });
    await r.call('addTestAccount', {
      headers: tokenHeader,
      body: { email: 'qa-reset@example.com', password: 'correct horse battery' },
    });

    expectCurrentError(await r.call('resetTestInstance', {}), 401, 'NotAuthenticated');
    expect(await r.ctx.db.selectFrom('project').select('id').execute()).not.toHaveLength(0);

    const reset = await r.call('resetTestInstance', { headers: tokenHeader });
    expect(reset.status, reset.text).toBe(200);
    // The owner of both projects (one account a server in the fixtures) and the test account.
    expect(reset.body).toEqual({ projects: 2, accounts: 2, complete: true });
    for (const table of [
      'project',
      'account',
      'vm',
      'mail_outbox',
      'test_fault',
      'test_hold',
    ] as const)
      expect(
        await r.ctx.db
          .selectFrom(table)
          .select(sql`1`.as('x'))
          .execute(),
        table,
      ).toEqual([]);
    expect((await r.call('listProjects', { token: a.token })).status).toBe(401);
  });
});

describe('token sign-in in the console', () => {
  const origin = (s: TestServer) => ({ origin: s.base });

  it('opens the account’s own console session from a personal access token', async () => {
    expect((await t.request('GET', '/auth/methods')).body).toEqual({ password: true, token: true });
    const a = await newOwner(t);
    const issued = await t.request('POST', `/api/project/${a.project}/token`, {
      token: a.token,
      body: { name: 'qa', role: 'viewer' },
    });
    expect(issued.status, issued.text).toBe(200);
    for (const token of [issued.body.token as string]) {
      const res = await t.request('POST', '/auth/token-login', {
        body: { token },
        headers: origin(t),
      });
      expect(res.status, res.text).toBe(200);
      expect(res.body).toEqual({ account: { id: a.id, email: a.email } });
      const cookie = res.headers.get('set-cookie')!.split(';')[0]!;
      const session = await t.request('GET', '/auth/session', { headers: { cookie } });
      expect(session.status, session.text).toBe(200);
      expect(session.body.account.email).toBe(a.email);
    }
  });

  it('refuses a token that is not live, a cross-site request, and any token with test mode off', async () => {
    const a = await newOwner(t);
    const issue = async (s: TestServer, o: { token: string; project: string }) =>
      (
        await s.request('POST', `/api/project/${o.project}/token`, {
          token: o.token,
          body: { name: 'qa', role: 'viewer' },
        })
      ).body.token as string;
    const live = await issue(t, a);
    const dead = await t.request('POST', '/auth/token-login', {
      body: { token: `${live}x` },
      headers: origin(t),
    });
    expect(dead.status, dead.text).toBe(401);
    expect(dead.headers.get('set-cookie')).toBeNull();
    const crossSite = await t.request('POST', '/auth/token-login', {
      body: { token: live },
      headers: { origin: 'https://evil.example' },
    });
    expect(crossSite.status).toBe(403);
    expect(crossSite.headers.get('set-cookie')).toBeNull();

    const b = await newOwner(off);
    expect((await off.request('GET', '/auth/methods')).body).toEqual({
      password: true,
      token: false,
    });
    const refused = await off.request('POST', '/auth/token-login', {
      body: { token: await issue(off, b) },
      headers: origin(off),
    });
    expect(refused.status).toBe(400);
    expect(refused.headers.get('set-cookie')).toBeNull();
  });
});
