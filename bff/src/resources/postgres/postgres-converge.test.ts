// The origin takes restart, recycle, PATCH, promote and delete of a database in any state and
// lets its control plane converge (audit rows 5 and 14, decision 263). Here each interleaving
// runs with the worker held still while the second request arrives, so the first cannot finish
// before it; then the worker runs and the database must end where the requests, in order, ask:
// nothing lost, nothing stuck (no job left unfinished, no action left pending).
import { describe, expect, it } from 'vitest';
import { kindServers } from '../../../test/harness.ts';
import { newOwner, waitForGone } from '../../../test/fixtures.ts';
import { getPg, pgAt, pgPath, runningPg, waitForPgState } from './postgres.fixtures.ts';

const { t } = await kindServers();

/** The data-plane calls made for the database, in order. */
async function calls(id: string) {
  const rows = await t.ctx.db
    .selectFrom('sim_call')
    .select(['operation', 'created_at'])
    .where('resource_id', '=', id)
    .orderBy('created_at')
    .execute();
  return rows.map((r) => r.operation);
}

/** Nothing waits: every job of the database is done and no action is pending. */
async function expectSettled(id: string) {
  const open = await t.ctx.db
    .selectFrom('job')
    .select(['kind', 'state'])
    .where('resource_id', '=', id)
    .where('state', '=', 'pending')
    .execute();
  expect(open).toEqual([]);
  const row = await t.ctx.db
    .selectFrom('postgres')
    .select('pending_actions')
    .where('id', '=', id)
    .executeTakeFirst();
  if (row) expect(row.pending_actions).toBe('[]');
}

/** Runs `first`, then `second` while the worker holds still, then lets it run. */
async function interleave(
  first: () => Promise<{ status: number }>,
  second: () => Promise<{ status: number }>,
) {
  await t.worker.stop();
  try {
    const a = await first();
    expect(a.status).toBeLessThan(300);
    const b = await second();
    expect(b.status).toBeLessThan(300);
  } finally {
    await t.worker.start();
  }
}

