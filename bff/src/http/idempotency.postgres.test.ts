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
beforeAll(async () => {
  t = await startServer();
  blocker = new pg.Client({ connectionString: t.config.databaseUrl });
  await blocker.connect();
});
afterAll(async () => {
  await blocker.end();
  await t.close();
});

describe('idempotency keys on PostgreSQL', () => {
  it('answer 409 while the first request with the key runs, then replay its answer', async () => {
    const { token, project } = await newOwner(t);
    const headers = { [IDEMPOTENCY_KEY_HEADER]: 'slow-create' };
    const create = () => t.call('createPrivateSubnet', { token, params: { project_id: project, location_name: LOC, ps_name: 'slow' }, headers });

    // The create's insert needs a key-share lock on its project row: hold the row.
    await blocker.query('begin');
    await blocker.query('select id from project where id = $1 for update', [project]);
    const first = create();
    await eventually(async () => {
      const { rows } = await blocker.query("select count(*)::int as n from pg_stat_activity where datname = current_database() and wait_event_type = 'Lock'");
      return rows[0].n > 0 ? true : undefined;
    });

    const during = await create();
    expect(expectError('legacy', during, 409, 'Conflict').message).toBe(`A request with this ${IDEMPOTENCY_KEY_HEADER} is in progress; retry later.`);

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
