// PostgreSQL only (decisions 211, 212): a project's events commit in `seq` order however their
// transactions interleave; every BFF process of one database hears every project's events; the
// LISTEN connection comes back after it is cut.
import pg from 'pg';
import { describe, expect, it } from 'vitest';
import { createSubnet, LOC, newOwner } from '../../test/fixtures.ts';
import { serverForFile } from '../../test/harness.ts';
import { adminClient, serverProcesses } from '../../test/process.ts';
import { openEvents } from '../../test/sse.ts';
import { LISTENER_NAME } from './hub.ts';

// No safety poll: what arrives, arrives by NOTIFY.
const t = await serverForFile({ EVENTS_POLL_MS: '3600000' });

async function client(): Promise<pg.Client> {
  const c = new pg.Client({ connectionString: t.config.databaseUrl });
  await c.connect();
  return c;
}

describe('commit order', () => {
  it("a transaction that wrote its event first but commits last gets the later seq, so a reader past the other's event still sees it", async () => {
    const owner = await newOwner(t);
    await createSubnet(t, owner.token, owner.project, 'first');
    await createSubnet(t, owner.token, owner.project, 'second');
    const s = await openEvents(t.base, owner.project, { token: owner.token });
    const [t1, t2] = [await client(), await client()];
    try {
      await t1.query('begin');
      await t1.query(
        `update private_subnet set name = 'one' where project_id = $1 and name = 'first'`,
        [owner.project],
      );
      // Inside T1, before its commit: the seq its event was written with.
      const early = Number(
        (await t1.query(`select max(seq) as s from event where project_id = $1`, [owner.project]))
          .rows[0].s,
      );
      await t2.query('begin');
      await t2.query(
        `update private_subnet set name = 'two' where project_id = $1 and name = 'second'`,
        [owner.project],
      );
      await t2.query('commit');
      // A reader sees T2's event and moves its cursor past it…
      await s.waitFor((e) => e.some((x) => x.data.object.name === 'two'), "T2's event");
      await t1.query('commit');
      // …and still gets T1's, committed later, with a larger seq than T2's.
      await s.waitFor((e) => e.some((x) => x.data.object.name === 'one'), "T1's event");
      const [two, one] = s.events.map((e) => ({ name: e.data.object.name, seq: Number(e.id) }));
      expect([two!.name, one!.name]).toEqual(['two', 'one']);
      expect(one!.seq).toBeGreaterThan(two!.seq);
      // Without the commit-time seq, T1's event would have come before T2's and been skipped.
      expect(early).toBeLessThan(two!.seq);
      const rows = await t.ctx.db
        .selectFrom('event')
        .select(['seq', 'object_name'])
        .where('project_id', '=', owner.project)
        .where('type', '=', 'privateSubnet.renamed')
        .orderBy('seq')
        .execute();
      expect(rows.map((r) => r.object_name)).toEqual(['two', 'one']);
    } finally {
      s.close();
      await t1.end();
      await t2.end();
    }
  });

  it('a rolled-back transaction leaves neither an event nor a notification', async () => {
    const owner = await newOwner(t);
    await createSubnet(t, owner.token, owner.project, 'kept');
    const listen = await client();
    const heard: string[] = [];
    listen.on('notification', (m) => heard.push(m.payload ?? ''));
    await listen.query('listen project_event');
    const c = await client();
    try {
      await c.query('begin');
      await c.query(`update private_subnet set name = 'gone' where project_id = $1`, [
        owner.project,
      ]);
      await c.query('rollback');
      await createSubnet(t, owner.token, owner.project, 'next');
      await waitUntil(() => heard.some((p) => p.startsWith(owner.project)), 'a notification');
      const names = await t.ctx.db
        .selectFrom('event')
        .select('object_name')
        .where('project_id', '=', owner.project)
        .where('type', 'like', 'privateSubnet.%')
        .execute();
      expect(names.map((n) => n.object_name)).toEqual(['kept', 'next']);
      // One notification per event, each naming the project and the event's final seq.
      const seqs = (
        await t.ctx.db
          .selectFrom('event')
          .select('seq')
          .where('project_id', '=', owner.project)
          .orderBy('seq')
          .execute()
      ).map((r) => `${owner.project} ${r.seq}`);
      await waitUntil(
        () => seqs.filter((x) => !heard.includes(x)).length <= seqs.length - 2,
        'the notifications of the last change',
      );
      expect(heard.filter((p) => p.startsWith(owner.project)).every((p) => seqs.includes(p))).toBe(
        true,
      );
    } finally {
      await c.end();
      await listen.end();
    }
  });
});

describe('the LISTEN connection', () => {
  it('comes back after PostgreSQL cuts it, and the streams go on', async () => {
    const owner = await newOwner(t);
    const s = await openEvents(t.base, owner.project, { token: owner.token });
    const admin = await client();
    try {
      await waitUntil(
        async () =>
          (
            await admin.query(
              `select 1 from pg_stat_activity where application_name = $1 and datname = current_database()`,
              [LISTENER_NAME],
            )
          ).rowCount === 1,
        'the listener',
      );
      await admin.query(
        `select pg_terminate_backend(pid) from pg_stat_activity where application_name = $1 and datname = current_database()`,
        [LISTENER_NAME],
      );
      await waitUntil(
        () => t.logLines.some((l) => l.includes('LISTEN connection was lost')),
        'the loss to be noticed',
      );
      await waitUntil(
        async () =>
          (
            await admin.query(
              `select 1 from pg_stat_activity where application_name = $1 and datname = current_database()`,
              [LISTENER_NAME],
            )
          ).rowCount === 1,
        'the listener to be back',
      );
      const subnet = await createSubnet(t, owner.token, owner.project, 'after-cut');
      await s.waitFor((e) => e.some((x) => x.data.object.id === subnet.id));
    } finally {
      s.close();
      await admin.end();
    }
  });
});

describe('two BFF processes on one database', () => {
  const servers = serverProcesses();
  it('an event caused through process A arrives on a stream opened on process B', async () => {
    const [a, b] = [servers.start(), servers.start({ EVENTS_POLL_MS: '3600000' })];
    const [baseA, baseB] = [await a.listening, await b.listening];
    const apiA = await adminClient(baseA);
    const project = (await apiA('POST', '/project', { name: 'shared' })).body.id as string;
    const token = (
      await apiA('POST', `/project/${project}/token`, { name: 'watch', role: 'viewer' })
    ).body.token as string;
    const onB = await openEvents(baseB, project, { token });
    expect(onB.status).toBe(200);
    const created = await apiA(
      'POST',
      `/project/${project}/location/${LOC}/private-subnet/across`,
      {},
    );
    expect(created.status).toBe(200);
    await onB.waitFor(
      (e) =>
        e.some((x) => x.event === 'privateSubnet.created' && x.data.object.id === created.body.id),
      'the event on B',
    );
    onB.close();
  });
});

async function waitUntil(done: () => boolean | Promise<boolean>, what: string): Promise<void> {
  for (let i = 0; i < 1500; i++) {
    if (await done()) return;
    await new Promise((r) => setTimeout(r, 20));
  }
  throw new Error(`gave up waiting for ${what}`);
}
