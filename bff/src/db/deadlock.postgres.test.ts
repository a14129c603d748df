// Deadlocks on PostgreSQL (decision 244): two transactions that lock the same rows in opposite
// orders. PostgreSQL ends one of them; transactionWithRetry runs that one again, so both
// changes are made and neither caller sees an error. Only on PostgreSQL: SQLite has one writer.
import { sql } from 'kysely';
import { describe, expect, it } from 'vitest';
import { LOC, newOwner } from '../../test/fixtures.ts';
import { serverForFile } from '../../test/harness.ts';
import { answeredError } from '../http/errors.ts';
import { transactionWithRetry } from './transaction.ts';

const t = await serverForFile();

function latch() {
  let open!: () => void;
  const opened = new Promise<void>((resolve) => (open = resolve));
  return { open, opened };
}

describe('a deadlock', () => {
  it('ends one of two transactions, which transactionWithRetry runs again: both changes are made', async () => {
    const db = t.ctx.db;
    const table = sql.table(`locks_${Math.random().toString(36).slice(2, 10)}`);
    await sql`create table ${table} (id integer primary key, hits integer not null)`.execute(db);
    try {
      await sql`insert into ${table} (id, hits) values (1, 0), (2, 0)`.execute(db);
      const hit = (tx: typeof db, id: number) =>
        sql`update ${table} set hits = hits + 1 where id = ${id}`.execute(tx);
      const firstHolds = latch();
      const secondHolds = latch();
      let runs = 0;
      // Each locks its own row, waits until the other holds its own, then asks for the other's.
      const crossing = (
        mine: number,
        theirs: number,
        holding: ReturnType<typeof latch>,
        other: ReturnType<typeof latch>,
      ) =>
        transactionWithRetry(db, async (tx) => {
          runs++;
          await hit(tx, mine);
          holding.open();
          await other.opened;
          await hit(tx, theirs);
        });
      await Promise.all([
        crossing(1, 2, firstHolds, secondHolds),
        crossing(2, 1, secondHolds, firstHolds),
      ]);
      expect(runs).toBe(3);
      const rows = (
        await sql<{ id: number; hits: number }>`select id, hits from ${table} order by id`.execute(
          db,
        )
      ).rows;
      expect(rows).toEqual([
        { id: 1, hits: 2 },
        { id: 2, hits: 2 },
      ]);
    } finally {
      await sql`drop table ${table}`.execute(db);
    }
  });

  it('that outlasts the retries is answered 503 with Retry-After, saying nothing was changed', () => {
    const deadlock = Object.assign(new Error('deadlock detected'), { code: '40P01' });
    const answer = answeredError(deadlock);
    expect(answer.status).toBe(503);
    expect(answer.message).toContain('nothing was changed');
    expect(answer.headers).toEqual({ 'Retry-After': '1' });
    expect(
      answeredError(Object.assign(new Error('could not serialize access'), { code: '40001' }))
        .status,
    ).toBe(503);
  });

  it('between creating subnets and deleting others leaves every request answered, and every subnet gone that was deleted', async () => {
    const owner = await newOwner(t);
    const P = `/api/project/${owner.project}/location/${LOC}/private-subnet`;
    // Subnets being deleted (their jobs delete each subnet and its default firewall) while new
    // ones are created (a subnet and its default firewall): the two write the same counts.
    for (let i = 0; i < 6; i++)
      expect((await t.request('POST', `${P}/old-${i}`, { token: owner.token })).status).toBe(200);
    const answers = await Promise.all([
      ...Array.from({ length: 6 }, (_, i) =>
        t.request('DELETE', `${P}/old-${i}`, { token: owner.token }),
      ),
      ...Array.from({ length: 6 }, (_, i) =>
        t.request('POST', `${P}/new-${i}`, { token: owner.token }),
      ),
    ]);
    expect(answers.map((a) => a.status).sort()).toEqual([
      200, 200, 200, 200, 200, 200, 204, 204, 204, 204, 204, 204,
    ]);
    const names = async () =>
      (
        (await t.request('GET', `${P}?page_size=100`, { token: owner.token })).body.items as {
          name: string;
        }[]
      )
        .map((s) => s.name)
        .sort();
    await expect
      .poll(names, { timeout: 20_000 })
      .toEqual(['new-0', 'new-1', 'new-2', 'new-3', 'new-4', 'new-5']);
  });
});