describe('requests that arrive while a database is busy converge', () => {
  it('restart during a resize: the resize finishes, then the restart runs', async () => {
    const a = await newOwner(t);
    const pg = await runningPg(t, a.token, a.project, 'db', {
      size: 'standard-2',
      storage_size: 64,
    });
    const at = pgAt(a.project, 'db');
    await interleave(
      () =>
        t.call('patchPostgresDatabase', {
          token: a.token,
          params: at,
          body: { size: 'standard-4', storage_size: 128 },
        }),
      () => t.call('restartPostgresDatabase', { token: a.token, params: at }),
    );
    const done = await waitForPgState(t, a.token, a.project, 'db', 'running');
    expect(done).toMatchObject({ vm_size: 'standard-4', storage_size_gib: 128 });
    expect(await calls(pg.id)).toEqual(['createPostgres', 'updatePostgres', 'restartPostgres']);
    await expectSettled(pg.id);
  });

  it('PATCH during a restart: the restart finishes, then the servers take the new size', async () => {
    const a = await newOwner(t);
    const pg = await runningPg(t, a.token, a.project, 'db', { size: 'hobby-1' });
    const at = pgAt(a.project, 'db');
    await interleave(
      () => t.call('restartPostgresDatabase', { token: a.token, params: at }),
      () =>
        t.call('patchPostgresDatabase', {
          token: a.token,
          params: at,
          body: { size: 'hobby-2', storage_size: 32, ha_type: 'async' },
        }),
    );
    const done = await waitForPgState(t, a.token, a.project, 'db', 'running');
    expect(done).toMatchObject({
      vm_size: 'hobby-2',
      storage_size_gib: 32,
      ha_type: 'async',
      target_server_count: 2,
    });
    const servers = (await t.call('listPostgresServers', { token: a.token, params: at })).body
      .items;
    expect(servers.map((s) => [s.role, s.vm_size, s.storage_size_gib, s.state])).toEqual([
      ['primary', 'hobby-2', 32, 'running'],
      ['standby', 'hobby-2', 32, 'running'],
    ]);
    expect(await calls(pg.id)).toEqual(['createPostgres', 'restartPostgres', 'updatePostgres']);
    await expectSettled(pg.id);
  });

  it('recycle during a restart: the restart finishes, then new servers replace the old', async () => {
    const a = await newOwner(t);
    const pg = await runningPg(t, a.token, a.project, 'db', { size: 'hobby-1' });
    const at = pgAt(a.project, 'db');
    const before = (
      await t.call('listPostgresServers', { token: a.token, params: at })
    ).body.items.map((s) => s.id);
    await interleave(
      () => t.call('restartPostgresDatabase', { token: a.token, params: at }),
      () => t.call('recyclePostgresDatabase', { token: a.token, params: at }),
    );
    await waitForPgState(t, a.token, a.project, 'db', 'running');
    const after = (await t.call('listPostgresServers', { token: a.token, params: at })).body.items;
    expect(after.map((s) => s.role)).toEqual(['primary']);
    expect(before).not.toContain(after[0]!.id);
    expect(await calls(pg.id)).toEqual(['createPostgres', 'restartPostgres', 'updatePostgres']);
    await expectSettled(pg.id);
  });

  it('delete during a restart: the database goes with its servers; the restart is dropped', async () => {
    const a = await newOwner(t);
    const pg = await runningPg(t, a.token, a.project, 'db', { size: 'hobby-1' });
    const at = pgAt(a.project, 'db');
    await interleave(
      () => t.call('restartPostgresDatabase', { token: a.token, params: at }),
      () => t.call('deletePostgresDatabase', { token: a.token, params: at }),
    );
    await waitForGone(t, a.token, pgPath(a.project, 'db'));
    expect(
      await t.ctx.db.selectFrom('vm').select('id').where('project_id', '=', a.project).execute(),
    ).toEqual([]);
    await expectSettled(pg.id);
  });

  it('restart, recycle and a PATCH during a resize run once each, in the order asked; a repeated action is not repeated', async () => {
    const a = await newOwner(t);
    const pg = await runningPg(t, a.token, a.project, 'db', { size: 'hobby-1' });
    const at = pgAt(a.project, 'db');
    await t.worker.stop();
    try {
      for (const call of [
        () =>
          t.call('patchPostgresDatabase', {
            token: a.token,
            params: at,
            body: { size: 'hobby-2', storage_size: 32 },
          }),
        () => t.call('restartPostgresDatabase', { token: a.token, params: at }),
        () => t.call('restartPostgresDatabase', { token: a.token, params: at }),
        () => t.call('recyclePostgresDatabase', { token: a.token, params: at }),
        () =>
          t.call('patchPostgresDatabase', {
            token: a.token,
            params: at,
            body: { storage_size: 64 },
          }),
      ]) {
        const res = await call();
        expect(res.status, res.text).toBe(200);
      }
    } finally {
      await t.worker.start();
    }
    const done = await waitForPgState(t, a.token, a.project, 'db', 'running');
    expect(done).toMatchObject({
      vm_size: 'hobby-2',
      storage_size_gib: 64,
      target_storage_size_gib: 64,
    });
    expect(await calls(pg.id)).toEqual([
      'createPostgres',
      'updatePostgres',
      'restartPostgres',
      'updatePostgres',
      'updatePostgres',
    ]);
    await expectSettled(pg.id);
  });

  it('actions asked while creating run once it is up; a promote asked during a replica’s restart promotes it after', async () => {
    const a = await newOwner(t);
    await t.worker.stop();
    let id: string;
    try {
      const made = await t.call('createPostgresDatabase', {
        token: a.token,
        params: pgAt(a.project, 'db'),
        body: { size: 'hobby-1' },
      });
      id = made.body.id;
      expect(
        (await t.call('restartPostgresDatabase', { token: a.token, params: pgAt(a.project, 'db') }))
          .body.state,
      ).toBe('creating');
    } finally {
      await t.worker.start();
    }
    await waitForPgState(t, a.token, a.project, 'db', 'running');
    expect(await calls(id)).toEqual(['createPostgres', 'restartPostgres']);
    await expectSettled(id);

    await t.call('createPostgresReadReplica', {
      token: a.token,
      params: pgAt(a.project, 'db'),
      body: { name: 'reader' },
    });
    const replica = await waitForPgState(t, a.token, a.project, 'reader', 'running');
    await interleave(
      () =>
        t.call('restartPostgresDatabase', { token: a.token, params: pgAt(a.project, 'reader') }),
      () =>
        t.call('promotePostgresReadReplica', { token: a.token, params: pgAt(a.project, 'reader') }),
    );
    const promoted = await waitForPgState(t, a.token, a.project, 'reader', 'running');
    expect(promoted).toMatchObject({ read_replica: false, parent: null });
    expect(await calls(replica.id)).toEqual([
      'createPostgres',
      'restartPostgres',
      'promotePostgres',
    ]);
    await expectSettled(replica.id);
    expect((await getPg(t, a.token, a.project, 'db')).body.read_replicas).toEqual([]);
  });
});
