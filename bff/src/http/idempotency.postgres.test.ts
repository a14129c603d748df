// A keyed create still running (here: waiting for a row lock another session holds) makes a
// second request with its key answer 409 at once, never run twice (decision 073). Only on
// PostgreSQL: on SQLite a request transaction holds the only connection, so requests with
// one key never overlap.
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { IDEMPOTENCY_KEY_HEADER, IDEMPOTENT_REPLAYED_HEADER } from '#shared/route-helpers';
import { expectError, LOC, newOwner } from '../../test/fixtures.ts';
import { startServer, type TestServer } from '../../test/harness.ts';
import { eventually } from '../../test/process.ts';

let t: TestServer;
let blocker: pg.Client;
let observer: pg.Client;
beforeAll(async () => {
  t = await startServer();
  blocker = new pg.Client({ connectionString: t.config.databaseUrl });
  observer = new pg.Client({ connectionString: t.config.databaseUrl });
  await Promise.all([blocker.connect(), observer.connect()]);
});
afterAll(async () => {
  await Promise.all([blocker.end(), observer.end()]);
  await t.close();
});

describe('idempotency keys on PostgreSQL', () => {
  it('answer 409 while the first request with the key runs, then replay its answer', async () => {
    const { token, project } = await newOwner(t);
    const headers = { [IDEMPOTENCY_KEY_HEADER]: 'slow-create' };
    const create = () =>
      t.call('createPrivateSubnet', {
        token,
        params: { project_id: project, location_name: LOC, ps_name: 'slow' },
        headers,
      });

    // The create's insert needs a key-share lock on its project row: hold the row.
    await blocker.query('begin');
    await blocker.query('select id from project where id = $1 for update', [project]);
    const first = create();
    // Waits until the session holding the key's lock (class 7301) waits for a lock. Asked on
    // its own connection: inside the blocker's transaction pg_stat_activity is read once and
    // kept until the transaction ends, so a first look taken too early never changes.
    await eventually(async () => {
      const { rows } = await observer.query(
        "select count(*)::int as n from pg_locks l join pg_stat_activity a using (pid) where l.locktype = 'advisory' and l.classid = 7301 and l.granted and a.wait_event_type = 'Lock'",
      );
      return rows[0].n > 0 ? true : undefined;
    });

    const during = await create();
    expect(expectError('legacy', during, 409, 'Conflict').message).toBe(
      `A request with this ${IDEMPOTENCY_KEY_HEADER} is in progress; retry later.`,
    );

    await blocker.query('commit');
    const done = await first;
    expect(done.status, done.text).toBe(200);
    const after = await create();
    expect(after.headers.get(IDEMPOTENT_REPLAYED_HEADER)).toBe('true');
    expect(after.text).toBe(done.text);
    const subnets = await t.call('listPrivateSubnets', { token, params: { project_id: project } });
    expect(subnets.body.items.map((s) => s.id)).toEqual([done.body.id]);
  });
});
